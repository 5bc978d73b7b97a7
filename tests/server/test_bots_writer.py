"""The table's writer goes on when the sender of a move stops waiting for its reply:
the bots' seating cancels a bot's task that way when it closes, and a client that
drops does the same. (The writer used to die setting the reply of a cancelled wait,
and the table took no move after it.)"""

from __future__ import annotations

import asyncio
from pathlib import Path

from bohnen.core import get_game
from bohnen.server.log import TableLog
from bohnen.server.table import Table


def test_a_move_whose_sender_gave_up_waiting_leaves_the_writer_running(tmp_path: Path
                                                                        ) -> None:
    options = get_game("bohnanza").options(3).to_json()
    table = Table.create(TableLog(tmp_path / "tables.sqlite"), "t1", "bohnanza", options, 7)

    async def scenario() -> None:
        table.start()
        try:
            sender = asyncio.create_task(table.submit(0, str(table.state.legal_actions(0)[0])))
            await asyncio.sleep(0)  # the move is queued; its sender waits for the reply
            sender.cancel()
            for _ in range(10_000):  # the writer takes the move all the same
                if table.seq == 1:
                    break
                await asyncio.sleep(0.001)
            assert table.seq == 1
            second = str(table.state.legal_actions(0)[0])
            reply = await asyncio.wait_for(table.submit(0, second), 10)
            assert reply.ok and reply.seq == 2
        finally:
            await table.stop()

    asyncio.run(scenario())
