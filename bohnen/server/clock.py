"""The clock of an online table (its set-up's ``clock``):

- ``{"mode": "realtime", "per_move": s, "bank": b}``: each move of a seat may take
  ``per_move`` seconds; time beyond that is taken from the seat's own bank (``b``
  seconds at the start, kept from move to move, never refilled);
- ``{"mode": "async", "per_move": s}``: each move may take ``per_move`` seconds (hours,
  in practice); no bank.

Either may say ``"absent_turns": n`` (by default :data:`ABSENT_TURNS`; 0: never): after
``n`` turns in a row played by the clock, a person's seat goes to a stand-in bot.

**Whose clock runs.** The clock runs for the seats the game cannot go on without,
``state.must_act()``: where one seat is to act, that seat; where several play at once
(Nicht die Bohne!'s face-down plays), each of them; in open trading the active player
in phases 1 and 2 (only its planting, only its close move the game on; the other seats
may propose, answer or harvest when they like, and no clock runs for them), and every
seat with cards to plant in phase 3. A seat's move time starts at the step after which
the game first needed it, or after its own last move (any move of its own, an
any-time harvest included, starts a new move's time); other seats' steps do not
renew it, so nobody can hold the game up by waiting while others negotiate.

**Out of time.** When a seat's time runs out, the seat is *out of time* for the rest
of its turn, and the ``absent`` bot (:mod:`bohnen.bots.absent`) plays it: it proposes
nothing, declines what it is offered, closes the trading where it may, and makes the
moves the game needs (a plant, a journey, a card). Each of its moves is made at once,
one after the other, with no new ``per_move`` to wait for, through the same path as
any bot at the table (its decision from the seat's view, thought out in the shared
pool, submitted to the table's writer), and logged and shown as *forced* (the step's
``forced``: ``{"seat", "reason": "clock"}``). The seat's **turn**, for the clock, is
a stretch of steps after which the game waits on it (it is one of ``must_act()``);
it ends at the first step after which the game no longer does. So, at a table of
Bohnanza, the active player's turn runs from its planting to the end of its planting
of the kept cards (in open trading, while the others may go on proposing: the close
voids their offers); another seat's turn is its answer to an offer made to it, or the
floor passed to it (turn-based trading), or its planting of what it traded; at Nicht
die Bohne!, the card it leads, plays or takes; at Bohn Hansa, the active player's
journey, trading and final phase, or another seat's answer to a deal or its turn
holding the floor. A move of the seat's own (not forced) in the meantime ends its
being out of time: the person is back, and its move's time starts again. Nobody is
skipped or expelled, and the bank, spent, stays at 0.

**Absent turns.** A turn in which the clock forced a move counts as an absent turn;
a move of the seat's own (not forced) starts the count again, and so does a new holder
of the seat or its person taking it back from a stand-in. After ``absent_turns`` absent
turns in a row, once the last of them has ended, a person's seat is handed to the
default bot as its stand-in (``standin``, ``standin_reason: "clock"``: a change of
seats every client sees), as the person's own "hand my seat to a bot" would; the seat
stays the person's, who takes it back by any move of their own or ``{"standin":
null}`` (:meth:`bohnen.server.lobby.Lobby.come_back`). A seat a bot plays (a bot's, or
a stand-in's) is played by the absent bot when its bot is too slow, and never handed
on.

**Undo.** A move taken back is as if it had not been made: the clock is reckoned
again from the game's steps (those no undo took back), so the seat's move time runs
from where it ran before that move (taking a move back gives no time), and a bank
charged for it is as it was.

**Restarts.** Nothing of the clock is stored apart: it is derived from the set-up, the
table's seed and its logged actions with the time of each (``Logged.at``) and whether
the clock forced it (``Logged.forced``), replayed from the start, so deadlines, banks,
the seats out of time and the absent turns in a row are the same after a restart (a
deadline that passed while the server was down is acted on at once). Three things are
not in the log: the time before the game's first step (the first seats' time counts
from when the server sees the table start, and starts afresh at the first step), a
pause while a seat stands open again (when the table starts again, the seats' time
starts afresh), and a person taking back their seat without a move (after a restart,
the absent turns count from the seat's last own move). Such a move, whose start is in
no log, has its ``per_move`` but may not draw on the bank, and the bank is not
charged for it.

The time is the table's (``Table.now``, the time its steps are logged at), so a test
gives both the same clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Literal

from bohnen.core.files import excerpt
from bohnen.core.protocol import JSONObject
from bohnen.server.frames import ClockJSON
from bohnen.server.logbase import LogUnwritable, SeatRow
from bohnen.server.offer import Offer
from bohnen.server.seating import ABSENT_BOT, DEFAULT_BOT, Minds, forced_move, thinkers_of
from bohnen.server.table import Reply, Table
from bohnen.server.thinkers import Thinkers

RETRY = 1.0  # seconds before a forced move that failed is tried again
FORCED = "clock"  # why the clock made a move (Logged.forced), or put a stand-in there
ABSENT_TURNS = 3  # absent turns in a row before a person's seat goes to its stand-in
MAX_ABSENT_TURNS = 100
log = logging.getLogger(__name__)
Mode = Literal["realtime", "async"]


@dataclass(frozen=True, slots=True)
class ClockSetup:
    """A table's clock as set up: the mode, the seconds of each move, the bank, and the
    absent turns in a row after which a person's seat goes to its stand-in (0: never)."""

    mode: Mode
    per_move: float
    bank: float = 0.0
    absent_turns: int = ABSENT_TURNS

    @classmethod
    def from_json(cls, data: object) -> ClockSetup | None:
        """The clock of a set-up's ``clock`` field (None: no clock); ``ValueError``
        naming what is wrong."""
        if data is None:
            return None
        if not isinstance(data, dict):
            raise ValueError(f"a clock is an object with mode and per_move, not "
                             f"{excerpt(data)}")
        mode = data.get("mode")
        if mode not in ("realtime", "async"):
            raise ValueError(f"a clock's mode is realtime or async, not {excerpt(mode)}")
        per_move = _seconds(data.get("per_move"), "per_move")
        if per_move <= 0:
            raise ValueError(f"a clock's per_move is more than 0 seconds, not {per_move}")
        bank = _seconds(data.get("bank", 0), "bank") if mode == "realtime" else 0.0
        return cls(mode, per_move, bank, _turns(data.get("absent_turns", ABSENT_TURNS)))

    def to_json(self) -> JSONObject:
        data: JSONObject = {"mode": self.mode, "per_move": self.per_move}
        if self.mode == "realtime":
            data["bank"] = self.bank
        data["absent_turns"] = self.absent_turns
        return data


