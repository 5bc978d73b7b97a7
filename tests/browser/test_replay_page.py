"""The replay of a finished game in a browser: found in the lobby's finished tables,
stepped through with its buttons and slider, the board as every seat saw it or with
every hand shown, each step's events, and the chat as it stood at the step."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import People, play_out


def test_the_replay_steps_through_a_finished_game(people: People) -> None:
    site = people.site
    made = site.api("POST", "/api/tables", {"game": "bohnanza", "players": 3, "seed": 5,
                                            "practice": True, "name": "Ada"})
    table = made["table"]
    tokens = [made["me"]["token"]] + [
        site.api("POST", f"/api/tables/{table}/join",
                 {"name": name, "invitation": invitation["token"]})["token"]
        for name, invitation in zip(("Bea", "Cem"), made["invitations"], strict=True)]
    last = play_out(site, table, tokens, chat={3: (1, "good luck"), 10: (2, "thanks")})

    page = people.new("/")
    finished = page.locator(f"[data-list=finished] [data-table='{table}']")
    finished.get_by_role("link", name="Replay").click()
    page.wait_for_url(f"**/replay/{table}")
    layout = page.locator(f".table-layout[data-seq='{last}']")
    expect(layout).to_be_visible()
    expect(page.get_by_text(f"step {last} of {last}")).to_be_visible()
    expect(page.get_by_role("region", name="Result")).to_contain_text("Game over")
    chat = page.get_by_role("region", name="Chat")
    expect(chat.locator("li")).to_have_count(2)

    # the start: every hand shown (the game is over), no chat yet
    page.get_by_role("button", name="First step").click()
    expect(page.locator(".table-layout[data-seq='0']")).to_be_visible()
    expect(page.get_by_text("The start.")).to_be_visible()
    board = page.get_by_role("region", name="Bohnanza table")
    for seat in range(3):
        hand = board.locator(f".player[data-seat='{seat}'] .hand-line [data-bean]")
        expect(hand).to_have_count(5)
    expect(chat.locator("li")).to_have_count(0)

    # step by step: the move, its events, the chat said by then
    for _ in range(4):
        page.get_by_role("button", name="Next step").click()
    expect(page.locator(".table-layout[data-seq='4']")).to_be_visible()
    # the move in words, by the seat's name, never in notation ("0: plant 0")
    action = page.locator(".replay-action")
    expect(action).to_have_text(re.compile(r"^(Ada|Bea|Cem): [A-Z][a-z]+ "))
    expect(action).not_to_have_text(re.compile(r"\d: [a-z-]+"))
    moves = page.get_by_role("region", name="Moves").locator("li")
    expect(moves.first).to_have_text(re.compile(r"^1\. Ada: Plant your front card \(\w+\)"))
    assert not [m for m in moves.all_inner_texts() if re.search(r"\d: [a-z-]+", m)]
    expect(page.get_by_role("region", name="Events of the step").locator("li")).not_to_have_count(0)
    expect(chat.locator("li")).to_have_count(1)
    expect(chat).to_contain_text("good luck")

    # as seat 1 saw it: its own hand in order, the others' hidden
    page.get_by_label("Seen by").select_option("1")
    expect(page.locator(".table-layout[data-viewer='1']")).to_be_visible()
    mine = board.get_by_role("article", name="My seat")
    expect(mine.locator(".hand-cards li")).not_to_have_count(0)
    expect(board.locator(".player[data-seat='0'] .hand-line [data-bean]")).to_have_count(0)
    expect(board.locator("[data-action]")).to_have_count(0)  # nothing to play in a replay

    # the slider goes anywhere
    page.get_by_label("Step", exact=True).fill(str(last))
    expect(page.locator(f".table-layout[data-seq='{last}']")).to_be_visible()
