"""The Nicht die Bohne! page (``static/games/ndb.js``) in a real browser, mounted with
views the engine gave (``fixtures/``): the hand, the trick with its face-down cards as
backs until the reveal, the chain of taking, the rows, the score sheet; and every legal
move reachable by a click that sends its JSON, nothing clickable that is not legal.
"""

from __future__ import annotations

from typing import Any

import pytest

from .fixtures.make_fixtures import ndb_fixtures, text
from .pages_fixtures import (
    FIXTURES,
    Bench,
    bench,
    bench_browser,
    bench_url,
    load_fixture,
    notations,
)

__all__ = ["bench", "bench_browser", "bench_url"]  # the fixtures the tests use

NAMES = ["ndb-lead", "ndb-play", "ndb-play-spectator", "ndb-take", "ndb-take-chain",
         "ndb-round3", "ndb-over"]


def actions(bench: Bench) -> list[str]:
    """The notations of every clickable element, in page order."""
    found: list[str] = bench.page.eval_on_selector_all(
        "[data-action]", "els => els.map(e => e.dataset.action)")
    return found


def test_fixtures_are_what_the_engine_gives() -> None:
    made = ndb_fixtures()
    assert sorted(made) == sorted([*NAMES, "ndb-play-views"])
    for name, fixture in made.items():
        assert (FIXTURES / f"{name}.json").read_text("utf-8") == text(fixture), name


@pytest.mark.parametrize("name", NAMES)
def test_every_legal_move_is_a_click_and_nothing_else(bench: Bench, name: str) -> None:
    fixture = load_fixture(name)
    bench.mount("ndb", fixture)
    assert sorted(set(actions(bench))) == sorted(notations(fixture))


def test_the_lead_plays_a_card_of_the_hand_face_up(bench: Bench) -> None:
    fixture = load_fixture("ndb-lead")
    bench.mount("ndb", fixture)
    hand = fixture["view"]["players"][0]["hand"]
    shown = bench.page.eval_on_selector_all(
        "[data-testid=hand] [data-card]", "els => els.map(e => e.dataset.card)")
    assert shown == hand
    assert "Your lead" in bench.page.inner_text("[data-testid=status]")
    bench.page.click(f"[data-testid=hand] [data-card='{hand[3]}']")
    assert bench.sent() == [f"0: play {hand[3]}"]


def test_face_down_cards_are_backs_and_only_mine_is_shown(bench: Bench) -> None:
    fixture = load_fixture("ndb-play")
    view = fixture["view"]
    assert view["played"] == [0, 2, 3] and fixture["seat"] == 1
    bench.mount("ndb", fixture)
    cards = [bench.page.get_attribute(f".ndb-trick .ndb-slot[data-seat='{s}'] .ndb-card",
                                      "data-card") for s in range(4)]
    assert cards == [view["table"][0], None, "back", "back"]
    assert "Play a card face down" in bench.page.inner_text("[data-testid=status]")
    card = notations(fixture)[-1].split()[-1]
    bench.page.click(f"[data-testid=hand] [data-action='{notations(fixture)[-1]}']")
    assert bench.sent() == [f"1: play {card}"]


def test_a_spectator_sees_no_hand_and_no_face_down_card(bench: Bench) -> None:
    fixture = load_fixture("ndb-play-spectator")
    bench.mount("ndb", fixture)
    assert bench.page.query_selector("[data-testid=hand]") is None
    backs = bench.page.query_selector_all(".ndb-trick [data-card=back]")
    assert len(backs) == 2
    assert actions(bench) == []


def test_the_reveal_turns_every_card_up_and_the_token_holder_takes(bench: Bench) -> None:
    fixture = load_fixture("ndb-take")
    view = fixture["view"]
    bench.mount("ndb", fixture)
    shown = [bench.page.get_attribute(f".ndb-trick .ndb-slot[data-seat='{s}'] .ndb-card",
                                      "data-card") for s in range(4)]
    assert shown == view["table"] and None not in shown
    assert "turned up" in bench.page.inner_text(".ndb-trick h3")
    # the token card (seat 0's, the viewer's own) is not to be taken
    assert bench.page.get_attribute(".ndb-slot[data-seat='0'] .ndb-card", "data-action") is None
    bench.page.click(".ndb-slot[data-seat='2'] .ndb-card")
    assert bench.sent() == ["0: take 2"]


