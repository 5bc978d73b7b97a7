"""Helpers of the tests of tables, of bots at a table and of clocks: random play,
tables set up in a log (the fixture ``log``: on both databases), bots that tests
control (registered for one test, so they think in a thread pool: a spawned process
would not know them), and bounded waits for what a table does."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from bohnen.bots import registry
from bohnen.core import get_game
from bohnen.core.bots import Decision, Wait
from bohnen.server.logbase import Log, SeatRow
from bohnen.server.table import Table

LIMIT = 120.0  # seconds any wait of a test may take before it fails (never a timing)


def play_at_random(table: Table, moves: int, rng: random.Random) -> None:
    """Up to ``moves`` legal moves at ``table`` (fewer if the game ends), each drawn by
    ``rng`` among the acting seat's, taken by the table (logged, told to its watchers)."""
    for _ in range(moves):
        if table.state.is_over:
            return
        seat = table.state.to_act()[0]
        legal = table.state.legal_actions(seat)
        assert table.accept(seat, str(legal[rng.randrange(len(legal))])).ok


def table_of(log: Log, seats: Sequence[SeatRow | str], game: str = "bohnanza",
             seed: int = 7, setup: dict[str, Any] | None = None, table_id: str = "t1",
             **options: Any) -> Table:
    """A table in ``log``: ``seats`` as rows, or ``"person"``, ``"open"``, or a bot
    spec."""
    rows = [row if isinstance(row, SeatRow)
            else SeatRow(seat, "person", name=f"p{seat}") if row == "person"
            else SeatRow(seat) if row == "open"
            else SeatRow(seat, "bot", bot=row)
            for seat, row in enumerate(seats)]
    opts = get_game(game).options(len(rows), **options).to_json()
    return Table.create(log, table_id, game, opts, seed, rows, setup or {})


async def until(test: Callable[[], bool], what: str, limit: float = LIMIT) -> None:
    """Wait (bounded) until ``test()`` holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not test():
        if loop.time() > end:
            raise AssertionError(f"gave up waiting for {what}")
        await asyncio.sleep(0.005)


class Scripted:
    """A bot whose answers the test scripts: each call records its decision, waits for
    ``gate`` (if set), then answers ``script(decision, call)`` (an action of the decision,
    or a Wait)."""

    name = "scripted"
    needs_view = True
    proposes = False

    def __init__(self, script: Callable[[Decision[Any], int], Any]) -> None:
        self.script = script
        self.calls: list[Decision[Any]] = []
        self.gate: threading.Event | None = None

    def act(self, decision: Decision[Any], rng: random.Random) -> Any:
        self.calls.append(decision)
        if self.gate is not None:
            assert self.gate.wait(LIMIT), "the test never opened the gate"
        return self.script(decision, len(self.calls))


def first(decision: Decision[Any], call: int) -> Any:
    """The decision's first legal action."""
    return decision.actions[0]


def wait_once(seconds: float | None) -> Callable[[Decision[Any], int], Any]:
    """Wait ``seconds`` the first time, then play the first legal action."""
    def script(decision: Decision[Any], call: int) -> Any:
        return Wait(seconds) if call == 1 else decision.actions[0]
    return script


@contextmanager
def registered(name: str, bot: Any) -> Iterator[Any]:
    """Bot ``name`` (always the object ``bot``) known to the registry for the block."""
    registry.register_bot(name, lambda game, **params: bot, {})
    try:
        yield bot
    finally:
        registry._BOTS.pop(name, None)  # a test's bot, known to no one else
