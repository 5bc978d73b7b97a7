"""The Ray backend: chunks of games as Ray tasks, on a cluster or a local Ray instance.

Ray is an extra (``pip install 'bohnen[ray]'``). Without ``address`` a local Ray
instance is started for the tournament and shut down after it; with one, the
tournament joins that cluster (whose nodes must have ``bohnen`` installed). If Ray
is already initialised in this process, the tournament uses it and leaves it running.
"""

from __future__ import annotations

import logging
import socket
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from bohnen.sim.schedule import Pairing, chunks
from bohnen.sim.tournament import Done, TournamentSpec, play_chunk

INSTALL_HINT = "pip install 'bohnen[ray]'"
CHUNKS_PER_CPU = 4
MAX_CHUNK = 50
CLIENT_PORT = 10001  # Ray Client's default port (ray://host)
REACH_SECONDS = 5.0  # how long to wait for a cluster's port to answer


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
        raise ValueError(f"Ray address {address!r} is not HOST:PORT, ray://HOST[:PORT] or auto")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"Ray address {address!r} is not HOST:PORT, ray://HOST[:PORT] or auto")
    return host.strip("[]"), int(port)


def check_reachable(address: str, timeout: float = REACH_SECONDS) -> None:
    """Refuse at once, naming the address, a cluster whose port does not answer: Ray
    itself would retry for a long time without a word."""
    point = endpoint(address)
    if point is None:
        return
    try:
        with socket.create_connection(point, timeout=timeout):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ValueError(f"cannot reach the Ray cluster at {address}: {reason}") from None


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


def connect(ray: ModuleType, address: str | None) -> bool:
    """Initialise Ray unless it already is; whether this call started it."""
    if ray.is_initialized():
        return False
    if address is not None:
        check_reachable(address)
    # A dashboard is of no use to a tournament's own local instance.
    extra: dict[str, Any] = {"include_dashboard": False} if address is None else {}
    try:
        ray.init(address=address, logging_level=logging.WARNING, **extra)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = address or "a local instance"
        raise ValueError(f"cannot start Ray on {where}: {' '.join(str(exc).split())}") from exc
    return True


@dataclass(frozen=True, slots=True)
class RayBackend:
    """Ray tasks on the cluster at ``address`` (a new local instance when ``None``)."""

    address: str | None = None
    name: str = "ray"

    def run(self, spec: TournamentSpec, pairings: list[Pairing], done: Done) -> None:
        ray = import_ray()
        started = connect(ray, self.address)
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
