"""The Undo button of the table page (issue 35, item 5): a person plants a card from
the hand in Bohnanza (which turns up nothing), presses Undo, and the log and the board
go back to what they were, on the person's page and on a spectator's; the button is
enabled only while the server says the move may be taken back (the view frame's
``undo``), on a desktop and on a phone (there by taps, the page within the screen and
its controls touch targets)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .conftest import VIEWPORT, Site
from .touch import PHONE, assert_fits, assert_touchable, new_page, tap

DEVICES: dict[str, dict[str, Any]] = {"desktop": {"viewport": VIEWPORT}, "phone": PHONE}


@pytest.fixture
def errors() -> Iterator[list[str]]:
    found: list[str] = []
    yield found
    assert found == [], f"errors in the pages: {found}"


def press(target: Locator, device: str) -> None:
    """Click ``target`` on a desktop; tap it on a phone, once on the screen."""
    if device == "phone":
        tap(target)
    else:
        target.click()


def at(page: Page, seq: int) -> None:
    page.locator(f"main.table-page[data-seq='{seq}']").wait_for()


def board_text(page: Page) -> str:
    text: str = page.get_by_role("region", name="Bohnanza table").inner_text()
    return text


def log_seqs(page: Page) -> list[str]:
    seqs: list[str] = page.locator("ol.log li").evaluate_all(
        "items => items.map((li) => li.dataset.seq)")
    return seqs


@pytest.mark.parametrize("device", sorted(DEVICES))
def test_a_planting_is_undone_and_the_log_and_board_go_back(
        browser: Browser, site: Site, errors: list[str], device: str) -> None:
    made = site.api("POST", "/api/tables", {"game": "bohnanza", "players": 3, "seed": 5,
                                            "practice": True, "name": "Ada"})
    table = made["table"]
    for name, invitation in zip(("Bea", "Cem"), made["invitations"], strict=True):
        site.api("POST", f"/api/tables/{table}/join",
                 {"name": name, "invitation": invitation["token"]})
    keep = f"localStorage.setItem('bohnen:{table}', '{made['me']['token']}')"
    ada = new_page(browser, site.url, DEVICES[device], errors, init_script=keep)
    ada.goto(f"/t/{table}")
    watcher = new_page(browser, site.url, DEVICES[device], errors)
    watcher.goto(f"/t/{table}#watch={made['spectator']}")
    for page in (ada, watcher):
        at(page, 0)
        page.get_by_role("region", name="Bohnanza table").wait_for()
    undo = ada.get_by_role("button", name="Undo")
    expect(undo).to_be_disabled()  # nothing to take back yet
    expect(watcher.get_by_role("button", name="Undo")).to_have_count(0)  # not a seat
    start = {"ada": (board_text(ada), log_seqs(ada)),
             "watcher": (board_text(watcher), log_seqs(watcher))}

    press(ada.locator("[data-action='0: plant 0']"), device)
    for page in (ada, watcher):
        at(page, 1)
        expect(page.locator("ol.log li[data-seq='1']")).not_to_have_count(0)
    assert board_text(ada) != start["ada"][0]
    expect(undo).to_be_enabled()
    if device == "phone":
        assert_fits(ada)
        assert_touchable(ada)

    press(undo, device)
    for page in (ada, watcher):
        at(page, 2)
        expect(page.locator("ol.log li[data-seq='1']")).to_have_count(0)
    assert (board_text(ada), log_seqs(ada)) == start["ada"]
    assert (board_text(watcher), log_seqs(watcher)) == start["watcher"]
    expect(undo).to_be_disabled()
    expect(ada.locator("[data-action='0: plant 0']")).to_be_visible()
    expect(ada.get_by_role("alert")).to_have_count(0)  # no refusal said

    # the game goes on: the same card planted again is step 3, in the log once
    press(ada.locator("[data-action='0: plant 0']"), device)
    at(ada, 3)
    assert log_seqs(ada).count("3") >= 1 and "1" not in log_seqs(ada)
    if device == "phone":
        assert_fits(ada)
        assert_touchable(ada)
