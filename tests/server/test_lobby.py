"""The lobby over HTTP and the table's extras over the WebSocket (issue 24, "What a
player gets"): games and options offered, tables set up with bots, open and person
seats, joining with a name, signed and revocable invitations, the host seating a bot,
a seat handed to a bot and taken back, leaving, chat, and the replay of a finished
game with every hand shown."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from .web import call, join, next_frame, people, serving


def _view_after(ws: ClientConnection, seq: int) -> dict[str, Any]:
    """The view frame of step ``seq`` (an ack or an error on the way: none expected)."""
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=10))
        assert frame["type"] != "error", frame
        if frame["type"] == "view" and frame["seq"] == seq:
            return frame


def test_the_games_their_options_and_bots_are_offered(db_url: str) -> None:
    with serving(db_url) as (base, _lobby):
        status, games = call(base, "GET", "/api/games")
    assert status == 200
    by_name = {g["game"]: g for g in games}
    assert set(by_name) == {"bohnanza", "ndb", "hansa"}
    bohnanza = by_name["bohnanza"]
    assert bohnanza["players"] == [3, 5] and "heuristic" in bohnanza["bots"]
    trading = next(o for o in bohnanza["options"] if o["name"] == "trading")
    assert trading["choices"] == ["turn_based", "open"] and trading["default"] == "turn_based"
    # a client chooses rules, never a file of the server
    assert not {"board", "board_digest"} & {o["name"] for o in by_name["hansa"]["options"]}
    assert all("policy" not in game["bots"] for game in by_name.values())


def test_a_table_that_names_a_file_or_a_bad_bot_is_refused(db_url: str) -> None:
    with serving(db_url) as (base, _lobby):
        status, answer = call(base, "POST", "/api/tables", {
            "game": "hansa", "players": 3, "name": "Ada",
            "options": {"board": "/etc/passwd"}})
        assert status == 422 and "board" in answer["detail"]
        for bot, words in [("chess-master", "'chess-master' is not offered"),
                           ("ismcts:iterations=999999", "iterations is at most 2000"),
                           ("ismcts:proposals=999999", "proposals is at most 5000"),
                           ("policy:model=/etc/passwd", "'policy' is not offered")]:
            status, answer = call(base, "POST", "/api/tables", {
                "game": "bohnanza", "players": 3, "name": "Ada",
                "seats": [{"kind": "me"}, {"kind": "bot", "bot": bot}, {"kind": "open"}]})
            assert status == 422 and words in answer["detail"], answer
        status, answer = call(base, "POST", "/api/tables", {
            "game": "bohnanza", "players": 3, "name": " "})
        assert status == 422 and "a name is needed" in answer["detail"]


def test_people_join_free_seats_by_name_and_the_game_starts_when_none_is_open(
        db_url: str) -> None:
    with serving(db_url) as (base, lobby), ExitStack() as stack:
        status, made = call(base, "POST", "/api/tables", {
            "game": "bohnanza", "players": 3, "name": "Ada",
            "seats": [{"kind": "me"}, {"kind": "bot", "bot": "heuristic"},
                      {"kind": "open"}]})
        assert status == 200 and made["me"]["seat"] == 0
        assert [i["seat"] for i in made["invitations"]] == [2]
        table_id = made["table"]
        _status, listing = call(base, "GET", "/api/tables")
        assert [t["table"] for t in listing["open"]] == [table_id]
        ws, hello = join(stack, base, table_id, made["me"]["token"])
        assert hello["seat"] == 0 and not hello["started"]
        assert [s["kind"] for s in hello["seats"]] == ["person", "bot", "open"]
        status, joined = call(base, "POST", f"/api/tables/{table_id}/join", {"name": "Bea"})
        assert status == 200 and joined["seat"] == 2
        seats = next_frame(ws, "seats")
        while not seats["started"]:
            seats = next_frame(ws, "seats")
        names = [s["name"] for s in seats["seats"]]
        assert names[0::2] == ["Ada", "Bea"] and names[1].endswith(" (heuristic)"), names
        status, answer = call(base, "POST", f"/api/tables/{table_id}/join", {"name": "Cy"})
        assert status == 409 and "every seat is taken" in answer["detail"]
        _status, listing = call(base, "GET", "/api/tables")
        assert [t["table"] for t in listing["playing"]] == [table_id] and not listing["open"]
        assert lobby.tables[table_id].started


def test_an_invitation_is_used_once_and_a_revoked_one_is_void(db_url: str) -> None:
    with serving(db_url) as (base, _lobby):
        _status, made = call(base, "POST", "/api/tables",
                             {"game": "ndb", "players": 3, "name": "Ada"})
        table_id, host = made["table"], made["host"]
        first, second = made["invitations"]
        status, answer = call(base, "POST", f"/api/tables/{table_id}/seats/2",
                              {"revoke": True}, {"Authorization": "Bearer forged"})
        assert status == 403 and "not a token of this table" in answer["detail"]
        status, renewed = call(base, "POST", f"/api/tables/{table_id}/seats/2",
                               {"revoke": True}, {"Authorization": f"Bearer {host}"})
        assert status == 200 and renewed["token"] != second["token"]
        path = f"/api/tables/{table_id}/join"
        status, answer = call(base, "POST", path, {"name": "Bea",
                                                   "invitation": second["token"]})
        assert status == 403 and "used or revoked" in answer["detail"]
        status, joined = call(base, "POST", path, {"name": "Bea",
                                                   "invitation": renewed["token"]})
        assert status == 200 and joined["seat"] == 2
        status, joined = call(base, "POST", path, {"name": "Cy",
                                                   "invitation": first["token"]})
        assert status == 200 and joined["seat"] == 1
        status, answer = call(base, "POST", path, {"name": "Dan",
                                                   "invitation": first["token"]})
        assert status == 403 and "used or revoked" in answer["detail"]
        status, answer = call(base, "POST", path, {"name": "Eve",
                                                   "invitation": made["host"]})
        assert status == 403 and "invite token, not a host token" in answer["detail"]


def test_the_host_seats_a_bot_in_place_of_a_person_whose_token_is_then_void(
        db_url: str) -> None:
    with serving(db_url) as (base, lobby), ExitStack() as stack:
        made, tokens = people(base, "ndb", 3, seed=2)
        table_id = made["table"]
        ws, _hello = join(stack, base, table_id, tokens[1])
        status, _answer = call(base, "POST", f"/api/tables/{table_id}/seats/1",
                               {"bot": "random"},
                               {"Authorization": f"Bearer {made['host']}"})
        assert status == 200
        assert lobby.tables[table_id].seats[1].kind == "bot"
        with pytest.raises(ConnectionClosed) as closed:  # closed at once, unasked
            while True:
                ws.recv(timeout=10)
        assert closed.value.rcvd is not None
        assert "given to someone else" in closed.value.rcvd.reason
        with pytest.raises(ConnectionClosed):  # and the token opens nothing any more
            join(stack, base, table_id, tokens[1])


def test_a_seat_handed_to_a_bot_and_taken_back_and_a_seat_left(db_url: str) -> None:
    with serving(db_url) as (base, lobby), ExitStack() as stack:
        made, tokens = people(base, "ndb", 3, seed=2)
        table = lobby.tables[made["table"]]
        ws, _hello = join(stack, base, made["table"], tokens[2])
        ws.send(json.dumps({"standin": "heuristic"}))
        while next_frame(ws, "seats")["seats"][2]["standin"] != "heuristic":
            pass
        ws.send(json.dumps({"standin": "nobody-at-all"}))
        assert "'nobody-at-all' is not offered" in next_frame(ws, "error")["error"]
        ws.send(json.dumps({"standin": None}))
        seats = next_frame(ws, "seats")["seats"]
        assert seats[2]["standin"] is None and seats[2]["name"] == "p2"
        ws.send(json.dumps({"leave": True}))
        with pytest.raises(ConnectionClosed):
            while True:
                ws.recv(timeout=10)
        assert table.seats[2].kind == "open" and not table.started


def test_chat_reaches_everybody_and_comes_again_to_who_reconnects(db_url: str) -> None:
    with serving(db_url) as (base, _lobby), ExitStack() as stack:
        made, tokens = people(base, "bohnanza", 3, seed=4, spectator_chat=True)
        table_id = made["table"]
        ada, _ = join(stack, base, table_id, tokens[0])
        watcher, _ = join(stack, base, table_id, made["spectator"])
        ada.send(json.dumps({"chat": "  good   luck "}))
        line = next_frame(watcher, "chat")
        assert (line["n"], line["name"], line["text"], line["seat"]) == (
            1, "p0", "good luck", 0)
        watcher.send(json.dumps({"chat": "x" * 501}))
        assert "at most 500" in next_frame(watcher, "error")["error"]
        watcher.send(json.dumps({"chat": "go Ada"}))
        assert next_frame(ada, "chat")["text"] == "good luck"  # her own, told back
        assert next_frame(ada, "chat")["name"] == "spectator"
        again, _ = join(stack, base, table_id, tokens[1], chat_after=1)
        assert next_frame(again, "chat")["text"] == "go Ada"


def test_a_finished_game_is_replayed_with_every_hand_shown(db_url: str) -> None:
    with serving(db_url) as (base, lobby), ExitStack() as stack:
        made, tokens = people(base, "ndb", 3, seed=8, options={"rounds": 1})
        table_id = made["table"]
        status, answer = call(base, "GET", f"/api/tables/{table_id}/replay")
        assert status == 409 and "still being played" in answer["detail"]
        status, answer = call(base, "GET", f"/api/tables/{table_id}/replay/1")
        assert status == 409
        clients = [join(stack, base, table_id, token)[0] for token in tokens]
        clients[0].send(json.dumps({"chat": "gl"}))
        rng = random.Random(1)
        views = [next_frame(ws, "view") for ws in clients]
        while views[0]["result"] is None:
            seat = next(s for s in range(3) if views[s]["moves"])
            move = rng.choice(views[seat]["moves"])
            clients[seat].send(json.dumps({"action": move["notation"]}))
            views = [_view_after(ws, views[0]["seq"] + 1) for ws in clients]
        steps = views[0]["seq"]
        status, record = call(base, "GET", f"/api/tables/{table_id}/replay")
        assert status == 200 and len(record["steps"]) == steps
        assert [c["text"] for c in record["chat"]] == ["gl"]
        assert [s["name"] for s in record["seats"]] == ["p0", "p1", "p2"]
        status, first = call(base, "GET", f"/api/tables/{table_id}/replay/1")
        table = lobby.tables[table_id]
        hands = [first["views"][str(seat)]["players"][seat]["hand"] for seat in range(3)]
        assert all(hands) and first["views"]["spectator"]["seat"] is None
        assert first["events"]["0"] == [
            {**e.to_json(0), "text": e.text(0, ["p0", "p1", "p2"])}
            for e in table.history[0][1]]
        status, last = call(base, "GET", f"/api/tables/{table_id}/replay/{steps}")
        assert last["result"] == table.state.result().to_json()
        status, answer = call(base, "GET", f"/api/tables/{table_id}/replay/{steps + 1}")
        assert status == 404 and f"steps 0 to {steps}" in answer["detail"]
