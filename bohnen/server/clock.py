"""The clock of an online table (its set-up's ``clock``):

- ``{"mode": "realtime", "per_move": s, "bank": b}``: each move of a seat may take
  ``per_move`` seconds; time beyond that is taken from the seat's own bank (``b``
  seconds at the start, kept from move to move, never refilled);
- ``{"mode": "async", "per_move": s}``: each move may take ``per_move`` seconds (hours,
  in practice); no bank.

**Whose clock runs.** The clock runs for the seats the game cannot go on without,
``state.must_act()``: where one seat is to act, that seat; where several play at once
(Nicht die Bohne!'s face-down plays), each of them; in open trading the active player
in phases 1 and 2 (only its planting, only its close move the game on; the other seats
may propose, answer or harvest when they like, and no clock runs for them), and every
seat with cards to plant in phase 3. A seat's move time starts at the step after which
the game first needed it, or after its own last move (any move of its own, an
any-time harvest included, starts a new move's time); other seats' steps do not
renew it, so nobody can hold the game up by waiting while others negotiate.

**Out of time.** When a seat's time runs out, the default bot (``heuristic``) makes
that one move for it, through the same path as any bot at the table (its decision from
the seat's view, thought out in the process pool, submitted to the table's writer);
the seat stays the player's: nobody is skipped or expelled, and the bank, spent, stays
at 0.

**Restarts.** Nothing of the clock is stored apart: it is derived from the set-up, the
table's seed and its logged actions with the time of each (``Logged.at``), replayed
from the start, so deadlines and banks are the same after a restart (a deadline that
passed while the server was down is acted on at once). Two things are not in the log
and so are not charged to any bank: the time before the game's first step (the first
seats' time counts from when the server sees the table start, and starts afresh at
the first step), and a pause while a seat stands open again (when the table starts
again, the seats' time starts afresh). Such a move, whose start is in no log, has its
``per_move`` but may not draw on the bank, and the bank is not charged for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Literal

from bohnen.core.files import excerpt
from bohnen.core.protocol import JSONObject
from bohnen.server.frames import ClockJSON
from bohnen.server.offer import Offer
from bohnen.server.seating import DEFAULT_BOT, Minds, forced_move, thinkers_of
from bohnen.server.table import Table
from bohnen.server.thinkers import Thinkers

RETRY = 1.0  # seconds before a forced move that failed is tried again
log = logging.getLogger(__name__)
Mode = Literal["realtime", "async"]


@dataclass(frozen=True, slots=True)
class ClockSetup:
    """A table's clock as set up: the mode, the seconds of each move, the bank."""

    mode: Mode
    per_move: float
    bank: float = 0.0

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
        return cls(mode, per_move, bank)

    def to_json(self) -> JSONObject:
        data: JSONObject = {"mode": self.mode, "per_move": self.per_move}
        if self.mode == "realtime":
            data["bank"] = self.bank
        return data


