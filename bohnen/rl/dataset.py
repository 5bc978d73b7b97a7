"""Datasets of play for learning (``bohnen dataset``): games between bots, each decision
written as rows of Parquet (pyarrow), one file per game.

A row is one id of the game's encoding (:mod:`bohnen.rl.encoding`) chosen by a seat: an
action that takes one id is one row; an action composed over several ids (a trade) is
as many rows, each with the observation and mask of the draft so far. Columns:

- ``game_seed``, ``decision`` (the action's number in the game, from 0), ``step`` (the
  id's number within the action, from 0), ``seat``;
- ``observation`` (float32, the encoding's vector of the seat's view and draft) and
  ``action_mask`` (int8);
- ``action_id`` (-1 where the encoding cannot express the bot's action: a cap; the
  observation and mask are then those of the fresh draft), ``action`` (the whole
  action's notation);
- ``scores``, ``winners``, ``returns`` (each seat's share of the win:
  :func:`bohnen.rl.rewards.final_rewards`) of the game's end, and ``return`` (the seat's).

The file's metadata names the game, the players, the bots, the encoding and its
version. Game ``i`` of a dataset has the seed ``derive(seed, 7, i)``: the same seed and
bots give the same files. Files are written whole or not at all (a temporary name,
then renamed), so a dataset stopped midway goes on where it stopped (``resume``): the
games whose file exists are not played again. Games are played in worker processes,
or as Ray tasks across machines (the driver writes every file).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, cast

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from bohnen.bots.registry import make_bot
from bohnen.core.bots import chosen, decision_for
from bohnen.core.protocol import Action, AnyState, JSONObject
from bohnen.core.registry import get_game
from bohnen.core.rng import derive
from bohnen.rl.encoding import Encoding, engine_legal
from bohnen.rl.encodings import make_encoding, player_range
from bohnen.rl.rewards import final_rewards
from bohnen.rl.table import next_seat

SPEC_FILE = "dataset.json"
Rows = dict[str, list[Any]]


@dataclass(frozen=True, slots=True)
class DatasetSpec:
    """What a dataset is made of: the game, its players, a bot spec per seat, the
    number of games and the seed."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int

    def check(self) -> None:
        """``ValueError`` naming what is wrong with the spec."""
        game = get_game(self.game)
        low, high = player_range(game.name)
        if len(self.bots) != self.players or not low <= self.players <= high:
            raise ValueError(f"{len(self.bots)} bots for {self.players} players: give one "
                             f"bot per seat; {game.name} is played by {low} to {high}")
        for spec in self.bots:
            make_bot(spec, game)
        make_encoding(self.game, self.players)
        if self.games < 0:
            raise ValueError(f"the number of games is 0 or more, not {self.games}")

    def game_seed(self, index: int) -> int:
        return derive(self.seed, 7, index)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "bots": list(self.bots)}


def schema(enc: Encoding, spec: DatasetSpec) -> pa.Schema:
    """The columns of the dataset's files (see the module), with its metadata."""
    fields = [
        ("game_seed", pa.uint64()), ("decision", pa.int32()), ("step", pa.int16()),
        ("seat", pa.int8()),
        ("observation", pa.list_(pa.float32(), enc.observation_size)),
        ("action_mask", pa.list_(pa.int8(), enc.action_count)),
        ("action_id", pa.int32()), ("action", pa.string()),
        ("scores", pa.list_(pa.int32())), ("winners", pa.list_(pa.int8())),
        ("returns", pa.list_(pa.float32())), ("return", pa.float32()),
    ]
    meta = {"bohnen": json.dumps({**spec.to_json(), "encoding": type(enc).__name__,
                                  "encoding_version": enc.version})}
    return pa.schema(fields, metadata=meta)


# --- one game ------------------------------------------------------------------------------


def play(spec: DatasetSpec, index: int) -> pa.Table:
    """Game ``index`` of the dataset, as its rows."""
    game = get_game(spec.game)
    enc = make_encoding(spec.game, spec.players)
    seed = spec.game_seed(index)
    state: AnyState = game.new_game(game.options(spec.players), seed)
    bots = [make_bot(bot, game) for bot in spec.bots]
    rngs = [random.Random(derive(seed, 1, seat)) for seat in range(spec.players)]
    rows: Rows = {name: [] for name in schema(enc, spec).names}
    seat = spec.players - 1  # the last seat that acted
    decision = 0
    while not state.is_over:
        chosen_seat = next_seat(state.to_act(), seat, spec.players)
        assert chosen_seat is not None  # the game is not over
        seat = chosen_seat
        action = chosen(bots[seat], decision_for(state, seat, bots[seat]), rngs[seat])
        _write_decision(rows, enc, state, seat, action, (seed, decision))
        state.apply(action)
        decision += 1
    _write_end(rows, state)
    return pa.table(rows, schema=schema(enc, spec))


