"""Names and chat lines at a table (issue 35, items 4 and 5): names are unique at a
table (case, width and spaces aside), the bots get names of their own ("Bot Ida
(heuristic)") that the lobby and the table show, and a character that is not seen
(the bidirectional overrides, the zero-width ones...) is refused in chat as in names,
the refusal naming its code point.

Each runs the real server on the loopback (:func:`tests.server.web.serving`) with
real sockets, on SQLite and PostgreSQL (``db_url``).
"""

from __future__ import annotations

import json
import re
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from bohnen.server import text
from bohnen.server.limits import Limits
from bohnen.server.table import Table

from .web import call, join, next_frame, serving

BOT = re.compile(r"Bot (\w+(?: \d+)?) \((\w+)\)")  # a bot's name: its first name, its kind

# characters that are not seen, each with the name a refusal gives it
HIDDEN = {
    "\u202a": "LEFT-TO-RIGHT EMBEDDING", "\u202b": "RIGHT-TO-LEFT EMBEDDING",
    "\u202c": "POP DIRECTIONAL FORMATTING", "\u202d": "LEFT-TO-RIGHT OVERRIDE",
    "\u202e": "RIGHT-TO-LEFT OVERRIDE", "\u2066": "LEFT-TO-RIGHT ISOLATE",
    "\u2067": "RIGHT-TO-LEFT ISOLATE", "\u2068": "FIRST STRONG ISOLATE",
    "\u2069": "POP DIRECTIONAL ISOLATE", "\u200e": "LEFT-TO-RIGHT MARK",
    "\u200f": "RIGHT-TO-LEFT MARK", "\u061c": "ARABIC LETTER MARK",
    "\u200b": "ZERO WIDTH SPACE", "\u2060": "WORD JOINER",
    "\ufeff": "ZERO WIDTH NO-BREAK SPACE", "\U000e0041": "TAG LATIN CAPITAL LETTER A",
    "\x07": "", "\ue000": "",
}
EASY = Limits(tables_per_minute=10_000, tables_burst=10_000)  # every refusal counts
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one emoji of three, joined


def _refusal(char: str) -> str:
    name = HIDDEN[char]
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


def _table(base: str, name: str, seats: list[dict[str, Any]],
           game: str = "bohnanza") -> dict[str, Any]:
    status, made = call(base, "POST", "/api/tables", {
        "game": game, "players": len(seats), "name": name, "seats": seats})
    assert status == 200, made
    answer: dict[str, Any] = made
    return answer


def _bots(seats: list[dict[str, Any]]) -> dict[int, tuple[str, str]]:
    """Each bot's first name and kind, by seat, read from its name."""
    found = {}
    for seat in seats:
        if seat["kind"] == "bot":
            match = BOT.fullmatch(seat["name"] or "")
            assert match is not None, seat
            found[seat["seat"]] = (match.group(1), match.group(2))
    return found


# --- names unique at a table ------------------------------------------------------------


def test_a_second_ada_is_refused_at_join_naming_the_taken_name(db_url: str) -> None:
    with serving(db_url) as (base, _lobby), ExitStack() as stack:
        made = _table(base, "Ada", [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}])
        table_id = made["table"]
        for name in ("Ada", "ada", "  ADA ", "A da", "\uff21\uff44\uff41"):  # full-width
            status, refused = call(base, "POST", f"/api/tables/{table_id}/join",
                                   {"name": name})
            assert status == 409, (name, refused)
            assert refused["detail"] == ('the name "Ada" is taken at this table (seat 0): '
                                         'choose another'), refused
        invitation = made["invitations"][0]["token"]
        status, refused = call(base, "POST", f"/api/tables/{table_id}/join",
                               {"name": "ada", "invitation": invitation})
        assert status == 409 and '"Ada" is taken' in refused["detail"], refused
        status, bea = call(base, "POST", f"/api/tables/{table_id}/join",
                           {"name": "Bea", "invitation": invitation})
        assert status == 200 and bea["seat"] == 1, bea  # the invitation still good
        status, refused = call(base, "POST", f"/api/tables/{table_id}/join",
                               {"name": "BEA"})
        assert status == 409 and '"Bea" is taken at this table (seat 1)' in refused["detail"]
        # Ada leaves: her name is free again
        ada, _ = join(stack, base, table_id, made["me"]["token"])
        ada.send(json.dumps({"leave": True}))
        with pytest.raises(ConnectionClosed, match="you left the seat"):
            while True:
                ada.recv(timeout=10)
        status, again = call(base, "POST", f"/api/tables/{table_id}/join", {"name": "ada"})
        assert status == 200, again
        _status, table = call(base, "GET", f"/api/tables/{table_id}")
        assert [s["name"] for s in table["seats"]] == ["ada", "Bea", None]


