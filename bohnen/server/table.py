"""One table of the online game: its state, its one writer, and those who watch it.

Every action goes through one queue to one writer (an asyncio task), so the table's
actions have one order. For each, the writer:

1. reads it (notation) and refuses it, with the reason, unless it is the seat's own
   and the engine allows it now; a refused action changes nothing;
2. appends it to the log as step ``seq`` and commits (:mod:`bohnen.server.log`);
3. only then applies it and sends each watcher the step's events as that viewer may
   see them (``event.to_json(viewer)``), numbered by ``seq``.

A watcher that comes back after step ``after`` gets the steps it missed, filtered for
its seat, before any new one. On start, :meth:`Table.rebuild` replays a table's logged
actions from its seed: the state and its history are those the log says.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bohnen.core.errors import GameError
from bohnen.core.files import excerpt
from bohnen.core.game import AnyGame
from bohnen.core.protocol import AnyState, Event, JSONObject
from bohnen.core.registry import get_game
from bohnen.server.logbase import Log, Logged, TableRow

MAX_ACTION_CHARS = 2_000  # an action's notation is far shorter


@dataclass(frozen=True, slots=True)
class Reply:
    """The writer's answer to one submitted action: the step it became, or the reason
    it was refused (the table unchanged)."""

    seq: int | None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass(slots=True)
class Watcher:
    """A viewer of the table (a seat, or ``None``: a spectator) and the frames waiting
    for it, in the order of the steps."""

    viewer: int | None
    frames: asyncio.Queue[JSONObject] = field(default_factory=asyncio.Queue)


@dataclass(slots=True)
class _Request:
    seat: int
    text: str
    reply: asyncio.Future[Reply]


class Table:
    """A table's game, kept in step with its log."""

    def __init__(self, table_id: str, game: AnyGame, state: AnyState, log: Log) -> None:
        self.table_id = table_id
        self.game = game
        self.state = state
        self.log = log
        self.history: list[tuple[int, Sequence[Event]]] = []  # per step: its seat, its events
        self.watchers: list[Watcher] = []
        self._queue: asyncio.Queue[_Request] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None

    @property
    def seq(self) -> int:
        """The number of the last step (0 before the first)."""
        return len(self.history)

    # --- making and remaking ------------------------------------------------------------

    @classmethod
    def create(cls, log: Log, table_id: str, game_name: str, options: JSONObject,
               seed: int) -> Table:
        """A new table, logged; ``ValueError`` naming a bad game or option."""
        game = get_game(game_name)
        opts = game.options_from_json(options)
        state = game.new_game(opts, seed)
        log.create(table_id, game.name, opts.to_json(), seed)
        return cls(table_id, game, state, log)

    @classmethod
    def rebuild(cls, log: Log, row: TableRow) -> Table:
        """The table ``row`` as its log leaves it: its game from the seed, each logged
        action applied in order."""
        game = get_game(row.game)
        state = game.new_game(game.options_from_json(row.options), row.seed)
        table = cls(row.table_id, game, state, log)
        for logged in log.actions(row.table_id):
            table._replay(logged)
        return table

    def _replay(self, logged: Logged) -> None:
        if logged.seq != self.seq + 1:
            raise ValueError(f"table {self.table_id}: the log skips from step {self.seq} "
                             f"to {logged.seq}")
        events = self.state.apply(self.game.parse_action(logged.action))
        self.history.append((logged.seat, events))

    # --- the writer ---------------------------------------------------------------------

    def start(self) -> None:
        """Start the table's one writer (in the running event loop)."""
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write())

    async def stop(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None

    async def submit(self, seat: int, text: str) -> Reply:
        """Queue ``seat``'s action (notation) for the writer; its reply."""
        reply: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        await self._queue.put(_Request(seat, text, reply))
        return await reply

    async def _write(self) -> None:
        while True:
            request = await self._queue.get()
            try:
                result = self.accept(request.seat, request.text)
            except Exception as exc:  # a fault of the log: the action is not acknowledged
                request.reply.set_exception(exc)
            else:
                request.reply.set_result(result)

    def accept(self, seat: int, text: str) -> Reply:
        """Check ``seat``'s action, log it, apply it, tell the watchers (see the module).
        Only the writer calls this."""
        refusal, action = self._read(seat, text)
        if refusal is not None or action is None:
            return Reply(None, refusal)
        seq = self.seq + 1
        # committed before anything
        self.log.append(self.table_id, seq, seat, str(action), time.time())
        events = self.state.apply(action)
        self.history.append((seat, events))
        if self.state.is_over:
            self.log.finish(self.table_id)
        self._tell(seq)
        return Reply(seq)

    def follow(self, logged: Logged) -> None:
        """Step ``logged``, written to the log by the table's writer in another server
        process (this one keeps a replica of the table for its watchers): applied and
        sent to the watchers as if it had been written here."""
        self._replay(logged)
        self._tell(logged.seq)

    def _tell(self, seq: int) -> None:
        for watcher in self.watchers:
            watcher.frames.put_nowait(self.frame(seq, watcher.viewer))

    def _read(self, seat: int, text: str) -> tuple[str | None, object]:
        """The action ``seat`` sent, or why it is refused."""
        if self.state.is_over:
            return "the game is over", None
        if not isinstance(text, str) or len(text) > MAX_ACTION_CHARS:
            return f"an action is notation of at most {MAX_ACTION_CHARS} characters", None
        try:
            action = self.game.parse_action(text)
        except GameError as exc:
            return str(exc), None
        if action.seat != seat:
            return (f"you are seat {seat}: {excerpt(text)} is seat {action.seat}'s action",
                    None)
        try:
            self.state.check(action)
        except GameError as exc:
            return str(exc), None
        return None, action

    # --- watching -----------------------------------------------------------------------

    def watch(self, viewer: int | None, after: int = 0) -> Watcher:
        """A watcher for ``viewer``, given at once the steps after ``after`` (as that
        viewer may see them), then each new one."""
        watcher = Watcher(viewer)
        for seq in range(max(after, 0) + 1, self.seq + 1):
            watcher.frames.put_nowait(self.frame(seq, viewer))
        self.watchers.append(watcher)
        return watcher

    def unwatch(self, watcher: Watcher) -> None:
        if watcher in self.watchers:
            self.watchers.remove(watcher)

    def frame(self, seq: int, viewer: int | None) -> JSONObject:
        """Step ``seq`` as ``viewer`` may see it: who moved and the events."""
        seat, events = self.history[seq - 1]
        return {"type": "step", "table": self.table_id, "seq": seq, "seat": seat,
                "events": [event.to_json(viewer) for event in events]}


def rebuild_all(log: Log) -> dict[str, Table]:
    """Every unfinished table of the log, rebuilt (what the server does on start)."""
    return {row.table_id: Table.rebuild(log, row) for row in log.unfinished()}
