"""One table of the online game: its state, its one writer, and those who watch it.

Every action goes through one queue to one writer (an asyncio task), so the table's
actions have one order. For each, the writer:

1. reads it (notation) and refuses it, with the reason, unless it is the seat's own
   and the engine allows it now; a refused action changes nothing, and its refusal is
   in words: the move as the seat's moves are written and the rules' reason, the seats
   by their names (:meth:`Table._refusal`);
2. appends it to the log as step ``seq`` and commits (:mod:`bohnen.server.log`); if
   the log cannot write now (a full disk...), the action is refused with the cause
   (``Reply.unsaved``), the table unchanged, and may be sent again once it can;
3. only then applies it and sends each watcher the step's events as that viewer may
   see them (``event.to_json(viewer)``), numbered by ``seq``. A move the server made
   for a seat (its clock ran out: :mod:`bohnen.server.clock`) is logged with the
   reason, and its step frame says so to every viewer (``forced``).

Then every watcher also gets a ``view`` frame: its seat's view now, its legal moves
(as moves: the engine's JSON, words, notation), what it may propose,
the seats the game waits on, the clock and the result. The frames are typed
(:mod:`bohnen.server.frames`). The view frames
go out once every watcher's step frame has (in the event loop's next turn), and steps
taken in one turn of the loop are followed by one view frame, of the table after the
last of them.

A seat's person may take back (undo) their own last move, under the rule of
:mod:`bohnen.core.undo` (no other seat has moved since, the clock or a stand-in did
not make it, it brought no chance or hidden card into play): through the same writer,
so an undo and an action sent at once are taken one after the other, and the second
is checked against the table the first left. An undo is an entry of the log of its
own, numbered like a step (:meth:`Table.undo`); the log keeps the step it took back,
and leaves it out of the game (:meth:`~bohnen.server.logbase.Log.actions`). The
watchers get an ``undone`` frame naming the step, then the view frames.

A watcher that comes back after entry ``after`` gets the steps it missed, filtered for
its seat, an ``undone`` frame for each step it saw that has been taken back since (a
step it missed that was taken back, it never sees), and the chat lines it missed,
then a ``view`` frame, before any new one. A
watcher that lets too many new frames wait unread is dropped (:class:`Watcher`). On
start, :meth:`Table.rebuild` replays a table's logged actions from its seed: the state
and its history are those the log says.

The table also keeps its seats (who sits where: :class:`~bohnen.server.log.SeatRow`)
and its chat. The game starts when no seat is open; until then no move is taken.
Listeners (the bots at the table, the clock) are called after every step and every
change of seats; they must not block.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import logging
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bohnen.core.errors import GameError, IllegalActionError
from bohnen.core.game import AnyGame
from bohnen.core.moves import legal_moves
from bohnen.core.names import Names, seat_name
from bohnen.core.protocol import Action, AnyState, Event, JSONObject
from bohnen.core.registry import get_game
from bohnen.core.undo import Step, may_take_back, take_back_refusal
from bohnen.server.ballots import Ballots, vote_json
from bohnen.server.frames import (
    ChatFrame,
    ClockJSON,
    SeatJSON,
    SeatsFrame,
    ServerFrame,
    StepFrame,
    UndoneFrame,
    ViewFrame,
    closed_frame,
    error_frame,
    seat_json,
)
from bohnen.server.logbase import ChatLine, Log, Logged, LogUnwritable, SeatRow, TableRow
from bohnen.server.table_setup import invited_seats
from bohnen.server.text import seat_names

MAX_ACTION_CHARS = 2_000  # an action's notation is far shorter
NOTICE = ""  # the name of a chat line of the table itself (no person's name is empty)
RETRY_SECONDS = 5.0  # after a move the log could not save, the bots are asked again
log = logging.getLogger(__name__)

Listener = Callable[["Table", int], None]


class ClockView(Protocol):
    """What the table asks of its clock for the ``view`` frames."""

    def to_json(self) -> ClockJSON | None: ...


@dataclass(frozen=True, slots=True)
class Reply:
    """The writer's answer to one submitted action: the step it became, or the reason
    it was refused (the table unchanged). ``unsaved``: refused because the log cannot
    write now (:class:`~bohnen.server.logbase.LogUnwritable`): the same action may
    be taken once it can."""

    seq: int | None
    error: str | None = None
    unsaved: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None


class TooSlow(Exception):
    """A watcher let too many frames wait unread: it is dropped."""


@dataclass(slots=True)
class Watcher:
    """A viewer of the table (a seat, or ``None``: a spectator) and the frames waiting
    for it, in the order of the steps; ``nonce``: for a seat, the nonce of its holder
    when it started watching (once the seat changes hands, the watcher is closed).

    The frames of what it missed, given when it comes (:meth:`missed`), are its
    backlog, however many; of the frames that come after (:meth:`put`), at most
    ``limit`` may wait (None: no bound). One more, and the watcher is dropped: its
    frames are let go, no more are kept, ``on_drop`` is told why (its client is
    closed), and :meth:`next` raises :class:`TooSlow`. :meth:`close` gives it its last
    frame (a ``closed`` frame, saying why the server ends it), whatever the bound:
    nothing is kept after it."""

    viewer: int | None
    frames: asyncio.Queue[ServerFrame] = field(default_factory=asyncio.Queue)
    nonce: str = ""
    limit: int | None = None
    on_drop: Callable[[str], None] | None = None
    backlog: int = 0  # the frames of the backlog still waiting (the first ones)
    dropped: str | None = None  # why it was dropped
    closed: bool = False  # its last frame is given

    @property
    def waiting(self) -> int:
        """The frames waiting besides the backlog."""
        return self.frames.qsize() - self.backlog

    def missed(self, frame: ServerFrame) -> None:
        """A frame of the backlog: not counted against the bound."""
        self.frames.put_nowait(frame)
        self.backlog += 1

    def put(self, frame: ServerFrame) -> None:
        """A new frame for the watcher; past the bound, the watcher is dropped."""
        if self.dropped is not None or self.closed:
            return
        if self.limit is not None and self.waiting >= self.limit:
            self.dropped = f"too slow: {self.waiting} frames waited unread"
            while not self.frames.empty():
                self.frames.get_nowait()
            self.backlog = 0
            self.frames.put_nowait(error_frame(self.dropped))  # wakes next(), which raises
            if self.on_drop is not None:
                self.on_drop(self.dropped)
            return
        self.frames.put_nowait(frame)

    def close(self, frame: ServerFrame) -> None:
        """The watcher's last frame (after the frames already waiting); none after it."""
        if self.dropped is None and not self.closed:
            self.closed = True
            self.frames.put_nowait(frame)

    async def next(self) -> ServerFrame:
        """The next frame to send; :class:`TooSlow` once the watcher is dropped."""
        frame = await self.frames.get()
        if self.dropped is not None:
            raise TooSlow(self.dropped)
        if self.backlog:
            self.backlog -= 1
        return frame