def test_the_bots_of_a_table_get_names_of_their_own_shown_by_the_lobby_and_the_table(
        db_url: str) -> None:
    seats = [{"kind": "me"}, {"kind": "bot", "bot": "heuristic"},
             {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"},
             {"kind": "bot", "bot": "ismcts:iterations=10"}]
    with serving(db_url) as (base, _lobby), ExitStack() as stack:
        made = _table(base, "Ida", seats)
        table_id = made["table"]
        _status, table = call(base, "GET", f"/api/tables/{table_id}")
        bots = _bots(table["seats"])
        assert [kind for _first, kind in bots.values()] == [
            "heuristic", "heuristic", "random", "ismcts"]
        firsts = [first.casefold() for first, _kind in bots.values()]
        assert len(set(firsts)) == 4 and "ida" not in firsts, bots  # the creator's too
        names = [s["name"] for s in table["seats"]]
        _status, listing = call(base, "GET", "/api/tables")
        listed = next(t for t in listing["playing"] if t["table"] == table_id)
        assert [s["name"] for s in listed["seats"]] == names
        _ws, hello = join(stack, base, table_id, made["spectator"])
        assert [s["name"] for s in hello["seats"]] == names


def test_a_bot_is_named_apart_even_when_the_people_took_the_first_names(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every first name of a bot taken (by a person, by another bot): the bot's is one of
    them numbered; two names alike never sit at one table."""
    monkeypatch.setattr(text, "BOT_NAMES", ("Ida",))
    seats = [{"kind": "me"}, {"kind": "bot", "bot": "heuristic"},
             {"kind": "bot", "bot": "random"}]
    with serving(db_url) as (base, _lobby):
        made = _table(base, "ida", seats)
        _status, table = call(base, "GET", f"/api/tables/{made['table']}")
    assert [s["name"] for s in table["seats"]] == [
        "ida", "Bot Ida 2 (heuristic)", "Bot Ida 3 (random)"]


def test_the_host_seats_a_bot_with_a_name_no_other_bot_has(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text, "BOT_NAMES", ("Ida", "Max"))
    seats = [{"kind": "me"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "open"}]
    with serving(db_url) as (base, lobby):
        made = _table(base, "Ada", seats)
        table_id = made["table"]
        status, answer = call(base, "POST", f"/api/tables/{table_id}/seats/2",
                              {"bot": "heuristic"},
                              {"Authorization": f"Bearer {made['host']}"})
        assert status == 200, answer
        _status, table = call(base, "GET", f"/api/tables/{table_id}")
        bots = _bots(table["seats"])
        assert sorted(first for first, _kind in bots.values()) == ["Ida", "Max"], bots
        kept: Table = lobby.tables[table_id]
        assert [row.name for row in kept.seats] == [s["name"] for s in table["seats"]]


# --- characters that are not seen ---------------------------------------------------------


def test_a_hidden_character_is_refused_in_chat_and_names_naming_its_code_point(
        db_url: str) -> None:
    with serving(db_url, limits=EASY) as (base, _lobby), ExitStack() as stack:
        made = _table(base, "Ada", [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}],
                      "ndb")
        table_id = made["table"]
        ada, _ = join(stack, base, table_id, made["me"]["token"])
        watcher, _ = join(stack, base, table_id, made["spectator"])
        for char in HIDDEN:
            said = f"pay {char}100 now"
            ada.send(json.dumps({"chat": said}))
            refused = next_frame(ada, "error")["error"]
            assert refused == (f"a chat line may not hold {_refusal(char)}: a character "
                               "that is not seen and can disguise the text around it")
            status, answer = call(base, "POST", f"/api/tables/{table_id}/join",
                                  {"name": f"Bea{char}"})
            assert status == 422, answer
            assert answer["detail"].startswith(f"a name may not hold {_refusal(char)}: ")
            status, answer = call(base, "POST", "/api/tables", {
                "game": "ndb", "players": 3, "name": f"{char}Cem"})
            assert status == 422 and _refusal(char) in answer["detail"], answer
        # the joiners of emoji pass in chat (and nothing refused reached anybody)
        ada.send(json.dumps({"chat": f"well played {FAMILY}"}))
        line = next_frame(watcher, "chat")
        assert (line["n"], line["text"]) == (1, f"well played {FAMILY}")
        status, answer = call(base, "POST", f"/api/tables/{table_id}/join",
                              {"name": f"Bea{FAMILY}"})
        assert status == 422 and "U+200D (ZERO WIDTH JOINER)" in answer["detail"]
        _status, table = call(base, "GET", f"/api/tables/{table_id}")
        assert [s["kind"] for s in table["seats"]] == ["person", "open", "open"]
