"""The lobby in a browser: a Bohnanza table set up with bots from the form, its links,
the table listed, and the creator taken to the table, where the game has begun."""

from __future__ import annotations

import re

from playwright.sync_api import expect

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
    expect(playing).to_contain_text("random (bot)", timeout=10_000)  # the list refreshes

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
