"""Bots seated online (issue 24, "Bots seated online"): bots at a table's seats play
through the same decisions as any bot, think in a process pool while the table stays
responsive, wait where the game goes on without them and are asked again after the
wait or at the next step, never act before the table has started, never act for a seat
taken back, and cannot crash the table."""

from __future__ import annotations

import asyncio
import pickle
import threading
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest

from bohnen.bots import make_bot
from bohnen.core.bots import Wait
from bohnen.server.logbase import Log, SeatRow
from bohnen.server.seating import Seating, ask_for, bot_pool, spec_at, think
from bohnen.server.table import Table

from .seated import LIMIT, Scripted, first, registered, table_of, until, wait_once


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    """Two spawned workers for the module, shut down after it."""
    executor = bot_pool(2)
    yield executor
    executor.shutdown(wait=True, cancel_futures=True)


@pytest.fixture
def threads() -> Iterator[ThreadPoolExecutor]:
    """A thread pool, for bots that only this process knows (the tests' own)."""
    executor = ThreadPoolExecutor(2)
    yield executor
    executor.shutdown(wait=True, cancel_futures=True)


async def _play_out(table: Table, executor: Executor) -> Seating:
    table.start()
    seating = Seating(table, executor)
    try:
        seating.attach()
        await until(lambda: table.state.is_over, "the end of the game")
    finally:
        await seating.close()
        await table.stop()
    return seating


def _actions(table: Table) -> list[str]:
    return [logged.action for logged in table.log.actions(table.table_id)]


# --- whole games ------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["bohnanza", "ndb", "hansa"])
def test_bots_alone_play_a_whole_game_through_the_process_pool(
        log: Log, pool: ProcessPoolExecutor, game: str) -> None:
    table = table_of(log, ["heuristic", "random", "heuristic"], game, seed=3)
    seating = asyncio.run(_play_out(table, pool))
    assert table.state.is_over and seating.faults == 0
    assert seating.moves == table.seq
    row = log.table("t1")
    assert row is not None
    assert Table.rebuild(log, row).state.to_json() == table.state.to_json()


def test_a_table_of_bots_in_turns_plays_the_same_game_again(
        log: Log, pool: ProcessPoolExecutor) -> None:
    games = []
    for run in ("a", "b"):
        table = table_of(log, ["heuristic", "random", "heuristic"], seed=5, table_id=run)
        asyncio.run(_play_out(table, pool))
        games.append(_actions(table))
    assert games[0] == games[1]


def test_bots_finish_a_game_of_open_trading(log: Log, pool: ProcessPoolExecutor
                                            ) -> None:
    table = table_of(log, ["heuristic:patience=0"] * 3, seed=2, trading="open")
    seating = asyncio.run(_play_out(table, pool))
    assert table.state.is_over and seating.faults == 0
    moves = [text.split()[1] for text in _actions(table)]
    assert "propose" in moves and "close-trading" in moves


# --- what crosses to a worker -----------------------------------------------------------


def test_a_bots_question_and_its_answer_pickle(log: Log) -> None:
    table = table_of(log, ["person"] * 3, trading="open")
    while table.state.view(0)["phase"] != "trade":  # seat 0 plants, then ends planting
        texts = [str(a) for a in table.state.legal_actions(0)]
        text = next((t for t in texts if "end-planting" in t), None) or \
            next(t for t in texts if "plant" in t)
        assert table.accept(0, text).ok
    ask = ask_for(table, 1, make_bot("heuristic", table.game), "heuristic", True, 0.5)
    assert isinstance(ask.decision.proposals, list) and ask.decision.proposals
    assert ask.decision.may_wait and ask.decision.waited == 0.5
    again = pickle.loads(pickle.dumps(ask))
    assert again == ask
    assert think(again) == Wait(1.5)  # the heuristic leaves people 2 s, 0.5 s are gone
    assert pickle.loads(pickle.dumps(Wait(1.5))) == Wait(1.5)


