"""An absent player does not stall the table (issue 35, item 2).

Once a seat's time has run out, the clock plays the rest of its turn at once, move
after move, with the ``absent`` bot (it proposes nothing, declines, closes the
trading, plants what it must), until the game no longer waits on the seat; each such
move is marked ``forced`` in the log and in the step frame every viewer gets, and
survives a restart and the replay; after ``absent_turns`` such turns in a row a
person's seat goes to its stand-in bot, put there by the clock, until the person comes
back (an action of theirs, or ``{"standin": null}``).

The table's time is the test's own (``Table.now``, which the clock reads too): a
deadline passes when the test moves the time on and wakes the clock, so no test waits
for time; every wait is for an event, bounded."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from typing import Any

import pytest

from bohnen.core import get_game
from bohnen.server.clock import ABSENT_TURNS, FORCED, Clock, ClockSetup, Reckoning
from bohnen.server.frames import ServerFrame
from bohnen.server.logbase import Log
from bohnen.server.offer import BotRefused, Offer
from bohnen.server.replay import Replays
from bohnen.server.seating import Seating
from bohnen.server.table import Table, Watcher

from .seated import play_at_random, table_of, until
from .web import call, join, next_frame, people, served

PER_MOVE = 60.0
MARK = {"seat": 0, "reason": FORCED}


@pytest.fixture(scope="module")
def pool() -> Iterator[ThreadPoolExecutor]:
    """The bots think in a thread here (the absent bot and the heuristic are quick)."""
    with ThreadPoolExecutor(1) as executor:
        yield executor


class Scene:
    """A table of three people with a clock, its time the test's (``now``)."""

    def __init__(self, log: Log, pool: ThreadPoolExecutor, game: str, seed: int,
                 absent_turns: int = 0, **options: Any) -> None:
        self.now = 1_000.0
        clock = {"mode": "async", "per_move": PER_MOVE, "absent_turns": absent_turns}
        self.table = table_of(log, ["person"] * 3, game, seed=seed,
                              setup={"clock": clock}, **options)
        self.table.now = lambda: self.now
        made = Clock.for_table(self.table, pool)
        assert made is not None
        self.clock = made

    async def play(self, seat: int, text: str) -> None:
        """A person's own move."""
        reply = await self.table.submit(seat, text)
        assert reply.ok, (text, reply.error)

    async def run_out(self, seat: int) -> list[int]:
        """``seat``'s time runs out (the test's time moves to its deadline): the clock
        plays the seat until the game no longer waits on it. The steps it made."""
        table, clock = self.table, self.clock
        before = table.seq
        self.now = max(self.now, clock.deadlines()[seat])
        clock.wake()
        await until(lambda: table.seq > before and not clock.forcing
                    and (seat not in table.state.must_act() or table.state.is_over),
                    f"seat {seat}'s turn played by the clock")
        return list(range(before + 1, table.seq + 1))

    def kinds(self, steps: list[int]) -> list[str]:
        """The actions of ``steps``, each by its verb (``plant``, ``close-trading``)."""
        return [self.action(seq).partition(": ")[2].split(" ")[0] for seq in steps]

    def action(self, seq: int) -> str:
        return self.table.log.actions(self.table.table_id, after=seq - 1)[0].action


async def _running(scene: Scene, work: Any) -> Any:
    scene.table.start()
    scene.clock.attach()
    try:
        return await work()
    finally:
        await scene.clock.close()
        await scene.table.stop()


# --- the set-up ---------------------------------------------------------------------------


def test_absent_turns_is_a_clock_option_with_a_default() -> None:
    assert ClockSetup.from_json({"mode": "async", "per_move": 60}) == \
        ClockSetup("async", 60.0, 0.0, ABSENT_TURNS)
    assert ClockSetup.from_json({"mode": "async", "per_move": 60, "absent_turns": 0}) \
        == ClockSetup("async", 60.0, 0.0, 0)
    for bad in (-1, 101, 2.5, True, "3", None):
        with pytest.raises(ValueError, match="absent_turns is a whole number from 0"):
            ClockSetup.from_json({"mode": "async", "per_move": 60, "absent_turns": bad})


