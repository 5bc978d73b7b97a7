"""Open negotiation in Bohnanza between people, each in their own browser: a proposal
composed by clicking and accepted (both boards show the trade), and offers side by
side, a counter, a decline and a gift."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Locator, Page, WebSocketRoute, expect

from .conftest import NewTable, People, at_step, join, set_up


def _hand(page: Page) -> list[str]:
    return [code for code in page.locator(".hand-cards [data-bean]").evaluate_all(
        "cards => cards.map(c => c.dataset.bean)")]


def _table_of_three(people: People) -> tuple[NewTable, list[Page]]:
    """Ada, Bea and Cem at a table in open trading; Ada has planted and turned up the
    two face-up cards (step 2)."""
    new = set_up(people, "Ada", ["me", "open", "open"], trading="open")
    pages = [new.host, join(people, new.invitations[1], "Bea"),
             join(people, new.invitations[2], "Cem")]
    ada = pages[0]
    ada.locator("[data-action='0: plant 0']").click()
    at_step(ada, 1)
    ada.locator("[data-action='0: end-planting']").click()
    for page in pages:
        at_step(page, 2)
    expect(ada.locator(".face-up [data-bean]")).to_have_count(2)
    return new, pages


def _face_up(page: Page) -> list[str]:
    return [code for code in page.locator(".face-up [data-bean]").evaluate_all(
        "cards => cards.map(c => c.dataset.bean)")]


def _trade_area(board: Locator) -> Locator:
    return board.locator(".trade-area [data-bean]")


def test_a_proposal_composed_and_accepted_shows_on_both_boards(people: People) -> None:
    _new, (ada, bea, cem) = _table_of_three(people)
    wanted = _hand(bea)[0]
    given = _face_up(ada)[0]
    bea_hand = len(_hand(bea))

    ada.get_by_role("button", name="Propose a trade…").click()
    composer = ada.get_by_role("form", name="Propose a trade")
    composer.get_by_label("To").select_option(label="Bea")
    composer.locator("button[name=give-f0]").click()
    composer.locator(f"button[name=want-{wanted}]").click()
    words = composer.get_by_label("the proposal in words")
    expect(words).to_have_text(re.compile(r"^give face-up \S+; want \S+$"))
    composer.get_by_role("button", name="Send the proposal").click()
    for page in (ada, bea, cem):
        at_step(page, 3)
        expect(page.locator(".offer[data-pid='1']")).to_be_visible()  # everyone sees it
    expect(cem.locator(".offer[data-pid='1'] button")).to_have_count(0)  # not Cem's to answer

    bea.locator(".offer[data-pid='1'] [data-action^='1: accept 1']").first.click()
    for page in (ada, bea, cem):
        at_step(page, 4)
        expect(page.locator(".offer")).to_have_count(0)
    # Ada's trade area has Bea's card; Bea's has the face-up card; Bea's hand is smaller
    expect(_trade_area(ada.get_by_role("article", name="My seat"))).to_have_count(1)
    expect(_trade_area(ada.get_by_role("article", name="My seat")).first).to_have_attribute(
        "data-bean", wanted)
    expect(_trade_area(bea.get_by_role("article", name="My seat")).first).to_have_attribute(
        "data-bean", given)
    expect(bea.locator(".hand-cards li")).to_have_count(bea_hand - 1)
    expect(ada.locator(".face-up [data-bean]")).to_have_count(1)
    # the third seat sees both trade areas too
    expect(_trade_area(cem.locator(".player[data-seat='0']")).first).to_have_attribute(
        "data-bean", wanted)
    expect(_trade_area(cem.locator(".player[data-seat='1']")).first).to_have_attribute(
        "data-bean", given)
    expect(ada.get_by_role("log").first).to_contain_text("accept")


def test_offers_side_by_side_a_counter_a_decline_and_a_gift(people: People) -> None:
    _new, (ada, bea, cem) = _table_of_three(people)
    face_up = _face_up(ada)
    # Bea asks Ada for the first face-up card, for her front card
    bea.get_by_role("button", name="Propose a trade…").click()
    composer = bea.get_by_role("form", name="Propose a trade")
    composer.locator("button[name=give-h0]").click()
    composer.locator(f"button[name=want-{face_up[0]}]").click()
    composer.get_by_role("button", name="Send the proposal").click()
    at_step(bea, 3)
    # Cem gives Ada his front card, wanting nothing: a gift
    cem_front = _hand(cem)[0]
    cem.get_by_role("button", name="Propose a trade…").click()
    composer = cem.get_by_role("form", name="Propose a trade")
    composer.locator("button[name=give-h0]").click()
    composer.get_by_role("button", name="Send the gift").click()
    for page in (ada, bea, cem):
        at_step(page, 4)
        expect(page.locator(".offer")).to_have_count(2)  # side by side, seen by all
    expect(ada.locator(".offer.to-me")).to_have_count(2)

    # Ada counters Bea's offer: the second face-up card instead
    ada.locator(".offer[data-pid='1']").get_by_role("button", name="Counter…").click()
    counter = ada.get_by_role("form", name="Counter offer 1")
    counter.locator("button[name=give-f1]").click()
    counter.locator(f"button[name=want-{_hand(bea)[0]}]").click()
    expect(counter.get_by_label("the proposal in words")).to_contain_text("give face-up ")
    counter.get_by_role("button", name="Send the counter").click()
    at_step(bea, 5)
    expect(bea.locator(".offer[data-pid='1']")).to_have_count(0)  # countered: closed
    expect(bea.locator(".offer[data-pid='3'].to-me")).to_be_visible()
    bea.locator(".offer[data-pid='3'] [data-action='1: decline 3']").click()
    at_step(ada, 6)
    expect(ada.locator(".offer")).to_have_count(1)

    # Ada takes Cem's gift
    ada.locator(".offer[data-pid='2'] [data-action='0: accept 2']").click()
    for page in (ada, cem):
        at_step(page, 7)
    expect(_trade_area(ada.get_by_role("article", name="My seat")).first).to_have_attribute(
        "data-bean", cem_front)
    expect(ada.locator(".closed-offers")).to_contain_text("Closed this turn (3)")


def _tamper_terms(page: Page, extra: dict[str, object]) -> None:
    """From now on, ``page``'s view frames carry terms with the target ``extra`` added
    (the page reloads to connect through the route): the server's frames otherwise as
    they come, the page's own frames passed on as they go."""

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame.get("type") == "view" and frame.get("terms"):
                frame["terms"]["targets"].append(extra)
            ws.send(json.dumps(frame))

        server.on_message(from_server)

    page.context.route_web_socket(re.compile(r"/ws/"), route)
    page.reload()
    page.locator("main.table-page[data-status=open]").wait_for()


