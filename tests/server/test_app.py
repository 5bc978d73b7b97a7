"""The web server on the loopback (uvicorn, a real socket): tables set up over HTTP,
seats playing over WebSockets with signed tokens, errors as frames, spectators, a
client coming back, a bad Origin refused, and the tables rebuilt after a restart."""

from __future__ import annotations

import json
from contextlib import ExitStack

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from bohnen.server.app import BURST, MAX_FRAME_CHARS
from bohnen.server.table import Table

from .web import call, join, next_frame, people, serving


def _legal(table: Table) -> tuple[int, str]:
    seat = table.state.to_act()[0]
    return seat, str(table.state.legal_actions(seat)[0])


def test_seats_play_over_websockets_and_tables_survive_a_restart(db_url: str) -> None:
    db = db_url
    with serving(db) as (base, server), ExitStack() as stack:
        made, tokens = people(base, "ndb", 3, seed=5)
        table_id = made["table"]
        table = server.tables[table_id]
        seats = [join(stack, base, table_id, token)[0] for token in tokens]
        spectator, hello = join(stack, base, table_id, made["spectator"])
        assert hello["seat"] is None and next_frame(spectator, "view")["view"]["seat"] is None
        for step in range(1, 21):
            seat, text = _legal(table)
            seats[seat].send(json.dumps({"action": text}))
            assert next_frame(seats[seat], "ack")["seq"] == step
            frame = next_frame(spectator, "step")
            assert frame["seq"] == step and frame["seat"] == seat
        # a seat may not act for another; the table is unchanged, the socket open
        seat, text = _legal(table)
        other = (seat + 1) % 3
        seats[other].send(json.dumps({"action": text}))
        assert f"you are seat {other}" in next_frame(seats[other], "error")["error"]
        seats[other].send("{not json")
        assert "JSON" in next_frame(seats[other], "error")["error"]
        spectator.send(json.dumps({"action": text}))
        assert "spectator" in next_frame(spectator, "error")["error"]
        assert table.seq == 20
        state = table.state.to_json()
    with serving(db) as (base, server), ExitStack() as stack:  # as a restarted server
        again = server.tables[table_id]
        assert again.seq == 20 and again.state.to_json() == state
        ws, hello = join(stack, base, table_id, tokens[1], after=15)
        assert hello["seq"] == 20
        assert [next_frame(ws, "step")["seq"] for _ in range(5)] == [16, 17, 18, 19, 20]


def test_a_bad_token_or_origin_is_refused(db_url: str) -> None:
    with serving(db_url) as (base, _server):
        made, _tokens = people(base, "bohnanza", 3)
        table_id = made["table"]
        _other, tokens = people(base, "bohnanza", 3)
        for token in ["forged", tokens[0]]:  # a token of another table
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


def test_a_bad_table_request_names_what_is_wrong(db_url: str) -> None:
    with serving(db_url) as (base, _server):
        status, answer = call(base, "POST", "/api/tables", {"game": "chess", "players": 3})
        assert status == 422 and "unknown game" in answer["detail"]
        status, answer = call(base, "POST", "/api/tables",
                              {"game": "bohnanza", "players": 9, "name": "Ada"})
        assert status == 422 and "players" in answer["detail"]
        status, answer = call(base, "POST", "/api/tables", {"game": "bohnanza", "players": "x"})
        assert status == 422 and answer["detail"].startswith("players:")


def test_seat_tokens_stay_good_after_a_restart(db_url: str) -> None:
    db = db_url
    with serving(db, secret=None) as (base, _server):  # the log's own secret
        made, tokens = people(base, "bohnanza", 3)
    with serving(db, secret=None) as (base, _server), ExitStack() as stack:
        _ws, hello = join(stack, base, made["table"], tokens[2])
        assert hello["seat"] == 2


def test_frames_beyond_the_rate_limit_are_refused(db_url: str) -> None:
    with serving(db_url) as (base, _server), ExitStack() as stack:
        made, _tokens = people(base, "bohnanza", 3)
        ws, _hello = join(stack, base, made["table"], made["spectator"])
        for _ in range(BURST + 20):
            ws.send(json.dumps({"action": "0: end-planting"}))
        errors = [next_frame(ws, "error")["error"] for _ in range(BURST + 20)]
        assert any("too many frames" in e for e in errors)
        assert all("spectator" in e or "too many frames" in e for e in errors)


def test_an_oversized_or_malformed_frame_gets_an_error_and_the_socket_stays_open(
        db_url: str) -> None:
    with serving(db_url) as (base, server), ExitStack() as stack:
        made, tokens = people(base, "ndb", 3, seed=1)
        table = server.tables[made["table"]]
        seat = table.state.to_act()[0]
        ws, _hello = join(stack, base, made["table"], tokens[seat])
        ws.send(json.dumps({"action": "x" * (MAX_FRAME_CHARS + 1)}))
        assert "at most" in next_frame(ws, "error")["error"]
        ws.send(json.dumps(["a", "list"]))
        assert "JSON object" in next_frame(ws, "error")["error"]
        ws.send(json.dumps({"move": "?"}))
        assert '{"action"' in next_frame(ws, "error")["error"]
        ws.send(json.dumps({"action": str(table.state.legal_actions(seat)[0])}))
        assert next_frame(ws, "ack")["seq"] == 1