def test_the_lobby_takes_absent_turns_and_refuses_a_bad_one(db_url: str) -> None:
    with served(db_url) as server:
        body = {"game": "ndb", "players": 3, "name": "Ada",
                "clock": {"mode": "async", "per_move": 600, "absent_turns": 2}}
        status, made = call(server.base, "POST", "/api/tables", body)
        assert status == 200, made
        table = server.lobby.tables[made["table"]]
        assert table.setup["clock"]["absent_turns"] == 2
        for bad in (-1, 101, 2.5, True):
            body["clock"] = {"mode": "async", "per_move": 600, "absent_turns": bad}
            status, refused = call(server.base, "POST", "/api/tables", body)
            assert status == 422, (bad, refused)


def test_the_absent_bot_is_the_servers_own_and_no_client_seats_it() -> None:
    game = get_game("bohnanza")
    assert "absent" not in Offer().names(game)
    for spec in ("absent", "absent:base=heuristic", "ismcts:prior=absent"):
        with pytest.raises(BotRefused, match="not offered at this server"):
            Offer().check(spec, game)


# --- the reckoning (no time read) -------------------------------------------------------


def test_a_seat_out_of_time_is_due_at_once_until_its_turn_ends() -> None:
    book = Reckoning(ClockSetup("async", 60), 3)
    book.resume([0], 0.0)
    assert book.step(0, 61.0, [0], forced=True) == []  # its time ran out: still needed
    assert book.out == {0} and book.deadlines() == {0: 61.0}  # due at once, no new 60 s
    assert book.step(2, 62.0, [0]) == []  # another seat's move changes nothing
    assert book.deadlines() == {0: 61.0}
    assert book.step(0, 61.5, [1], forced=True) == [0]  # its turn ends: one absent turn
    assert book.out == set() and book.absent == [1, 0, 0]
    assert book.deadlines() == {1: 121.5}
    book.step(1, 70.0, [0])
    assert book.deadlines() == {0: 130.0}  # its next turn: its time afresh
    book.step(0, 200.0, [0], forced=True)
    book.step(0, 201.0, [0])  # its own move: it is back, its time afresh
    assert book.out == set() and book.absent == [0, 0, 0] and book.deadlines() == {0: 261.0}


# --- every game and mode ----------------------------------------------------------------

# the most moves of one absent turn: Bohnanza's active player plants two cards (or one
# and ends), closes, plants two kept cards, each plant perhaps after a harvest (or the
# third field); at Nicht die Bohne! a turn is one card; at Bohn Hansa the journey (a stay
# or a go; at customs a bean or two sold), the end of the trading, the contracts its
# base bot fulfils (three at most) and the end of the turn
MOST = {"bohnanza": 2 + 1 + 2 + 4, "ndb": 1, "hansa": 1 + 2 + 1 + 3 + 1}
MAKES_NO_DEAL = {"propose", "counter", "accept", "withdraw"}


@pytest.mark.parametrize(("game", "options"), [
    ("bohnanza", {}), ("bohnanza", {"trading": "open"}), ("ndb", {}), ("hansa", {})])
