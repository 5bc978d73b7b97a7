"""``bench/load.py --quick`` end to end: a server and an echo started, tables set up,
clients playing, both processes gone afterwards, and a report of the expected shape
(its timings are not checked: they depend on the machine). A set-up that cannot run is
refused with one line."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "load.py"
RUN_SECONDS = 240  # the quick run takes some 15 s; a busy machine, more


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCH), *args], capture_output=True,
                          text=True, timeout=RUN_SECONDS, stdin=subprocess.DEVNULL)


def _times(figures: dict[str, object]) -> None:
    assert set(figures) == {"n", "p50", "p99", "max"}
    n, p50, p99, top = (figures[k] for k in ("n", "p50", "p99", "max"))
    assert isinstance(n, int) and n > 0
    assert all(isinstance(v, float) and math.isfinite(v) for v in (p50, p99, top))
    assert 0 <= p50 <= p99 <= top  # type: ignore[operator]


def test_the_quick_run_reports_the_server_against_the_echo() -> None:
    done = _bench("--quick", "--json", "--duration", "2")
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert set(report) == {"machine", "setup", "server", "echo", "ratio", "target"}
    setup = report["setup"]
    assert (setup["tables"], setup["clients"], setup["duration_seconds"]) == (3, 15, 2)
    assert setup["people"] + setup["spectators"] == setup["clients"]
    # the clients' process settled its collector once connected, as bohnen serve does
    assert setup["settled_clients"] and setup["clients_frozen_objects"] > 1_000
    for side in ("server", "echo"):
        figures = report[side]
        assert figures["moves"] > 0 and figures["moves_per_second"] > 0
        assert 0 < figures["moves_by_people"] <= figures["moves"]
        _times(figures["broadcast_ms"])
        _times(figures["ack_ms"])
        assert math.isfinite(figures["idle_bytes_per_connection"])
        assert not Path(f"/proc/{figures['pid']}").exists()  # stopped and reaped
    assert report["server"]["refused"] == 0  # a player sends only moves from its legal list
    frames = report["server"]["frame_chars"]
    assert {"hello", "view", "step", "ack"} <= set(frames)
    # the echo sends the table's own frames, wrapped: about their sizes
    assert report["echo"]["frame_chars"]["view"] >= frames["view"]
    assert set(report["ratio"]) == {"broadcast_p50", "broadcast_p99", "ack_p50", "ack_p99"}
    assert all(isinstance(v, bool) for v in report["target"].values())


def test_unsettled_clients_leave_the_collector_as_cpython_sets_it() -> None:
    done = _bench("--quick", "--json", "--duration", "1", "--unsettled-clients")
    assert done.returncode == 0, done.stderr[-2000:]
    setup = json.loads(done.stdout)["setup"]
    assert not setup["settled_clients"] and setup["clients_frozen_objects"] == 0


def test_a_set_up_that_cannot_run_is_refused_with_one_line() -> None:
    for args, fault in [(("--clients", "5"), "too few"),
                        (("--players", "9"), "--players"),
                        (("--think", "1", "0.5"), "--think")]:
        done = _bench("--quick", *args)
        assert done.returncode == 2, done
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("bohnen: error:"), done.stderr
        assert fault in lines[0]
        assert done.stdout == ""