def test_the_bot_of_a_seat_is_its_bot_or_its_stand_in() -> None:
    assert spec_at(SeatRow(0, "bot", bot="random")) == "random"
    assert spec_at(SeatRow(0, "person", name="a", standin="heuristic")) == "heuristic"
    assert spec_at(SeatRow(0, "person", name="a")) is None
    assert spec_at(SeatRow(0)) is None


# --- responsive ------------------------------------------------------------------------


class Watched(Executor):
    """The pool, with every future it gave (to see a question being thought out)."""

    def __init__(self, pool: Executor) -> None:
        self.pool = pool
        self.futures: list[Future[Any]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = self.pool.submit(fn, *args, **kwargs)
        self.futures.append(future)
        return future


def test_the_table_stays_responsive_while_a_search_bot_thinks(
        log: Log, pool: ProcessPoolExecutor) -> None:
    table = table_of(log, ["ismcts:seconds=3", "person", "person"])
    watched = Watched(pool)

    async def scenario() -> None:
        table.start()
        watcher = table.watch(1)
        seating = Seating(table, watched)
        seating.attach()
        try:
            await until(lambda: bool(watched.futures), "the bot's question")
            thought = watched.futures[0]
            table.say(1, "p1", "are you there?")  # the event loop serves a watcher...
            kinds = [(await asyncio.wait_for(watcher.frames.get(), LIMIT))["type"]]
            while kinds[-1] != "chat":
                kinds.append((await asyncio.wait_for(watcher.frames.get(), LIMIT))["type"])
            ticks = 0
            while not thought.done():  # ... and goes round and round meanwhile
                await asyncio.sleep(0.01)
                ticks += 1
            assert ticks > 0 and "step" not in kinds  # all while the bot was thinking
            await until(lambda: table.seq == 1, "the bot's move")
        finally:
            await seating.close()
            await table.stop()

    asyncio.run(scenario())


# --- when bots act ----------------------------------------------------------------------


def test_no_bot_acts_before_the_table_has_started(log: Log,
                                                  pool: ProcessPoolExecutor) -> None:
    table = table_of(log, ["heuristic", "open", "person"])

    async def scenario() -> None:
        table.start()
        seating = Seating(table, pool)
        seating.attach()
        try:
            assert not table.started and seating.thinking() == [] and table.seq == 0
            table.sit(SeatRow(1, "person", name="late"))  # the last seat is taken
            await until(lambda: table.seq >= 1, "the bot's first move")
            assert table.history[0][0] == 0
        finally:
            await seating.close()
            await table.stop()

    asyncio.run(scenario())


def test_a_bot_that_waits_is_asked_again_after_its_wait(
        log: Log, threads: ThreadPoolExecutor) -> None:
    with registered("waiter", Scripted(wait_once(0.05))) as bot:
        table = table_of(log, ["person", "waiter", "person"], "ndb")

        async def scenario() -> None:
            table.start()
            seating = Seating(table, threads)
            seating.attach()
            try:
                lead = table.state.to_act()[0]
                assert lead == 0
                assert (await table.submit(0, str(table.state.legal_actions(0)[0]))).ok
                await until(lambda: table.seq >= 2, "the waiter's move")
            finally:
                await seating.close()
                await table.stop()

        asyncio.run(scenario())
    assert len(bot.calls) >= 2  # no other step came: the wait ran out
    assert bot.calls[0].may_wait and bot.calls[1].waited > bot.calls[0].waited
    assert table.history[1][0] == 1


def test_a_bot_that_waits_for_the_table_is_asked_again_at_the_next_step(
        log: Log, threads: ThreadPoolExecutor) -> None:
    with registered("waiter", Scripted(wait_once(None))) as bot:
        table = table_of(log, ["person", "waiter", "person"], "ndb")

        async def scenario() -> None:
            table.start()
            seating = Seating(table, threads)
            seating.attach()
            try:
                assert (await table.submit(0, str(table.state.legal_actions(0)[0]))).ok
                await until(lambda: len(bot.calls) == 1 and seating.thinking() == [1],
                            "the waiter's first answer")
                assert (await table.submit(2, str(table.state.legal_actions(2)[0]))).ok
                await until(lambda: table.seq >= 3, "the waiter's move")
            finally:
                await seating.close()
                await table.stop()

        asyncio.run(scenario())
    assert len(bot.calls) >= 2
    assert [seat for seat, _ in table.history][:3] == [0, 2, 1]
    assert bot.calls[1].view != bot.calls[0].view  # it saw seat 2's card go down


def test_a_bot_may_not_wait_when_the_game_needs_its_move(
        log: Log, threads: ThreadPoolExecutor) -> None:
    with registered("waiter", Scripted(wait_once(5.0))) as bot:
        table = table_of(log, ["waiter", "person", "person"])

        async def scenario() -> Seating:
            table.start()
            seating = Seating(table, threads)
            seating.attach()
            try:
                await until(lambda: table.seq >= 1, "a move for the waiter")
            finally:
                await seating.close()
                await table.stop()
            return seating

        seating = asyncio.run(scenario())
    assert not bot.calls[0].may_wait
    assert seating.faults == 1  # its wait was refused: the default bot moved for it
    assert table.history[0][0] == 0


# --- stale answers and faults ------------------------------------------------------------


def test_a_stale_answer_is_dropped_and_the_bot_asked_again(
        log: Log, threads: ThreadPoolExecutor) -> None:
    with registered("slow", Scripted(first)) as bot:
        bot.gate = threading.Event()
        table = table_of(log, ["person", "slow", "person"], "ndb")

        async def scenario() -> None:
            table.start()
            seating = Seating(table, threads)
            seating.attach()
            try:
                assert (await table.submit(0, str(table.state.legal_actions(0)[0]))).ok
                await until(lambda: len(bot.calls) == 1, "the slow bot's question")
                assert (await table.submit(2, str(table.state.legal_actions(2)[0]))).ok
                assert bot.gate is not None
                bot.gate.set()  # its answer is for step 1; the table is at step 2
                await until(lambda: table.seq >= 3, "the slow bot's move")
                assert seating.moves == 1
            finally:
                await seating.close()
                await table.stop()

        asyncio.run(scenario())
    assert len(bot.calls) >= 2 and bot.calls[0].view != bot.calls[1].view
    assert [seat for seat, _ in table.history][:3] == [0, 2, 1]


def test_no_bot_moves_for_a_seat_its_person_took_back(
        log: Log, threads: ThreadPoolExecutor) -> None:
    with registered("slow", Scripted(first)) as bot:
        bot.gate = threading.Event()
        row = SeatRow(0, "person", name="ann", standin="slow")
        table = table_of(log, [row, "person", "person"])

        async def scenario() -> Seating:
            table.start()
            seating = Seating(table, threads)
            seating.attach()
            try:
                await until(lambda: len(bot.calls) == 1, "the stand-in's question")
                table.sit(replace(row, standin=None))  # ann takes her seat back
                assert bot.gate is not None
                bot.gate.set()
                await until(lambda: seating.thinking() == [], "the stand-in to go")
            finally:
                await seating.close()
                await table.stop()
            return seating

        seating = asyncio.run(scenario())
    assert table.seq == 0 and seating.moves == 0 and len(bot.calls) == 1


def test_a_bot_that_fails_neither_stops_the_game_nor_crashes_the_table(
        log: Log, threads: ThreadPoolExecutor) -> None:
    def broken(decision: Any, call: int) -> Any:
        raise RuntimeError("a broken bot")

    def illegal(decision: Any, call: int) -> Any:
        return "0: plant 2"  # no such field

    for name, script in (("broken", broken), ("illegal", illegal)):
        with registered(name, Scripted(script)):
            table = table_of(log, [name, "person", "person"], table_id=name)

            async def scenario(table: Table = table) -> Seating:
                table.start()
                seating = Seating(table, threads)
                seating.attach()
                try:
                    await until(lambda: table.seq >= 1, "a move for the failing bot")
                finally:
                    await seating.close()
                    await table.stop()
                return seating

            seating = asyncio.run(scenario())
        assert seating.faults >= 1 and table.history[0][0] == 0, name

