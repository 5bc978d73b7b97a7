"""The Bohn Hansa page (``static/games/hansa.js``) in a real browser, mounted with views
the engine gave (``fixtures/``): the map drawn from the view's board, journeys chosen
by clicking the destination, purchases on the active city's ladder, the set-up, the
customs, and the deal panel composing proposals and counters within the view frame's
terms, sent as the engine's JSON; every legal move reachable by a click, nothing
clickable that is not legal.
"""

from __future__ import annotations

import pytest

from bohnen.core.registry import get_game

from .fixtures.make_fixtures import hansa_fixtures, text
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

NAMES = ["hansa-setup", "hansa-travel", "hansa-trade", "hansa-trade-other", "hansa-pending",
         "hansa-pending-spectator", "hansa-over", "hansa-customs"]


def actions(bench: Bench) -> list[str]:
    found: list[str] = bench.page.eval_on_selector_all(
        "[data-action]", "els => els.map(e => e.dataset.action)")
    return found


def destination(notation: str) -> str:
    return notation.split()[-1]


def canonical(notation: str) -> str:
    """The notation as the engine writes the action it reads from it."""
    return str(get_game("hansa").parse_action(notation))


def test_fixtures_are_what_the_engine_gives() -> None:
    made = hansa_fixtures()
    assert sorted(made) == sorted([*NAMES, "hansa-pending-views"])
    for name, fixture in made.items():
        assert (FIXTURES / f"{name}.json").read_text("utf-8") == text(fixture), name


@pytest.mark.parametrize("name", NAMES)
def test_every_legal_move_is_a_click_and_nothing_else(bench: Bench, name: str) -> None:
    fixture = load_fixture(name)
    bench.mount("hansa", fixture)
    shown = set(actions(bench))
    legal = set(notations(fixture))
    journeys = {a for a in legal if " go " in a}
    # every shortest path to a city plays the same cards: one journey per destination
    assert {a for a in shown if " go " in a} <= journeys
    assert {destination(a) for a in shown if " go " in a} == {destination(a) for a in journeys}
    assert shown - journeys == legal - journeys


def test_the_map_is_drawn_from_the_board(bench: Bench) -> None:
    fixture = load_fixture("hansa-travel")
    board = fixture["view"]["board"]
    bench.mount("hansa", fixture)
    cities = bench.page.eval_on_selector_all(
        "[data-testid=map] [data-city]", "els => els.map(e => e.dataset.city)")
    assert cities == [city["code"] for city in board["cities"]]
    routes = {frozenset((c["code"], o)) for c in board["cities"] for o in c["routes"]}
    assert len(bench.page.query_selector_all("[data-testid=map] .hansa-route")) == len(routes)
    for player in fixture["view"]["players"]:
        cart = f"[data-city={player['city']}] [data-cart='{player['seat']}']"
        assert bench.page.query_selector(cart) is not None


def test_a_journey_is_chosen_by_its_destination(bench: Bench) -> None:
    fixture = load_fixture("hansa-travel")
    me = fixture["view"]["players"][fixture["seat"]]
    bench.mount("hansa", fixture)
    first = next(a for a in notations(fixture) if a.endswith(" go ROS"))
    bench.page.click("[data-testid=map] [data-city=ROS]")
    bench.page.click(f"[data-testid=map] [data-city={me['city']}]")
    assert bench.sent() == [first, f"{fixture['seat']}: stay"]
    title = bench.page.text_content("[data-testid=map] [data-city=ROS] > title") or ""
    assert title.startswith("Go to Rostock: 2 cards (T1 T2)")


def test_a_city_out_of_reach_is_not_clickable(bench: Bench) -> None:
    fixture = load_fixture("hansa-travel")
    moves = [m for m in fixture["moves"] if not m["notation"].endswith(" RIG")]
    bench.mount("hansa", fixture, moves=moves)
    assert bench.page.get_attribute("[data-city=RIG]", "data-action") is None
    bench.page.click("[data-testid=map] [data-city=RIG]")
    assert bench.sent() == []


def test_buying_on_the_ladder_of_the_active_city_only(bench: Bench) -> None:
    fixture = load_fixture("hansa-trade")
    view = fixture["view"]
    city = view["players"][view["active"]]["city"]
    bench.mount("hansa", fixture)
    ladder_actions = bench.page.eval_on_selector_all(
        "[data-ladder] [data-action]", "els => els.map(e => e.closest('[data-ladder]')"
        ".dataset.ladder + ' ' + e.dataset.action)")
    buys = [a for a in notations(fixture) if " buy " in a]
    assert sorted(ladder_actions) == sorted(f"{city} {a}" for a in buys)
    bench.page.click(f"[data-ladder={city}] [data-action='{buys[0]}']")
    assert bench.sent() == [buys[0]]


def test_the_active_player_proposes_an_invitation(bench: Bench) -> None:
    fixture = load_fixture("hansa-trade")
    assert fixture["seat"] == fixture["view"]["active"] == 2
    bench.mount("hansa", fixture)
    deal = bench.page.locator("[data-testid=deal]")
    deal.locator("[data-target='0']").check()
    assert "an invitation" in deal.inner_text()
    for stepper in ("give-BL", "want-SA", "buy-RO", "buy-RO"):
        deal.locator(f"[data-stepper={stepper}] [data-step=plus]").click()
    words = deal.locator("[data-testid=deal-words]").inner_text()
    assert "gives BL" in words and "gives SA" in words and "buys RO, RO" in words, words
    # the terms bound what may be given: the seat's one Blaue Bohne
    assert fixture["terms"]["give"]["BL"] == 1
    assert deal.locator("[data-stepper=give-BL] [data-step=plus]").is_disabled()
    deal.locator("[data-testid=deal-send]").click()
    assert bench.sent() == ["2: propose 0 give BL want SA buy RO,RO"]
    assert deal.locator("[data-testid=deal-words]").inner_text().endswith("no beans change hands")