def test_every_absent_turn_is_played_to_its_end_at_once_in_every_game(
        log: Log, pool: ThreadPoolExecutor, game: str, options: dict[str, Any]) -> None:
    """Seat 0 is away; the people at seats 1 and 2 play their first legal move whenever
    the game waits on them (in turn-based trading they pass the floor on to seat 0),
    before seat 0's time runs out where the game waits on several seats."""
    scene = Scene(log, pool, game, 3, **options)
    table = scene.table
    turns: list[list[int]] = []

    async def work() -> None:
        while len(turns) < 8 and not table.state.is_over:
            others = [seat for seat in table.state.must_act() if seat != 0]
            if others:  # the people move first (their time does not run out)
                seat = others[0]
                await scene.play(seat, str(table.state.legal_actions(seat)[0]))
            else:
                turns.append(await scene.run_out(0))

    asyncio.run(_running(scene, work))
    assert len(turns) == 8
    for steps in turns:  # each turn: its moves, all forced, the last ending it
        assert 1 <= len(steps) <= MOST[game], scene.kinds(steps)
        assert {table.history[seq - 1][0] for seq in steps} == {0}
        assert all(table.forced[seq - 1] == FORCED for seq in steps)
        assert not MAKES_NO_DEAL & set(scene.kinds(steps)), scene.kinds(steps)
    assert scene.clock.forced == sum(map(len, turns))
    assert scene.clock.reckoning.absent[0] == 8


def test_an_absent_active_player_in_open_trading_closes_at_once(
        log: Log, pool: ThreadPoolExecutor) -> None:
    """The issue's case: seat 0 planted, then went away while seats 1 and 2 made it
    offers. Its turn is played to the end in a bounded number of forced moves: the
    close (which voids the offers), then its plants (a harvest before any that has no
    room), and no offer of its own."""
    scene = Scene(log, pool, "bohnanza", 5, trading="open")
    table = scene.table

    async def work() -> list[int]:
        while table.state.view(0)["phase"] != "trade":  # seat 0 plants itself
            texts = [str(a) for a in table.state.legal_actions(0)]
            await scene.play(0, next((t for t in texts if "end-planting" in t), texts[0]))
        for seat, wants in ((1, "BL"), (2, "RO"), (1, "SO")):
            await scene.play(seat, f"{seat}: propose 0 want {wants}")
        assert len(table.state.view(0)["trading"]["proposals"]) == 3
        return await scene.run_out(0)

    steps = asyncio.run(_running(scene, work))
    kinds = scene.kinds(steps)
    assert kinds[0] == "close-trading" and kinds.count("close-trading") == 1
    plants = kinds.count("plant")
    assert plants == len(kinds) - 1 - kinds.count("harvest") - kinds.count("buy-field")
    assert kinds.count("harvest") + kinds.count("buy-field") <= plants <= 2
    assert table.state.view(0)["trading"] is None and 0 not in table.state.must_act()
    assert table.state.view(0)["phase"] == "plant"  # the next turn's
    assert scene.clock.reckoning.absent == [1, 0, 0]


def test_in_turn_based_trading_an_absent_seat_declines_and_passes_the_floor(
        log: Log, pool: ThreadPoolExecutor) -> None:
    """Seat 1 is away: an offer made to it is declined, the floor passed to it is passed
    on, each in one forced move; each is a turn of its own, whose time starts afresh."""
    scene = Scene(log, pool, "bohnanza", 5)
    table = scene.table

    async def work() -> None:
        while table.state.view(0)["phase"] != "trade":
            texts = [str(a) for a in table.state.legal_actions(0)]
            await scene.play(0, next((t for t in texts if "end-planting" in t), texts[0]))
        await scene.play(0, "0: propose 1 want BL")
        assert table.state.must_act() == (1,)
        assert scene.kinds(await scene.run_out(1)) == ["decline"]
        assert scene.clock.reckoning.absent[1] == 1
        await scene.play(0, "0: pass")  # the floor to seat 1: its time starts afresh
        assert table.state.must_act() == (1,)
        assert scene.clock.deadlines() == {1: scene.now + PER_MOVE}
        assert scene.kinds(await scene.run_out(1)) == ["pass"]
        assert scene.clock.reckoning.absent[1] == 2

    asyncio.run(_running(scene, work))


