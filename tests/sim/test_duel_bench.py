"""``bench/duel.py`` end to end: a paired tournament of the candidate against baseline
bots (``bohnen/sim/paired.py``), one line a whole deal, stopped by ``--sprt``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench" / "duel.py"
RUN_SECONDS = 240  # a few seconds; a busy machine, more


def _duel(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(BENCH), *args], capture_output=True,
                          text=True, timeout=RUN_SECONDS, stdin=subprocess.DEVNULL, env=env)


def test_a_duel_prints_a_line_a_deal_and_stops_once_the_sprt_decides() -> None:
    done = _duel("ndb", "heuristic", "--baseline", "random", "--players", "3", "--games",
                 "60", "--workers", "1", "--seed", "1", "--sprt", "0,100,0.05,0.05")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("   3 games  win ")
    assert "difference" in lines[1] and " to " in lines[1]  # an interval from two deals
    assert lines[-1].startswith("decided after ") and "H1 accepted" in lines[-1]
    assert len(lines) < 21  # stopped before the 20 deals of 60 games


def test_a_duel_refuses_the_same_bot_twice() -> None:
    done = _duel("ndb", "random", "--baseline", "random")
    assert done.returncode == 2
    assert "the candidate and the baseline are the same bot" in done.stderr
