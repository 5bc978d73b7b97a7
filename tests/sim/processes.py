"""Processes for the tests that kill a tournament: started in a session of their own,
so that every process it makes (workers, the resource tracker of ``multiprocessing``)
can be found through ``/proc`` and, whatever happens, ended by its id."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

COMMAND = [sys.executable, "-m", "bohnen.cli", "tournament"]
WAIT = 60.0  # seconds a test waits for what it expects before it fails


def needs_proc() -> None:
    if not Path("/proc/self/stat").exists():
        pytest.skip("finding a session's processes needs /proc (Linux)")


def _stat(pid: str) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name: state, ppid, pgrp,
    session, ...; None if the process is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()


def session_processes(session: int) -> list[int]:
    """The live processes (zombies left out) of the session ``session``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(entry)
            if fields is not None and int(fields[3]) == session and fields[0] != "Z":
                found.append(int(entry))
    return found


def command_line(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return ""
    return raw.replace(b"\0", b" ").decode("utf-8", errors="replace")


def workers(session: int) -> list[int]:
    """The worker processes of ``multiprocessing`` (spawned) in the session."""
    return [pid for pid in session_processes(session) if "spawn_main" in command_line(pid)]


def wait_until(condition: Callable[[], bool], what: str, seconds: float = WAIT) -> None:
    """Return once ``condition()`` holds; fail naming ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {seconds:g} s for {what}")
        time.sleep(0.02)


@contextmanager
def tournament(argv: Sequence[str], cwd: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``bohnen tournament ARGV`` running in a new session (its id is the process id),
    its standard error in ``cwd/stderr.txt``; on leaving, every process still in that
    session is killed."""
    with (cwd / "stderr.txt").open("ab") as stderr:
        process = subprocess.Popen([*COMMAND, *argv], cwd=cwd, start_new_session=True,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=stderr)
    try:
        yield process
    finally:
        for pid in session_processes(process.pid):
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        process.kill()
        process.wait()


def kill_and_check_nothing_is_left(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL ``process`` alone, then wait until no process of its session is left."""
    session = process.pid
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=WAIT)
    wait_until(lambda: not session_processes(session), "every process of the session "
               "to end", seconds=20.0)
