"""The web server on the loopback (uvicorn, a real socket): tables set up over HTTP,
seats playing over WebSockets with signed tokens, errors as frames, spectators, a
client coming back, a bad Origin refused, and the tables rebuilt after a restart."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from bohnen.server.app import BURST, MAX_FRAME_CHARS, create_app
from bohnen.server.table import Table

SECRET = "test-secret"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def serving(db: Path, secret: str | None = SECRET) -> Iterator[tuple[str, Any]]:
    """The app on the loopback for the block: its base URL and its Server."""
    app = create_app(db, secret)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"127.0.0.1:{port}", app.state.server
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def _post(base: str, body: dict[str, Any]) -> tuple[int, Any]:
    request = urllib.request.Request(f"http://{base}/api/tables", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _join(stack: ExitStack, base: str, table: str, token: str,
          after: int = 0) -> tuple[ClientConnection, dict[str, Any]]:
    ws = stack.enter_context(connect(f"ws://{base}/ws/{table}", open_timeout=10))
    ws.send(json.dumps({"token": token, "after": after}))
    hello = json.loads(ws.recv(timeout=10))
    assert hello["type"] == "hello"
    return ws, hello


def _next(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if frame["type"] == kind:
            return frame


def _legal(table: Table) -> tuple[int, str]:
    seat = table.state.to_act()[0]
    return seat, str(table.state.legal_actions(seat)[0])


def test_seats_play_over_websockets_and_tables_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    with serving(db) as (base, server), ExitStack() as stack:
        status, made = _post(base, {"game": "ndb", "players": 3, "seed": 5})
        assert status == 200 and len(made["seats"]) == 3
        table_id = made["table"]
        table = server.tables[table_id]
        seats = [_join(stack, base, table_id, token)[0] for token in made["seats"]]
        spectator, hello = _join(stack, base, table_id, made["spectator"])
        assert hello["seat"] is None and hello["view"]["seat"] is None
        for step in range(1, 21):
            seat, text = _legal(table)
            seats[seat].send(json.dumps({"action": text}))
            assert _next(seats[seat], "ack")["seq"] == step
            frame = _next(spectator, "step")
            assert frame["seq"] == step and frame["seat"] == seat
        # a seat may not act for another; the table is unchanged, the socket open
        seat, text = _legal(table)
        other = (seat + 1) % 3
        seats[other].send(json.dumps({"action": text}))
        assert f"you are seat {other}" in _next(seats[other], "error")["error"]
        seats[other].send("{not json")
        assert "JSON" in _next(seats[other], "error")["error"]
        spectator.send(json.dumps({"action": text}))
        assert "spectator" in _next(spectator, "error")["error"]
        assert table.seq == 20
        state = table.state.to_json()
    with serving(db) as (base, server), ExitStack() as stack:  # as a restarted server
        again = server.tables[table_id]
        assert again.seq == 20 and again.state.to_json() == state
        ws, hello = _join(stack, base, table_id, made["seats"][1], after=15)
        assert hello["seq"] == 20
        assert [_next(ws, "step")["seq"] for _ in range(5)] == [16, 17, 18, 19, 20]


def test_a_bad_token_or_origin_is_refused(tmp_path: Path) -> None:
    with serving(tmp_path / "tables.sqlite") as (base, _server):
        _status, made = _post(base, {"game": "bohnanza", "players": 3})
        table_id = made["table"]
        _status, other = _post(base, {"game": "bohnanza", "players": 3})
        for token in ["forged", other["seats"][0]]:  # a token of another table
            with connect(f"ws://{base}/ws/{table_id}", open_timeout=10) as ws:
                ws.send(json.dumps({"token": token}))
                with pytest.raises(ConnectionClosed) as closed:
                    ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            assert "not a token of this table" in closed.value.rcvd.reason
        with pytest.raises(InvalidStatus) as refused:  # the handshake is refused
            connect(f"ws://{base}/ws/{table_id}", open_timeout=10,
                    origin=Origin("http://evil.example"))
        assert refused.value.response.status_code == 403


def test_a_bad_table_request_names_what_is_wrong(tmp_path: Path) -> None:
    with serving(tmp_path / "tables.sqlite") as (base, _server):
        status, answer = _post(base, {"game": "chess", "players": 3})
        assert status == 422 and "unknown game" in answer["detail"]
        status, answer = _post(base, {"game": "bohnanza", "players": 9})
        assert status == 422 and "players" in json.dumps(answer)


def test_seat_tokens_stay_good_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    with serving(db, secret=None) as (base, _server):  # the log's own secret
        _status, made = _post(base, {"game": "bohnanza", "players": 3})
    with serving(db, secret=None) as (base, _server), ExitStack() as stack:
        _ws, hello = _join(stack, base, made["table"], made["seats"][2])
        assert hello["seat"] == 2


def test_frames_beyond_the_rate_limit_are_refused(tmp_path: Path) -> None:
    with serving(tmp_path / "tables.sqlite") as (base, _server), ExitStack() as stack:
        _status, made = _post(base, {"game": "bohnanza", "players": 3})
        ws, _hello = _join(stack, base, made["table"], made["spectator"])
        for _ in range(BURST + 20):
            ws.send(json.dumps({"action": "0: end-planting"}))
        errors = [_next(ws, "error")["error"] for _ in range(BURST + 20)]
        assert any("too many frames" in e for e in errors)
        assert all("spectator" in e or "too many frames" in e for e in errors)


def test_an_oversized_or_malformed_frame_gets_an_error_and_the_socket_stays_open(
        tmp_path: Path) -> None:
    with serving(tmp_path / "tables.sqlite") as (base, server), ExitStack() as stack:
        _status, made = _post(base, {"game": "ndb", "players": 3, "seed": 1})
        table = server.tables[made["table"]]
        seat = table.state.to_act()[0]
        ws, _hello = _join(stack, base, made["table"], made["seats"][seat])
        ws.send(json.dumps({"action": "x" * (MAX_FRAME_CHARS + 1)}))
        assert "at most" in _next(ws, "error")["error"]
        ws.send(json.dumps(["a", "list"]))
        assert "JSON object" in _next(ws, "error")["error"]
        ws.send(json.dumps({"move": "?"}))
        assert '{"action"' in _next(ws, "error")["error"]
        ws.send(json.dumps({"action": str(table.state.legal_actions(seat)[0])}))
        assert _next(ws, "ack")["seq"] == 1
