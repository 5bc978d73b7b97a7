"""« A kill -9 at any moment loses no acknowledged action » (issue 24): a process plays
a table, printing each step once the writer acknowledged it; it is killed (SIGKILL)
mid-game again and again and started again on the same log; every acknowledged step
must be in the log, and the log must rebuild the table. On both databases (the
fixture ``db_url``: tests/server/conftest.py)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from bohnen.server.database import open_log
from bohnen.server.table import rebuild_all

PLAYER = textwrap.dedent("""
    import random, sys
    from bohnen.core import get_game
    from bohnen.server.database import open_log
    from bohnen.server.table import Table

    log = open_log(sys.argv[1])
    row = log.table("t1")
    if row is None:
        table = Table.create(log, "t1", "bohnanza", get_game("bohnanza").options(4).to_json(), 11)
    else:
        table = Table.rebuild(log, row)
    print("ready", table.seq, flush=True)
    while not table.state.is_over:
        rng = random.Random(table.seq)
        seat = table.state.to_act()[0]
        legal = table.state.legal_actions(seat)
        reply = table.accept(seat, str(legal[rng.randrange(len(legal))]))
        print("ack", reply.seq, flush=True)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killed_again_and_again_no_acknowledged_step_is_lost(db_url: str) -> None:
    rng = random.Random(24)
    acknowledged = 0
    deadline = time.monotonic() + 60
    for _round in range(6):
        player = subprocess.Popen([sys.executable, "-c", PLAYER, db_url],
                                  stdout=subprocess.PIPE, text=True)
        try:
            assert player.stdout is not None
            ready = player.stdout.readline().split()
            assert ready[0] == "ready" and int(ready[1]) >= acknowledged
            wanted = rng.randrange(5, 60)
            for _ in range(wanted):
                line = player.stdout.readline().split()
                if not line:
                    break  # the game ended
                acknowledged = max(acknowledged, int(line[1]))
            os.kill(player.pid, signal.SIGKILL)
        finally:
            player.kill()
            player.wait(timeout=30)
            if player.stdout is not None:
                player.stdout.close()
        log = open_log(db_url)
        steps = [logged.seq for logged in log.actions("t1")]
        assert steps == list(range(1, len(steps) + 1))
        assert len(steps) >= acknowledged, "an acknowledged step was lost"
        tables = rebuild_all(log)
        if tables:
            tables["t1"].state.audit()
        log.close()
        assert time.monotonic() < deadline, "the kill test ran too long"
    assert acknowledged > 30
