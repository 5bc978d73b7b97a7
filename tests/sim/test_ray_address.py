"""A Ray cluster's address: read, or refused with a message naming it; an unreachable
cluster is refused at once instead of Ray's long silent retries."""

from __future__ import annotations

import socket

import pytest

from bohnen.cli import main
from bohnen.sim.ray_backend import check_reachable, endpoint


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # free again once closed: nobody listens there


def test_an_unreachable_cluster_is_refused_at_once_with_its_address() -> None:
    port = _closed_port()
    with pytest.raises(ValueError, match=f"cannot reach the Ray cluster at 127.0.0.1:{port}"):
        check_reachable(f"127.0.0.1:{port}", timeout=2.0)


def test_ray_addresses_are_read_or_refused() -> None:
    assert endpoint("10.0.0.5:6379") == ("10.0.0.5", 6379)
    assert endpoint("ray://head.example") == ("head.example", 10001)
    assert endpoint("ray://head.example:10002") == ("head.example", 10002)
    assert endpoint("auto") is None
    for bad in ("head", "head:port", ":6379", "head:70000", "ray://"):
        with pytest.raises(ValueError, match="not HOST:PORT"):
            endpoint(bad)


def test_command_line_refuses_an_unreachable_cluster(
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray")
    port = _closed_port()
    code = main(["tournament", "ndb", "--bots", "random,random,random", "--games", "3",
                 "--backend", "ray", "--address", f"127.0.0.1:{port}"])
    err = capsys.readouterr().err
    assert code != 0
    assert f"cannot reach the Ray cluster at 127.0.0.1:{port}" in err
    assert "Traceback" not in err
