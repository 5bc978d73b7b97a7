"""A spectator in a browser: the link the creator gives out shows the table as it goes
on, every seat's fields but no hand, no move and no chat box."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import People, at_step, join, set_up


def test_a_spectator_watches_without_seeing_a_hand(people: People) -> None:
    new = set_up(people, "Ada", ["me", "open", "open"], trading="open")
    join(people, new.invitations[1], "Bea")
    join(people, new.invitations[2], "Cem")
    watcher = people.new(new.spectator.split(people.site.base, 1)[1])
    expect(watcher.locator("main")).to_have_attribute("data-seat", "spectator")
    expect(watcher.locator(".table-header")).to_contain_text("Watching")
    board = watcher.get_by_role("region", name="Bohnanza table")
    expect(board.locator(".player")).to_have_count(3)  # every seat, none of them "mine"
    expect(board.get_by_role("article", name="My seat")).to_have_count(0)
    expect(board.locator(".hand-line [data-bean], .hand-cards")).to_have_count(0)
    expect(board.locator(".player[data-seat='1'] .backs")).to_have_attribute(
        "aria-label", "5 cards in hand")
    expect(watcher.locator("[data-action]")).to_have_count(0)
    expect(watcher.get_by_label("Chat message")).to_have_count(0)
    expect(watcher.get_by_role("button", name="Hand my seat to a bot")).to_have_count(0)

    # the game goes on: the spectator sees the planting and the cards turned up
    ada = new.host
    ada.locator("[data-action='0: plant 0']").click()
    ada.locator("[data-action='0: end-planting']").click()
    at_step(watcher, 2)
    expect(watcher.get_by_role("log").first).to_contain_text("turns up")
    expect(board.locator(".face-up [data-bean]")).to_have_count(2)
    field = board.locator(".player[data-seat='0'] .field[data-field='0'] [data-bean]")
    expect(field).to_have_count(1)
    expect(board.locator(".player[data-seat='0'] .backs")).to_have_attribute(
        "aria-label", "4 cards in hand")
    # a chat line of a player reaches the spectator
    ada.get_by_label("Chat message").fill("welcome, watcher")
    ada.get_by_role("button", name="Send").click()
    expect(watcher.get_by_role("region", name="Chat")).to_contain_text("welcome, watcher")
