"""A whole game of Bohn Hansa in the browser through the real server: two people, each in
a browser context of its own, and a bot; every move a click on the page: journeys on
the map, a purchase on the ladder, an invitation composed in the deal panel and
accepted by the other person."""

from __future__ import annotations

import re

from .pages_fixtures import bench_browser, bench_url
from .pages_play import Online, Person, online, play_out, seat_people

__all__ = ["bench_browser", "bench_url", "online"]  # the fixtures the tests use

BOARD = ".hansa-board"
# what a person does first, among its clickable moves (a journey is clicked on the map)
ORDER = ("accept", "begin", "fulfil", "sell", "return", "buy", "end-trading", "pass",
         "end-turn", "done")


class Hansa:
    """The two people's way of playing: short journeys chosen on the map, one purchase
    a turn when rich, and one invitation from seat 0 to seat 1, which seat 1 accepts."""

    def __init__(self) -> None:
        self.invited = False
        self.bought_turn = -1
        self.journeys: list[str] = []

    def __call__(self, person: Person, seat: int) -> bool:
        moves = person.actions(BOARD)
        verbs = {m.split()[1]: m for m in reversed(moves)}  # the first of each verb
        status = person.page.inner_text(f"{BOARD} [data-testid=status]")
        if "go" in verbs or "stay" in verbs:
            return self.journey(person)
        if "Your trade" in status and not self.invited and seat == 0 and self.invite(person):
            return True
        turn = int(re.search(r"Turn (\d+)", status).group(1))  # type: ignore[union-attr]
        if "buy" in verbs and (turn == self.bought_turn or self.money(person, seat) < 30):
            del verbs["buy"]
        for verb in ORDER:
            if verb in verbs:
                if verb == "buy":
                    self.bought_turn = turn
                    person.click(f"{BOARD} [data-testid=ladders] [data-action='{verbs[verb]}']")
                else:
                    person.click(f"{BOARD} [data-action='{verbs[verb]}']")
                return True
        return False

    def journey(self, person: Person) -> bool:
        """The nearest other city (the fewest cards; staying only when no journey is
        open), clicked on the map."""
        cities = person.page.eval_on_selector_all(
            f"{BOARD} [data-testid=map] [data-city][data-action]",
            "els => els.map(e => [e.dataset.city, e.dataset.action])")
        city, action = min(cities, key=lambda c: (c[1].endswith("stay"), len(c[1].split()),
                                                  c[0]))
        self.journeys.append(action)
        person.click(f"{BOARD} [data-testid=map] [data-city={city}]")
        return True

    def money(self, person: Person, seat: int) -> int:
        return int(person.page.inner_text(f"{BOARD} [data-money='{seat}']"))

    def invite(self, person: Person) -> bool:
        """Seat 0 invites seat 1 (in another city) for nothing, through the deal panel."""
        deal = person.page.locator(f"{BOARD} [data-testid=deal]")
        target = deal.locator("[data-target='1']")
        if not deal.count() or not target.count():
            return False
        target.check()
        if "an invitation" not in deal.inner_text():
            return False
        self.invited = True
        words = deal.locator("[data-testid=deal-words]").inner_text()
        assert words.endswith("no beans change hands"), words
        person.click(f"{BOARD} [data-testid=deal-send]")
        return True


def test_a_whole_game_with_two_people_and_a_bot(online: Online) -> None:
    table, persons = seat_people(online, "hansa", ["Ada", "Bruno"], ["heuristic"], {},
                                 seed=3)
    policy = Hansa()
    moves = play_out(persons, "hansa", policy, seconds=300, max_moves=600)
    replay = online.api("GET", f"/api/tables/{table}/replay")
    by_people = [s["action"] for s in replay["steps"] if s["seat"] < len(persons)]
    assert len(by_people) == moves == sum(len(p.acks) for p in persons)
    invitation = by_people.index("0: propose 1")  # answered before anything else
    assert by_people[invitation + 1].startswith("1: accept ")
    assert set(policy.journeys) <= set(by_people)
    assert any(" go " in a for a in policy.journeys)
    assert any(re.fullmatch(r"[01]: buy \w+ \d", a) for a in by_people)
    for person in persons:
        assert "The game is over" in person.page.inner_text(f"{BOARD} [data-testid=result]")
