"""``bench/load.py --quick`` end to end: a server and an echo started, tables set up,
clients playing, both processes gone afterwards, and a report of the expected shape
(its timings are not checked: they depend on the machine). A set-up that cannot run is
refused with one line."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections import deque
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
    assert (setup["db"], setup["synchronous"]) == ("sqlite", "normal")  # the server's own
    for side in ("server", "echo"):
        figures = report[side]
        assert figures["moves"] > 0 and figures["moves_per_second"] > 0
        assert 0 < figures["moves_by_people"] <= figures["moves"]
        _times(figures["broadcast_ms"])
        _times(figures["view_ms"])
        _times(figures["ack_ms"])
        assert math.isfinite(figures["idle_bytes_per_connection"])
        assert not Path(f"/proc/{figures['pid']}").exists()  # stopped and reaped
    assert report["server"]["refused"] == 0  # a player sends only moves from its legal list
    frames = report["server"]["frame_chars"]
    assert {"hello", "view", "step", "ack"} <= set(frames)
    # the echo sends the table's own frames, wrapped: about their sizes
    assert report["echo"]["frame_chars"]["view"] >= frames["view"]
    assert set(report["ratio"]) == {"broadcast_p50", "broadcast_p99", "view_p50",
                                    "view_p99", "ack_p50", "ack_p99"}
    assert all(isinstance(v, bool) for v in report["target"].values())


def test_a_view_time_is_to_the_first_view_showing_the_move_at_each_other_client(
        ) -> None:
    sys.path.insert(0, str(BENCH.parent))
    try:
        from load import view_times
        from load_clients import Record
    finally:
        sys.path.remove(str(BENCH.parent))
    record = Record()
    # room 0: seat client 1 moves (step 1) at 10.0, client 2 at 11.0 (step 2); the
    # table's third move (step 3) at 12.0 is followed by one view with step 4 (steps 3
    # and 4 taken in one turn of the server's loop)
    record.moves += [(0, 1, 10.0, 1, 10.01), (0, 2, 11.0, 2, 11.01),
                     (0, 1, 12.0, 3, 12.01)]
    record.views += [(0, 0, 1, 9.0), (0, 0, 2, 9.0), (0, 0, 3, 9.0),  # before the play
                     (0, 1, 1, 10.004), (0, 1, 2, 10.002), (0, 1, 3, 10.003),
                     (0, 2, 1, 11.006), (0, 2, 2, 11.004), (0, 2, 3, 11.005),
                     (0, 4, 2, 12.007), (0, 4, 3, 12.008)]
    times = sorted(round(t * 1000) for t in view_times(record))
    # move 1 at clients 2 and 3; move 2 at 1 and 3; move 3 at 2 and 3 (not its mover)
    assert times == sorted([2, 3, 6, 5, 7, 8])


def test_the_echo_moves_for_the_bot_seats_at_once_from_the_last_person() -> None:
    sys.path.insert(0, str(BENCH.parent))
    try:
        from load_clients import Echoer, Record
    finally:
        sys.path.remove(str(BENCH.parent))
    sent: dict[int, list[dict[str, object]]] = {2: [], 1: []}
    record = Record()

    def echoer(seat: int) -> Echoer:
        client = Echoer(seat, 0, seat, "ws://unused", "{}", (0.25, 0.75),
                        random.Random(seat), record, people=3, bots=2,
                        bodies={"step": deque(["{}"]), "view": deque(["{}"])})
        client.playing = True
        client.post = lambda *texts: sent[seat].extend(  # type: ignore[method-assign]
            json.loads(t) for t in texts)
        return client

    last, other = echoer(2), echoer(1)
    for seq, nxt in [(7, 3), (8, 4)]:  # the bots' turns: seats 3, then 4
        for client in (last, other):
            client.on_frame({"type": "view", "seq": seq, "next": nxt}, 0.0, "")
    assert [(f["type"], f["seq"], f.get("seat"), f.get("next")) for f in sent[2]] == [
        ("step", 8, 3, None), ("view", 8, None, 4),
        ("step", 9, 4, None), ("view", 9, None, 0)]
    assert sent[1] == [] and last.in_flight is None and record.moves == []


def test_unsettled_clients_and_a_server_committing_with_full_synchronous() -> None:
    """The clients' collector left as CPython sets it; the server started with
    ``--synchronous full`` (it would not start with an option it does not know)."""
    done = _bench("--quick", "--json", "--duration", "1", "--unsettled-clients",
                  "--synchronous", "full")
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    setup = report["setup"]
    assert not setup["settled_clients"] and setup["clients_frozen_objects"] == 0
    assert setup["synchronous"] == "full" and report["server"]["moves"] > 0


def test_a_set_up_that_cannot_run_is_refused_with_one_line() -> None:
    for args, fault in [(("--clients", "5"), "too few"),
                        (("--players", "9"), "--players"),
                        (("--think", "1", "0.5"), "--think"),
                        (("--db", "postgresql://nobody@127.0.0.1:1/b", "--synchronous",
                          "full"), "--synchronous")]:
        done = _bench("--quick", *args)
        assert done.returncode == 2, done
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("bohnen: error:"), done.stderr
        assert fault in lines[0]
        assert done.stdout == ""

