"""The lobby, the table's shell and the replay on a phone (390×844) and a tablet upright
(768×1024), touch screens: the set-up form filled in and "Set up the table" tapped, and
then the way to the table and the invitation links on the screen without anybody
scrolling; at the table the board first, then the seats, the log and the chat behind
tabs; the replay stepped through by taps. Nothing is wider than the screen, every
control is a touch target."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .conftest import Site, play_out
from .touch import DEVICES, assert_fits, assert_touchable, new_page, place, tap


@pytest.fixture
def errors() -> Iterator[list[str]]:
    found: list[str] = []
    yield found
    assert found == [], f"errors in the pages: {found}"


def choose(select: Locator, value: str) -> None:
    """Choose ``value`` in a select brought on the screen (as a finger would)."""
    place(select)
    select.select_option(value)


def fill(field: Locator, text: str) -> None:
    place(field)
    field.fill(text)


def on_screen(target: Locator) -> None:
    """``target`` is wholly on the screen as the page left it (the test scrolls nothing)."""
    expect(target).to_be_in_viewport(ratio=1)


def set_up(page: Page) -> Locator:
    """A Bohnanza table of three set up by taps: me, an open seat, a bot."""
    form = page.get_by_role("region", name="New table")
    choose(form.get_by_label("Game"), "bohnanza")
    choose(form.get_by_label("Players"), "3")
    fill(form.get_by_label("Your name"), "Ada")
    choose(form.locator("select[name=seat-1]"), "open")
    choose(form.locator("select[name=seat-2]"), "bot")
    fill(form.locator("input[name=bot-2]"), "heuristic")
    assert_fits(page)
    assert_touchable(page)
    tap(form.get_by_role("button", name="Set up the table"))
    created = page.get_by_role("region", name="Table created")
    created.wait_for()
    return created


@pytest.mark.parametrize("device", sorted(DEVICES))
def test_the_lobby_sets_up_a_table_and_shows_the_way_to_it(
        browser: Browser, site: Site, errors: list[str], device: str) -> None:
    page = new_page(browser, site.url, DEVICES[device], errors)
    page.goto("/")
    page.get_by_role("region", name="New table").get_by_label("Game").wait_for()
    created = set_up(page)
    go = created.get_by_role("link", name=re.compile("Go to the table"))
    for target in (go, created.locator("[data-link=seat-1] input"),
                   created.locator("[data-link=spectator] input"),
                   created.get_by_role("button", name="Copy the link: Seat 1")):
        on_screen(target)
    expect(go).to_be_focused()
    assert_fits(page)
    assert_touchable(page)

    tap(go)
    page.wait_for_url(re.compile("/t/"))
    board = page.get_by_role("region", name="Bohnanza table")
    board.wait_for()
    tabs = page.get_by_role("tablist", name="Seats, log and chat")
    # the board first, the seats, log and chat below it
    assert board.bounding_box()["y"] < tabs.bounding_box()["y"]  # type: ignore[index]
    assert_fits(page)
    assert_touchable(page)
    seats = page.get_by_role("region", name="Seats")
    expect(seats).to_be_visible()
    expect(page.get_by_role("region", name="Game log")).to_be_hidden()
    expect(page.get_by_role("region", name="Chat")).to_be_hidden()

    tap(tabs.get_by_role("tab", name="Chat"))
    chat = page.get_by_role("region", name="Chat")
    expect(chat).to_be_visible()
    expect(seats).to_be_hidden()
    fill(chat.get_by_label("Chat message"), "hello from a " + device)
    tap(chat.get_by_role("button", name="Send"))
    expect(chat.locator("ol")).to_contain_text("hello from a " + device)
    tap(tabs.get_by_role("tab", name="Log"))
    expect(page.get_by_role("region", name="Game log")).to_be_visible()
    assert_fits(page)


def test_a_chat_line_not_read_is_counted_on_the_chat_tab(
        browser: Browser, site: Site, errors: list[str]) -> None:
    ada = new_page(browser, site.url, DEVICES["phone"], errors)
    ada.goto("/")
    link = set_up(ada).locator("[data-link=seat-1] input").input_value()
    tap(ada.get_by_role("link", name=re.compile("Go to the table")))
    bea = new_page(browser, site.url, DEVICES["phone"], errors)
    bea.goto(link.split(site.base, 1)[1])
    fill(bea.get_by_label("Your name"), "Bea")
    tap(bea.get_by_role("button", name="Take the seat"))
    tap(bea.get_by_role("tab", name="Chat"))
    for line in ("one", "two"):
        fill(bea.get_by_label("Chat message"), line)
        tap(bea.get_by_role("button", name="Send"))
        expect(bea.get_by_role("region", name="Chat")).to_contain_text(line)
    chat = ada.get_by_role("tab", name=re.compile("Chat"))
    expect(chat).to_have_text(re.compile(r"Chat\s*2"))
    tap(chat)
    expect(chat).to_have_text("Chat")


@pytest.mark.parametrize("device", sorted(DEVICES))
def test_the_replay_is_stepped_through_by_taps(
        browser: Browser, site: Site, errors: list[str], device: str) -> None:
    made = site.api("POST", "/api/tables", {"game": "bohnanza", "players": 3, "seed": 5,
                                            "practice": True, "name": "Ada"})
    table = made["table"]
    tokens = [made["me"]["token"]] + [
        site.api("POST", f"/api/tables/{table}/join",
                 {"name": name, "invitation": invitation["token"]})["token"]
        for name, invitation in zip(("Bea", "Cem"), made["invitations"], strict=True)]
    last = play_out(site, table, tokens, chat={3: (1, "a word long enough to need wrapping: "
                                                  + "Bohnenhandelsgesellschaft" * 3)})
    page = new_page(browser, site.url, DEVICES[device], errors)
    page.goto(f"/replay/{table}")
    page.locator(f".table-layout[data-seq='{last}']").wait_for()
    assert_fits(page)
    assert_touchable(page)
    place(page.get_by_role("region", name="Result"), touch=False)
    tap(page.get_by_role("button", name="First step"))
    page.locator(".table-layout[data-seq='0']").wait_for()
    for seq in range(1, 5):
        tap(page.get_by_role("button", name="Next step"))
        page.locator(f".table-layout[data-seq='{seq}']").wait_for()
    expect(page.get_by_role("region", name="Chat")).to_contain_text("Bohnenhandels")
    choose(page.get_by_label("Seen by"), "1")
    page.locator(".table-layout[data-viewer='1']").wait_for()
    assert_fits(page)
    assert_touchable(page)