def test_the_page_offers_the_targets_the_terms_give_and_the_engine_judges(
        people: People) -> None:
    """Bea, not the active seat, is offered Cem as a target by tampered terms (the rules
    let her propose to Ada only): the page offers what the terms say, restating no rule
    of its own, and the server's engine refuses the proposal, saying why."""
    _new, (_ada, bea, cem) = _table_of_three(people)
    _tamper_terms(bea, {"seat": 2, "pid": None, "invite": False, "empty": False})
    at_step(bea, 2)
    cem.get_by_role("button", name="Propose a trade…").click()  # the engine's terms
    expect(cem.get_by_role("form", name="Propose a trade").get_by_label("To")
           .locator("option")).to_have_text(["Ada"])
    bea.get_by_role("button", name="Propose a trade…").click()
    composer = bea.get_by_role("form", name="Propose a trade")
    expect(composer.get_by_label("To").locator("option")).to_have_text(["Ada", "Cem"])
    composer.get_by_label("To").select_option(label="Cem")
    composer.locator("button[name=give-h0]").click()
    composer.get_by_role("button", name="Send the gift").click()
    expect(bea.get_by_role("alert")).to_contain_text("active")  # the engine's refusal
    expect(bea.locator("main")).to_have_attribute("data-seq", "2")  # nothing played
