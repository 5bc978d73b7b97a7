"""Datasets of play for learning (``bohnen dataset``): games between bots, each decision
written as rows of Parquet (pyarrow), many games to a file.

The rows and their columns: :mod:`bohnen.rl.dataset_rows` (a row is one id of the
game's encoding, with its reward, flags and next row, the bot's name and policy, the
options and the result). A file ``part-NNNNNN.parquet`` holds ``games_per_file`` games
in one row group; its metadata names the game, the players, the bots, the options,
the encoding and its version, and the schema's version (:data:`SCHEMA_VERSION`), which
:func:`read` checks.

Game ``i`` of a dataset has the seed ``derive(seed, 7, i)``: the same seed, bots and
options give the same rows, however many games a file holds. Files are written whole
or not at all (a temporary name, then renamed), so a dataset stopped midway goes on
where it stopped (``resume``): the files that exist are not made again. Files are made
in worker processes, or as Ray tasks across machines (the driver writes every file).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from bohnen.bots.registry import make_bot
from bohnen.core.protocol import JSONObject
from bohnen.core.registry import get_game
from bohnen.core.rng import derive
from bohnen.rl.dataset_rows import SCHEMA_VERSION as SCHEMA_VERSION
from bohnen.rl.dataset_rows import GameRows, schema
from bohnen.rl.encodings import make_encoding, player_range

SPEC_FILE = "dataset.json"
OptionValue = bool | int | str | None


@dataclass(frozen=True, slots=True)
class DatasetSpec:
    """What a dataset is made of: the game, its players, a bot spec per seat, the
    number of games, the seed, the rule options given (name and value; the others take
    the game's defaults) and the games a file holds."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    options: tuple[tuple[str, OptionValue], ...] = ()
    games_per_file: int = 100

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
        game.options_from_json(self.game_options())
        if self.games < 0:
            raise ValueError(f"the number of games is 0 or more, not {self.games}")
        if self.games_per_file < 1:
            raise ValueError(f"the games per file are 1 or more, not {self.games_per_file}")

    def game_options(self) -> JSONObject:
        """The options as the game reads them (``options_from_json``)."""
        return {"players": self.players, **dict(self.options)}

    def game_seed(self, index: int) -> int:
        return derive(self.seed, 7, index)

    def files(self) -> int:
        return -(-self.games // self.games_per_file)

    def games_of(self, part: int) -> range:
        """The games file ``part`` holds."""
        start = part * self.games_per_file
        return range(start, min(start + self.games_per_file, self.games))

    def to_json(self) -> JSONObject:
        return {"game": self.game, "players": self.players, "bots": list(self.bots),
                "games": self.games, "seed": self.seed, "options": dict(self.options),
                "games_per_file": self.games_per_file, "schema_version": SCHEMA_VERSION}


# --- the games of one file -----------------------------------------------------------------


def file_schema(spec: DatasetSpec) -> pa.Schema:
    """The schema of the dataset's files, with its metadata."""
    enc = make_encoding(spec.game, spec.players)
    options = get_game(spec.game).options_from_json(spec.game_options())
    return schema(enc, {**spec.to_json(), "options": options.to_json(),
                        "encoding": type(enc).__name__, "encoding_version": enc.version})


def play(spec: DatasetSpec, part: int) -> pa.Table:
    """The rows of every game of file ``part``, in the order of the games."""
    target = file_schema(spec)
    rows: dict[str, list[object]] = {name: [] for name in target.names}
    for index in spec.games_of(part):
        game = GameRows(spec.game, spec.game_options(), spec.bots, index,
                        spec.game_seed(index))
        for name, values in game.play(target.names).items():
            rows[name].extend(values)
    return pa.table(rows, schema=target)


# --- a whole dataset -----------------------------------------------------------------------


def part_path(out: Path, part: int) -> Path:
    return out / f"part-{part:06d}.parquet"


def prepare(out: Path, spec: DatasetSpec, resume: bool) -> list[int]:
    """The files still to make in ``out`` (made if need be); ``ValueError`` if ``out``
    holds another dataset, or a dataset when not resuming."""
    spec_path = out / SPEC_FILE
    if spec_path.exists():
        kept = json.loads(spec_path.read_text())
        if not resume:
            raise ValueError(f"{out} holds a dataset already: give --resume to go on with "
                             "it, or another folder")
        if kept.get("schema_version") != SCHEMA_VERSION:
            raise ValueError(f"{out} holds a dataset of schema version "
                             f"{kept.get('schema_version', 1)}; this bohnen writes version "
                             f"{SCHEMA_VERSION}: give another folder")
        if kept != spec.to_json():
            raise ValueError(f"{out} holds another dataset ({kept}); --resume goes on "
                             "with the same game, players, bots, options, games, games per "
                             "file and seed")
    else:
        out.mkdir(parents=True, exist_ok=True)
        spec_path.write_text(json.dumps(spec.to_json(), indent=1) + "\n")
    for partial in out.glob("*.parquet.part"):
        partial.unlink()
    return [part for part in range(spec.files()) if not part_path(out, part).exists()]


def write_part(out: Path, part: int, table: pa.Table) -> None:
    """File ``part``, whole or not at all, its games in one row group."""
    path = part_path(out, part)
    partial = path.with_name(path.name + ".part")
    pq.write_table(table, partial, row_group_size=max(table.num_rows, 1))
    partial.replace(path)


def _play_parts(spec: DatasetSpec, parts: Sequence[int]) -> list[tuple[int, pa.Table]]:
    return [(part, play(spec, part)) for part in parts]


Done = Callable[[int], None]


def make_local(spec: DatasetSpec, out: Path, todo: Sequence[int], workers: int,
               done: Done) -> None:
    """Make the files ``todo`` in ``workers`` processes (here if 1); ``done`` is told
    the number of games of each file written."""
    if workers <= 1:
        for part in todo:
            write_part(out, part, play(spec, part))
            done(len(spec.games_of(part)))
        return
    with ProcessPoolExecutor(workers) as pool:
        futures: list[Future[list[tuple[int, pa.Table]]]] = [
            pool.submit(_play_parts, spec, [part]) for part in todo]
        for future in as_completed(futures):
            _write_all(spec, out, future.result(), done)


def make_on_ray(spec: DatasetSpec, out: Path, todo: Sequence[int], ray: Any,
                done: Done) -> None:
    """Make the files ``todo`` as Ray tasks on the cluster ``ray`` is connected to; the
    files are written here."""
    task = ray.remote(_play_parts)
    pending = [task.remote(spec, [part]) for part in todo]
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                _write_all(spec, out, ray.get(ref), done)
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise


def _write_all(spec: DatasetSpec, out: Path, played: list[tuple[int, pa.Table]],
               done: Done) -> None:
    for part, table in played:
        write_part(out, part, table)
        done(len(spec.games_of(part)))


# --- reading -------------------------------------------------------------------------------


def file_metadata(path: Path) -> JSONObject:
    """The ``bohnen`` metadata of a dataset's file; ``ValueError`` if its schema version
    is not the one this bohnen reads."""
    meta = pq.read_schema(path).metadata or {}
    version = meta.get(b"bohnen_schema_version", b"1").decode()
    if version != str(SCHEMA_VERSION):
        raise ValueError(f"{path} is a dataset file of schema version {version}; this "
                         f"bohnen reads version {SCHEMA_VERSION} (docs/research.md, "
                         "Datasets): make the dataset again with this bohnen")
    loaded: JSONObject = json.loads(meta[b"bohnen"])
    return loaded


def files_of(out: Path) -> list[Path]:
    """The dataset's files, in order; ``ValueError`` if there are none or one has a
    schema version this bohnen does not read."""
    files = sorted(out.glob("*.parquet"))
    if not files:
        raise ValueError(f"{out} holds no dataset file (*.parquet)")
    for path in files:
        file_metadata(path)
    return files


def read(out: Path) -> pa.Table:
    """Every game of the dataset in ``out``, as one table (rows in the games' order)."""
    return pq.read_table(files_of(out))
