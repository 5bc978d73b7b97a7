"""A whole game of Bohnanza in browsers: two people, each in their own browser, playing
by clicking their legal moves (the simplest one each time), and bots at the other
seats, to the end and its result; then the replay link."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import People, join, set_up, simple_move

GAME_SECONDS = 420  # the whole game, with room to spare on a busy machine


def _legal(page: Page) -> list[str]:
    moves: list[str] = page.locator("[data-action]").evaluate_all(
        "buttons => buttons.map(b => b.dataset.action)")
    return moves


def play_by_clicking(pages: dict[int, Page], seconds: float) -> int:
    """Click, for whichever person the game waits on, the simplest legal move, until
    the game is over; the number of clicks. The bots move in between as they like."""
    first = next(iter(pages.values())).locator("main")
    deadline = time.monotonic() + seconds
    clicks = 0
    while first.get_attribute("data-over") != "true":
        assert time.monotonic() < deadline, f"the game did not end in {seconds} s"
        seq = first.get_attribute("data-seq") or ""
        if any(p.locator("main").get_attribute("data-seq") != seq for p in pages.values()):
            first.page.wait_for_timeout(20)
            continue  # a page is a step behind (or a bot just moved): look again
        waiting = [int(s) for s in (first.get_attribute("data-to-act") or "").split(",") if s]
        mover = next((s for s in waiting if s in pages and simple_move(_legal(pages[s]))), None)
        if mover is not None:
            move = simple_move(_legal(pages[mover]))
            try:
                pages[mover].locator(f"[data-action='{move}']").click(timeout=2_000)
                clicks += 1
            except PlaywrightTimeout:
                continue  # the table moved on under the pointer: look again
        # our move or a bot's: the next step (or the end) comes; if none comes (a click
        # that landed as the table moved on is refused), look again
        try:
            expect(first).not_to_have_attribute("data-seq", seq, timeout=5_000)
        except AssertionError:
            continue
    return clicks


def test_a_whole_game_with_two_people_and_bots(people: People) -> None:
    new = set_up(people, "Ada", ["me", "open", "random", "heuristic"], trading="turn_based")
    pages = {0: new.host, 1: join(people, new.invitations[1], "Bea")}
    clicks = play_by_clicking(pages, GAME_SECONDS)
    assert clicks > 20
    for page in pages.values():
        result = page.get_by_role("region", name="Result")
        expect(result).to_contain_text("Game over")
        expect(result.locator("tbody tr")).to_have_count(4)
        expect(page.locator("[data-action]")).to_have_count(0)
    table = people.site.lobby.tables[new.table]
    assert table.state.is_over
    scores = table.state.result().scores
    shown = [int(t) for t in new.host.get_by_role("region", name="Result").locator(
        "tbody td:nth-child(2)").all_inner_texts()]
    assert shown == list(scores)
    new.host.get_by_role("link", name="Replay").click()
    expect(new.host.get_by_text(f"step {table.seq} of {table.seq}")).to_be_visible()
