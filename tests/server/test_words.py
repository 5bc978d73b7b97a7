"""A table that reads as the game (issue 35, item 5): the log names the people at the
table, not "seat 2", in the step frames, the moves' words and the replay, as each
viewer may read them; a refused move is told in words, not in notation; the replay's
move list is in words. Over the real server and sockets, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import random
import re
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from bohnen.server.logbase import Log, SeatRow
from bohnen.server.text import seat_names

from .seated import play_at_random, table_of
from .test_records import GAMES, _played
from .web import call, join, next_frame, serving

NAMES = ["Ada Lovelace", "Bea", "Cem"]
NUMBERED = re.compile(r"\b[Ss]eat \d")


def _table(base: str, game: str, seed: int = 35) -> tuple[str, list[str], str]:
    """A table of ``game`` set up by Ada, Bea and Cem joining by their invitations:
    its id, the seats' tokens and the spectators' token."""
    body: dict[str, Any] = {"game": game, "players": 3, "seed": seed, "practice": True,
                            "name": NAMES[0], **GAMES[game]}
    status, made = call(base, "POST", "/api/tables", body)
    assert status == 200, made
    tokens = [made["me"]["token"]]
    for invitation in made["invitations"]:
        status, joined = call(base, "POST", f"/api/tables/{made['table']}/join",
                              {"name": NAMES[invitation["seat"]],
                               "invitation": invitation["token"]})
        assert status == 200, joined
        tokens.append(joined["token"])
    return made["table"], tokens, made["spectator"]


def _views(ws: ClientConnection, seq: int) -> dict[str, Any]:
    """The view frame of step ``seq``."""
    while True:
        frame = next_frame(ws, "view")
        if frame["seq"] == seq:
            return frame


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_log_and_the_moves_name_the_people_at_the_table(db_url: str, game: str) -> None:
    """Twelve moves sent as the moves give them: every step frame's lines and every
    move's words name Ada, Bea and Cem, never "seat 2"; each seat's lines are the
    engine's for that seat with the names (what it may not see stays hidden), and the
    spectator's the spectator's."""
    with serving(db_url) as (base, lobby), ExitStack() as stack:
        table_id, tokens, spectator = _table(base, game)
        table = lobby.tables[table_id]
        seats = [join(stack, base, table_id, token)[0] for token in tokens]
        watcher = join(stack, base, table_id, spectator)[0]
        lines: list[str] = []
        views = [_views(ws, 0) for ws in seats]
        for seq in range(1, 13):
            must = views[0]["must_act"] or views[0]["to_act"]
            seat = must[0]
            moves = views[seat]["moves"]
            lines += [move["text"] for view in views for move in view["moves"]]
            seats[seat].send(json.dumps({"action": moves[seq % len(moves)]["action"]}))
            for viewer, ws in [*enumerate(seats), (None, watcher)]:
                frame = next_frame(ws, "step")
                assert frame["seq"] == seq
                _, events = table.history[seq - 1]
                assert frame["events"] == [
                    {**e.to_json(viewer), "text": e.text(viewer, NAMES)} for e in events]
                lines += [event["text"] for event in frame["events"]]
            views = [_views(ws, seq) for ws in seats]
    assert not [line for line in lines if NUMBERED.search(line)]
    assert {name for name in NAMES if any(name in line for line in lines)} == set(NAMES)


def test_a_line_names_the_seat_as_it_is_called_when_it_is_sent(log: Log) -> None:
    """A line is written when its frame is made, with the seat's name then: a seat that
    changed hands after the step reads with its new name when the step is sent again
    (a watcher that comes back); an open seat reads "seat 1"."""
    table = table_of(log, ["person"] * 3)
    play_at_random(table, 6, random.Random(3))
    said = [str(e["text"]) for seq in range(1, 7) for e in table.frame(seq, None)["events"]]
    assert any("p1" in line for line in said) and not any(NUMBERED.search(s) for s in said)
    table.sit(SeatRow(1, "person", name="Zoë", nonce="n"))
    again = [str(e["text"]) for seq in range(1, 7)
             for e in table.frame(seq, None)["events"]]
    assert again == [line.replace("p1", "Zoë") for line in said]
    assert seat_names([SeatRow(0, "person", name="Ada"), SeatRow(1),
                       SeatRow(2, "bot", name="Bot Ida (heuristic)", bot="heuristic")]) \
        == ["Ada", "", "Bot Ida (heuristic)"]
    table.sit(SeatRow(1))
    assert any(re.search(r"\b[Ss]eat 1\b", str(e["text"]))
               for seq in range(1, 7) for e in table.frame(seq, None)["events"])


def test_a_refused_move_is_told_in_words(db_url: str) -> None:
    """A move the rules forbid is answered with the move in words and the reason, the
    seats by name, not its notation; another seat's move names whose it is."""
    with serving(db_url) as (base, _lobby), ExitStack() as stack:
        table_id, tokens, _ = _table(base, "bohnanza")
        seats = [join(stack, base, table_id, token)[0] for token in tokens]
        view = _views(seats[0], 0)
        active = view["view"]["active"]
        seats[active].send(json.dumps({"action": f"{active}: harvest 1"}))
        error = next_frame(seats[active], "error")["error"]
        assert error == "Harvest field 1: not allowed now, field 1 is empty", error
        other = (active + 1) % 3
        seats[other].send(json.dumps({"action": f"{other}: plant 0"}))
        error = next_frame(seats[other], "error")["error"]
        assert error.startswith("Plant your front card (") and error.endswith(
            f") in field 0: not allowed now, it is {NAMES[active]}'s move"), error
        seats[other].send(json.dumps({"action": f"{active}: plant 0"}))
        error = next_frame(seats[other], "error")["error"]
        assert error == (f"that move is {NAMES[active]}'s, not yours: you are seat {other} "
                         f"({NAMES[other]})"), error
        assert "harvest 1" not in error and "plant 0" not in error


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_replays_move_list_is_in_words(db_url: str, game: str) -> None:
    """A finished game's record gives each step its move in words (as its seat's moves
    were written to it, the seats by name), and its steps' events name the seats."""
    steps = _played(db_url, "t1", game)
    with serving(db_url) as (base, _lobby):
        status, record = call(base, "GET", "/api/tables/t1/replay")
        assert status == 200, record
        status, step = call(base, "GET", "/api/tables/t1/replay/1")
        assert status == 200, step
    texts = [s["text"] for s in record["steps"]]
    assert len(texts) == steps and all(texts)
    assert not set(texts) & {s["action"] for s in record["steps"]}  # never the notation
    assert not [t for t in texts if NUMBERED.search(t) or re.match(r"\d+:", t)]
    lines = [e["text"] for events in step["events"].values() for e in events]
    assert lines and not [line for line in lines if NUMBERED.search(line)]