def _seconds(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not math.isfinite(value) or value < 0:
        raise ValueError(f"a clock's {name} is a number of seconds from 0, not "
                         f"{excerpt(value)}")
    return float(value)


def _turns(value: object) -> int:
    if type(value) is not int or not 0 <= value <= MAX_ABSENT_TURNS:
        raise ValueError(f"a clock's absent_turns is a whole number from 0 (never) to "
                         f"{MAX_ABSENT_TURNS}, not {excerpt(value)}")
    return value


class Reckoning:
    """Each seat's bank, the start of its move's time, whether it is out of time and its
    absent turns in a row, step by step: bookkeeping alone, told every time it needs (it
    reads no clock of its own)."""

    def __init__(self, setup: ClockSetup, players: int) -> None:
        self.setup = setup
        self.banks = [setup.bank] * players
        self.since: dict[int, float] = {}  # the seats it runs for: when their time began
        self.free: set[int] = set()  # of those, seats whose time began at no logged step
        self.out: set[int] = set()  # seats out of time: their every move is forced now
        self.absent = [0] * players  # per seat: its absent turns in a row

    def resume(self, seats: Sequence[int], now: float) -> None:
        """The table starts (or starts again) at ``now``, a time not in the log:
        ``seats``' time starts afresh, ``per_move`` without the bank, not charged."""
        self.since = dict.fromkeys(seats, now)
        self.free = set(seats)

    def step(self, seat: int, at: float, seats: Sequence[int],
             forced: bool = False) -> list[int]:
        """``seat`` moved at ``at`` (a logged time; ``forced``: the clock made the move
        for it); the game now needs ``seats``. The mover's time, and that of each seat no
        longer needed, ends (what passed ``per_move`` is taken from its bank); a seat
        newly needed starts at ``at``, and so does one whose time began at no logged
        step. A forced move leaves its seat out of time; a move of its own ends that and
        its absent turns in a row. The seats whose absent turn ended at this step (each
        counted once more)."""
        if forced:
            self.out.add(seat)
        else:
            self.forget(seat)
        needed = set(seats)
        for other in list(self.since):
            if other == seat or other not in needed:
                began = self.since.pop(other)
                if other not in self.free:
                    self._spend(other, at - began)
        for other in self.free & set(self.since):
            self.since[other] = at
        self.free = set()
        for other in seats:
            self.since.setdefault(other, at)
        ended = sorted(self.out - needed)
        for other in ended:
            self.out.discard(other)
            self.absent[other] += 1
        return ended

    def forget(self, seat: int) -> None:
        """The seat's person is back (or someone else holds it now): it is no longer out
        of time, and has no absent turn."""
        self.out.discard(seat)
        self.absent[seat] = 0

    def _spend(self, seat: int, used: float) -> None:
        over = used - self.setup.per_move
        if over > 0:
            self.banks[seat] = max(0.0, self.banks[seat] - over)

    def deadlines(self) -> dict[int, float]:
        """When each seat the clock runs for runs out: ``per_move`` after its time
        began, and its bank after that (not for a move whose start is in no log); a
        seat out of time, when its time began (at once)."""
        per_move = self.setup.per_move
        return {seat: began if seat in self.out
                else began + per_move + (0.0 if seat in self.free else self.banks[seat])
                for seat, began in sorted(self.since.items())}


def _holders(table: Table) -> list[tuple[str, str | None]]:
    return [(row.nonce, row.standin) for row in table.seats]


def _absent(row: SeatRow) -> bool:
    """Whether the seat's person plays it (no bot, no stand-in): whom the clock may
    hand to a stand-in."""
    return row.kind == "person" and row.standin is None


class Clock:
    """A table's clock, live (see the module). :meth:`for_table` derives it from the
    log; :meth:`attach` sets it running; :meth:`to_json` is the ``view`` frame's
    ``clock``; ``await close()`` stops it."""

    def __init__(self, table: Table, setup: ClockSetup, pool: Executor | Thinkers,
                 default: str = DEFAULT_BOT, offer: Offer | None = None) -> None:
        self.table = table
        self.setup = setup
        self.thinkers = thinkers_of(pool)
        self.default = default  # the stand-in of a seat absent turn after turn
        self.minds = Minds(table, offer)
        self.reckoning = Reckoning(setup, table.state.options.players)
        self.forced = 0  # moves the absent bot made for seats out of time
        self._seq = 0
        self._held = _holders(table)  # per seat: its holder's nonce, its stand-in
        self._running = False
        self._closed = False
        self._timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None

    @classmethod
    def for_table(cls, table: Table, pool: Executor | Thinkers, now: float | None = None,
                  offer: Offer | None = None) -> Clock | None:
        """The clock of ``table``'s set-up (None if it has none) as its log leaves it:
        its game replayed from the seed, each logged action at its logged time;
        ``ValueError`` for a set-up that is no clock."""
        setup = ClockSetup.from_json(table.setup.get("clock"))
        if setup is None:
            return None
        clock = cls(table, setup, pool, offer=offer)
        clock.replay(table.now() if now is None else now)
        return clock

    def replay(self, now: float) -> None:
        """Reckon every logged step again from the start (``now``: the time of the
        start, which no log holds)."""
        table = self.table
        game = table.game
        state = game.new_game(table.state.options, table.seed)
        reckoning = Reckoning(self.setup, table.state.options.players)
        reckoning.resume(state.must_act(), now)
        for logged in table.log.actions(table.table_id):
            state.apply(game.parse_action(logged.action))
            reckoning.step(logged.seat, logged.at, state.must_act(),
                           logged.forced is not None)
        self.reckoning = reckoning
        self._seq = table.seq
        self._running = table.started and not table.state.is_over

    # --- live ---------------------------------------------------------------------------

    def attach(self) -> None:
        """Show in the table's ``view`` frames, listen to its steps, and run."""
        self.table.clock = self
        if self.changed not in self.table.listeners:
            self.table.listeners.append(self.changed)
        self.changed(self.table, self.table.seq)

    async def close(self) -> None:
        self._closed = True
        if self.changed in self.table.listeners:
            self.table.listeners.remove(self.changed)
        if self.table.clock is self:
            self.table.clock = None
        self._cancel_timer()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def changed(self, table: Table, seq: int) -> None:
        """The table's listener: a step, or a change of seats."""
        self._follow_seats()
        if seq == self._seq + 1 and table.seqs[-1:] == [seq]:  # a step, not an undo
            seat = table.history[-1][0]
            ended = self.reckoning.step(seat, table.times[-1], table.state.must_act(),
                                        table.forced[-1] is not None)
            self._absent_turns(ended)
        elif seq != self._seq:
            self.replay(table.now())
        self._seq = seq
        running = table.started and not table.state.is_over
        if running and not self._running:
            self.reckoning.resume(table.state.must_act(), table.now())
        self._running = running
        self._schedule()

    @property
    def forcing(self) -> bool:
        """Whether the clock is making moves for seats out of time now."""
        return self._task is not None and not self._task.done()

    def wake(self) -> None:
        """Look at the deadlines again now (the table's time may have jumped: a test's
        clock)."""
        self._schedule()

    def deadlines(self) -> dict[int, float]:
        """When each seat the clock runs for runs out (none while the table waits for a
        player, or once the game is over)."""
        return self.reckoning.deadlines() if self._running else {}

    def to_json(self) -> ClockJSON:
        """``{"mode", "per_move", "bank": {seat: seconds left, as kept since its last
        move} | null, "deadline": {seat: unix time}, "ran_out": [seats out of time, whose
        moves the clock makes], "absent": {seat: absent turns in a row, where any},
        "absent_turns": the count that hands a seat to its stand-in (0: never)}``, the
        seats' keys in text."""
        reckoning = self.reckoning
        banks = reckoning.banks
        return {"mode": self.setup.mode, "per_move": self.setup.per_move,
                "bank": ({str(seat): round(left, 3) for seat, left in enumerate(banks)}
                         if self.setup.mode == "realtime" else None),
                "deadline": {str(seat): round(at, 3)
                             for seat, at in self.deadlines().items()},
                "ran_out": sorted(reckoning.out),
                "absent": {str(seat): turns for seat, turns in enumerate(reckoning.absent)
                           if turns},
                "absent_turns": self.setup.absent_turns}

    # --- seats absent turn after turn ---------------------------------------------------

    def _follow_seats(self) -> None:
        """A seat with a new holder, or taken back from a stand-in, starts afresh."""
        held = _holders(self.table)
        for seat, ((nonce, standin), (was_nonce, was_standin)) in enumerate(
                zip(held, self._held, strict=True)):
            if nonce != was_nonce or (was_standin is not None and standin is None):
                self.reckoning.forget(seat)
        self._held = held

    def _absent_turns(self, seats: Sequence[int]) -> None:
        """The absent turns of ``seats`` just ended: a person's seat absent
        ``absent_turns`` times in a row is handed to its stand-in, once the step's
        frames are out (the seats frame comes after them)."""
        turns = self.setup.absent_turns
        for seat in seats:
            if turns and self.reckoning.absent[seat] >= turns \
                    and _absent(self.table.seats[seat]):
                asyncio.get_running_loop().call_soon(self._stand_in, seat)

    def _stand_in(self, seat: int) -> None:
        """The default bot stands in for the seat's person, put there by the clock,
        unless the person came back meanwhile (or the clock stopped, or the game is
        over)."""
        row = self.table.seats[seat]
        if self._closed or self.table.state.is_over or not _absent(row) \
                or self.reckoning.absent[seat] < self.setup.absent_turns:
            return
        try:
            self.table.sit(replace(row, standin=self.default, standin_reason=FORCED))
        except LogUnwritable as exc:  # tried again at the end of its next absent turn
            log.warning("table %s: seat %d's stand-in cannot be seated now: %s",
                        self.table.table_id, seat, exc)
        else:
            log.info("table %s: seat %d absent %d turns in a row: a stand-in plays it",
                     self.table.table_id, seat, self.reckoning.absent[seat])

    # --- running out --------------------------------------------------------------------

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _schedule(self, delay: float | None = None) -> None:
        """Wake at the next deadline (or after ``delay``), unless a move is being forced."""
        self._cancel_timer()
        if self._closed or (self._task is not None and not self._task.done()):
            return  # its end schedules again
        deadlines = self.deadlines()
        if not deadlines:
            return
        if delay is None:
            delay = max(0.0, min(deadlines.values()) - self.table.now())
        self._timer = asyncio.get_running_loop().call_later(delay, self._expire)

    def _expire(self) -> None:
        self._timer = None
        self._task = asyncio.get_running_loop().create_task(self._force())

    def _due(self) -> int | None:
        """The seat whose deadline passed first, if any did."""
        now = self.table.now()
        due = [(at, seat) for seat, at in self.deadlines().items() if at <= now]
        return min(due)[1] if due else None

    def _count(self, reply: Reply) -> None:
        """A forced move counted as the writer takes it (so even the last one, at a table
        closing at once: awaited, its count could come after the test or the close that
        looks at it)."""
        if reply.ok:
            self.forced += 1

    async def _force(self) -> None:
        """The absent bot moves for each seat out of time, a move at a time and at once,
        until no deadline has passed (see the module)."""
        failed = False
        try:
            while (seat := self._due()) is not None:
                seq = self.table.seq
                reply = await forced_move(self.table, self.thinkers, self.minds, seat,
                                          ABSENT_BOT, self._count, forced=FORCED)
                taken = reply is not None and reply.ok
                if not taken and self.table.seq == seq:  # not another move first: a fault
                    failed = True
                    log.warning("table %s: no move for seat %d out of time (%s)",
                                self.table.table_id, seat,
                                reply.error if reply is not None else "the bot failed")
                    break
        except Exception:  # a fault here must not stop the table: logged, tried again
            log.exception("table %s: the clock", self.table.table_id)
            failed = True
        finally:
            self._task = None
        self._schedule(RETRY if failed else None)
