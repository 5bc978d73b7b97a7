"""Tables of friends in a browser (issue 35, "Seats for invited friends, tables for the
people at them", and "An absent player does not stall the table"), at desktop size
and on a phone (390×844) where a page changes: a stranger in the lobby is not offered
the seat kept for an invited friend, whose link seats them; a private table is not
listed; a spectator has no chat box unless the table allows it; a vote hands an absent
seat to a bot and every page shows it; the host's removal of a person is shown on the
others' pages."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import People
from .touch import DEVICES, assert_fits, assert_touchable, new_page

SIZES = ["desktop", "phone"]


def _page(people: People, size: str, path: str = "/") -> Page:
    """A new person's page at ``path``, at desktop size or on a phone."""
    if size == "desktop":
        return people.new(path)
    page = new_page(people.browser, people.site.url, DEVICES["phone"], people.errors)
    people.contexts.append(page.context)
    page.goto(path)
    return page


def _seated(people: People, size: str, table: str, token: str) -> Page:
    """The page of ``token``'s seat (or a spectator's) at ``table``, connected."""
    page = _page(people, size)
    page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                  [f"bohnen:{table}", token])
    page.goto(f"/t/{table}")
    page.locator("main.table-page[data-status=open]").wait_for()
    return page


def _watching(people: People, size: str, table: str, token: str) -> Page:
    page = _page(people, size, f"/t/{table}#watch={token}")
    page.locator("main.table-page[data-status=open][data-seat=spectator]").wait_for()
    return page


def _show(page: Page, tab: str) -> None:
    """On a narrow page, the tab of the seats, the log or the chat chosen."""
    tabs = page.get_by_role("tablist", name="Seats, log and chat")
    if tabs.is_visible():
        tabs.get_by_role("tab", name=re.compile(tab)).click()


def _people(people: People, **setup: Any) -> tuple[dict[str, Any], list[str]]:
    """A Bohnanza table of Ada, Bea and Cem set up through the API: the set-up's answer
    and their tokens."""
    site = people.site
    made = site.api("POST", "/api/tables", {"game": "bohnanza", "players": 3,
                                            "name": "Ada", **setup})
    tokens = [made["me"]["token"]] + [
        site.api("POST", f"/api/tables/{made['table']}/join",
                 {"name": name, "invitation": invitation["token"]})["token"]
        for name, invitation in zip(("Bea", "Cem"), made["invitations"], strict=True)]
    return made, tokens


@pytest.mark.parametrize("size", SIZES)
def test_a_stranger_is_not_offered_the_invited_seat_and_the_friends_link_seats_them(
        people: People, size: str) -> None:
    ada = people.new("/")
    form = ada.get_by_role("region", name="New table")
    form.get_by_label("Game").select_option("bohnanza")
    form.get_by_label("Players").select_option("3")
    form.get_by_label("Your name").fill("Ada")
    expect(form.locator("select[name=seat-1]")).to_have_value("invite")  # by default
    form.locator("select[name=seat-2]").select_option("open")
    form.get_by_role("button", name="Set up the table").click()
    created = ada.get_by_role("region", name="Table created")
    link = created.locator("[data-link=seat-1] input").input_value()
    expect(created.get_by_role("button", name="Copy the link: Seat 1 (a friend's)")).to_be_visible()
    expect(created.get_by_role("button", name="Copy the link: Seat 2 (anybody's)")).to_be_visible()
    table = link.split("/t/")[1].split("#")[0]

    eve = _page(people, size)
    row = eve.locator(f"li[data-table='{table}']")
    expect(row).to_contain_text("kept for a friend")
    join = row.get_by_role("link", name="Join (1 free)")
    if size == "phone":
        assert_fits(eve)
    join.click()
    expect(eve.get_by_role("region", name="Join the table")).to_contain_text(
        "seat 1 kept for an invited friend")
    expect(eve.locator("select[name=seat]")).to_have_count(0)  # one free seat: no choice
    eve.get_by_label("Your name").fill("Eve")
    eve.get_by_role("button", name="Take the seat").click()
    expect(eve.locator("main.table-page[data-status=open]")).to_have_attribute("data-seat", "2")
    mal = _page(people, size, f"/t/{table}")  # the table's own link: nothing to take
    expect(mal.get_by_role("region", name="Join the table")).to_contain_text(
        "The seats left are kept for invited friends")
    expect(mal.get_by_role("button", name="Take the seat")).to_have_count(0)

    bea = _page(people, size, link.split(people.site.base, 1)[1])
    expect(bea.get_by_role("heading", name="You are invited to this table")).to_be_visible()
    bea.get_by_label("Your name").fill("Bea")
    bea.get_by_role("button", name="Take the seat").click()
    expect(bea.locator("main.table-page[data-status=open]")).to_have_attribute("data-seat", "1")
    if size == "phone":
        assert_fits(bea)


