"""A server killed with ``kill -9`` leaves nothing behind (issue 34, "Low": each kill
left the bots' worker and a helper process orphaned, about 70 MB a kill): ``bohnen
serve`` runs, a table of bots makes its workers think, the server is killed, and every
process it had started ends by itself. Linux only (the processes are read from
``/proc``)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

WAIT = 60.0  # the bound of each wait

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists()
                                or not hasattr(signal, "SIGKILL"),
                                reason="reads the processes from /proc; needs SIGKILL")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _stat(pid: int) -> tuple[str, int] | None:
    """A process's state and its parent, or None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    state, parent = text.rsplit(")", 1)[1].split()[:2]
    return state, int(parent)


def _descendants(root: int) -> set[int]:
    """Every living process below ``root``."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[0] != "Z":
                parents[int(entry.name)] = stat[1]
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    except OSError:
        return False
    return True


def _alive(pid: int) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[0] not in ("Z", "X")


def _call(base: str, method: str, path: str, body: object = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{base}{path}", data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _until(test: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not test():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)


def test_the_bots_workers_end_when_the_server_is_killed(tmp_path: Path) -> None:
    port = _free_port()
    started: set[int] = set()
    server = subprocess.Popen(
        [sys.executable, "-m", "bohnen.cli", "serve", "--port", str(port),
         "--db", str(tmp_path / "t.sqlite")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=Path.cwd())
    try:
        assert server.stdout is not None
        assert "serving at" in server.stdout.readline()
        _until(lambda: _listening(port), "the server to listen")
        base = f"http://127.0.0.1:{port}"
        made = _call(base, "POST", "/api/tables", {
            "game": "ndb", "players": 3, "seats": [{"kind": "bot", "bot": "random"}] * 3})
        _until(lambda: _call(base, "GET", f"/api/tables/{made['table']}")["seq"] > 3,
               "the bots' first moves")
        started = _descendants(server.pid)
        assert started, "the server started no process for its bots"
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=WAIT)
        _until(lambda: not any(_alive(pid) for pid in started),
               f"the server's processes {sorted(started)} to end")
    finally:
        server.kill()
        server.wait(timeout=WAIT)
        if server.stdout is not None:
            server.stdout.close()
        for pid in started:  # what a failed run left behind
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
