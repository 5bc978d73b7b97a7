"""Bots and clocks at tables of the real server (issue 24, "Bots seated online",
"Clocks"): a person plays a whole game against bots set up over HTTP, a clock running
out has the heuristic bot make the seat's move (the seat stays the person's), and a
seat handed to a bot is played by it until its person takes it back."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

from websockets.sync.client import ClientConnection

from .web import call, join, serving

BOUND = 120.0  # seconds any of these games may take


def _frames(ws: ClientConnection) -> Iterator[dict[str, Any]]:
    """The frames ``ws`` gets, as they come."""
    while True:
        yield json.loads(ws.recv(timeout=30))


def _set_up(base: str, game: str, seats: list[dict[str, str]], **more: Any) -> dict[str, Any]:
    status, made = call(base, "POST", "/api/tables", {
        "game": game, "players": len(seats), "name": "Ada", "seed": 4, "practice": True,
        "seats": seats,
        **more})
    assert status == 200, made
    answer: dict[str, Any] = made
    return answer


def test_a_person_plays_a_whole_game_against_bots(db_url: str) -> None:
    with serving(db_url) as (base, lobby), ExitStack() as stack:
        made = _set_up(base, "ndb", [{"kind": "me"}, {"kind": "bot", "bot": "heuristic"},
                                     {"kind": "bot", "bot": "random"}],
                       options={"rounds": 1})
        ws, hello = join(stack, base, made["table"], made["me"]["token"])
        assert hello["started"]
        deadline = time.monotonic() + BOUND
        moved, by_bots = 0, 0
        for frame in _frames(ws):
            assert time.monotonic() < deadline, "the game did not end in time"
            if frame["type"] == "step" and frame["seat"] != 0:
                by_bots += 1
            if frame["type"] != "view":
                continue
            if frame["result"] is not None:
                break
            if frame["moves"]:
                ws.send(json.dumps({"action": frame["moves"][0]["notation"]}))
                moved += 1
        table = lobby.tables[made["table"]]
        assert table.state.is_over and moved > 0 and by_bots > 0
        assert {seat for seat, _ in table.history} == {0, 1, 2}


def test_a_clock_running_out_has_the_heuristic_move_for_the_seat(db_url: str) -> None:
    with serving(db_url) as (base, lobby), ExitStack() as stack:
        made = _set_up(base, "bohnanza", [{"kind": "me"}, {"kind": "bot", "bot": "random"},
                                          {"kind": "bot", "bot": "random"}],
                       clock={"mode": "realtime", "per_move": 0.3, "bank": 0})
        ws, _hello = join(stack, base, made["table"], made["me"]["token"])
        deadline = time.monotonic() + BOUND
        clock = None
        for frame in _frames(ws):  # Ada never moves: her clock runs out
            assert time.monotonic() < deadline, "no move was made for seat 0"
            if frame["type"] == "view" and frame["clock"] is not None and clock is None:
                clock = frame["clock"]
            if frame["type"] == "step" and frame["seat"] == 0:
                break
        assert clock is not None and clock["mode"] == "realtime"
        table = lobby.tables[made["table"]]
        assert table.seats[0].kind == "person" and table.seats[0].name == "Ada"


def test_a_seat_handed_to_a_bot_is_played_by_it(db_url: str) -> None:
    with serving(db_url) as (base, lobby), ExitStack() as stack:
        made = _set_up(base, "ndb", [{"kind": "me"}, {"kind": "bot", "bot": "random"},
                                     {"kind": "bot", "bot": "random"}],
                       options={"rounds": 1})
        ws, _hello = join(stack, base, made["table"], made["me"]["token"])
        ws.send(json.dumps({"standin": "heuristic"}))
        deadline = time.monotonic() + BOUND
        for frame in _frames(ws):
            assert time.monotonic() < deadline, "the stand-in did not move"
            if frame["type"] == "step" and frame["seat"] == 0:
                break
        ws.send(json.dumps({"standin": None}))
        for frame in _frames(ws):
            if frame["type"] == "seats" and frame["seats"][0]["standin"] is None:
                break
        assert lobby.tables[made["table"]].seats[0].standin is None


def test_the_view_frames_say_when_a_clock_starts_and_after_each_step(db_url: str) -> None:
    with serving(db_url) as (base, _lobby), ExitStack() as stack:
        made = _set_up(base, "ndb", [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}],
                       clock={"mode": "async", "per_move": 3_600})
        ws, _hello = join(stack, base, made["table"], made["me"]["token"])
        for invitation, name in zip(made["invitations"], ("Bea", "Cem"), strict=True):
            call(base, "POST", f"/api/tables/{made['table']}/join",
                 {"name": name, "invitation": invitation["token"]})
        views = (f for f in _frames(ws) if f["type"] == "view")
        started = next(v for v in views if v["started"])
        assert set(started["clock"]["deadline"]) == {str(s) for s in started["must_act"]}
        assert started["must_act"]
        assert min(started["clock"]["deadline"].values()) > time.time() + 3_000