def _write_decision(rows: Rows, enc: Encoding, state: AnyState, seat: int, action: Action,
                    where: tuple[int, int]) -> None:
    view = cast(JSONObject, state.view(seat))
    legal = engine_legal(state, seat)
    ids = enc.ids_of(view, legal, action.to_json())
    draft: Hashable = enc.start(view, legal)
    for step, action_id in enumerate(ids if ids is not None else [-1]):
        _row(rows, where, step, seat, enc.observe(view, draft), enc.mask(draft), action_id,
             str(action))
        if action_id >= 0:
            draft, _ = enc.choose(draft, action_id)


def _row(rows: Rows, where: tuple[int, int], step: int, seat: int, observation: np.ndarray,
         mask: np.ndarray, action_id: int, notation: str) -> None:
    values = {"game_seed": where[0], "decision": where[1], "step": step, "seat": seat,
              "observation": observation, "action_mask": mask, "action_id": action_id,
              "action": notation}
    for name, value in values.items():
        rows[name].append(value)


def _write_end(rows: Rows, state: AnyState) -> None:
    result = state.result()
    shares = final_rewards(result, len(result.scores), "win")
    count = len(rows["seat"])
    rows["scores"] = [list(result.scores)] * count
    rows["winners"] = [list(result.winners)] * count
    rows["returns"] = [shares] * count
    rows["return"] = [shares[seat] for seat in rows["seat"]]


# --- a whole dataset -----------------------------------------------------------------------


def game_path(out: Path, index: int) -> Path:
    return out / f"game-{index:06d}.parquet"


def prepare(out: Path, spec: DatasetSpec, resume: bool) -> list[int]:
    """The games still to play in ``out`` (made if need be); ``ValueError`` if ``out``
    holds another dataset, or a dataset when not resuming."""
    spec_path = out / SPEC_FILE
    if spec_path.exists():
        kept = json.loads(spec_path.read_text())
        if not resume:
            raise ValueError(f"{out} holds a dataset already: give --resume to go on with "
                             "it, or another folder")
        if kept != spec.to_json():
            raise ValueError(f"{out} holds another dataset ({kept}); --resume goes on "
                             "with the same game, players, bots, games and seed")
    else:
        out.mkdir(parents=True, exist_ok=True)
        spec_path.write_text(json.dumps(spec.to_json(), indent=1) + "\n")
    for partial in out.glob("*.parquet.part"):
        partial.unlink()
    return [i for i in range(spec.games) if not game_path(out, i).exists()]


def write_game(out: Path, index: int, table: pa.Table) -> None:
    """Game ``index``'s file, whole or not at all."""
    path = game_path(out, index)
    partial = path.with_name(path.name + ".part")
    pq.write_table(table, partial)
    partial.replace(path)


def _play_chunk(spec: DatasetSpec, indices: Sequence[int]) -> list[tuple[int, pa.Table]]:
    return [(index, play(spec, index)) for index in indices]


def chunks(indices: Sequence[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(indices), size):
        yield list(indices[start:start + size])


Done = Callable[[int], None]


def make_local(spec: DatasetSpec, out: Path, todo: Sequence[int], workers: int,
               done: Done) -> None:
    """Play ``todo`` in ``workers`` processes (here if 1), writing each game's file."""
    if workers <= 1:
        for index in todo:
            write_game(out, index, play(spec, index))
            done(1)
        return
    with ProcessPoolExecutor(workers) as pool:
        futures: list[Future[list[tuple[int, pa.Table]]]] = [
            pool.submit(_play_chunk, spec, piece) for piece in chunks(todo, 4)]
        for future in as_completed(futures):
            _write_all(out, future.result(), done)


def make_on_ray(spec: DatasetSpec, out: Path, todo: Sequence[int], ray: Any,
                done: Done) -> None:
    """Play ``todo`` as Ray tasks on the cluster ``ray`` is connected to; the files are
    written here."""
    task = ray.remote(_play_chunk)
    pending = [task.remote(spec, piece) for piece in chunks(todo, 4)]
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                _write_all(out, ray.get(ref), done)
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise


def _write_all(out: Path, played: list[tuple[int, pa.Table]], done: Done) -> None:
    for index, table in played:
        write_game(out, index, table)
    done(len(played))


def read(out: Path) -> pa.Table:
    """Every game of the dataset in ``out``, as one table."""
    return pq.read_table(sorted(out.glob("game-*.parquet")))