@dataclass(slots=True)
class _Request:
    seat: int
    text: str
    reply: asyncio.Future[Reply]
    on_reply: Callable[[Reply], None] | None = None
    forced: str | None = None
    by_bot: bool = False
    undo: int | None = None  # the step to take back (an undo, not an action)


class Table:
    """A table's game, kept in step with its log."""

    def __init__(self, table_id: str, game: AnyGame, state: AnyState, log: Log,
                 seed: int = 0, seats: Sequence[SeatRow] | None = None,
                 setup: JSONObject | None = None, created: float = 0.0,
                 host: str = "") -> None:
        self.table_id = table_id
        self.host = host  # the nonce of the host's token now
        self.created = created  # when it was set up (unix time)
        self.game = game
        self.state = state
        self.log = log
        self.seed = seed
        self.seats = list(seats) if seats is not None else _people(state.options.players)
        self.setup: JSONObject = setup or {}
        # per step of the game (the steps no undo took back), in order:
        self.history: list[tuple[int, Sequence[Event]]] = []  # its seat, its events
        self.seqs: list[int] = []  # its number in the log
        self.actions: list[str] = []  # its notation
        self.times: list[float] = []  # when it was made
        self.forced: list[str | None] = []  # why the server made it (Logged)
        self.steps: list[Step] = []  # what taking it back cares about
        self.undos: dict[int, Logged] = {}  # the undos of the log, by their number
        self._last = 0  # the number of the log's last entry
        self.now: Callable[[], float] = time.time  # the time of the steps (and the clock)
        self.watchers: list[Watcher] = []
        self.listeners: list[Listener] = []
        self.clock: ClockView | None = None
        self.chat_seen = 0  # the number of the last chat line sent to the watchers
        self.ballots = Ballots()  # the votes to hand an absent seat to a bot
        self._queue: asyncio.Queue[_Request] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self._views_due = False  # a call of _tell_views is on its way
        self.end_due = False  # the game is over, the log not yet told (it could not write)
        self._retry: asyncio.TimerHandle | None = None  # the bots asked again (unsaved)

    @property
    def seq(self) -> int:
        """The number of the log's last entry, a step or an undo (0 before the first)."""
        return self._last

    # --- making and remaking ------------------------------------------------------------

    @property
    def started(self) -> bool:
        """True once no seat is open: the game goes on."""
        return all(row.kind != "open" for row in self.seats)

    @classmethod
    def create(cls, log: Log, table_id: str, game_name: str, options: JSONObject,
               seed: int, seats: Sequence[SeatRow] | None = None,
               setup: JSONObject | None = None, host: str = "") -> Table:
        """A new table, logged; ``ValueError`` naming a bad game or option. Without
        ``seats`` every seat is a person's (the table starts at once); ``host``: the
        nonce of its host's token."""
        game = get_game(game_name)
        opts = game.options_from_json(options)
        state = game.new_game(opts, seed)
        rows = list(seats) if seats is not None else _people(opts.players)
        created = time.time()
        log.create(table_id, game.name, opts.to_json(), seed, setup, rows, created, host,
                   game.version)
        return cls(table_id, game, state, log, seed, rows, setup, created, host)

    @classmethod
    def rebuild(cls, log: Log, row: TableRow) -> Table:
        """The table ``row`` as its log leaves it: its game from the seed, each logged
        action applied in order."""
        game = get_game(row.game)
        state = game.new_game(game.options_from_json(row.options), row.seed)
        table = cls(row.table_id, game, state, log, row.seed, log.seats(row.table_id),
                    row.setup, row.created, row.host)
        table._restore(log.entries(row.table_id))
        lines = log.chat(row.table_id)
        table.chat_seen = lines[-1].n if lines else 0
        return table

    def _restore(self, entries: Sequence[Logged]) -> None:
        """The game of the log's ``entries`` (all of them, from the first): each step no
        undo took back applied once, in order; ``ValueError`` if the log skips a number
        or an undo names a step that was not the game's last, or not its seat's person's
        own move."""
        live: list[Logged] = []
        for logged in entries:
            self._check_next(logged)
            if logged.undoes is None:
                live.append(logged)
            else:
                last = live[-1] if live else None
                self._check_undo(logged, None if last is None else (
                    last.seq, last.seat, last.forced is None and not last.by_bot))
                live.pop()
                self.undos[logged.seq] = logged
            self._last = logged.seq
        for logged in live:
            self._keep(logged, self.state.apply(self.game.parse_action(logged.action)))

    def _replay(self, logged: Logged) -> None:
        """The log's next entry, applied: a step played, or an undo's step taken back."""
        self._check_next(logged)
        if logged.undoes is None:
            self._keep(logged, self.state.apply(self.game.parse_action(logged.action)))
        else:
            self._drop(logged)
        self._last = logged.seq

    def _check_next(self, logged: Logged) -> None:
        if logged.seq != self._last + 1:
            raise ValueError(f"table {self.table_id}: the log skips from step {self._last} "
                             f"to {logged.seq}")

    def _check_undo(self, logged: Logged, last: tuple[int, int, bool] | None) -> None:
        """``ValueError`` unless the undo ``logged`` takes back the game's last step
        (``last``: its number, its seat, whether its seat's person made it), a move of
        the undo's seat's own."""
        if last is None or logged.undoes != last[0]:
            raise ValueError(f"table {self.table_id}: entry {logged.seq} takes back step "
                             f"{logged.undoes}, which is not the game's last step")
        if last[1] != logged.seat or not last[2]:
            raise ValueError(f"table {self.table_id}: entry {logged.seq} takes back step "
                             f"{logged.undoes}, which is not seat {logged.seat}'s own move")

    def _keep(self, logged: Logged, events: Sequence[Event]) -> None:
        """Step ``logged`` (its ``events``) added to the game's steps."""
        self.history.append((logged.seat, events))
        self.seqs.append(logged.seq)
        self.actions.append(logged.action)
        self.times.append(logged.at)
        self.forced.append(logged.forced)
        move = logged.action.partition(": ")[2] or logged.action
        self.steps.append(Step(logged.seat, any(event.reveals for event in events),
                               own=logged.forced is None and not logged.by_bot, move=move))

    def _drop(self, logged: Logged) -> None:
        """The game's last step taken back by the undo ``logged``: the state is the
        game's from its seed with the steps before it (a game's state is not undone in
        place)."""
        last = (self.seqs[-1], self.steps[-1].seat, self.steps[-1].own) if self.seqs else None
        self._check_undo(logged, last)
        for kept in (self.history, self.seqs, self.actions, self.times, self.forced,
                     self.steps):
            kept.pop()
        state = self.game.new_game(self.state.options, self.seed)
        for text in self.actions:
            state.apply(self.game.parse_action(text))
        self.state = state
        self.undos[logged.seq] = logged

    # --- the writer ---------------------------------------------------------------------

    def start(self) -> None:
        """Start the table's one writer (in the running event loop)."""
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write())

    async def stop(self) -> None:
        """Stop the writer; the actions still queued are refused, saying so."""
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None
        while not self._queue.empty():
            request = self._queue.get_nowait()
            if not request.reply.done():
                request.reply.set_result(Reply(None, "the table stopped before this action "
                                                     "was taken: send it again"))

    async def submit(self, seat: int, text: str,
                     on_reply: Callable[[Reply], None] | None = None,
                     forced: str | None = None, by_bot: bool = False) -> Reply:
        """Queue ``seat``'s action (notation) for the writer; its reply. ``on_reply`` is
        called with the reply by the writer itself, as the action is taken or refused,
        even if the caller has stopped waiting (a bot's count of its moves, kept right
        when a table closes right after the last move). ``forced``: why the server
        makes this move for the seat (``"clock"``), kept with it in the log and shown
        in its step frame; ``by_bot``: a bot makes it (the seat's, or one standing in
        for its person), so its person cannot take it back."""
        reply: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        await self._queue.put(_Request(seat, text, reply, on_reply, forced, by_bot))
        return await reply

    async def submit_undo(self, seat: int, step: int) -> Reply:
        """Queue ``seat``'s undo of step ``step`` for the writer (:meth:`undo`); its
        reply."""
        reply: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        await self._queue.put(_Request(seat, "", reply, undo=step))
        return await reply

    async def _write(self) -> None:
        while True:
            request = await self._queue.get()
            if self.end_due:
                self.record_end()
            try:
                result = (self.accept(request.seat, request.text, request.forced,
                                      request.by_bot)
                          if request.undo is None else self.undo(request.seat, request.undo))
            except Exception as exc:  # a fault of the log: the action is not acknowledged
                if not request.reply.done():
                    request.reply.set_exception(exc)
                self._resync()
            else:
                if request.on_reply is not None:
                    request.on_reply(result)
                if not request.reply.done():  # its sender may have stopped waiting
                    request.reply.set_result(result)

    def _resync(self) -> None:
        """After a fault of the log, the table catches up with what the log holds (a
        commit may have gone through before the fault)."""
        with contextlib.suppress(Exception):
            for logged in self.log.entries(self.table_id, after=self.seq):
                self.follow(logged)

    def accept(self, seat: int, text: str, forced: str | None = None,
               by_bot: bool = False) -> Reply:
        """Check ``seat``'s action, log it, apply it, tell the watchers (see the module;
        ``forced``, ``by_bot``: :meth:`submit`'s). Only the writer calls this."""
        refusal, action = self._read(seat, text)
        if refusal is not None or action is None:
            return Reply(None, refusal)
        logged = Logged(self.seq + 1, seat, str(action), self.now(), forced, by_bot)
        try:  # committed first
            self.log.append(self.table_id, logged.seq, seat, logged.action, logged.at,
                            forced, by_bot)
        except LogUnwritable as exc:
            return self._unsaved(exc)
        self._keep(logged, self.state.apply(action))
        self._last = seq = logged.seq
        if self.state.is_over:
            self.record_end()
        self._tell_listeners()  # first: the clock's deadlines are in the view frames
        self._tell(seq)
        return Reply(seq)

    def undo(self, seat: int, step: int) -> Reply:
        """``seat``'s person takes back step ``step``, if the rule allows it now
        (:meth:`undo_refusal`) and it is the step they may take back (a click on a
        page that had not yet shown a later step is refused): logged as an entry of
        its own, then the game is the steps before it, and the watchers are told
        (an ``undone`` frame, then the view frames). Refused, the table is as it was.
        Only the writer calls this."""
        refusal = self.undo_refusal(seat)
        if refusal is None and step != self.seqs[-1]:
            refusal = (f"step {step} is not your last move (step {self.seqs[-1]} is): "
                       "nothing was taken back")
        if refusal is not None:
            return Reply(None, refusal)
        logged = Logged(self.seq + 1, seat, "", self.now(), undoes=step)
        try:  # committed first
            self.log.undo(self.table_id, logged.seq, seat, step, logged.at)
        except LogUnwritable as exc:
            return self._unsaved(exc)
        self._drop(logged)
        self._last = logged.seq
        self._tell_listeners()  # first: the clock's deadlines are in the view frames
        self._tell(logged.seq)
        return Reply(logged.seq)

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat``'s person cannot take back a move now (None: they may take back
        the game's last step), in words (:func:`~bohnen.core.undo.take_back_refusal`)."""
        if self.state.is_over:
            return "the game is over"
        if not self.started:
            return "the table waits for players"
        return take_back_refusal(self.steps, seat, self.seat_name)

    def undoable(self, seat: int | None) -> int | None:
        """The step ``seat``'s person may take back now (None: none)."""
        if seat is None or self.state.is_over or not self.started \
                or not may_take_back(self.steps, seat):
            return None
        return self.seqs[-1]

    def seat_name(self, seat: int) -> str:
        """What the table calls the seat: its person's name, its bot's, or its number."""
        row = self.seats[seat] if 0 <= seat < len(self.seats) else None
        return row.name if row is not None and row.name else f"seat {seat}"

    def _unsaved(self, exc: LogUnwritable) -> Reply:
        """The action the log could not save: refused, the table unchanged (unless the
        log holds more than the table: a commit whose answer was lost), and the bots
        asked again in a while, since no step will wake them."""
        self._resync()
        if self._retry is None:
            with contextlib.suppress(RuntimeError):  # no event loop: a table driven by hand
                self._retry = asyncio.get_running_loop().call_later(RETRY_SECONDS,
                                                                    self._ask_again)
        return Reply(None, str(exc), unsaved=True)

    def _ask_again(self) -> None:
        self._retry = None
        if self._writer is not None:
            self._tell_listeners()

    def record_end(self) -> None:
        """Tell the log the game is over. The step that ended it is saved already, so
        if the log cannot write now the step stands, and the end is told again at the
        writer's next request and when the table is rebuilt (``end_due``)."""
        try:
            self.log.finish(self.table_id)
        except Exception as exc:  # the step is committed: it stands whatever happens
            if not self.end_due:
                log.warning("table %s: the end of its game is not saved yet: %s",
                            self.table_id, exc)
            self.end_due = True
        else:
            self.end_due = False

    def follow(self, logged: Logged) -> None:
        """Step ``logged``, written to the log by the table's writer in another server
        process (this one keeps a replica of the table for its watchers): applied and
        sent to the watchers as if it had been written here (an undo too). The
        listeners (bots, clock) are not told: they run at the writer's process."""
        self._replay(logged)
        self._tell(logged.seq)

    def _tell(self, seq: int) -> None:
        """Entry ``seq`` (a step, or an undo) to every watcher at once; the view frames
        follow (see :meth:`_tell_views`)."""
        self._tell_each(lambda viewer: self.entry_frame(seq, viewer))
        if self._views_due:
            return  # the view frames due already will show this step too
        self._views_due = True
        try:
            asyncio.get_running_loop().call_soon(self._tell_views)
        except RuntimeError:  # no event loop (a table driven by hand): at once
            self._tell_views()

    def _tell_views(self) -> None:
        """The view frame of the table now, to every watcher. Called in the event loop's
        turn after the step's: every watcher's sender that was waiting for a frame has
        sent the step frame by then (a busy one sends its frames in order), so the step
        reaches the last watcher before any view is built (a view frame is ten times the
        size of a step frame), and steps taken in the same turn share one view frame."""
        if not self._views_due:
            return
        self._views_due = False
        self._tell_each(self.view_frame)

    def _tell_each(self, frame_for: Callable[[int | None], ServerFrame]) -> None:
        """To every watcher, the frame ``frame_for`` makes for its viewer; made once
        for each viewer (the spectators, and the clients of one seat, share it)."""
        made: dict[int | None, ServerFrame] = {}
        for watcher in self.watchers:
            frame = made.get(watcher.viewer)
            if frame is None:
                frame = made[watcher.viewer] = frame_for(watcher.viewer)
            watcher.put(frame)

    def _tell_listeners(self) -> None:
        for listener in list(self.listeners):
            listener(self, self.seq)

    def _read(self, seat: int, text: str) -> tuple[str | None, object]:
        """The action ``seat`` sent, or why it is refused."""
        if self.state.is_over:
            return "the game is over", None
        if not self.started:
            free = ", ".join(str(row.seat) for row in self.seats if row.kind == "open")
            return f"the table waits for players: seat(s) {free} free", None
        if not isinstance(text, str) or len(text) > MAX_ACTION_CHARS:
            return f"an action is notation of at most {MAX_ACTION_CHARS} characters", None
        try:
            action = self.game.parse_action(text)
        except GameError as exc:
            return f"that move could not be read: {exc}", None
        names = self.names()
        if action.seat != seat:
            me = seat_name(names, seat)
            you = f"seat {seat}" + (f" ({me})" if me != f"seat {seat}" else "")
            return (f"that move is {seat_name(names, action.seat)}'s, not yours: you are "
                    f"{you}", None)
        try:
            self.state.check(action)
        except IllegalActionError as exc:
            return self._refusal(seat, action, exc.reason, names), None
        except GameError as exc:
            return f"that move could not be read: {exc}", None
        return None, action

    def _refusal(self, seat: int, action: Action, reason: str, names: Names) -> str:
        """A move the rules forbid now, in words: the move as the seat's moves are
        written (from its view, so it tells the seat nothing new) and the engine's
        reason, each seat in it by its name (:func:`named`)."""
        try:
            (words,) = self.game.action_texts(self.state.view(seat), [action], names)
        except (LookupError, TypeError, ValueError):  # words for a move the rules allow
            words = "that move"
        return f"{words}: not allowed now, {named(reason, names)}"

    # --- watching -----------------------------------------------------------------------

    def watch(self, viewer: int | None, after: int = 0, chat_after: int | None = None,
              nonce: str = "") -> Watcher:
        """A watcher for ``viewer``, given at once the steps after ``after`` (as that
        viewer may see them), the chat lines after ``chat_after`` (none if None) and
        the view now, then each new step, chat line and change of seats; ``nonce``: a
        seat's holder's (the watcher is closed when the seat changes hands)."""
        watcher = Watcher(viewer, nonce=nonce)
        for seq in self.missed(after):
            watcher.missed(self.entry_frame(seq, viewer))
        if chat_after is not None:
            for line in self.log.chat(self.table_id, max(chat_after, 0)):
                watcher.missed(chat_frame(line))
        watcher.missed(self.view_frame(viewer))
        self.watchers.append(watcher)
        if viewer is not None:
            self.ballots.clear(viewer)  # its person is back
        self._tell_seats()
        return watcher

    def unwatch(self, watcher: Watcher) -> None:
        if watcher in self.watchers:
            self.watchers.remove(watcher)
            self._tell_seats()

    def missed(self, after: int) -> list[int]:
        """The entries a client that has the log up to entry ``after`` must be told, in
        order: the game's steps after it, and the undos after it of steps it has (a
        step after it that was taken back, and its undo, it need not know)."""
        first = bisect.bisect_right(self.seqs, after)
        undos = [n for n, undo in self.undos.items()
                 if n > after and undo.undoes is not None and undo.undoes <= after]
        return sorted([*self.seqs[first:], *undos])

    def entry_frame(self, seq: int, viewer: int | None) -> StepFrame | UndoneFrame:
        """Entry ``seq`` of the log as ``viewer`` may see it: a step, or an undo."""
        undo = self.undos.get(seq)
        if undo is None or undo.undoes is None:
            return self.frame(seq, viewer)
        return {"type": "undone", "table": self.table_id, "seq": seq, "step": undo.undoes,
                "seat": undo.seat, "at": undo.at}

    def frame(self, seq: int, viewer: int | None) -> StepFrame:
        """Step ``seq`` as ``viewer`` may see it: who moved, when, whether the server
        made the move for the seat (``forced``: ``{"seat", "reason"}``, the same for
        every viewer; null for a seat's own move), and the events (each with its line
        of text, the seats named as they are now: :mod:`bohnen.server.text`)."""
        i = bisect.bisect_left(self.seqs, seq)
        if i == len(self.seqs) or self.seqs[i] != seq:
            raise LookupError(f"table {self.table_id}: step {seq} is not in the game")
        seat, events = self.history[i]
        reason = self.forced[i]
        names = self.names()
        return {"type": "step", "table": self.table_id, "seq": seq, "seat": seat,
                "at": self.times[i],
                "forced": None if reason is None else {"seat": seat, "reason": reason},
                "events": [{**event.to_json(viewer), "text": event.text(viewer, names)}
                           for event in events]}

    def names(self) -> list[str]:
        """Each seat's name now, as the game's words write it (:func:`seat_names`)."""
        return seat_names(self.seats)

    def view_frame(self, viewer: int | None) -> ViewFrame:
        """The table now as ``viewer`` sees it: its view, its legal moves (as moves: JSON,
        words, notation; proposals, which the client composes, left out) and what it
        may propose, who may move and whom the game waits on (whose clock runs), the
        clock, the result, and the step the viewer may take back now (``undo``)."""
        state, started = self.state, self.started
        view = state.view(viewer)
        seat = viewer if started and not state.is_over else None
        actions = state.legal_actions(seat) if seat is not None else []
        moves = legal_moves(self.game, view, actions, self.names())
        return {"type": "view", "seq": self.seq, "view": dict(view),
                "moves": moves,
                "terms": state.proposal_terms(seat) if seat is not None else None,
                "to_act": list(state.to_act()) if started else [],
                "must_act": list(state.must_act()) if started else [],
                "started": started,
                "clock": self.clock.to_json() if self.clock is not None else None,
                "result": state.result().to_json() if state.is_over else None,
                "undo": self.undoable(viewer)}

    # --- seats and chat -----------------------------------------------------------------

    def seats_json(self, joining: int | None = None) -> list[SeatJSON]:
        """The seats as the lobby and the table show them (``connected``: a client of
        the seat is watching, or is ``joining`` the table now; ``standin_reason``: who
        put the stand-in there, if not the person: ``"clock"``, ``"vote"``), whether the
        seat is kept for an invitation, and the vote on an absent seat while the game
        goes on."""
        here = self.connected()
        if joining is not None:
            here.add(joining)
        reserved = invited_seats(self.setup)
        voting = self.started and not self.state.is_over
        return [seat_json(row, row.seat in here, row.seat in reserved,
                          vote_json(self.seats, row.seat, here, self.ballots) if voting
                          else None)
                for row in self.seats]

    def connected(self) -> set[int]:
        """The seats a client of which watches the table (here: a replica's are its
        own process's)."""
        return {w.viewer for w in self.watchers if w.viewer is not None}

    def sit(self, row: SeatRow) -> None:
        """``row`` now says who sits at its seat: logged, then told to the watchers and
        the listeners. If the seat changed hands, every watcher of its earlier holder is
        closed first, before any frame of the new holder is made (:meth:`_hand_over`)."""
        self.log.put_seat(self.table_id, row)
        if row.nonce != self.seats[row.seat].nonce:
            self.ballots.forget(row.seat)
        elif row.standin is not None:
            self.ballots.clear(row.seat)
        self.seats[row.seat] = row
        self._hand_over([row])
        self._tell_listeners()  # first: a clock starting is in the view frames
        self._tell_seats()
        self._tell_each(self.view_frame)  # the game may have started

    def show_seats(self) -> None:
        """The seats told to every watcher again (what they show changed: a vote)."""
        self._tell_seats()

    def _tell_seats(self) -> None:
        frame: SeatsFrame = {"type": "seats", "seats": self.seats_json(),
                             "started": self.started}
        for watcher in self.watchers:
            watcher.put(frame)

    def set_host(self, nonce: str) -> None:
        """The nonce of the host's token now (logged): older host tokens are void."""
        self.log.put_host(self.table_id, nonce)
        self.host = nonce

    def say(self, seat: int | None, name: str, text: str) -> ChatLine:
        """A chat line, logged, then sent to every watcher."""
        line = self.log.say(self.table_id, seat, name, text, self.seq, time.time())
        self.follow_chat([line])
        return line

    def notice(self, text: str) -> ChatLine:
        """A line of the table itself (a vote, the host removing a person), logged as a
        chat line of no seat and no name, then sent to every watcher (a ``chat`` frame
        with ``notice``)."""
        return self.say(None, NOTICE, text)

    def follow_chat(self, lines: Sequence[ChatLine]) -> None:
        """Chat lines (said here, or at the table's owner in another process) sent to
        every watcher, each once."""
        for line in lines:
            if line.n <= self.chat_seen:
                continue
            self.chat_seen = line.n
            for watcher in self.watchers:
                watcher.put(chat_frame(line))

    def follow_seats(self, rows: Sequence[SeatRow]) -> None:
        """The seats as the table's owner (another process) changed them, told to the
        watchers (a replica's listeners are not told); the watchers of a seat's earlier
        holder closed first."""
        self.seats = list(rows)
        self._hand_over(self.seats)
        self._tell_seats()
        self._tell_each(self.view_frame)

    def _hand_over(self, rows: Sequence[SeatRow]) -> None:
        """The watchers of each of ``rows``' seats whose holder it no longer is (their
        nonce is not the seat's) stop watching: they get a ``closed`` frame saying so
        (after which the session closes the connection) and nothing after it."""
        nonces = {row.seat: row.nonce for row in rows}
        for watcher in list(self.watchers):
            seat = watcher.viewer
            if seat is not None and seat in nonces and watcher.nonce != nonces[seat]:
                self.watchers.remove(watcher)
                watcher.close(closed_frame(
                    self.table_id, f"seat {seat} has been given to someone else"))


_SEAT = re.compile(r"\b[Ss]eat (\d+)\b")


def named(text: str, names: Names) -> str:
    """``text`` (an engine's reason, which numbers the seats: "it is seat 2's move")
    with each seat by its name ("it is Bea's move"), as the game's words name them."""
    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        said = seat_name(names, seat)
        return said if said != f"seat {seat}" else match.group(0)
    return _SEAT.sub(name, text)


def chat_frame(line: ChatLine) -> ChatFrame:
    return {"type": "chat", "n": line.n, "seat": line.seat, "name": line.name,
            "text": line.text, "seq": line.seq, "at": line.at,
            "notice": line.seat is None and line.name == NOTICE}


def _people(players: int) -> list[SeatRow]:
    return [SeatRow(seat, "person", name=f"seat {seat}") for seat in range(players)]


def rebuild_all(log: Log) -> dict[str, Table]:
    """Every unfinished table of the log, rebuilt (what the server does on start)."""
    return {row.table_id: Table.rebuild(log, row) for row in log.unfinished()}