def test_at_bohn_hansa_an_absent_seat_declines_a_deal_and_ends_its_turn(
        log: Log, pool: ThreadPoolExecutor) -> None:
    scene = Scene(log, pool, "hansa", 5)
    table = scene.table

    async def work() -> None:
        assert scene.kinds(await scene.run_out(0)) == ["begin"]
        while table.state.view(2)["phase"] != "trade":  # seats 1 and 2 begin, 2 travels
            seat = table.state.must_act()[0]
            assert seat != 0
            await scene.play(seat, str(table.state.legal_actions(seat)[0]))
        assert table.state.must_act() == (2,)
        await scene.play(2, "2: propose 0")
        assert scene.kinds(await scene.run_out(0)) == ["decline"]
        await scene.play(2, "2: pass")  # the floor to seat 0
        assert scene.kinds(await scene.run_out(0)) == ["pass"]
        while 0 not in table.state.must_act():
            seat = table.state.must_act()[0]
            texts = [str(a) for a in table.state.legal_actions(seat)]
            await scene.play(seat, next((t for t in texts if "end-" in t), texts[0]))
        assert table.state.view(0)["active"] == 0  # its own turn now
        kinds = scene.kinds(await scene.run_out(0))
        assert kinds[0] in ("stay", "go") and kinds[-1] == "end-turn", kinds
        assert kinds.count("end-trading") == 1 and len(kinds) <= MOST["hansa"], kinds
        assert set(kinds) <= {"stay", "go", "sell", "return", "end-trading", "fulfil",
                              "end-turn"}, kinds

    asyncio.run(_running(scene, work))


# --- the mark -----------------------------------------------------------------------------


def test_every_viewer_sees_the_mark_and_it_survives_a_restart(
        log: Log, pool: ThreadPoolExecutor) -> None:
    scene = Scene(log, pool, "bohnanza", 5)
    table = scene.table
    watchers: list[Watcher] = []

    async def work() -> list[int]:
        watchers.extend(table.watch(viewer) for viewer in (None, 0, 1, 2))
        texts = [str(a) for a in table.state.legal_actions(0)]
        await scene.play(0, texts[0])  # its own first plant: no mark
        return await scene.run_out(0)

    steps = asyncio.run(_running(scene, work))
    for watcher in watchers:
        frames = [watcher.frames.get_nowait() for _ in range(watcher.frames.qsize())]
        marks = {f["seq"]: f["forced"] for f in frames if f["type"] == "step"}
        assert marks == {1: None, **dict.fromkeys(steps, MARK)}, watcher.viewer
    row = log.table("t1")
    assert row is not None
    rebuilt = Table.rebuild(log, row)  # the server restarted
    assert rebuilt.forced == table.forced == [None] + [FORCED] * len(steps)
    assert [rebuilt.frame(seq, 1) for seq in steps] == [table.frame(seq, 1) for seq in steps]
    again = Clock.for_table(rebuilt, pool, now=5.0)
    assert again is not None and again.reckoning.absent == scene.clock.reckoning.absent


def test_a_seat_out_of_time_when_the_server_stops_is_played_at_once_after_it(
        log: Log, pool: ThreadPoolExecutor) -> None:
    """The log says the clock made seat 0's first plant and the game still waits on
    seat 0: after a restart the seat is out of time, its next move due at once."""
    table = table_of(log, ["person"] * 3, seed=5,
                     setup={"clock": {"mode": "realtime", "per_move": 60, "bank": 100}})
    table.now = lambda: 2_000.0
    assert table.accept(0, str(table.state.legal_actions(0)[0]), FORCED).ok
    assert table.state.must_act() == (0,)
    row = log.table("t1")
    assert row is not None
    clock = Clock.for_table(Table.rebuild(log, row), pool, now=5_000.0)
    assert clock is not None
    assert clock.reckoning.out == {0}
    assert clock.to_json()["deadline"] == {"0": 2_000.0}
    assert clock.to_json()["ran_out"] == [0]


