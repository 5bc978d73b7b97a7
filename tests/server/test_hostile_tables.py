"""Hostile clients and the tables of friends (issue 35, "Seats for invited friends,
tables for the people at them", and "An absent player does not stall the table").

- A seat left for an invited friend is kept for its link: a stranger trying it by every
  door (a join with no invitation, with a wrong one, naming the seat) is refused, the
  lobby does not offer it as free, and the friend's link still seats them.
- A private table is in no list of any server process, finished or not; its links
  reach it.
- Spectators watch and do not chat unless the table allows it.
- The people at a table vote an absent person's seat to its stand-in: only seated
  people, not on their own seat, only an absent seat, once each; a majority hands the
  seat over, everybody sees the votes, and the person takes the seat back by acting.
- The host's removal of a person is told to everybody.
"""

from __future__ import annotations

import json
import time
from contextlib import ExitStack
from typing import Any

from websockets.sync.client import ClientConnection

from bohnen.server.ballots import Ballots, needed, vote_json
from bohnen.server.logbase import SeatRow

from .web import call, join, next_frame, people, served, serving

WAIT = 30.0  # the bound of every wait


def _set_up(base: str, **body: Any) -> dict[str, Any]:
    status, made = call(base, "POST", "/api/tables", {"game": "ndb", "players": 3,
                                                      "name": "Ada", **body})
    assert status == 200, made
    answer: dict[str, Any] = made
    return answer


def _listed(base: str) -> set[str]:
    _status, listing = call(base, "GET", "/api/tables")
    return {t["table"] for kind in ("open", "playing", "finished") for t in listing[kind]}


def _frame_until(ws: ClientConnection, kind: str, test: Any) -> dict[str, Any]:
    """The first frame of type ``kind`` for which ``test`` holds (bounded)."""
    deadline = time.monotonic() + WAIT
    while True:
        assert time.monotonic() < deadline, f"no {kind} frame came that held"
        frame = next_frame(ws, kind)
        if test(frame):
            return frame


# --- seats kept for invited friends ------------------------------------------------------

def test_a_stranger_cannot_take_a_seat_kept_for_an_invited_friend_by_any_door(
        db_url: str) -> None:
    with serving(db_url) as (base, _lobby):
        made = _set_up(base, seats=[{"kind": "me"}, {"kind": "invite"}, {"kind": "open"}])
        table = made["table"]
        friend = next(i for i in made["invitations"] if i["seat"] == 1)["token"]
        assert made["reserved"] == [1] and len(made["invitations"]) == 2
        other = _set_up(base, seats=[{"kind": "me"}, {"kind": "invite"},
                                     {"kind": "invite"}])
        path = f"/api/tables/{table}/join"
        # the lobby lists seat 1 as kept, not free
        _status, listing = call(base, "GET", "/api/tables")
        (row,) = [t for t in listing["open"] if t["table"] == table]
        assert [(s["kind"], s["reserved"]) for s in row["seats"]] == [
            ("person", False), ("open", True), ("open", False)]
        status, answer = call(base, "POST", path, {"name": "Eve", "seat": 1})
        assert status == 403 and "kept for an invited friend" in answer["detail"], answer
        status, answer = call(base, "POST", path, {"name": "Eve"})
        assert status == 200 and answer["seat"] == 2, answer  # the open seat, not 1
        status, answer = call(base, "POST", path, {"name": "Mal"})
        assert status == 409 and "kept for an invited friend" in answer["detail"], answer
        status, answer = call(base, "POST", path, {"name": "Mal", "seat": 1})
        assert status == 403, answer
        for wrong in (other["invitations"][0]["token"], made["host"], made["spectator"],
                      friend[:-4] + "AAAA", "forged"):
            for seat in (None, 1):
                status, answer = call(base, "POST", path,
                                      {"name": "Mal", "invitation": wrong, "seat": seat})
                assert status == 403, (wrong, answer)
        status, answer = call(base, "POST", path, {"name": "Bea", "invitation": friend})
        assert status == 200 and answer["seat"] == 1, answer


