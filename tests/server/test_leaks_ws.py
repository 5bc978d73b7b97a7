"""No leaks through the real server (issue 24, "No leaks, tested at the frame level"):
whole games of each game played over WebSockets on the loopback, every frame sent to
every seat and to a spectator recorded as it arrived, a seat dropping its connection
and coming back mid-game. A seat learns nothing from another seat's event that the
spectator does not, the spectator gets no private field, each view frame is exactly
the engine's view for its receiver with only its own moves, the frames sent again
after a reconnect are those sent the first time, and the replay opens when the game is
over."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from bohnen.core import get_game
from bohnen.server.table import Table

from .test_leaks import PRIVATE
from .web import call, join, people, serving

Frames = list[dict[str, Any]]


def _until_view(ws: ClientConnection, seq: int, into: Frames) -> None:
    """Read ``ws`` into ``into`` up to the view frame of step ``seq``."""
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=10))
        assert frame["type"] != "error", frame
        into.append(frame)
        if frame["type"] == "view" and frame["seq"] == seq:
            return


def _move(table: Table, rng: random.Random) -> tuple[int, str]:
    seat = table.state.to_act()[0]
    legal = table.state.legal_actions(seat)
    closing = [a for a in legal if getattr(a, "ends_trading", False)]
    move = closing[0] if closing and rng.random() < 0.5 else legal[rng.randrange(len(legal))]
    return seat, str(move)


@pytest.mark.parametrize("game", ["bohnanza", "ndb", "hansa"])
def test_no_frame_over_the_wire_tells_a_seat_what_it_may_not_know(
        db_url: str, game: str) -> None:
    players = 4
    viewers: list[int | None] = [*range(players), None]
    # one client plays many moves a second here: no rate limit
    with serving(db_url, rate=1e9, burst=10**9) as (base, lobby), \
            ExitStack() as stack:
        made, tokens = people(base, game, players, seed=3)
        table_id = made["table"]
        table = lobby.tables[table_id]
        keys = [*tokens, made["spectator"]]
        clients: dict[int | None, ClientConnection] = {}
        seen: dict[int | None, Frames] = {v: [] for v in viewers}
        for v, key in zip(viewers, keys, strict=True):
            clients[v], hello = join(stack, base, table_id, key)
            assert "view" not in hello and hello["seat"] == v
            _until_view(clients[v], 0, seen[v])
        shadow = get_game(game).new_game(table.state.options, 3)
        expected: dict[int | None, Frames] = {v: [dict(shadow.view(v))] for v in viewers}
        rng = random.Random(9)
        while not table.state.is_over and table.seq < 1_500:
            seat, text = _move(table, rng)
            clients[seat].send(json.dumps({"action": text}))
            shadow.apply(get_game(game).parse_action(text))
            for v in viewers:
                _until_view(clients[v], len(expected[v]), seen[v])
                expected[v].append(dict(shadow.view(v)))
            if table.seq == 60:  # seat 1 drops and comes back after step 40
                clients[1].close()
                clients[1], _hello = join(stack, base, table_id, tokens[1], after=40)
                again: Frames = []
                _until_view(clients[1], 60, again)
                first = [f for f in seen[1] if f["type"] == "step" and f["seq"] > 40]
                assert [f for f in again if f["type"] == "step"] == first
        assert table.seq > 60 and table.state.is_over  # the reconnect happened
        status, answer = call(base, "GET", f"/api/tables/{table_id}/replay")
        assert status == 200, answer
    private_shown = 0
    steps = {v: [f for f in seen[v] if f["type"] == "step"] for v in viewers}
    views = {v: [f for f in seen[v] if f["type"] == "view"] for v in viewers}
    for v in viewers:
        assert [f["seq"] for f in steps[v]] == list(range(1, len(steps[v]) + 1))
        assert [f["view"] for f in views[v]] == expected[v][:len(views[v])]
        assert all(m["notation"].startswith(f"{v}:") for f in views[v] for m in f["moves"])
        assert v is not None or all(f["moves"] == [] for f in views[None])
    for index, frame in enumerate(steps[None]):
        for event in frame["events"]:
            assert not PRIVATE[game].get(event["event"], set()) & set(event), event
        for v in range(players):
            for mine, theirs in zip(steps[v][index]["events"], frame["events"], strict=True):
                if mine.get("seat") != v:
                    assert mine == theirs, (v, mine, theirs)
                elif PRIVATE[game].get(mine["event"], set()) & set(mine):
                    private_shown += 1
    assert private_shown > 0