def _seconds(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not math.isfinite(value) or value < 0:
        raise ValueError(f"a clock's {name} is a number of seconds from 0, not "
                         f"{excerpt(value)}")
    return float(value)


class Reckoning:
    """Each seat's bank and the start of its move's time, step by step: bookkeeping
    alone, told every time it needs (it reads no clock of its own)."""

    def __init__(self, setup: ClockSetup, players: int) -> None:
        self.setup = setup
        self.banks = [setup.bank] * players
        self.since: dict[int, float] = {}  # the seats it runs for: when their time began
        self.free: set[int] = set()  # of those, seats whose time began at no logged step

    def resume(self, seats: Sequence[int], now: float) -> None:
        """The table starts (or starts again) at ``now``, a time not in the log:
        ``seats``' time starts afresh, ``per_move`` without the bank, not charged."""
        self.since = dict.fromkeys(seats, now)
        self.free = set(seats)

    def step(self, seat: int, at: float, seats: Sequence[int]) -> None:
        """``seat`` moved at ``at`` (a logged time); the game now needs ``seats``. The
        mover's time, and that of each seat no longer needed, ends (what passed
        ``per_move`` is taken from its bank); a seat newly needed starts at ``at``, and
        so does one whose time began at no logged step."""
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

    def _spend(self, seat: int, used: float) -> None:
        over = used - self.setup.per_move
        if over > 0:
            self.banks[seat] = max(0.0, self.banks[seat] - over)

    def deadlines(self) -> dict[int, float]:
        """When each seat the clock runs for runs out: ``per_move`` after its time
        began, and its bank after that (not for a move whose start is in no log)."""
        per_move = self.setup.per_move
        return {seat: began + per_move + (0.0 if seat in self.free else self.banks[seat])
                for seat, began in sorted(self.since.items())}


class Clock:
    """A table's clock, live (see the module). :meth:`for_table` derives it from the
    log; :meth:`attach` sets it running; :meth:`to_json` is the ``view`` frame's
    ``clock``; ``await close()`` stops it."""

    def __init__(self, table: Table, setup: ClockSetup, pool: Executor | Thinkers,
                 default: str = DEFAULT_BOT, offer: Offer | None = None) -> None:
        self.table = table
        self.setup = setup
        self.thinkers = thinkers_of(pool)
        self.default = default
        self.minds = Minds(table, offer)
        self.reckoning = Reckoning(setup, table.state.options.players)
        self.forced = 0  # moves the default bot made for seats out of time
        self._seq = 0
        self._running = False
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
        clock.replay(time.time() if now is None else now)
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
            reckoning.step(logged.seat, logged.at, state.must_act())
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
        if seq == self._seq + 1:
            seat = table.history[seq - 1][0]
            self.reckoning.step(seat, table.times[seq - 1], table.state.must_act())
        elif seq != self._seq:
            self.replay(time.time())
        self._seq = seq
        running = table.started and not table.state.is_over
        if running and not self._running:
            self.reckoning.resume(table.state.must_act(), time.time())
        self._running = running
        self._schedule()

    def deadlines(self) -> dict[int, float]:
        """When each seat the clock runs for runs out (none while the table waits for a
        player, or once the game is over)."""
        return self.reckoning.deadlines() if self._running else {}

    def to_json(self) -> ClockJSON:
        """``{"mode", "per_move", "bank": {seat: seconds left, as kept since its last
        move} | null, "deadline": {seat: unix time}}``, the seats' keys in text."""
        banks = self.reckoning.banks
        return {"mode": self.setup.mode, "per_move": self.setup.per_move,
                "bank": ({str(seat): round(left, 3) for seat, left in enumerate(banks)}
                         if self.setup.mode == "realtime" else None),
                "deadline": {str(seat): round(at, 3)
                             for seat, at in self.deadlines().items()}}

    # --- running out --------------------------------------------------------------------

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _schedule(self, delay: float | None = None) -> None:
        """Wake at the next deadline (or after ``delay``), unless a move is being forced."""
        self._cancel_timer()
        if self._task is not None and not self._task.done():
            return  # its end schedules again
        deadlines = self.deadlines()
        if not deadlines:
            return
        if delay is None:
            delay = max(0.0, min(deadlines.values()) - time.time())
        self._timer = asyncio.get_running_loop().call_later(delay, self._expire)

    def _expire(self) -> None:
        self._timer = None
        self._task = asyncio.get_running_loop().create_task(self._force())

    async def _force(self) -> None:
        """The default bot moves for each seat out of time (one move each)."""
        failed = False
        try:
            for seat in list(self.deadlines()):
                deadline = self.deadlines().get(seat)  # the last move may have changed it
                if deadline is None or deadline > time.time():
                    continue
                reply = await forced_move(self.table, self.thinkers, self.minds, seat,
                                          self.default)
                if reply is not None and reply.ok:
                    self.forced += 1
                elif self.table.seq == self._seq:
                    failed = True
                    log.warning("table %s: no move for seat %d out of time (%s)",
                                self.table.table_id, seat,
                                reply.error if reply is not None else "the bot failed")
        except Exception:  # a fault here must not stop the table: logged, tried again
            log.exception("table %s: the clock", self.table.table_id)
            failed = True
        finally:
            self._task = None
        self._schedule(RETRY if failed else None)
