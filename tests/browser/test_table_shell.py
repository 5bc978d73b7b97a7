"""The table's shell in a browser, around any game: the table waits for its free seats;
the host gives a seat a new invitation link (the old one void) or seats a bot there
(named once, with its kind once); a person takes a free seat by name from the table's
address; a person hands the seat to a bot and takes it back; a token the server
refuses is said so."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import People, join, set_up


def test_the_host_seats_a_bot_and_renews_an_invitation(people: People) -> None:
    new = set_up(people, "Ada", ["me", "open", "open"])
    ada = new.host
    expect(ada.get_by_role("status").filter(has_text="waits for players")).to_contain_text(
        "seats 1, 2 are free")
    expect(ada.locator("[data-action]")).to_have_count(0)  # no move before the start

    # a new link for seat 1: the old one is refused
    seat1 = ada.locator(".seat[data-seat='1']")
    seat1.get_by_text("Host: seat 1").click()
    old = seat1.locator("[data-link=seat-1] input").input_value()
    assert old == new.invitations[1]
    seat1.get_by_role("button", name="New invitation link").click()
    expect(seat1.locator("[data-link=seat-1] input")).not_to_have_value(old)
    late = people.new(old.split(people.site.base, 1)[1])
    late.get_by_label("Your name").fill("Bea")
    late.get_by_role("button", name="Take the seat").click()
    expect(late.get_by_role("alert")).to_contain_text("used or revoked")
    bea = join(people, seat1.locator("[data-link=seat-1] input").input_value(), "Bea")
    expect(ada.locator(".seat[data-seat='1']")).to_contain_text("Bea")

    # a bot at seat 2: the game starts
    seat2 = ada.locator(".seat[data-seat='2']")
    seat2.get_by_text("Host: seat 2").click()
    seat2.get_by_label("Bot for seat 2").select_option("random")
    seat2.get_by_role("button", name="Seat the bot").click()
    # the bot is named once, its kind once: "Bot Ida (random)", as the server names it
    expect(seat2.locator(".seat-name")).to_have_text(re.compile(r"^Bot \w+ \(random\)$"))
    expect(ada.get_by_role("status").filter(has_text="waits for players")).to_have_count(0)
    expect(ada.locator("[data-action='0: plant 0']")).to_be_visible()
    expect(bea.locator("main")).to_have_attribute("data-to-act", "0")


def test_a_person_takes_a_free_seat_from_the_tables_address(people: People) -> None:
    new = set_up(people, "Ada", ["me", "open", "random"])
    cem = people.new(f"/t/{new.table}")
    form = cem.get_by_role("region", name="Join the table")
    expect(form).to_contain_text("seat 1 free")
    form.get_by_label("Your name").fill("Cem")
    form.get_by_role("button", name="Take the seat").click()
    expect(cem.locator("main.table-page")).to_have_attribute("data-seat", "1")
    expect(cem.locator(".table-header")).to_contain_text("You: Cem, seat 1")
    # every seat taken: a newcomer may only watch
    dora = people.new(f"/t/{new.table}")
    expect(dora.get_by_text("Every seat is taken.")).to_be_visible()
    dora.get_by_role("button", name="Watch instead").click()
    expect(dora.locator("main.table-page")).to_have_attribute("data-seat", "spectator")


def test_a_person_hands_the_seat_to_a_bot_and_takes_it_back(people: People) -> None:
    new = set_up(people, "Ada", ["me", "open", "random"])
    bea = join(people, new.invitations[1], "Bea")
    seats = bea.get_by_role("region", name="Seats")
    seats.get_by_label("Stand-in bot").select_option("heuristic")
    seats.get_by_role("button", name="Hand my seat to a bot").click()
    expect(seats.locator(".seat[data-seat='1']")).to_contain_text("played by heuristic")
    expect(new.host.locator(".seat[data-seat='1']")).to_contain_text("played by heuristic")
    seats.get_by_role("button", name="Take my seat back").click()
    expect(seats.locator(".seat[data-seat='1'] .standin")).to_have_count(0)
    expect(seats.get_by_role("button", name="Hand my seat to a bot")).to_be_visible()


def test_a_refused_token_is_said_and_can_be_forgotten(people: People) -> None:
    new = set_up(people, "Ada", ["me", "open", "random"])
    page = people.new("/")
    page.evaluate("t => localStorage.setItem('bohnen:' + t, 'not-a-token')", new.table)
    page.goto(f"/t/{new.table}")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("The server refused this page")
    alert.get_by_role("button", name="Forget this seat").click()
    expect(page.get_by_role("region", name="Join the table")).to_be_visible()


def test_a_person_leaves_the_seat_and_it_is_free_again(people: People) -> None:
    new = set_up(people, "Ada", ["me", "open", "random"])
    bea = join(people, new.invitations[1], "Bea")
    bea.get_by_text("Leave the table").click()
    bea.get_by_role("button", name="Leave my seat").click()
    bea.wait_for_url(f"{people.site.url}/")
    expect(new.host.locator(".seat[data-seat='1']")).to_contain_text("open seat")
    assert bea.evaluate("t => localStorage.getItem('bohnen:' + t)", new.table) is None
    bea.goto(f"/t/{new.table}")  # the seat is free again, also for Bea
    expect(bea.get_by_role("region", name="Join the table")).to_contain_text("seat 1 free")