@pytest.mark.parametrize("size", SIZES)
def test_a_private_table_set_up_in_the_lobby_is_not_listed(people: People, size: str) -> None:
    shown, _tokens = _people(people)
    ada = _page(people, size)
    form = ada.get_by_role("region", name="New table")
    form.get_by_label("Game").select_option("ndb")
    form.get_by_label("Players").select_option("3")
    form.get_by_label("Your name").fill("Ada")
    form.locator("select[name=clock]").select_option("realtime")
    form.get_by_label(re.compile("Absent turns before a bot")).fill("5")
    form.get_by_label(re.compile("Private")).check()
    if size == "phone":
        assert_fits(ada)
    form.get_by_role("button", name="Set up the table").click()
    spectator = ada.get_by_role("region", name="Table created").locator(
        "[data-link=spectator] input")
    table = spectator.input_value().split("/t/")[1].split("#")[0]
    setup = people.site.api("GET", f"/api/tables/{table}")["setup"]
    assert setup["private"] is True and setup["spectator_chat"] is False
    assert setup["invited"] == [1, 2] and setup["clock"]["absent_turns"] == 5

    stranger = _page(people, size)
    listed = stranger.locator(f"li[data-table='{shown['table']}']")
    expect(listed).to_be_visible()  # the lists came
    expect(stranger.locator(f"li[data-table='{table}']")).to_have_count(0)
    expect(ada.locator(f"li[data-table='{table}']")).to_have_count(0)


@pytest.mark.parametrize("size", SIZES)
def test_a_spectator_sees_no_chat_box_unless_the_table_allows_it(
        people: People, size: str) -> None:
    closed, tokens = _people(people)
    ada = _seated(people, "desktop", closed["table"], tokens[0])
    watcher = _watching(people, size, closed["table"], closed["spectator"])
    _show(watcher, "Chat")
    chat = watcher.get_by_role("region", name="Chat")
    expect(chat).to_be_visible()
    ada.get_by_label("Chat message").fill("hello, watcher")
    ada.get_by_role("button", name="Send").click()
    expect(chat).to_contain_text("hello, watcher")
    expect(watcher.get_by_label("Chat message")).to_have_count(0)

    allowed, tokens = _people(people, spectator_chat=True)
    ada = _seated(people, "desktop", allowed["table"], tokens[0])
    watcher = _watching(people, size, allowed["table"], allowed["spectator"])
    _show(watcher, "Chat")
    watcher.get_by_label("Chat message").fill("go Ada")
    watcher.get_by_role("button", name="Send").click()
    expect(ada.get_by_role("region", name="Chat")).to_contain_text("spectator: go Ada")
    if size == "phone":
        assert_fits(watcher)


@pytest.mark.parametrize("size", SIZES)
def test_a_vote_hands_an_absent_seat_to_a_bot_and_every_page_shows_it(
        people: People, size: str) -> None:
    made, tokens = _people(people)  # Bea never comes
    table = made["table"]
    ada = _seated(people, size, table, tokens[0])
    cem = _seated(people, "desktop", table, tokens[2])
    watcher = _watching(people, "desktop", table, made["spectator"])
    _show(ada, "Seats")
    seat = ada.locator(".seats li[data-seat='1']")
    expect(seat).to_contain_text("0 of 2 votes")
    if size == "phone":
        assert_fits(ada)
        assert_touchable(ada)
    expect(ada.locator(".seats li[data-seat='2']").get_by_role("button")).to_have_count(0)
    seat.get_by_role("button", name="Vote: a bot plays seat 1").click()
    expect(seat).to_contain_text("you voted")
    expect(cem.locator(".seats li[data-seat='1']")).to_contain_text("1 of 2 votes")
    expect(watcher.locator(".seats li[data-seat='1']")).to_contain_text("1 of 2 votes")
    expect(watcher.locator(".seats li[data-seat='1'] button")).to_have_count(0)
    cem.get_by_role("button", name="Vote: a bot plays seat 1").click()
    for page in (ada, cem, watcher):
        expect(page.locator(".seats li[data-seat='1']")).to_contain_text(
            "played by heuristic (the others voted)")
        expect(page.locator(".seats li[data-seat='1'] .seat-vote")).to_have_count(0)
    _show(ada, "Log")
    expect(ada.get_by_role("region", name="Game log")).to_contain_text(
        "a bot plays Bea's seat (1) until Bea comes back")
    if size == "phone":
        assert_fits(ada)


@pytest.mark.parametrize("size", SIZES)
def test_the_hosts_removal_of_a_person_is_shown_on_the_others_pages(
        people: People, size: str) -> None:
    made, tokens = _people(people)
    table = made["table"]
    cem = _seated(people, size, table, tokens[2])
    watcher = _watching(people, "desktop", table, made["spectator"])
    people.site.api("POST", f"/api/tables/{table}/seats/1", {"bot": "random"}, made["host"])
    said = "The host removed Bea from seat 1: a bot plays it now"
    _show(cem, "Log")
    expect(cem.get_by_role("region", name="Game log")).to_contain_text(said)
    _show(cem, "Chat")
    expect(cem.get_by_role("region", name="Chat").locator("li.notice")).to_have_text(said)
    expect(watcher.get_by_role("region", name="Game log")).to_contain_text(said)
    if size == "phone":
        assert_fits(cem)
