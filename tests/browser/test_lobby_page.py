"""The lobby in a browser: a Bohnanza table set up with bots from the form, its links,
the table listed, and the creator taken to the table, where the game has begun; the
lists of tables a page at a time ("More")."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from bohnen.core import get_game
from bohnen.server.listing import PAGE
from bohnen.server.logbase import SeatRow

from .conftest import People


def test_the_lobby_sets_up_a_bohnanza_table_with_bots(people: People) -> None:
    page = people.new("/")
    form = page.get_by_role("region", name="New table")
    form.get_by_label("Game").select_option("bohnanza")
    form.get_by_label("Players").select_option("3")
    form.get_by_label("Your name").fill("Ada")
    form.locator("select[name=trading]").select_option("open")
    form.locator("select[name=seat-1]").select_option("bot")
    form.locator("input[name=bot-1]").fill("random")
    form.locator("select[name=seat-2]").select_option("bot")
    form.locator("input[name=bot-2]").fill("heuristic")
    form.get_by_role("button", name="Set up the table").click()

    created = page.get_by_role("region", name="Table created")
    expect(created).to_contain_text("is set up")
    expect(created.locator("[data-link=spectator] input")).to_have_value(
        re.compile(r"/t/[\w-]+#watch="))
    expect(created.locator("[data-link^=seat-]")).to_have_count(0)  # no open seat
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    created.get_by_role("button", name="Copy the link: Spectators").click()
    expect(created.get_by_role("button", name="Copy the link: Spectators")).to_have_text("Copied")
    link = created.locator("[data-link=spectator] input").input_value()
    assert page.evaluate("navigator.clipboard.readText()") == link
    table = people.site.lobby.tables
    assert len(table) == 1
    (table_id,) = table
    playing = page.locator(f"[data-list=playing] [data-table='{table_id}']")
    # the list refreshes; the bots have names of their own
    expect(playing).to_contain_text(re.compile(r"Bot \w+ \(random\)"), timeout=10_000)

    created.get_by_role("link", name=re.compile("Go to the table")).click()
    expect(page).to_have_url(re.compile(f"/t/{table_id}$"))
    seats = page.get_by_role("region", name="Seats")
    expect(seats.locator("[data-seat='0']")).to_contain_text("Ada (you)")
    expect(seats.locator("[data-seat='1']")).to_contain_text("random")
    expect(seats.locator("[data-seat='2']")).to_contain_text("heuristic")
    board = page.get_by_role("region", name="Bohnanza table")
    expect(board.locator(".hand-cards li")).to_have_count(5)
    # the game has begun: seat 0 plants its front card
    board.locator("[data-action='0: plant 0']").click()
    expect(page.get_by_role("log").first).to_contain_text("plants")
    expect(board.locator(".hand-cards li")).to_have_count(4)


async def _finished(lobby: Any, ids: list[str], expired: str) -> None:
    """Finished tables ``ids`` in the lobby's log, ``expired`` closed before its end."""
    options = get_game("ndb").options(3).to_json()
    for n, table_id in enumerate(ids):
        lobby.log.create(table_id, "ndb", options, n, {},
                         [SeatRow(s, "person", name=f"p{s}") for s in range(3)], float(n))
        lobby.log.finish(table_id)
    lobby.log.expire(expired)


def test_the_lobby_shows_the_tables_a_page_at_a_time(people: People) -> None:
    ids = [f"done{n:02}" for n in range(PAGE + 5)]
    people.site.server.run(_finished(people.site.lobby, ids, expired=ids[1]))
    page = people.new("/")
    finished = page.locator("[data-list=finished]")
    expect(finished.locator("li")).to_have_count(PAGE)
    expect(finished.locator(".count")).to_have_text(f"({PAGE}+)")
    expect(finished.locator(f"[data-table={ids[-1]}]")).to_contain_text("Replay")
    finished.get_by_role("button", name="More").click()
    expect(finished.locator("li")).to_have_count(len(ids))
    expect(finished.get_by_role("button", name="More")).to_have_count(0)
    expect(finished.locator(".count")).to_have_text(f"({len(ids)})")
    expect(finished.locator(f"[data-table={ids[1]}]")).to_contain_text("expired")
    expect(finished.locator(f"[data-table={ids[1]}] a")).to_have_count(0)  # no replay
    expect(finished.locator(f"[data-table={ids[0]}]")).to_contain_text("Replay")
