"""The Ray backend: chunks of games as Ray tasks, on a cluster or a local Ray instance.

Ray is an extra (``pip install 'bohnen[ray]'``). Without ``address`` a local Ray
instance is started for the tournament and shut down after it; with one, the
tournament joins that cluster (whose nodes must have ``bohnen`` installed). If Ray
is already initialised in this process, the tournament uses it and leaves it running.

Joining a cluster is bounded in time (``connect_timeout``): Ray itself retries for
ever, printing a log line now and then, when the address accepts connections but is
not a Ray cluster, or when the cluster does not answer. So the address is probed
first (a TCP connection, then the HTTP/2 greeting that every gRPC server, Ray's
included, answers at once), and ``ray.init`` runs in a thread that is abandoned if it
has not connected in time, Ray's own log lines (written by its C++ core straight to
the standard error) held back meanwhile.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from bohnen.core.files import excerpt
from bohnen.sim.schedule import Pairing, chunks
from bohnen.sim.tournament import Done, TournamentSpec, play_chunk

INSTALL_HINT = "pip install 'bohnen[ray]'"
CHUNKS_PER_CPU = 4
MAX_CHUNK = 50
CLIENT_PORT = 10001  # Ray Client's default port (ray://host)
CONNECT_SECONDS = 30.0  # how long joining a cluster may take, probe and ray.init together
MAX_CONNECT_SECONDS = 3_600.0  # the longest --connect-timeout: an hour
# The client connection preface of HTTP/2 (RFC 9113, 3.4), then an empty SETTINGS frame;
# a server answers with a SETTINGS frame of its own: a 9-byte header of type 4 on stream 0.
HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
FRAME_HEADER = 9
SETTINGS = 4


class ConnectTimeout(ValueError):
    """The cluster at an address did not connect within the time allowed."""


def _bad_address(address: str) -> ValueError:
    return ValueError(f"Ray address {excerpt(address)} is not HOST:PORT, ray://HOST[:PORT] "
                      "or auto")


def endpoint(address: str) -> tuple[str, int] | None:
    """The host and port a cluster ``address`` names (``host:port``, ``ray://host[:port]``),
    or None for ``auto``/``local``, which Ray resolves itself; ``ValueError`` for a
    malformed one."""
    if address in ("auto", "local"):
        return None
    rest = address.removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    if not sep:
        if address.startswith("ray://") and rest:
            return rest, CLIENT_PORT
        raise _bad_address(address)
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise _bad_address(address)
    return host.strip("[]"), int(port)


def check_timeout(seconds: float) -> float:
    """``seconds`` if it is more than 0 and at most :data:`MAX_CONNECT_SECONDS`;
    ``ValueError`` naming it else (a wait of years is a mistake, and a number past what
    the clock's arithmetic holds would fail far from here)."""
    if not math.isfinite(seconds) or not 0 < seconds <= MAX_CONNECT_SECONDS:
        raise ValueError(f"--connect-timeout must be more than 0 and at most "
                         f"{MAX_CONNECT_SECONDS:g} seconds, not {seconds:g}")
    return seconds


def _too_slow(address: str, timeout: float, why: str) -> ConnectTimeout:
    return ConnectTimeout(f"cannot connect to the Ray cluster at {address} within "
                          f"{timeout:g} s: {why} (--connect-timeout sets the wait)")


def check_reachable(address: str, timeout: float = CONNECT_SECONDS) -> None:
    """Refuse, naming the address, a cluster whose port does not answer (at once if it
    is closed), or that accepts connections but does not answer as a gRPC server (as
    Ray's are) within ``timeout`` seconds: Ray itself would retry for ever."""
    point = endpoint(address)
    if point is None:
        return
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection(point, timeout=timeout) as connection:
            if _tls():
                return  # the HTTP/2 greeting would come after a TLS handshake
            connection.settimeout(max(deadline - time.monotonic(), 0.001))
            connection.sendall(HTTP2_PREFACE)
            header = _read(connection, FRAME_HEADER)
    except TimeoutError:
        raise _too_slow(address, timeout, "no answer") from None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ValueError(f"cannot reach the Ray cluster at {address}: {reason}") from None
    if len(header) < FRAME_HEADER or header[3] != SETTINGS:
        raise ValueError(f"cannot connect to the Ray cluster at {address}: what answers "
                         "there is not a Ray cluster (it does not speak gRPC)")


def _tls() -> bool:
    """Whether Ray is told to speak TLS (``RAY_USE_TLS``), as its own code reads it."""
    return os.environ.get("RAY_USE_TLS", "0").lower() in ("1", "true")


def _read(connection: socket.socket, count: int) -> bytes:
    """Up to ``count`` bytes; fewer if the other end closes first."""
    data = b""
    while len(data) < count:
        part = connection.recv(count - len(data))
        if not part:
            break
        data += part
    return data


def import_ray() -> ModuleType:
    """The ``ray`` module; ``ValueError`` saying how to install it when it is missing."""
    try:
        import ray
    except ImportError:
        raise ValueError(f"--backend ray needs Ray: {INSTALL_HINT}") from None
    return ray


def chunk_size(games: int, cpus: int) -> int:
    """Games per task: a few tasks per CPU of the cluster, never more than ``MAX_CHUNK``."""
    return max(1, min(MAX_CHUNK, games // (max(cpus, 1) * CHUNKS_PER_CPU)))


def connect(ray: ModuleType, address: str | None,
            timeout: float = CONNECT_SECONDS) -> bool:
    """Initialise Ray unless it already is; whether this call started it. Joining the
    cluster at ``address`` takes at most ``timeout`` seconds (:class:`ConnectTimeout`)."""
    if ray.is_initialized():
        return False
    deadline = time.monotonic() + timeout
    if address is not None:
        check_reachable(address, timeout)
    try:
        if address is None:
            # A dashboard is of no use to a tournament's own local instance.
            ray.init(logging_level=logging.WARNING, include_dashboard=False)
        else:
            _init_within(ray, address, deadline, timeout)
    except ConnectTimeout:
        raise
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = address or "a local instance"
        raise ValueError(f"cannot start Ray on {where}: {' '.join(str(exc).split())}") from exc
    return True


def _init_within(ray: ModuleType, address: str, deadline: float, timeout: float) -> None:
    """``ray.init(address)`` in a thread, given up (and left to itself) at ``deadline``.

    The thread is a daemon: it does not keep the process alive. Ray's log lines are held
    back until it is known whether it connected: shown if so, dropped if not.
    """
    failure: list[BaseException] = []

    def init() -> None:
        try:
            # ERROR: Ray warns that it cannot set its SIGTERM handler outside the main
            # thread; the usual level is restored once connected.
            ray.init(address=address, logging_level=logging.ERROR)
        except BaseException as exc:  # handed to the waiting thread
            failure.append(exc)

    with _held_stderr() as show_held:
        thread = threading.Thread(target=init, name="ray-connect", daemon=True)
        thread.start()
        thread.join(max(deadline - time.monotonic(), 0.0))
        if thread.is_alive():
            raise _too_slow(address, timeout, "no answer as a Ray cluster")
        if not failure:
            show_held()
    if failure:
        raise failure[0]
    logging.getLogger("ray").setLevel(logging.WARNING)


@contextlib.contextmanager
def _held_stderr() -> Iterator[Callable[[], None]]:
    """The standard error (file descriptor 2, where Ray's C++ core logs) sent to a
    temporary file until the block ends, when the real one is put back; the function
    yielded puts it back at once and copies there what was held."""
    sys.stderr.flush()
    with tempfile.TemporaryFile() as held, _swapped_stderr(held.fileno()) as restore:

        def show() -> None:
            restore()
            held.seek(0)
            data = held.read()
            while data:
                data = data[os.write(2, data):]

        yield show


@contextlib.contextmanager
def _swapped_stderr(fd: int) -> Iterator[Callable[[], None]]:
    """File descriptor 2 made a copy of ``fd``; the function yielded (called at the
    latest on leaving) puts the real standard error back."""
    saved = os.dup(2)
    os.dup2(fd, 2)
    restored = False

    def restore() -> None:
        nonlocal restored
        if not restored:
            restored = True
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)

    try:
        yield restore
    finally:
        restore()


@dataclass(frozen=True, slots=True)
class RayBackend:
    """Ray tasks on the cluster at ``address`` (a new local instance when ``None``)."""

    address: str | None = None
    connect_timeout: float = CONNECT_SECONDS
    name: str = "ray"

    def __post_init__(self) -> None:
        check_timeout(self.connect_timeout)

    def run(self, spec: TournamentSpec, pairings: list[Pairing], done: Done) -> None:
        ray = import_ray()
        started = connect(ray, self.address, self.connect_timeout)
        try:
            self._play(ray, spec, pairings, done)
        finally:
            if started:
                ray.shutdown()

    @staticmethod
    def _play(ray: ModuleType, spec: TournamentSpec, pairings: list[Pairing],
              done: Done) -> None:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        task = ray.remote(play_chunk)
        pending: list[Any] = [task.remote(spec, piece)
                              for piece in chunks(pairings, chunk_size(len(pairings), cpus))]
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    done(ray.get(ref))
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