def test_the_chain_of_taking_shows_who_took_what(bench: Bench) -> None:
    fixture = load_fixture("ndb-take-chain")
    bench.mount("ndb", fixture)
    assert fixture["view"]["taken"] == [1] and fixture["seat"] == 1
    note = bench.page.inner_text(".ndb-slot[data-seat='1'] .ndb-slot-note")
    assert note == "taken by Ada"
    assert bench.page.get_attribute(".ndb-slot[data-seat='1'] .ndb-card", "data-action") is None
    bench.page.click(".ndb-slot[data-seat='3'] .ndb-card")
    assert bench.sent() == ["1: take 3"]


def test_rows_and_the_score_sheet(bench: Bench) -> None:
    fixture = load_fixture("ndb-round3")
    view = fixture["view"]
    bench.mount("ndb", fixture)
    for seat, player in enumerate(view["players"]):
        cards = bench.page.eval_on_selector_all(
            f"[data-testid=rows] [data-seat='{seat}'] [data-card]",
            "els => els.map(e => e.dataset.card)")
        assert cards == [c for row in player["rows"] for c in row["cards"]]
    assert len(view["sheet"]) == 2
    for r, lines in enumerate(view["sheet"], start=1):
        for seat, line in enumerate(lines):
            cell = bench.page.inner_text(f"td[data-round='{r}'][data-seat='{seat}']")
            assert cell.split() == [f"+{line['plus']}", f"−{line['minus']}", "=",
                                    signed(line["total"])]
    for seat, total in enumerate(view["totals"]):
        assert bench.page.inner_text(f"td[data-total='{seat}']").strip() == signed(total)
    now = bench.page.inner_text("td[data-round='3'][data-seat='0']")
    assert now == f"({signed(view['players'][0]['rows_score'])})"


def test_the_end_of_the_game(bench: Bench) -> None:
    fixture = load_fixture("ndb-over")
    result: dict[str, Any] = fixture["view"]["result"]
    bench.mount("ndb", fixture)
    text = bench.page.inner_text("[data-testid=result]")
    winner = fixture["seats"][result["winners"][0]]["name"]
    assert "The game is over" in text and winner in text
    assert bench.page.query_selector("[data-testid=hand]") is None
    assert len(bench.page.query_selector_all("[data-testid=sheet] tbody tr")) == 4


def test_a_card_is_clickable_only_when_the_server_says_so(bench: Bench) -> None:
    fixture = load_fixture("ndb-lead")
    bench.mount("ndb", fixture, moves=[])
    assert actions(bench) == []
    bench.page.click("[data-testid=hand] .ndb-card >> nth=0")
    assert bench.sent() == []


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def test_without_send_nothing_is_clickable(bench: Bench) -> None:
    bench.mount("ndb", load_fixture("ndb-take"), noSend=True)
    assert actions(bench) == []
    assert bench.page.query_selector("[data-testid=hand]") is not None


def test_the_replay_shows_every_hand_and_every_face_down_card(bench: Bench) -> None:
    views = load_fixture("ndb-play-views")["views"]
    view = bench.all_hands("ndb", views)
    bench.mount("ndb", {"view": view, "moves": [], "terms": None, "seat": None,
                        "seats": load_fixture("ndb-play")["seats"]}, noSend=True)
    for seat in range(4):
        own = views[str(seat)]
        hand = bench.page.eval_on_selector_all(
            f"[data-hand='{seat}'] [data-card]", "els => els.map(e => e.dataset.card)")
        assert hand == own["players"][seat]["hand"]
        shown = bench.page.get_attribute(f".ndb-slot[data-seat='{seat}'] .ndb-card",
                                         "data-card")
        assert shown == (own["table"][seat] if seat in own["played"] else None)
    assert bench.page.query_selector(".ndb-trick [data-card=back]") is None
    assert views["spectator"]["players"][0]["hand"] is None  # the views are not changed


def test_seats_are_named_as_the_shell_names_them(bench: Bench) -> None:
    fixture = load_fixture("ndb-lead")
    seats = [dict(row) for row in fixture["seats"]]
    seats[3] |= {"name": None, "bot": "ismcts:iterations=50"}
    seats[2] |= {"kind": "open", "name": None}
    bench.mount("ndb", fixture, seats=list(reversed(seats)))  # found by seat, not place
    names = bench.page.eval_on_selector_all(
        ".ndb-trick .ndb-slot-name", "els => els.map(e => e.textContent.trim())")
    assert names == ["◆ Ada (you)", "Bruno", "Seat 2", "ismcts:iterations=50 bot"]
