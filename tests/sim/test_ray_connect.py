"""Joining a Ray cluster is bounded in time: an address that accepts connections but is
not a Ray cluster is refused after ``--connect-timeout`` seconds with one line, where
Ray alone would retry for ever; a real cluster at an address is joined as before.

The command runs in a subprocess, itself bounded in time, so that a hang fails the
test instead of hanging the suite."""

from __future__ import annotations

import os
import select
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from bohnen.cli import main
from bohnen.sim.ray_backend import ConnectTimeout, check_reachable

from .test_cli_tournament import fails

COMMAND = [sys.executable, "-m", "bohnen.cli", "tournament", "ndb",
           "--bots", "random,random,random", "--games", "3", "--backend", "ray"]
LIMIT = 90.0  # seconds a command may take before the test gives up on it
SETTINGS_FRAME = bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])  # an HTTP/2 server's first words


class Mute:
    """A loopback TCP server that accepts every connection, says ``greeting`` (nothing
    by default) and then never another word, until it is stopped."""

    def __init__(self, host: str, greeting: bytes = b"") -> None:
        self._server = socket.create_server((host, 0))
        self._server.settimeout(0.2)
        self.address = f"{host}:{self._server.getsockname()[1]}"
        self._greeting = greeting
        self._held: list[socket.socket] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                connection, _ = self._server.accept()
            except TimeoutError:
                continue
            if self._greeting:
                connection.sendall(self._greeting)
            self._held.append(connection)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        for connection in self._held:
            connection.close()
        self._server.close()


def mute(host: str, greeting: bytes = b"") -> Iterator[Mute]:
    try:
        server = Mute(host, greeting)
    except OSError as exc:  # 127.0.0.2 is a loopback address on Linux, not everywhere
        pytest.skip(f"cannot listen on {host}: {exc}")
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def silent() -> Iterator[Mute]:
    yield from mute("127.0.0.1")


@pytest.fixture
def grpc_lookalike() -> Iterator[Mute]:
    # Not 127.0.0.1, which Ray replaces by the machine's own address: Ray itself must
    # reach this server, which greets as an HTTP/2 server does, then says nothing.
    yield from mute("127.0.0.2", SETTINGS_FRAME)


def run(argv: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=LIMIT,
                          stdin=subprocess.DEVNULL, env=env, check=False)


def refused_within(address: str, seconds: int) -> None:
    """The command on ``address`` ends with code 2 and the one line of the timeout."""
    done = run([*COMMAND, "--address", address, "--connect-timeout", str(seconds)])
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(
        f"bohnen: error: cannot connect to the Ray cluster at {address} within {seconds} s")


def test_an_address_that_accepts_and_says_nothing_is_refused_in_time(silent: Mute) -> None:
    pytest.importorskip("ray")
    refused_within(silent.address, 2)


def test_a_server_that_greets_like_grpc_but_is_not_ray_is_refused_in_time(
        grpc_lookalike: Mute) -> None:
    pytest.importorskip("ray")
    refused_within(grpc_lookalike.address, 3)


def test_the_probe_refuses_a_silent_address_in_time(silent: Mute) -> None:
    with pytest.raises(ConnectTimeout, match=f"at {silent.address} within 0.5 s: no answer"):
        check_reachable(silent.address, timeout=0.5)


def test_the_probe_refuses_a_server_that_does_not_speak_grpc() -> None:
    server = socket.create_server(("127.0.0.1", 0))
    address = f"127.0.0.1:{server.getsockname()[1]}"

    def answer() -> None:  # as a web server answers an HTTP/2 greeting it cannot read
        connection, _ = server.accept()
        with connection:
            connection.recv(100)
            connection.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    try:
        with pytest.raises(ValueError, match="it does not speak gRPC"):
            check_reachable(address, timeout=10)
    finally:
        thread.join(timeout=5)
        server.close()


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf", "1e9", "3600.5"])
def test_connect_timeout_must_be_a_positive_number_up_to_an_hour(
        seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    err = fails(["tournament", "ndb", "--bots", "random,random,random", "--backend", "ray",
                 "--address", "127.0.0.1:6379", "--connect-timeout", seconds], capsys)
    assert (f"--connect-timeout must be more than 0 and at most 3600 seconds, not "
            f"{float(seconds):g}") in err


@pytest.mark.parametrize("seconds", ["1e9", "0"])
def test_the_dataset_command_bounds_its_connect_timeout(
        seconds: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = fails(["dataset", "ndb", "--bots", "random,random,random", "--out",
                 str(tmp_path / "d"), "--backend", "ray",
                 "--address", "127.0.0.1:6379", "--connect-timeout", seconds], capsys)
    assert "--connect-timeout must be more than 0 and at most 3600 seconds" in err
    assert not (tmp_path / "d").exists()


def test_connect_timeout_is_for_an_address(capsys: pytest.CaptureFixture[str]) -> None:
    err = fails(["tournament", "ndb", "--bots", "random,random,random",
                 "--connect-timeout", "5"], capsys)
    assert "--connect-timeout needs --backend ray and --address" in err
    assert main(["tournament", "ndb", "--bots", "random,random,random", "--games", "3"]) == 0


HOLD_CLUSTER = """
import logging, sys, ray
context = ray.init(num_cpus=1, include_dashboard=False, logging_level=logging.WARNING)
print(context.address_info["gcs_address"], flush=True)
sys.stdin.read()  # until the test closes it
ray.shutdown()
"""


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """A Ray instance in another process, as a cluster to join: its address and the
    environment to join it with (no token authentication between the two)."""
    pytest.importorskip("ray")
    env = {**os.environ, "RAY_AUTH_MODE": "disabled"}
    holder = subprocess.Popen([sys.executable, "-c", HOLD_CLUSTER], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              env=env, cwd=tmp_path)
    try:
        assert holder.stdout is not None
        ready, _, _ = select.select([holder.stdout], [], [], LIMIT)
        address = holder.stdout.readline().strip() if ready else ""
        assert address, "the Ray instance did not start"
        yield address, env
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        try:
            holder.wait(timeout=60)
        except subprocess.TimeoutExpired:
            holder.kill()
            holder.wait()


def test_a_cluster_at_an_address_is_joined(cluster: tuple[str, dict[str, str]]) -> None:
    address, env = cluster
    done = run([*COMMAND, "--address", address, "--connect-timeout", "60"], env)
    assert done.returncode == 0, done.stderr
    assert "ndb · 3 players · 3 games · seed 0 · ray" in done.stdout