def test_a_kept_seat_stays_kept_when_its_friend_leaves_and_the_host_renews_its_link(
        db_url: str) -> None:
    with serving(db_url) as (base, _lobby), ExitStack() as stack:
        made = _set_up(base, seats=[{"kind": "me"}, {"kind": "invite"}, {"kind": "bot",
                                                                         "bot": "random"}])
        table = made["table"]
        (invitation,) = made["invitations"]
        path = f"/api/tables/{table}/join"
        status, bea = call(base, "POST", path, {"name": "Bea",
                                                "invitation": invitation["token"]})
        assert status == 200
        ws, _hello = join(stack, base, table, bea["token"])
        ws.send(json.dumps({"leave": True}))
        _status, answer = call(base, "GET", f"/api/tables/{table}")
        deadline = time.monotonic() + WAIT
        while answer["seats"][1]["kind"] != "open":
            assert time.monotonic() < deadline, "Bea never left"
            _status, answer = call(base, "GET", f"/api/tables/{table}")
        assert answer["seats"][1]["reserved"] and answer["setup"]["invited"] == [1]
        assert call(base, "POST", path, {"name": "Eve"})[0] == 409
        assert call(base, "POST", path, {"name": "Eve", "seat": 1})[0] == 403
        status, renewed = call(base, "POST", f"/api/tables/{table}/seats/1",
                               {"revoke": True}, {"Authorization": f"Bearer {made['host']}"})
        assert status == 200
        status, answer = call(base, "POST", path, {"name": "Bea",
                                                   "invitation": renewed["token"]})
        assert status == 200 and answer["seat"] == 1, answer


# --- private tables ------------------------------------------------------------------------

def test_a_private_table_is_in_no_list_and_its_links_reach_it(db_url: str) -> None:
    with served(db_url) as server, ExitStack() as stack:
        base = server.base
        hidden = _set_up(base, private=True)
        shown = _set_up(base)
        status, answer = call(base, "POST", "/api/tables", {
            "game": "ndb", "players": 3, "name": "Ada", "private": "yes"})
        assert status == 422, answer  # strictly a boolean
        listed = _listed(base)
        assert shown["table"] in listed and hidden["table"] not in listed
        status, answer = call(base, "GET", f"/api/tables/{hidden['table']}")
        assert status == 200 and answer["setup"]["private"] is True
        ws, hello = join(stack, base, hidden["table"], hidden["me"]["token"])
        assert hello["setup"]["private"] is True
        bea = call(base, "POST", f"/api/tables/{hidden['table']}/join",
                   {"name": "Bea", "invitation": hidden["invitations"][0]["token"]})
        assert bea[0] == 200
        cy = call(base, "POST", f"/api/tables/{hidden['table']}/join",
                  {"name": "Cy", "invitation": hidden["invitations"][1]["token"]})
        assert cy[0] == 200
        _frame_until(ws, "seats", lambda f: f["started"])
        assert hidden["table"] not in _listed(base)  # playing, still unlisted
        ws.close()
        # expired: in the finished list, the public table only
        closed = server.run(server.lobby.expire_idle(time.time() + 10**7))
        assert set(closed) == {hidden["table"], shown["table"]}
        _status, listing = call(base, "GET", "/api/tables?list=finished")
        finished = [t["table"] for t in listing["finished"]]
        assert shown["table"] in finished and hidden["table"] not in finished


def test_a_private_table_is_listed_by_no_other_server_process(pg_url: str) -> None:
    with served(pg_url) as a, served(pg_url) as b:
        hidden = _set_up(a.base, private=True)
        shown = _set_up(a.base)
        deadline = time.monotonic() + WAIT  # b lists a's public table once a's notice came
        while shown["table"] not in _listed(b.base):
            assert time.monotonic() < deadline, "b never listed a's table"
            time.sleep(0.05)
        assert hidden["table"] not in _listed(b.base)
        assert not a.lobby.cluster.owns(shown["table"]) or \
            not b.lobby.cluster.owns(shown["table"])
        status, answer = call(b.base, "GET", f"/api/tables/{hidden['table']}")
        assert status == 200 and answer["table"] == hidden["table"]
        b.lobby.directory.load(again=True)  # read whole from the log: still unlisted
        assert hidden["table"] not in _listed(b.base)
        assert shown["table"] in _listed(b.base)


# --- spectators' chat ---------------------------------------------------------------------

