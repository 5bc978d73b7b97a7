"""Hostile clients and the seats (issue 34, "High 1: the creator gets the seed" and
"High 2: a replaced player keeps the seat's private frames").

- The seed is drawn by the server and told to nobody before the end: not to the
  creator, not in any frame; a chosen seed only at a practice table, where every seat
  is told it.
- Tokens name the holder's nonce, expire, and are renewed at each connection; the
  host's token can be replaced, and the old one is then void.
- Hand-overs, checked at the level of the frames a client receives (independent of how
  the server does it): when a seat changes hands (its person leaves, the host removes
  the person, the host seats a bot there), every connection of the earlier holder gets
  no frame made after the change but a ``closed`` one, and is closed (1008); with
  PostgreSQL, also a connection held at another server process than the table's owner.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import pytest
from itsdangerous import TimestampSigner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from bohnen.server.tokens import Tokens

from .web import SECRET, call, join, next_frame, people, serving

WAIT = 30.0  # the bound of each wait for a frame


def _frames_until_closed(ws: ClientConnection) -> tuple[list[dict[str, Any]], int | None]:
    """Every frame ``ws`` gets until the server closes it, and the close code."""
    frames = []
    try:
        while True:
            frames.append(json.loads(ws.recv(timeout=WAIT)))
    except ConnectionClosed as closed:
        code = closed.rcvd.code if closed.rcvd is not None else None
        return frames, code


def _all_text(obj: Any) -> str:
    return json.dumps(obj)


# --- the seed ----------------------------------------------------------------------------

def test_the_creator_and_the_seats_are_never_told_the_seed(db_url: str) -> None:
    with serving(db_url) as (base, lobby), ExitStack() as stack:
        status, made = call(base, "POST", "/api/tables", {
            "game": "bohnanza", "players": 3, "name": "Ada",
            "seats": [{"kind": "me"}, {"kind": "bot", "bot": "heuristic"},
                      {"kind": "bot", "bot": "heuristic"}]})
        assert status == 200 and "seed" not in made and made["practice"] is False
        table = lobby.tables[made["table"]]
        seed = str(table.seed)
        assert len(seed) > 8  # a seed drawn at random, long enough to be found if sent
        ws, hello = join(stack, base, made["table"], made["me"]["token"])
        watcher, spectator_hello = join(stack, base, made["table"], made["spectator"])
        seen = [made, hello, spectator_hello, call(base, "GET", f"/api/tables/{made['table']}")[1],
                call(base, "GET", "/api/tables")[1]]
        for _ in range(3):  # a few moves of the person, with the bots' between
            view = next_frame(ws, "view")
            seen.append(view)
            while not view["moves"]:
                view = next_frame(ws, "view")
                seen.append(view)
            ws.send(json.dumps({"action": view["moves"][0]["notation"]}))
            seen.append(next_frame(watcher, "view"))
        assert all(seed not in _all_text(frame) for frame in seen)


def test_seeds_come_from_the_cryptographic_source(monkeypatch: pytest.MonkeyPatch,
                                                   db_url: str) -> None:
    drawn: list[int] = []

    def randbits(bits: int) -> int:
        drawn.append(bits)
        return 123_456_789_123

    monkeypatch.setattr("bohnen.server.lobby.secrets.randbits", randbits)
    with serving(db_url) as (base, lobby):
        status, made = call(base, "POST", "/api/tables", {"game": "ndb", "players": 3,
                                                          "name": "Ada"})
        assert status == 200 and drawn == [63]
        assert lobby.tables[made["table"]].seed == 123_456_789_123


def test_a_chosen_seed_needs_a_practice_table_where_every_seat_is_told_it(
        db_url: str) -> None:
    with serving(db_url) as (base, _), ExitStack() as stack:
        status, answer = call(base, "POST", "/api/tables", {
            "game": "ndb", "players": 3, "name": "Ada", "seed": 42})
        assert status == 422 and "only for a practice table" in answer["detail"], answer
        made, tokens = people(base, "ndb", 3, seed=42)  # people() asks for practice
        assert made["seed"] == 42 and made["practice"] is True
        for token in [*tokens, made["spectator"]]:
            _, hello = join(stack, base, made["table"], token)
            assert hello["seed"] == 42 and hello["setup"]["practice"] is True


# --- tokens ------------------------------------------------------------------------------

def test_a_token_expires_and_each_connection_gives_a_fresh_one(
        monkeypatch: pytest.MonkeyPatch, db_url: str) -> None:
    import time

    now = time.time()
    with serving(db_url) as (base, lobby), ExitStack() as stack:
        made, tokens = people(base, "ndb", 3)
        life = lobby.tokens.days * 86_400
        # the clock of the tokens' signer alone: the first token nearly expired
        monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda _: int(now + life - 60))
        _, hello = join(stack, base, made["table"], tokens[1])
        fresh = hello["token"]
        granted = lobby.tokens.read(fresh, made["table"], "seat")
        assert granted.seat == 1 and granted.nonce == lobby.tables[made["table"]].seats[1].nonce
        monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda _: int(now + life + 60))
        status, answer = call(base, "POST", f"/api/tables/{made['table']}/seats/1",
                              {"revoke": True}, {"Authorization": f"Bearer {made['host']}"})
        assert status == 403 and "the token has expired" in answer["detail"], answer
        stale = stack.enter_context(_connect(base, made["table"]))
        stale.send(json.dumps({"token": tokens[1], "after": 0, "chat_after": 0}))
        assert _frames_until_closed(stale)[1] == 1008
        _, again = join(stack, base, made["table"], fresh)  # the fresh one is still good
        assert again["seat"] == 1


def test_a_seat_token_of_another_holder_is_void_whatever_its_generation(db_url: str) -> None:
    with serving(db_url) as (base, lobby), ExitStack() as stack:
        made, _ = people(base, "ndb", 3)
        row = lobby.tables[made["table"]].seats[2]
        forged = Tokens(SECRET).make(made["table"], "seat", 2, row.generation, "not-the-nonce")
        ws = stack.enter_context(_connect(base, made["table"]))
        ws.send(json.dumps({"token": forged, "after": 0, "chat_after": 0}))
        _, code = _frames_until_closed(ws)
        assert code == 1008


def _connect(base: str, table: str) -> Any:
    from websockets.sync.client import connect

    return connect(f"ws://{base}/ws/{table}", open_timeout=10)


def test_the_hosts_token_can_be_replaced_and_the_old_one_is_then_void(db_url: str) -> None:
    with serving(db_url) as (base, _):
        made, _ = people(base, "ndb", 3)
        table, old = made["table"], {"Authorization": f"Bearer {made['host']}"}
        status, renewed = call(base, "POST", f"/api/tables/{table}/host", None, old)
        assert status == 200 and renewed["host"] != made["host"]
        status, answer = call(base, "POST", f"/api/tables/{table}/seats/2",
                              {"bot": "random"}, old)
        assert status == 403 and "replaced by a newer one" in answer["detail"]
        new = {"Authorization": f"Bearer {renewed['host']}"}
        assert call(base, "POST", f"/api/tables/{table}/seats/2", {"bot": "random"},
                    new)[0] == 200


# --- hand-overs, frame by frame ----------------------------------------------------------

HANDOVERS = ["leave", "revoke", "bot"]


def _hand_over(base: str, made: dict[str, Any], old: ClientConnection, how: str) -> None:
    table, host = made["table"], {"Authorization": f"Bearer {made['host']}"}
    if how == "leave":
        old.send(json.dumps({"leave": True}))
    elif how == "revoke":
        status, invitation = call(base, "POST", f"/api/tables/{table}/seats/1",
                                  {"revoke": True}, host)
        assert status == 200
        status, _ = call(base, "POST", f"/api/tables/{table}/join",
                         {"name": "Newcomer", "invitation": invitation["token"]})
        assert status == 200
    else:
        status, _ = call(base, "POST", f"/api/tables/{table}/seats/1",
                         {"bot": "heuristic"}, host)
        assert status == 200


def _changed_at(spectator: ClientConnection) -> int:
    """The last step before the spectator hears that seat 1 changed hands."""
    seq = 0
    while True:
        frame = json.loads(spectator.recv(timeout=WAIT))
        if frame["type"] == "step":
            seq = frame["seq"]
        if frame["type"] == "seats" and frame["seats"][1]["name"] != "p1":
            return seq


def _play_on(base: str, table: str, tokens: list[str], stack: ExitStack) -> None:
    """The other seats chat on after the hand-over (and a bot at seat 1 plays its
    moves): frames the earlier holder must not get."""
    for seat in (0, 2):
        ws, _ = join(stack, base, table, tokens[seat])
        ws.send(json.dumps({"chat": "we play on"}))


@pytest.mark.parametrize("how", HANDOVERS)
def test_every_connection_of_an_earlier_holder_gets_nothing_after_the_hand_over(
        db_url: str, how: str) -> None:
    with serving(db_url) as (base, _), ExitStack() as stack:
        made, tokens = people(base, "bohnanza", 3)
        table = made["table"]
        old = [join(stack, base, table, tokens[1])[0] for _ in range(2)]  # two tabs
        spectator, _ = join(stack, base, table, made["spectator"])
        for ws in old:
            next_frame(ws, "view")
        _hand_over(base, made, old[0], how)
        changed = _changed_at(spectator)
        _play_on(base, table, tokens, stack)
        next_frame(spectator, "chat")
        for ws in old:
            frames, code = _frames_until_closed(ws)
            assert code == 1008, (how, code)
            late = [f for f in frames if f["type"] in ("step", "view")
                    and f["seq"] > changed]
            assert late == [], (how, late)
            if how != "leave" or ws is not old[0]:
                assert frames and frames[-1]["type"] == "closed", (how, frames[-3:])
                assert "given to someone else" in frames[-1]["reason"]
            assert not any(f["type"] == "chat" and f["text"] == "we play on"
                           for f in frames), how


@pytest.mark.postgres
def test_a_connection_at_another_process_is_closed_when_the_seat_changes_hands(
        pg_url: str) -> None:
    with serving(pg_url) as (owner_base, owner), serving(pg_url) as (other_base, other), \
            ExitStack() as stack:
        made, tokens = people(owner_base, "bohnanza", 3)
        table = made["table"]
        assert owner.cluster.owns(table) and not other.cluster.owns(table)
        old, _ = join(stack, other_base, table, tokens[1])  # at the replica's process
        next_frame(old, "view")
        status, _ = call(owner_base, "POST", f"/api/tables/{table}/seats/1",
                         {"bot": "heuristic"}, {"Authorization": f"Bearer {made['host']}"})
        assert status == 200
        frames, code = _frames_until_closed(old)
        assert code == 1008 and frames[-1]["type"] == "closed"
        assert all(f["type"] not in ("step", "view") or f["seq"] == 0 for f in frames)


def test_a_seat_that_changes_hands_while_its_hello_goes_out_gets_no_frame_after(
        monkeypatch: pytest.MonkeyPatch, db_url: str) -> None:
    """The token is checked, then the hello sent: a hand-over in between (here made
    while the hello is built) must not leave the connection watching the seat."""
    from bohnen.server import session
    from bohnen.server.log import SeatRow
    from bohnen.server.tokens import nonce

    hello = session._hello

    def handed_over(table: Any, granted: Any, token: str) -> Any:
        frame = hello(table, granted, token)
        row = table.seats[granted.seat]
        table.sit(SeatRow(row.seat, "bot", bot="random", generation=row.generation + 1,
                          nonce=nonce()))
        return frame

    with serving(db_url) as (base, _), ExitStack() as stack:
        made, tokens = people(base, "ndb", 3)
        monkeypatch.setattr(session, "_hello", handed_over)
        ws = stack.enter_context(_connect(base, made["table"]))
        ws.send(json.dumps({"token": tokens[1], "after": 0, "chat_after": 0}))
        frames, code = _frames_until_closed(ws)
        assert code == 1008 and [f["type"] for f in frames] == ["hello"], frames
