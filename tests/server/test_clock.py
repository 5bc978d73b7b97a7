"""Clocks (issue 24, "Clocks"): real-time (seconds per move and a bank per seat) or
asynchronous (seconds per move); when a seat's time runs out the heuristic bot makes
that one move for it, the seat staying the player's; the clock runs only for the seats
the game cannot go on without; deadlines and banks are derived from the log, so they
are the same after a restart. Short clocks (fractions of a second); every wait is
bounded."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from bohnen.bots import make_bot
from bohnen.core.bots import chosen, decision_for
from bohnen.core.rng import derive
from bohnen.server.clock import Clock, ClockSetup, Reckoning
from bohnen.server.database import open_log
from bohnen.server.logbase import Log, SeatRow
from bohnen.server.seating import Seating, bot_pool
from bohnen.server.table import Table

from .seated import table_of, until

REALTIME = {"mode": "realtime", "per_move": 0.2, "bank": 0.2}


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    """One spawned worker for the module, shut down after it."""
    executor = bot_pool(1)
    yield executor
    executor.shutdown(wait=True, cancel_futures=True)


# --- the set-up -------------------------------------------------------------------------


def test_a_clock_is_read_from_the_set_up() -> None:
    assert ClockSetup.from_json(None) is None
    assert ClockSetup.from_json(REALTIME) == ClockSetup("realtime", 0.2, 0.2)
    assert ClockSetup.from_json({"mode": "async", "per_move": 86_400, "bank": 5}) == \
        ClockSetup("async", 86_400.0, 0.0)
    assert ClockSetup("realtime", 30, 300).to_json() == \
        {"mode": "realtime", "per_move": 30, "bank": 300, "absent_turns": 3}


@pytest.mark.parametrize(("data", "message"), [
    ("fast", "a clock is an object"),
    ({"mode": "blitz", "per_move": 1}, "mode is realtime or async, not 'blitz'"),
    ({"mode": "async"}, "per_move is a number of seconds from 0, not None"),
    ({"mode": "async", "per_move": 0}, "per_move is more than 0 seconds"),
    ({"mode": "realtime", "per_move": 5, "bank": -1}, "bank is a number of seconds"),
    ({"mode": "realtime", "per_move": float("nan")}, "per_move is a number"),
    ({"mode": "realtime", "per_move": True}, "per_move is a number"),
])
def test_a_set_up_that_is_no_clock_is_refused_with_the_reason(data: Any, message: str
                                                                ) -> None:
    with pytest.raises(ValueError, match=message):
        ClockSetup.from_json(data)


# --- the reckoning (no time read) -------------------------------------------------------


def test_time_past_the_move_comes_from_the_seats_own_bank() -> None:
    book = Reckoning(ClockSetup("realtime", 10, 30), 3)
    book.resume([0], 100.0)
    assert book.deadlines() == {0: 110.0}  # a start in no log: no bank to draw on
    book.step(0, 105.0, [0])  # the first step: the time before it is not charged
    assert book.banks == [30, 30, 30] and book.deadlines() == {0: 145.0}
    book.step(0, 130.0, [1])  # seat 0 took 25 s: 15 past its 10 come from its bank
    assert book.banks == [15, 30, 30] and book.deadlines() == {1: 170.0}
    book.step(1, 135.0, [2])  # seat 1 took 5 s: its bank is untouched
    assert book.banks == [15, 30, 30]
    book.step(2, 200.0, [0])  # seat 2 took 65 s: its bank is spent, never below 0
    assert book.banks == [15, 30, 0.0] and book.deadlines() == {0: 225.0}


def test_other_seats_moves_do_not_renew_the_time_of_the_seat_the_game_waits_on() -> None:
    book = Reckoning(ClockSetup("realtime", 10, 30), 3)
    book.resume([0], 0.0)
    book.step(0, 1.0, [0])
    book.step(2, 8.0, [0])  # seat 2 harvests, say: seat 0's move goes on
    book.step(1, 9.0, [0])
    assert book.deadlines() == {0: 41.0}
    book.step(0, 21.0, [0])  # seat 0's own move: 20 s, 10 from its bank; a new move
    assert book.banks[0] == 20 and book.deadlines() == {0: 51.0}


def test_several_seats_run_at_once_where_several_must_move() -> None:
    book = Reckoning(ClockSetup("async", 3600), 4)
    book.resume([0], 0.0)
    book.step(0, 10.0, [1, 2, 3])
    assert book.deadlines() == {1: 3610.0, 2: 3610.0, 3: 3610.0}
    book.step(2, 50.0, [1, 3])
    assert book.deadlines() == {1: 3610.0, 3: 3610.0} and book.banks == [0.0] * 4


# --- live -------------------------------------------------------------------------------


async def _run_until(table: Table, clock: Clock, test: Any, what: str) -> None:
    table.start()
    clock.attach()
    try:
        await until(test, what)
    finally:
        await clock.close()
        await table.stop()


def test_a_seat_out_of_time_gets_the_heuristics_move_and_stays_the_players(
        log: Log, pool: ProcessPoolExecutor) -> None:
    table = table_of(log, ["person"] * 3, seed=4, setup={"clock": REALTIME})
    state = table.state.clone()
    heuristic = make_bot("heuristic", table.game)
    expected = chosen(heuristic, decision_for(state, 0, heuristic),
                      random.Random(derive(4, 0, 0)))
    clock = Clock.for_table(table, pool)
    assert clock is not None
    asyncio.run(_run_until(table, clock, lambda: table.seq >= 2, "the clock to run out"))
    assert table.log.actions("t1")[0].action == str(expected)
    assert [seat for seat, _ in table.history[:2]] == [0, 0]  # its second move too
    assert clock.forced >= 2 and table.seats[0] == SeatRow(0, "person", name="p0")
    assert table.forced[:2] == ["clock", "clock"]  # its second move at once, forced too


def test_banks_are_spent_and_kept_per_seat(log: Log,
                                           pool: ProcessPoolExecutor) -> None:
    # Seat 0's time runs out in the first turn, which began at no logged step (no bank to
    # draw on), seat 1's in the second (its bank spent first); seat 2 never has to move.
    # The table's time is the test's.
    table = table_of(log, ["person"] * 3, seed=4, trading="open",
                     setup={"clock": {"mode": "realtime", "per_move": 5, "bank": 10}})
    now = [1000.0]
    table.now = lambda: now[0]
    clock = Clock.for_table(table, pool)
    assert clock is not None

    async def scenario() -> None:
        table.start()
        clock.attach()
        try:
            now[0] += 5
            clock.wake()
            await until(lambda: table.state.must_act() == (1,), "seat 1's turn")
            assert clock.reckoning.banks == [10, 10, 10]
            now[0] += 15
            clock.wake()
            await until(lambda: 1 not in table.state.must_act(), "the end of its turn")
        finally:
            await clock.close()
            await table.stop()

    asyncio.run(scenario())
    movers = {seat for seat, _ in table.history}
    assert movers == {0, 1} and clock.forced == table.seq
    assert clock.reckoning.banks == [10, 0.0, 10]


def test_an_async_clock_has_no_bank(log: Log, pool: ProcessPoolExecutor) -> None:
    table = table_of(log, ["person"] * 3, "ndb",
                     setup={"clock": {"mode": "async", "per_move": 0.1}})
    clock = Clock.for_table(table, pool)
    assert clock is not None
    shown = []

    async def scenario() -> None:
        table.start()
        clock.attach()
        try:
            shown.append(clock.to_json())
            await until(lambda: table.seq >= 1, "the clock to run out")
        finally:
            await clock.close()
            await table.stop()

    asyncio.run(scenario())
    assert shown[0]["mode"] == "async" and shown[0]["bank"] is None
    assert list(shown[0]["deadline"]) == ["0"]
    assert table.history[0][0] == 0


# --- whose clock runs -------------------------------------------------------------------


def test_the_clock_waits_for_the_table_to_start(log: Log,
                                                pool: ProcessPoolExecutor) -> None:
    table = table_of(log, ["person", "open", "person"],
                     setup={"clock": {"mode": "realtime", "per_move": 60, "bank": 0}})
    clock = Clock.for_table(table, pool)
    assert clock is not None

    async def scenario() -> None:
        table.start()
        clock.attach()
        try:
            assert table.clock is clock
            assert clock.to_json() == {"mode": "realtime", "per_move": 60.0,
                                       "bank": {"0": 0.0, "1": 0.0, "2": 0.0},
                                       "deadline": {}, "ran_out": [], "absent": {},
                                       "absent_turns": 3}
            shown = table.view_frame(0)["clock"]
            assert shown is not None and shown["deadline"] == {}
            table.sit(SeatRow(1, "person", name="late"))
            assert list(clock.to_json()["deadline"]) == ["0"]
        finally:
            await clock.close()
            await table.stop()
        assert table.clock is None

    asyncio.run(scenario())


def test_in_open_trading_the_clock_runs_for_the_active_player_alone(
        log: Log, pool: ProcessPoolExecutor) -> None:
    table = table_of(log, ["person"] * 3, trading="open",
                     setup={"clock": {"mode": "realtime", "per_move": 600, "bank": 60}})
    clock = Clock.for_table(table, pool)
    assert clock is not None

    async def scenario() -> None:
        table.start()
        clock.attach()
        try:
            while table.state.view(0)["phase"] != "trade":  # seat 0 plants
                texts = [str(a) for a in table.state.legal_actions(0)]
                text = next((t for t in texts if "end-planting" in t), None) or \
                    next(t for t in texts if "plant" in t)
                assert (await table.submit(0, text)).ok
            assert table.state.to_act() == (0, 1, 2)  # anyone may propose
            before = clock.to_json()["deadline"]
            assert list(before) == ["0"]
            assert (await table.submit(1, "1: propose 0 want BL")).ok
            assert clock.to_json()["deadline"] == before  # not renewed by another seat
        finally:
            await clock.close()
            await table.stop()

    asyncio.run(scenario())


# --- restarts ---------------------------------------------------------------------------


def test_deadlines_and_banks_are_the_same_after_a_restart(
        db_url: str, log: Log, pool: ProcessPoolExecutor) -> None:
    setup = {"clock": {"mode": "realtime", "per_move": 0.01, "bank": 50}}
    table = table_of(log, ["person"] * 3, seed=9, setup=setup)
    clock = Clock.for_table(table, pool)
    assert clock is not None
    rng = random.Random(1)

    async def scenario() -> None:
        table.start()
        # The first move is made before the clock runs: its time begins at no logged
        # step, so it gets per_move alone, and the default bot would race this test.
        first = table.state.to_act()[0]
        assert (await table.submit(first, str(rng.choice(
            table.state.legal_actions(first))))).ok
        clock.attach()
        try:
            for _ in range(11):  # people's moves, each a little slow: banks are spent
                seat = table.state.to_act()[0]
                await asyncio.sleep(0.02)
                legal = table.state.legal_actions(seat)
                assert (await table.submit(seat, str(rng.choice(legal)))).ok
        finally:
            await clock.close()
            await table.stop()

    asyncio.run(scenario())
    live = clock.to_json()
    assert live["bank"] is not None and any(bank < 50 for bank in live["bank"].values())
    restarted = open_log(db_url)  # the log as a server started again opens it
    row = restarted.table("t1")
    assert row is not None
    again = Clock.for_table(Table.rebuild(restarted, row), pool, now=1e12)
    restarted.close()
    assert again is not None
    assert again.to_json() == live


def test_a_deadline_is_derived_from_the_logged_time_of_the_last_move(
        log: Log, pool: ProcessPoolExecutor) -> None:
    setup = {"clock": {"mode": "realtime", "per_move": 30, "bank": 100}}
    table = table_of(log, ["person"] * 3, seed=9, setup=setup)
    first = str(table.state.legal_actions(0)[0])
    table.log.append("t1", 1, 0, first, at=1000.0)
    table.state.apply(table.game.parse_action(first))
    second = str(table.state.legal_actions(0)[-1])
    table.log.append("t1", 2, 0, second, at=1100.0)  # 100 s: 70 past the 30
    row = table.log.table("t1")
    assert row is not None
    rebuilt = Table.rebuild(table.log, row)
    clock = Clock.for_table(rebuilt, pool, now=5.0)
    assert clock is not None
    needed = rebuilt.state.must_act()
    data = clock.to_json()
    assert data["bank"] is not None
    assert data["bank"]["0"] == 30.0 and data["bank"]["1"] == 100.0
    # the seat the game needs now started its move at the last logged move
    seat = needed[0]
    bank = 30.0 if seat == 0 else 100.0
    assert data["deadline"] == {str(seat): 1100.0 + 30 + bank}


def test_a_bot_that_waits_past_its_clock_gets_the_default_move(
        log: Log, pool: ProcessPoolExecutor) -> None:
    # In open trading the active player may wait while the others could still trade;
    # a bot that would wait 30 s with 0.1 s on its clock has its moves made for it.
    table = table_of(log, ["heuristic:patience=30", "person", "person"], seed=3,
                     trading="open",
                     setup={"clock": {"mode": "realtime", "per_move": 0.1, "bank": 0}})
    clock = Clock.for_table(table, pool)
    assert clock is not None

    async def scenario() -> None:
        table.start()
        seating = Seating(table, pool)
        seating.attach()
        clock.attach()
        try:
            await until(lambda: table.state.turn >= 2, "the end of the bot's turn")
        finally:
            await clock.close()
            await seating.close()
            await table.stop()

    asyncio.run(scenario())
    texts = [logged.action for logged in table.log.actions("t1")]
    assert "0: close-trading" in texts and clock.forced >= 1