def test_the_replay_of_a_finished_game_says_which_moves_were_forced(log: Log) -> None:
    table = table_of(log, ["person"] * 3, "ndb", seed=2)
    assert table.accept(0, str(table.state.legal_actions(0)[0]), FORCED).ok
    play_at_random(table, 10_000, random.Random(1))
    assert table.state.is_over
    steps = Replays(log).record("t1")["steps"]
    assert steps[0]["forced"] == FORCED
    assert all(step["forced"] is None for step in steps[1:])


# --- the stand-in ---------------------------------------------------------------------------


def test_after_absent_turns_in_a_row_the_seat_goes_to_its_stand_in(
        log: Log, pool: ThreadPoolExecutor) -> None:
    """``absent_turns: 2`` at Nicht die Bohne!: after seat 0's second absent turn the
    default bot stands in, put there by the clock (a seats frame, after the step frame
    of the move that ended the turn); it then plays seat 0 in time, its moves not
    forced, and the count of absent turns starts again."""
    scene = Scene(log, pool, "ndb", 4, absent_turns=2)
    table = scene.table
    frames: list[ServerFrame] = []
    handed: list[int] = []

    def others() -> list[int]:
        return [seat for seat in table.state.must_act() if seat != 0]

    def stand_in_moved() -> bool:
        return any(table.history[seq - 1][0] == 0 for seq in range(handed[0] + 1,
                                                                     table.seq + 1))

    async def work() -> None:
        watcher = table.watch(1)
        seating = Seating(table, pool)
        seating.attach()
        try:
            while table.seats[0].standin is None:
                if 0 in table.state.must_act():
                    await scene.run_out(0)
                    await until(lambda: table.seats[0].standin is not None
                                or scene.clock.reckoning.absent[0] < 2, "the hand-over")
                    continue
                seat = others()[0]
                await scene.play(seat, str(table.state.legal_actions(seat)[0]))
            handed.append(table.seq)
            while not stand_in_moved():
                if others():
                    seat = others()[0]
                    await scene.play(seat, str(table.state.legal_actions(seat)[0]))
                else:
                    await until(lambda: stand_in_moved() or bool(others()),
                                "the stand-in's move")
        finally:
            await seating.close()
        while not watcher.frames.empty():
            frames.append(watcher.frames.get_nowait())

    asyncio.run(_running(scene, work))
    row = table.seats[0]
    assert (row.standin, row.standin_reason) == ("heuristic", FORCED)
    assert row.kind == "person" and row.name == "p0"  # the seat stays the person's
    assert table.forced[handed[0] - 1] == FORCED  # the move that ended the second turn
    after = [seq for seq in range(handed[0] + 1, table.seq + 1)
             if table.history[seq - 1][0] == 0]
    assert after and all(table.forced[seq - 1] is None for seq in after)
    assert scene.clock.reckoning.absent[0] == 0
    at = next(i for i, f in enumerate(frames) if f["type"] == "seats"
              and f["seats"][0]["standin_reason"] == FORCED)
    handing = frames[at]
    assert handing["type"] == "seats" and handing["seats"][0]["standin"] == "heuristic"
    assert any(f["type"] == "step" and f["seq"] == handed[0] for f in frames[:at])


def _read_until(ws: Any, done: Any) -> list[dict[str, Any]]:
    """The frames of ``ws`` up to the first for which ``done(frame)`` holds."""
    frames: list[dict[str, Any]] = []
    while not frames or not done(frames[-1]):
        frames.append(json.loads(ws.recv(timeout=10)))
    return frames


def _standin(frame: dict[str, Any], seat: int) -> Any:
    return frame["seats"][seat]["standin"] if frame["type"] == "seats" else False


