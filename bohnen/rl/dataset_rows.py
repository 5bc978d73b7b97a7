"""The rows of one game of a dataset (:mod:`bohnen.rl.dataset`), and their schema.

A row is one id of the game's encoding chosen by a seat (an action of several ids, a
trade, is as many rows, each with the observation and mask of the draft so far). The
columns, in order (docs/research.md, "Datasets", documents them for users):

- ``game_index`` (the game's number in the dataset), ``game_seed``, ``row`` (the row's
  number in its game, from 0), ``decision`` (the action's number in the game),
  ``step`` (the id's number within the action), ``seat``, ``bot`` (the acting bot's
  name);
- ``observation`` (float32), ``action_mask`` (int8), ``action_id`` (-1 where the
  encoding cannot express the action: a cap), ``action`` (the whole action's notation)
  and ``action_json`` (the engine's JSON of it, ``to_json()``);
- ``policy``: the probability the bot gave each id (float32, 0 outside the mask, 1 in
  all), where the bot has a policy (``policy:``); null otherwise;
- ``reward``, ``terminated``, ``truncated``, ``next_row``, ``final_observation``: the
  seat's trajectory as Gymnasium and Minari see it. The reward is 0 but on the seat's
  last row, which gets the seat's share of the win; that row is ``terminated`` (the game
  ended), has ``next_row`` -1 and carries the seat's observation of the ended game in
  ``final_observation`` (null elsewhere). Every other row's next observation is that of
  the row ``next_row`` of the same game (the seat's next row). ``truncated`` is always
  false: every game is played to its end;
- ``options`` (the game's rule options as JSON), ``scores``, ``winners``, ``returns``
  (each seat's share of the win) and ``return`` (the seat's) of the game's end.
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable, Sequence
from typing import Any, cast

import numpy as np
import pyarrow as pa

from bohnen.bots.registry import make_bot
from bohnen.core.bots import AnyBot, chosen, decision_for
from bohnen.core.protocol import Action, AnyState, JSONObject
from bohnen.core.registry import get_game
from bohnen.core.rng import derive
from bohnen.rl.encoding import Encoding, Mask, Observation, engine_legal
from bohnen.rl.encodings import make_encoding
from bohnen.rl.rewards import final_rewards
from bohnen.rl.table import next_seat

SCHEMA_VERSION = 2  # bumped whenever a column is added, dropped or changes its meaning
Rows = dict[str, list[Any]]


def schema(enc: Encoding, metadata: JSONObject) -> pa.Schema:
    """The columns of a dataset's files (see the module); ``metadata`` is written as the
    JSON of the key ``bohnen``, with the schema version beside it."""
    observation = pa.list_(pa.float32(), enc.observation_size)
    ids = enc.action_count
    fields = [
        ("game_index", pa.int32()), ("game_seed", pa.uint64()), ("row", pa.int32()),
        ("decision", pa.int32()), ("step", pa.int16()), ("seat", pa.int8()),
        ("bot", pa.string()),
        ("observation", observation), ("action_mask", pa.list_(pa.int8(), ids)),
        ("action_id", pa.int32()), ("action", pa.string()), ("action_json", pa.string()),
        ("policy", pa.list_(pa.float32(), ids)),
        ("reward", pa.float32()), ("terminated", pa.bool_()), ("truncated", pa.bool_()),
        ("next_row", pa.int32()), ("final_observation", observation),
        ("options", pa.string()),
        ("scores", pa.list_(pa.int32())), ("winners", pa.list_(pa.int8())),
        ("returns", pa.list_(pa.float32())), ("return", pa.float32()),
    ]
    meta = {"bohnen": json.dumps({**metadata, "schema_version": SCHEMA_VERSION}),
            "bohnen_schema_version": str(SCHEMA_VERSION)}
    return pa.schema(fields, metadata=meta)


class GameRows:
    """One game played between ``bots`` and written as rows (see the module)."""

    def __init__(self, game_name: str, options: JSONObject, bots: Sequence[str],
                 index: int, seed: int) -> None:
        self.game = get_game(game_name)
        self.options = self.game.options_from_json(options)
        self.enc = make_encoding(game_name, self.options.players)
        self.bots: list[AnyBot] = [make_bot(spec, self.game) for spec in bots]
        self.index = index
        self.seed = seed
        self.rows: Rows = {}

    def play(self, names: Sequence[str]) -> Rows:
        """The game's rows, each column named in ``names`` (the schema's order)."""
        self.rows = {name: [] for name in names}
        players = self.options.players
        state: AnyState = self.game.new_game(self.options, self.seed)
        rngs = [random.Random(derive(self.seed, 1, seat)) for seat in range(players)]
        seat, decision = players - 1, 0  # the last seat that acted
        while not state.is_over:
            chosen_seat = next_seat(state.to_act(), seat, players)
            assert chosen_seat is not None  # the game is not over
            seat = chosen_seat
            bot = self.bots[seat]
            action = chosen(bot, decision_for(state, seat, bot), rngs[seat])
            self._decision(state, seat, action, decision)
            state.apply(action)
            decision += 1
        self._end(state)
        return self.rows

    def _decision(self, state: AnyState, seat: int, action: Action, decision: int) -> None:
        view = cast(JSONObject, state.view(seat))
        draft, ids = compose(self.enc, state, seat, view, action)
        shared = {"game_index": self.index, "game_seed": self.seed, "decision": decision,
                  "seat": seat, "bot": self.bots[seat].name, "action": str(action),
                  "action_json": json.dumps(action.to_json())}
        for step, action_id in enumerate(ids if ids is not None else [-1]):
            observation, mask = self.enc.observe(view, draft), self.enc.mask(draft)
            self._add({**shared, "row": len(self.rows["seat"]), "step": step,
                       "observation": observation, "action_mask": mask,
                       "action_id": action_id,
                       "policy": policy_of(self.bots[seat], observation, mask)})
            if action_id >= 0:
                draft, _ = self.enc.choose(draft, action_id)

    def _add(self, values: dict[str, object]) -> None:
        for name, value in values.items():
            self.rows[name].append(value)

    def _end(self, state: AnyState) -> None:
        """The columns known once the game has ended: the trajectory's and the result's."""
        result = state.result()
        players = self.options.players
        shares = final_rewards(result, players, "win")
        seats: list[int] = self.rows["seat"]
        count = len(seats)
        last: dict[int, int] = {}
        next_row = [-1] * count
        for row in reversed(range(count)):
            next_row[row] = last.get(seats[row], -1)
            last[seats[row]] = row
        terminal = {row for row in range(count) if next_row[row] < 0}
        ended = {seat: self.enc.observe(cast(JSONObject, state.view(seat)), None)
                 for seat in range(players)}
        columns: Rows = {
            "reward": [shares[seats[r]] if r in terminal else 0.0 for r in range(count)],
            "terminated": [r in terminal for r in range(count)],
            "truncated": [False] * count,
            "next_row": next_row,
            "final_observation": [ended[seats[r]] if r in terminal else None
                                  for r in range(count)],
            "options": [json.dumps(self.options.to_json())] * count,
            "scores": [list(result.scores)] * count,
            "winners": [list(result.winners)] * count,
            "returns": [shares] * count,
            "return": [shares[seat] for seat in seats],
        }
        self.rows.update(columns)


def compose(enc: Encoding, state: AnyState, seat: int, view: JSONObject,
            action: Action) -> tuple[Hashable, list[int] | None]:
    """The seat's fresh draft and the ids composing ``action`` from it (None beyond a
    cap): the dataset's one call of ``start`` and ``ids_of``, from what the engine
    computes (:func:`~bohnen.rl.encoding.engine_legal`) and the action's JSON."""
    legal = engine_legal(state, seat)
    return enc.start(view, legal), enc.ids_of(view, legal, action.to_json())


def policy_of(bot: AnyBot, observation: Observation, mask: Mask) -> list[float] | None:
    """The probability ``bot`` gives each id of ``mask`` (0 elsewhere), where the bot
    has a policy (a ``probabilities(observation, mask)`` method giving them); else
    None."""
    probabilities = getattr(bot, "probabilities", None)
    if probabilities is None:
        return None
    given = probabilities(observation, mask)
    if given is None:
        return None
    kept = np.where(mask > 0, np.asarray(given, dtype=np.float64), 0.0)
    return [float(p) for p in kept / kept.sum()]
