"""The replay of a finished table, from its log: its game record, and the table after
any step as every seat and a spectator saw it.

The record (:meth:`Replays.record`) is a standard game record
(:mod:`bohnen.core.records`: ``format``, ``game``, ``version``, ``options``, ``seed``,
``deck``, ``actions``, ``result``), so that ``bohnen replay`` opens one saved from the
server, with the table's own beside its fields (the record's extras, which a replay
reads not): ``table`` (its id), ``seats`` (who sat where), ``chat`` and ``steps``
(each action's step, seat, notation, time and ``text``: the move in words as its seat's
moves were written to it, from its view before the move, the seats by their names;
null for a table this server's engine cannot play). A move taken back during the game
(:mod:`bohnen.core.undo`) is not in it: the steps are the game's, numbered 1, 2, 3...
as the replay's steps are (the table's log numbers its undos too), and each chat
line's ``seq`` is the step of the game it was said after. Its ``version`` is the one the log kept
for the table (0 for a table of a log that kept none: replayed as any version); its
``result`` is the one this server's engine reaches. A table made by another version
of its engine (set aside: :mod:`bohnen.server.audit`) still has its record, without a
result, to replay with an engine of that version; not its steps.

Only a game that is over is replayed: then every hand may be shown, so a step gives
every seat's view side by side. Asked of a game still going on, it is refused (a
player would learn the others' hands), and so is a table that expired before the end
of its game (nobody played there for a while: its hidden cards stay hidden).

A finished table never changes, so :class:`Replays` plays each one through once and
keeps, for the last :data:`REPLAYS_KEPT` tables asked for, its actions (read) and the
state every :data:`CHECKPOINT_STEPS` steps (copies): a step is then a copy of the
checkpoint before it and at most :data:`CHECKPOINT_STEPS` actions applied, whatever
the length of the game, instead of the whole game played again at every call.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bohnen.core.files import excerpt
from bohnen.core.names import NO_NAMES, Names
from bohnen.core.protocol import AnyState, Event, JSONObject
from bohnen.core.records import GameRecord
from bohnen.core.registry import get_game
from bohnen.core.result import Result
from bohnen.server import audit
from bohnen.server.lobby import LobbyError
from bohnen.server.logbase import Log, TableRow
from bohnen.server.lru import Lru
from bohnen.server.table import chat_frame
from bohnen.server.text import seat_names

CHECKPOINT_STEPS = 32  # steps between two kept states of a replayed game
REPLAYS_KEPT = 16  # finished games kept played through (checkpoints and actions)


def _finished(log: Log, table_id: str) -> TableRow:
    row = log.table(table_id)
    if row is None:
        raise LobbyError(f"no table {excerpt(table_id)}", 404)
    if row.expired:
        raise LobbyError(f"table {table_id} expired before the end of the game: it has "
                         "no replay (its hidden cards stay hidden)", 410)
    if not row.finished:
        raise LobbyError(f"table {table_id} is still being played: its replay opens when "
                         "the game is over", 409)
    return row


def _unplayable(row: TableRow) -> str | None:
    """Why this server cannot play the table's game through (a game it does not know,
    another version of its engine), or None."""
    try:
        game = get_game(row.game)
    except ValueError as exc:
        return str(exc)
    return audit.version_fault(game, row.version)


@dataclass(frozen=True, slots=True)
class _Played:
    """A finished game played through once: its actions (read), its checkpoints (the
    state after steps 0, ``every``, 2 ``every``, ...: copies, never applied to) and
    its result."""

    actions: Sequence[Any]
    checkpoints: Sequence[AnyState]
    result: Result | None
    texts: Sequence[str]  # each action in words (its seat's, from its view before it)


class Replays:
    """The steps of finished tables, from their checkpoints (see the module).
    ``applies`` counts the actions applied in all (what a step costs)."""

    def __init__(self, log: Log, kept: int = REPLAYS_KEPT,
                 every: int = CHECKPOINT_STEPS) -> None:
        self.log = log
        self.every = every
        self.applies = 0
        self._played: Lru[str, _Played] = Lru(kept)

    def __len__(self) -> int:
        """The games kept played through now."""
        return len(self._played)

    def record(self, table_id: str) -> JSONObject:
        """The finished table's game record and its extras (see the module)."""
        row = _finished(self.log, table_id)
        steps = self.log.actions(table_id)
        played = None if _unplayable(row) else self._play(table_id)
        result = played.result if played is not None else None
        texts = played.texts if played is not None else [None] * len(steps)
        record = GameRecord(row.game, row.version, row.options, row.seed,
                            [step.action for step in steps], None, result).to_json()
        seats = [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot}
                 for s in self.log.seats(table_id)]
        entries = [step.seq for step in steps]  # the log's numbers of the game's steps
        return {**record, "table": table_id, "seats": seats,
                "chat": [{**chat_frame(line), "seq": bisect.bisect_right(entries, line.seq)}
                         for line in self.log.chat(table_id)],
                "steps": [{"seq": n, "seat": a.seat, "action": a.action, "at": a.at,
                           "forced": a.forced, "text": text}
                          for n, (a, text) in enumerate(zip(steps, texts, strict=True), 1)]}

    def step(self, table_id: str, seq: int) -> JSONObject:
        """The table after step ``seq`` (0: before the first) as each seat and a
        spectator saw it, and that step's events as each saw them."""
        played = self._play(table_id)
        if not 0 <= seq <= len(played.actions):
            raise LobbyError(f"table {table_id} has steps 0 to {len(played.actions)}, "
                             f"not {seq}", 404)
        start = (seq - 1) // self.every if seq else 0
        state = played.checkpoints[start].clone()
        events: Sequence[Event] = []
        for action in played.actions[start * self.every:seq]:
            events = state.apply(action)
            self.applies += 1
        return step_frame(state, seq, events, seat_names(self.log.seats(table_id)))

    def _play(self, table_id: str) -> _Played:
        """The game of the finished table, played through (once, while it is kept)."""
        played = self._played.get(table_id)
        if played is not None:
            return played
        row = _finished(self.log, table_id)
        fault = _unplayable(row)
        if fault is not None:
            raise LobbyError(f"table {table_id} has no steps to show here: {fault} (its "
                             "record replays with an engine of that version)", 409)
        try:
            played = self._play_through(row)
        except audit.ROW_FAULTS as exc:
            raise LobbyError(f"table {table_id}: its log cannot be replayed: {exc}",
                             409) from None
        self._played.put(table_id, played)
        return played

    def _play_through(self, row: TableRow) -> _Played:
        game = get_game(row.game)
        actions = [game.parse_action(logged.action)
                   for logged in self.log.actions(row.table_id)]
        names = seat_names(self.log.seats(row.table_id))
        state: AnyState = game.new_game(game.options_from_json(row.options), row.seed)
        checkpoints = [state.clone()]
        texts: list[str] = []
        for n, action in enumerate(actions, 1):
            texts += game.action_texts(state.view(action.seat), [action], names)
            state.apply(action)
            self.applies += 1
            if n % self.every == 0:
                checkpoints.append(state.clone())
        return _Played(actions, checkpoints, state.result() if state.is_over else None,
                       texts)


def step_frame(state: AnyState, seq: int, events: Sequence[Event],
               names: Names = NO_NAMES) -> JSONObject:
    """Step ``seq`` of a finished game: the table after it (``state``) as each seat and
    a spectator saw it, and its ``events`` as each saw them, the seats by ``names``."""
    viewers: list[int | None] = [None, *range(state.options.players)]
    return {"seq": seq, "views": {_key(v): dict(state.view(v)) for v in viewers},
            "events": {_key(v): [{**e.to_json(v), "text": e.text(v, names)} for e in events]
                       for v in viewers},
            "result": state.result().to_json() if state.is_over else None}


def _key(viewer: int | None) -> str:
    return "spectator" if viewer is None else str(viewer)
