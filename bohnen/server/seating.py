"""Bots at the seats of an online table: a bot's seat (``SeatRow.kind == "bot"``, its
spec in ``bot``) and a person's seat handed to a stand-in (``standin``, a spec).

After every step (and when it is attached, and when the seats change) the seating
looks at the seats of ``to_act()`` that a bot plays and asks each bot, one question at
a time per seat, for its move:

1. the bot's :class:`~bohnen.core.bots.Decision` is built from the seat's view, its
   legal actions and its proposals (as a list), as every bot is given it, never the
   state; at a live table it may allow waiting (``may_wait``, with ``waited``: the
   seconds since the table's last step);
2. the bot thinks in a worker of a process pool (:func:`bot_pool`), built there by its
   spec from the bots' registry (:func:`think`), so the event loop never runs a bot:
   what crosses to the worker is an :class:`Ask` (game name, spec, decision, seed),
   and what comes back is the move's notation or a :class:`~bohnen.core.bots.Wait`.
   The pool is shared by every table, in turns, the people's tables first
   (:mod:`bohnen.server.thinkers`); the spec a worker makes is the server's reading of
   the seat's (:meth:`~bohnen.server.offer.Offer.resolve`: an operator's bot by its
   name, a search bot's time bounded), and a seat whose spec the server does not
   offer (a log written by an older server, or tampered with) is played by the default
   bot;
3. back in the event loop: if the table has moved on meanwhile (another step, or the
   seat is no longer that bot's), the answer is dropped and the bot asked again on the
   table as it is now; a wait rests the seat until the seconds have passed or the table
   changes; a move is submitted like anybody's, ``await table.submit(seat, notation)``.

A bot that fails (it raises, or its move is refused while the table stood still) does
not hold the game up and cannot crash the table: it is logged, and the default bot
(``heuristic``, offered no wait) makes that one move for it; if that fails too, the
seat rests until the next step. No bot acts before the table has started (no open
seat) nor after the game is over.

**Chance.** Each answer's ``random.Random`` is seeded by ``derive(table seed, seq,
seat)``: the same seat at the same step of the same table decides the same way.
Where one seat at a time is to act (turn-based trading, Bohn Hansa, Nicht die Bohne!'s
lead and taking), a table of bots alone plays the same game every time. Where several
may act at once (open trading, the face-down plays), which bot's move reaches the
writer first is a matter of timing, and so is a bot's waiting (``waited``); each move
is still the same given the same order of steps and the same waits.

A move decided on the table at step ``seq`` is submitted only while the table is
still at ``seq``; an action already queued for the writer (a person's, sent at the same
moment) may be applied first, and the bot's is then checked against the table as it
is then, like any action.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from bohnen.bots.registry import make_bot
from bohnen.core.bots import Decision, Reads, Wait, decision_for
from bohnen.core.registry import get_game
from bohnen.core.rng import derive
from bohnen.server.log import SeatRow
from bohnen.server.offer import BotRefused, Offer
from bohnen.server.table import Reply, Table
from bohnen.server.thinkers import Thinkers

DEFAULT_BOT = "heuristic"  # makes the move of a bot that fails; a clock's stand-in
ABSENT_BOT = "absent"  # plays a seat out of time (the clock's: bohnen.server.clock)
OWN_BOTS = frozenset({DEFAULT_BOT, ABSENT_BOT})  # the server's own choices, not a client's
log = logging.getLogger(__name__)


PARENT_POLL = 0.5  # seconds between a worker's looks at whether the server still runs


def pool_size(workers: int | None = None) -> int:
    """The workers of the bots' pool: ``workers``, by default the CPUs less one (at
    least one)."""
    return workers if workers is not None else max(1, (os.cpu_count() or 2) - 1)


def bot_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """The pool the bots think in: :func:`pool_size` processes, started fresh
    (``spawn``: forking a process that runs an event loop and threads is not safe),
    each ending by itself when the server's process is gone (even killed with
    ``kill -9``, when nothing shuts the pool down: :func:`_end_with`). Shut it down
    with the server."""
    return ProcessPoolExecutor(max_workers=pool_size(workers),
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=_end_with, initargs=(os.getpid(),))


def _end_with(server: int) -> None:
    """In a worker, at its start: a thread that ends the worker once the server's
    process ``server`` is no longer its parent (the server died; the worker would be
    left waiting for questions forever, and the pool's helper process with it)."""
    def watch() -> None:
        while os.getppid() == server:
            threading.Event().wait(PARENT_POLL)
        os._exit(0)

    threading.Thread(target=watch, name="bohnen-parent-watch", daemon=True).start()


def spec_at(row: SeatRow) -> str | None:
    """The bot that plays the seat now: a bot's seat's bot, a person's stand-in, or
    None (a person plays, or nobody sits there)."""
    if row.kind == "bot":
        return row.bot
    if row.kind == "person":
        return row.standin
    return None


@dataclass(frozen=True, slots=True)
class Ask:
    """What crosses to a worker: the game, the bot's spec, its decision (proposals as a
    list) and the seed of its ``random.Random``."""

    game: str
    spec: str
    decision: Decision[Any]
    seed: int


def think(ask: Ask) -> str | Wait:
    """In a worker: the answer of bot ``ask.spec`` to its decision, the move's notation
    or a wait."""
    bot = make_bot(ask.spec, get_game(ask.game))
    answer = bot.act(ask.decision, random.Random(ask.seed))
    return answer if isinstance(answer, Wait) else str(answer)


def ask_for(table: Table, seat: int, bot: Reads, spec: str, waiting: bool,
            waited: float = 0.0) -> Ask:
    """The question to the bot that ``spec`` makes (``bot``: what its decision must
    hold, its view, its proposals) at ``seat`` of ``table`` now."""
    decision = decision_for(table.state, seat, bot, waiting, waited)
    decision = decision._replace(proposals=list(decision.proposals))
    return Ask(table.game.name, spec, decision, derive(table.seed, table.seq, seat))


class Minds:
    """The bots of one table as the event loop knows them: for each seated spec, the
    spec this server plays it with (:meth:`playable`) and what its decision must hold
    (:meth:`bot`: an offered bot made once here, where it never acts; an operator's
    bot only described)."""

    def __init__(self, table: Table, offer: Offer | None = None) -> None:
        self.table = table
        self.offer = offer  # None: every spec is trusted (a table driven in-process)
        self._bots: dict[str, Reads] = {}
        self._playable: dict[str, str] = {}

    def bot(self, spec: str) -> Reads:
        bot = self._bots.get(spec)
        if bot is None:
            game = self.table.game
            bot = self._bots[spec] = (make_bot(spec, game) if self.offer is None
                                      else self.offer.traits(spec, game))
        return bot

    def playable(self, spec: str) -> str:
        """``spec`` if this server seats it or chose it itself (:data:`OWN_BOTS`), else
        the default bot (said once in the log: a seat written by an older server, or a
        log tampered with)."""
        if self.offer is None or spec in OWN_BOTS:
            return spec
        checked = self._playable.get(spec)
        if checked is None:
            try:
                checked = self.offer.check(spec, self.table.game)
            except BotRefused as exc:
                log.warning("table %s: a seat's bot %r is not offered here (%s): the "
                            "default bot plays it", self.table.table_id, spec[:80], exc)
                checked = DEFAULT_BOT
            self._playable[spec] = checked
        return checked

    def ask(self, seat: int, spec: str, waiting: bool, waited: float = 0.0) -> Ask:
        """The question to the bot that plays ``spec`` at ``seat`` now."""
        table = self.table
        made = spec if self.offer is None else self.offer.resolve(spec, table.game)
        return ask_for(table, seat, self.bot(spec), made, waiting, waited)


def thinkers_of(pool: Executor | Thinkers) -> Thinkers:
    """The shared thinkers, or thinkers of their own over a bare pool (a test's)."""
    if isinstance(pool, Thinkers):
        return pool
    return Thinkers(pool, getattr(pool, "_max_workers", 1))


async def forced_move(table: Table, thinkers: Thinkers, minds: Minds, seat: int,
                      spec: str = DEFAULT_BOT,
                      on_reply: Callable[[Reply], None] | None = None,
                      forced: str | None = None) -> Reply | None:
    """Bot ``spec`` makes ``seat``'s move now (offered no wait), through the pool and the
    writer; its reply, or None if the table moved on before the bot answered or the bot
    failed (logged). ``on_reply`` and ``forced`` (why, marked in the log): as
    :meth:`Table.submit` takes them."""
    seq = table.seq
    try:
        ask = minds.ask(seat, minds.playable(spec), waiting=False)
        answer = await thinkers.think(table, think, ask)
    except Exception:
        log.exception("table %s: bot %s failed at seat %d, step %d", table.table_id, spec,
                      seat, seq)
        return None
    if table.seq != seq or answer is None or isinstance(answer, Wait):
        return None
    return await table.submit(seat, answer, on_reply, forced, by_bot=True)


class Seating:
    """The bots at one table's seats (see the module). ``attach()`` starts it,
    ``await close()`` ends it; ``pool``: the thinkers every table shares (a bare pool:
    thinkers of this table's own); ``offer``: the bots the server seats (None: every
    seat's spec is trusted, as for a table a test or a tool drives in-process; the
    server always gives its own)."""

    def __init__(self, table: Table, pool: Executor | Thinkers, offer: Offer | None = None,
                 default: str = DEFAULT_BOT) -> None:
        self.table = table
        self.thinkers = thinkers_of(pool)
        self.default = default
        self.minds = Minds(table, offer)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._seq = -1
        self._since = 0.0  # loop time of the table's last step (or of the attachment)
        self._changed = asyncio.Event()  # set, and replaced, at every change of the table
        self.moves = 0  # moves the bots made here (their own and the default's), counted
        # by the writer as it takes them (so even the last, at a table closing at once)
        self.faults = 0  # answers that failed or were refused while the table stood still

    def attach(self) -> None:
        """Listen to the table, and ask the bots to act if it is their move now."""
        if self.changed not in self.table.listeners:
            self.table.listeners.append(self.changed)
        self.changed(self.table, self.table.seq)

    async def close(self) -> None:
        """Stop listening and end every seat's task (a move being thought out in the
        pool is finished there and dropped)."""
        if self.changed in self.table.listeners:
            self.table.listeners.remove(self.changed)
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()

    def thinking(self) -> list[int]:
        """The seats whose bot is being asked (or rests) now."""
        return sorted(seat for seat, task in self._tasks.items() if not task.done())

    # --- the listener ---------------------------------------------------------------

    def changed(self, table: Table, seq: int) -> None:
        """The table's listener: a step, or a change of seats. Schedules, never blocks."""
        loop = asyncio.get_running_loop()
        if seq != self._seq:
            self._seq, self._since = seq, loop.time()
        self._changed.set()
        self._changed = asyncio.Event()
        for seat in self._seats_to_ask():
            task = self._tasks.get(seat)
            if task is None or task.done():
                self._tasks[seat] = loop.create_task(self._play(seat))

    def _seats_to_ask(self) -> list[int]:
        table = self.table
        if not table.started or table.state.is_over:
            return []
        return [seat for seat in table.state.to_act() if spec_at(table.seats[seat])]

    # --- one seat -------------------------------------------------------------------

    async def _play(self, seat: int) -> None:
        """Ask the seat's bot until it is no longer to act (see the module)."""
        while seat in self._seats_to_ask():
            seated = spec_at(self.table.seats[seat])
            assert seated is not None
            spec = self.minds.playable(seated)
            changed = self._changed
            try:
                rest = await self._turn(seat, spec)
            except Exception:  # a fault of the seating itself: logged, the table goes on
                log.exception("table %s: the bot at seat %d", self.table.table_id, seat)
                self.faults += 1
                rest = Wait()
            if rest is not None:
                await _rest(changed, rest.seconds)

    async def _turn(self, seat: int, spec: str) -> Wait | None:
        """One question to the seat's bot and what comes of it: None to ask again at
        once, or how long the seat rests (at most until the table changes)."""
        table = self.table
        seq = table.seq
        seated = spec_at(table.seats[seat])
        waited = asyncio.get_running_loop().time() - self._since
        try:
            ask = self.minds.ask(seat, spec, True, waited)
            answer: str | Wait | None = await self.thinkers.think(table, think, ask)
        except Exception:
            log.exception("table %s: bot %s failed at seat %d, step %d", table.table_id,
                          spec, seat, seq)
            answer = None
        if table.seq != seq or spec_at(table.seats[seat]) != seated:
            return None  # stale: the table moved on while the bot thought
        if isinstance(answer, Wait):
            if not ask.decision.may_wait:
                log.warning("table %s: bot %s waited at seat %d, where the game needs its "
                            "move", table.table_id, spec, seat)
                return await self._fallback(seat, seq)
            return answer
        if answer is not None:
            reply = await table.submit(seat, answer, self._count, by_bot=True)
            if reply.ok:
                return None
            if table.seq != seq:
                return None  # another move came first: ask again
            log.warning("table %s: bot %s's move %r at seat %d refused: %s", table.table_id,
                        spec, answer, seat, reply.error)
        return await self._fallback(seat, seq)

    async def _fallback(self, seat: int, seq: int) -> Wait | None:
        """The default bot makes the move of a bot that failed; if it fails too, the
        seat rests until the table changes."""
        self.faults += 1
        reply = await forced_move(self.table, self.thinkers, self.minds, seat, self.default,
                                  self._count)
        if reply is not None and reply.ok:
            return None
        if self.table.seq != seq:
            return None
        return Wait()


    def _count(self, reply: Reply) -> None:
        if reply.ok:
            self.moves += 1


async def _rest(changed: asyncio.Event, seconds: float | None) -> None:
    """Until ``changed`` is set (the table changed), or ``seconds`` have passed."""
    if seconds is None:
        await changed.wait()
        return
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(changed.wait(), seconds)