def test_another_seat_without_the_floor_cannot_propose(bench: Bench) -> None:
    bench.mount("hansa", load_fixture("hansa-trade-other"))
    assert bench.page.query_selector("[data-testid=deal]") is None
    assert "Floor: Cleo" in bench.page.inner_text("[data-testid=negotiation]")


def test_a_proposal_is_accepted_declined_or_countered(bench: Bench) -> None:
    fixture = load_fixture("hansa-pending")
    pending = fixture["view"]["pending"]
    assert pending["to"] == fixture["seat"] == 0
    bench.mount("hansa", fixture)
    shown = bench.page.inner_text("[data-testid=pending]")
    assert "Proposal 1, Cleo to Ada (you): an invitation: Ada (you) comes to Visby" in shown
    bench.page.click("[data-testid=pending] [data-action='0: accept 1']")
    bench.page.click("[data-testid=pending] [data-action='0: decline 1']")
    deal = bench.page.locator("[data-testid=deal]")
    assert "Counter proposal 1" in deal.inner_text()
    deal.locator("[data-stepper=give-SA] [data-step=plus]").click()
    deal.locator("[data-stepper=want-FE] [data-step=plus]").click()
    deal.locator("[data-testid=deal-send]").click()
    assert bench.sent() == ["0: accept 1", "0: decline 1", "0: counter 1 give SA want FE"]
    assert canonical(bench.sent()[-1]) == bench.sent()[-1]


def test_a_spectator_sees_no_hand_and_deals_nothing(bench: Bench) -> None:
    bench.mount("hansa", load_fixture("hansa-pending-spectator"))
    assert bench.page.query_selector("[data-testid=hand]") is None
    assert bench.page.query_selector("[data-testid=deal]") is None
    assert bench.page.query_selector("[data-testid=pending]") is not None
    assert actions(bench) == []


def test_the_set_up_and_the_customs(bench: Bench) -> None:
    setup = load_fixture("hansa-setup")
    bench.mount("hansa", setup)
    text = bench.page.inner_text("[data-testid=begin]")
    assert "Begin with C26 (ROS, 47t); C9 (DAN, 41t) last" in text
    bench.page.click(f"[data-action='{notations(setup)[1]}']")
    customs = load_fixture("hansa-customs")
    bench.mount("hansa", customs)
    due = customs["view"]["customs_due"]
    assert f"Customs: {due} talers still owed" in bench.page.inner_text("[data-testid=status]")
    bench.page.click("[data-action='1: sell AU']")
    assert bench.sent() == [notations(setup)[1], "1: sell AU"]


def test_money_loans_aid_and_hand(bench: Bench) -> None:
    fixture = load_fixture("hansa-customs")
    view = fixture["view"]
    bench.mount("hansa", fixture)
    for player in view["players"]:
        money = bench.page.inner_text(f"[data-money='{player['seat']}']")
        assert money == str(player["money"])
        aid = bench.page.eval_on_selector_all(
            f"[data-testid=players] tr[data-seat='{player['seat']}'] .hansa-aid [data-bean]",
            "els => els.map(e => e.dataset.bean)")
        assert aid == [b for b, n in player["beans"].items() for _ in range(n)]
    hand = bench.page.eval_on_selector_all(
        "[data-testid=hand] [data-card]", "els => els.map(e => e.dataset.card)")
    assert hand == view["players"][fixture["seat"]]["hand"]
    shown = bench.page.inner_text("[data-testid=table-contracts]")
    assert all(code in shown for code in view["table"])


def test_the_end_of_the_game(bench: Bench) -> None:
    fixture = load_fixture("hansa-over")
    result = fixture["view"]["result"]
    bench.mount("hansa", fixture)
    text = bench.page.inner_text("[data-testid=result]")
    assert "The game is over" in text
    for seat, score in enumerate(result["scores"]):
        assert f"{fixture['seats'][seat]['name']}" in text and f"{score} talers" in text


def test_without_send_nothing_is_clickable(bench: Bench) -> None:
    bench.mount("hansa", load_fixture("hansa-pending"), noSend=True)
    assert actions(bench) == []
    assert bench.page.query_selector("[data-testid=deal]") is None


def test_the_replay_shows_every_hand(bench: Bench) -> None:
    views = load_fixture("hansa-pending-views")["views"]
    view = bench.all_hands("hansa", views)
    bench.mount("hansa", {"view": view, "moves": [], "terms": None, "seat": None,
                          "seats": load_fixture("hansa-pending")["seats"]}, noSend=True)
    for seat in range(4):
        hand = views[str(seat)]["players"][seat]["hand"]
        shown = bench.page.eval_on_selector_all(
            f"[data-hand='{seat}'] [data-card]", "els => els.map(e => e.dataset.card)")
        assert shown == hand
        for card in hand:
            if card.startswith("C"):  # every contract held is spelled out
                title = bench.page.get_attribute(f"[data-hand='{seat}'] [data-card={card}]",
                                                 "title") or ""
                assert "delivered in" in title
    assert views["spectator"]["players"][0]["hand"] is None
