"""A clock running out, in a browser: a person who does not move in time sees the
clock count down, then the clock plays their whole turn for them at once (the absent
bot: it plants, closes the trading at once, plants what it kept); the seat stays
theirs."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import People, join


def test_a_clock_running_out_has_the_move_made_for_the_seat(people: People) -> None:
    made = people.site.api("POST", "/api/tables", {
        "game": "bohnanza", "players": 3, "name": "Ada", "seed": 9, "practice": True,
        "seats": [{"kind": "open"}, {"kind": "open"}, {"kind": "open"}],
        "clock": {"mode": "realtime", "per_move": 2, "bank": 1}})
    pages = [join(people, f"{people.site.url}/t/{made['table']}#invite={i['token']}", name)
             for i, name in zip(made["invitations"], ("Ada", "Bea", "Cem"), strict=True)]
    ada = pages[0]
    expect(ada.get_by_role("region", name="Seats")).to_contain_text("2 s a move + bank")
    expect(ada.locator(".seat[data-seat='0'] [role=timer] .bank")).to_be_visible()
    # Ada does nothing: her time runs out and her whole turn is played for her at once
    expect(ada.locator("main")).not_to_have_attribute("data-seq", "0", timeout=30_000)
    expect(ada.get_by_role("log").first).to_contain_text("Ada plants")
    expect(ada.get_by_role("log").first).to_contain_text("Ada closes trading")
    # then another seat's time runs: its countdown is shown (then it runs out too)
    expect(ada.locator(".seat:not([data-seat='0']) [role=timer] .left").first
           ).to_be_visible(timeout=30_000)
    expect(ada.locator(".seat[data-seat='0']")).to_contain_text("Ada (you)")
    expect(ada.locator("main")).to_have_attribute("data-seat", "0")
