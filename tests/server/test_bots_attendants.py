"""A table's bots and clock attached and closed together (what the server does for
each table)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from bohnen.server.attendants import Attendants
from bohnen.server.logbase import Log

from .seated import table_of, until


def test_a_tables_attendants_play_its_bots_and_run_its_clock_until_closed(
        log: Log) -> None:
    setup = {"clock": {"mode": "realtime", "per_move": 600, "bank": 60}}
    table = table_of(log, ["random", "person", "person"], setup=setup)
    pool = ThreadPoolExecutor(1)

    async def scenario() -> None:
        table.start()
        attendants = Attendants.attach(table, pool)
        try:
            assert table.clock is attendants.clock and len(table.listeners) == 2
            await until(lambda: 0 not in table.state.to_act(), "the bot's turn to end")
            waiting = {str(seat) for seat in table.state.must_act()}
            assert waiting and "0" not in waiting  # the people's clocks run now
            shown = table.view_frame(1)["clock"]
            assert shown is not None and shown["deadline"].keys() == waiting
        finally:
            await attendants.close()
            await table.stop()
        assert table.listeners == [] and table.clock is None
        assert attendants.seating.thinking() == []

    try:
        asyncio.run(scenario())
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    assert table.seq >= 1 and {seat for seat, _ in table.history} == {0}


def test_a_table_without_a_clock_has_its_bots_alone(log: Log) -> None:
    table = table_of(log, ["random", "person", "person"])
    pool = ThreadPoolExecutor(1)

    async def scenario() -> None:
        table.start()
        attendants = Attendants.attach(table, pool)
        try:
            assert attendants.clock is None and table.clock is None
            assert table.view_frame(1)["clock"] is None
        finally:
            await attendants.close()
            await table.stop()

    try:
        asyncio.run(scenario())
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