def test_seats_the_clock_handed_on_are_taken_back_by_their_people(db_url: str) -> None:
    """Over the wire, with ``absent_turns: 1``: every viewer sees seat 0's forced moves
    marked and the seat handed to its stand-in by the clock; so is seat 1 after its own
    absent turn. Seat 0's person comes back with an action (refused: it is not their
    move), which takes the seat back all the same; seat 1's with ``{"standin": null}``.
    A client cannot mark its own move forced."""
    with served(db_url) as server, ExitStack() as stack:
        made, tokens = people(server.base, "bohnanza", 3, seed=5, clock={
            "mode": "async", "per_move": 3_600, "absent_turns": 1})
        table_id = made["table"]
        table = server.lobby.tables[table_id]
        clock = server.lobby.attendants[table_id].clock
        assert clock is not None
        late = [time.time() + 7_200]  # the table's time: past seat 0's deadline

        async def run_out() -> None:
            table.now = lambda: late[0]
            clock.wake()

        ws2 = join(stack, server.base, table_id, tokens[2])[0]
        spectator = join(stack, server.base, table_id, made["spectator"])[0]
        server.run(run_out())
        for ws in (ws2, spectator):
            frames = _read_until(ws, lambda f: _standin(f, 0))
            marks = [f["forced"] for f in frames if f["type"] == "step"]
            assert marks and all(mark == MARK for mark in marks), marks
            assert frames[-1]["seats"][0]["standin"] == "heuristic"
            assert frames[-1]["seats"][0]["standin_reason"] == FORCED
        assert table.state.must_act() == (1,)

        late[0] += 3_600  # seat 1's time runs out too
        server.run(run_out())
        frames = _read_until(spectator, lambda f: _standin(f, 1))
        marks = [f["forced"] for f in frames if f["type"] == "step"]
        assert marks and all(mark == {"seat": 1, "reason": FORCED} for mark in marks)
        assert frames[-1]["seats"][1]["standin_reason"] == FORCED

        ws0 = join(stack, server.base, table_id, tokens[0])[0]
        ws0.send(json.dumps({"action": "0: close-trading"}))
        frames = _read_until(ws0, lambda f: f["type"] == "seats"
                             and f["seats"][0]["standin"] is None)
        assert frames[-1]["seats"][0]["standin_reason"] is None
        if not any(f["type"] == "error" for f in frames):
            next_frame(ws0, "error")  # the action itself: refused, not its move
        ws1 = join(stack, server.base, table_id, tokens[1])[0]
        ws1.send(json.dumps({"standin": None}))
        frames = _read_until(ws1, lambda f: f["type"] == "seats"
                             and f["seats"][1]["standin"] is None)
        assert frames[-1]["seats"][1]["standin_reason"] is None
        assert table.seats[0].standin is None and table.seats[1].standin is None
        assert clock.reckoning.absent[:2] == [0, 0]  # taken back: the count starts again

        assert table.state.must_act() == (2,)
        legal = [m["notation"] for m in _read_until(
            ws2, lambda f: f["type"] == "view" and f["seq"] == table.seq)[-1]["moves"]]
        ws2.send(json.dumps({"action": legal[0], "forced": {"seat": 2, "reason": FORCED}}))
        assert "forced" in next_frame(ws2, "error")["error"]  # no such key of a frame
        ws2.send(json.dumps({"action": legal[0]}))
        step = next_frame(ws2, "step")
        assert step["seat"] == 2 and step["forced"] is None
        assert log_forced(server.lobby.log, table_id)[-1] is None


def log_forced(log: Log, table_id: str) -> list[str | None]:
    return [logged.forced for logged in log.actions(table_id)]


def test_a_stand_in_the_person_chose_stays_when_they_act(db_url: str) -> None:
    with served(db_url) as server, ExitStack() as stack:
        made, tokens = people(server.base, "ndb", 3, seed=2)
        table = server.lobby.tables[made["table"]]
        ws, _ = join(stack, server.base, made["table"], tokens[2])
        ws.send(json.dumps({"standin": "random"}))
        _read_until(ws, lambda f: _standin(f, 2) == "random")
        ws.send(json.dumps({"action": "2: take 0"}))
        next_frame(ws, "error")
        assert table.seats[2].standin == "random" and table.seats[2].standin_reason is None