def test_spectators_do_not_chat_unless_the_table_allows_it(db_url: str) -> None:
    with serving(db_url) as (base, _lobby), ExitStack() as stack:
        made, tokens = people(base, "ndb", 3)
        table = made["table"]
        ada, _ = join(stack, base, table, tokens[0])
        watcher, hello = join(stack, base, table, made["spectator"])
        assert hello["setup"]["spectator_chat"] is False
        watcher.send(json.dumps({"chat": "psst"}))
        refused = next_frame(watcher, "error")["error"]
        assert "spectators watch and do not chat" in refused, refused
        ada.send(json.dumps({"chat": "hello"}))
        line = next_frame(watcher, "chat")  # the only line said
        assert (line["n"], line["text"], line["notice"]) == (1, "hello", False)
        allowed, tokens = people(base, "ndb", 3, spectator_chat=True)
        ada, _ = join(stack, base, allowed["table"], tokens[0])
        watcher, hello = join(stack, base, allowed["table"], allowed["spectator"])
        assert hello["setup"]["spectator_chat"] is True
        watcher.send(json.dumps({"chat": "go Ada"}))
        line = next_frame(ada, "chat")
        assert (line["seat"], line["name"], line["text"]) == (None, "spectator", "go Ada")


# --- votes --------------------------------------------------------------------------------

def _seat(frame: dict[str, Any], seat: int) -> dict[str, Any]:
    row: dict[str, Any] = frame["seats"][seat]
    return row


def test_the_others_vote_an_absent_seat_to_its_standin_and_its_person_takes_it_back(
        db_url: str) -> None:
    with serving(db_url) as (base, _lobby), ExitStack() as stack:
        made, tokens = people(base, "ndb", 3)
        table = made["table"]
        ada, _ = join(stack, base, table, tokens[0])
        cy, _ = join(stack, base, table, tokens[2])
        spectator, hello = join(stack, base, table, made["spectator"])
        assert hello["seats"][1]["vote"] == {"voters": [], "needed": 2}  # Bea is away
        assert hello["seats"][0]["vote"] is None  # Ada is here
        spectator.send(json.dumps({"vote_standin": 1}))
        assert "spectator" in next_frame(spectator, "error")["error"]
        for frame, why in (({"vote_standin": 0}, "own seat"),
                           ({"vote_standin": 2}, "not absent"),
                           ({"vote_standin": 7}, "seats 0 to 2"),
                           ({"vote_standin": "1"}, "vote_standin"),
                           ({"vote_standin": 1, "yes": True}, "no such field")):
            ada.send(json.dumps(frame))
            error = next_frame(ada, "error")["error"]
            assert why in error, (frame, error)
        ada.send(json.dumps({"vote_standin": 1}))
        notice = next_frame(spectator, "chat")
        assert notice["notice"] and notice["name"] == "" and notice["seat"] is None
        assert notice["text"] == "p0 votes to hand p1's seat (1) to a bot: 1 of 2 votes"
        seats = _frame_until(spectator, "seats", lambda f: _seat(f, 1)["vote"]["voters"])
        assert _seat(seats, 1)["vote"] == {"voters": [0], "needed": 2}
        ada.send(json.dumps({"vote_standin": 1}))
        assert "voted on seat 1 already" in next_frame(ada, "error")["error"]
        # Bea looks in and goes: her coming back forgot the vote
        bea, hello = join(stack, base, table, tokens[1])
        assert hello["seats"][1]["connected"] and hello["seats"][1]["vote"] is None
        _frame_until(spectator, "seats", lambda f: _seat(f, 1)["connected"])
        bea.close()
        seats = _frame_until(spectator, "seats", lambda f: not _seat(f, 1)["connected"])
        assert _seat(seats, 1)["vote"] == {"voters": [], "needed": 2}
        ada.send(json.dumps({"vote_standin": 1}))
        _frame_until(spectator, "seats", lambda f: _seat(f, 1)["vote"]["voters"] == [0])
        cy.send(json.dumps({"vote_standin": 1}))
        seats = _frame_until(spectator, "seats", lambda f: _seat(f, 1)["standin"])
        assert (_seat(seats, 1)["standin"], _seat(seats, 1)["standin_reason"],
                _seat(seats, 1)["vote"]) == ("heuristic", "vote", None)
        said = _frame_until(spectator, "chat", lambda f: "votes too" in f["text"])
        assert said["text"] == ("p2 votes too: a bot plays p1's seat (1) until p1 comes "
                                "back (2 of 2 votes)")
        # Bea comes back: her first action (whatever the table makes of it) takes it back
        bea, hello = join(stack, base, table, tokens[1])
        assert hello["seats"][1]["standin_reason"] == "vote"
        bea.send(json.dumps({"action": "no such move"}))
        seats = _frame_until(spectator, "seats", lambda f: _seat(f, 1)["standin"] is None)
        assert _seat(seats, 1)["standin_reason"] is None
        bea.close()  # away again: the votes start afresh
        seats = _frame_until(spectator, "seats", lambda f: not _seat(f, 1)["connected"])
        assert _seat(seats, 1)["vote"] == {"voters": [], "needed": 2}


def test_one_vote_hands_the_seat_over_where_the_voter_is_the_only_other_person(
        db_url: str) -> None:
    with serving(db_url) as (base, _lobby), ExitStack() as stack:
        made, tokens = people(base, "ndb", 3, seats=[
            {"kind": "me"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}])
        ada, hello = join(stack, base, made["table"], tokens[0])
        assert hello["seats"][1]["vote"] == {"voters": [], "needed": 1}
        assert hello["seats"][2]["vote"] is None  # a bot is never absent
        ada.send(json.dumps({"vote_standin": 2}))
        assert "not absent" in next_frame(ada, "error")["error"]
        ada.send(json.dumps({"vote_standin": 1}))
        seats = _frame_until(ada, "seats", lambda f: _seat(f, 1)["standin"])
        assert _seat(seats, 1)["standin_reason"] == "vote"
        line = next_frame(ada, "chat")  # after the seats frame that shows it
        assert line["notice"] and line["text"] == (
            "p0 votes: a bot plays p1's seat (1) until p1 comes back (1 of 1 votes)")


def test_a_vote_is_the_majority_of_the_others_present() -> None:
    rows = [SeatRow(0, "person", name="Ada"), SeatRow(1, "person", name="Bea"),
            SeatRow(2, "person", name="Cy"), SeatRow(3, "bot", bot="random")]
    assert needed(rows, 1, {0, 2}, []) == 2  # both others here: both vote
    assert needed(rows, 1, {0}, []) == 1  # Cy away too: Ada alone
    assert needed(rows, 1, set(), [2]) == 1  # a voter counts as present
    assert needed(rows, 1, {0, 1, 2}, []) == 2
    ballots = Ballots()
    assert ballots.cast(1, 0) and not ballots.cast(1, 0)  # once per voter per seat
    assert vote_json(rows, 1, {0, 2}, ballots) == {"voters": [0], "needed": 2}
    assert vote_json(rows, 1, {1}, ballots) is None  # Bea is here
    assert vote_json(rows, 3, set(), ballots) is None  # a bot is never absent
    ballots.forget(0)  # Ada's seat changed hands: her vote is gone
    assert ballots.of(1) == []


# --- the host's removal -------------------------------------------------------------------

def test_the_hosts_removal_of_a_person_is_told_to_everybody(db_url: str) -> None:
    with serving(db_url) as (base, _lobby), ExitStack() as stack:
        made, tokens = people(base, "ndb", 3)
        table = made["table"]
        cy, _ = join(stack, base, table, tokens[2])
        spectator, _ = join(stack, base, table, made["spectator"])
        host = {"Authorization": f"Bearer {made['host']}"}
        status, _answer = call(base, "POST", f"/api/tables/{table}/seats/1",
                               {"bot": "random"}, host)
        assert status == 200
        for ws in (cy, spectator):
            line = next_frame(ws, "chat")
            assert line["notice"] and line["text"] == (
                "The host removed p1 from seat 1: a bot plays it now"), line
        status, _answer = call(base, "POST", f"/api/tables/{table}/seats/2",
                               {"revoke": True}, host)
        assert status == 200
        line = next_frame(spectator, "chat")
        assert line["text"] == "The host removed p2 from seat 2: the seat is open"
        status, _answer = call(base, "POST", f"/api/tables/{table}/seats/1",
                               {"bot": "heuristic"}, host)  # a bot replaced: no notice
        spectator.send(json.dumps({"chat": "x"}))  # refused: the next frame is its error
        frame = json.loads(spectator.recv(timeout=WAIT))
        while frame["type"] != "error":
            assert frame["type"] != "chat", frame
            frame = json.loads(spectator.recv(timeout=WAIT))
