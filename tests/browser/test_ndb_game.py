"""A whole game of Nicht die Bohne! in the browser through the real server: two people,
each in a browser context of its own, and a bot; every move a click on the page."""

from __future__ import annotations

from .pages_fixtures import bench_browser, bench_url
from .pages_play import Online, Person, online, play_out, seat_people

__all__ = ["bench_browser", "bench_url", "online"]  # the fixtures the tests use

BOARD = ".ndb-board"


def first_move(person: Person, seat: int) -> bool:
    """The first clickable move: the first playable card of the hand, or the first
    card of the trick that may be taken."""
    moves = person.actions(BOARD)
    if not moves:
        return False
    person.click(f"{BOARD} [data-action='{moves[0]}']")
    return True


def test_a_whole_game_with_two_people_and_a_bot(online: Online) -> None:
    table, persons = seat_people(online, "ndb", ["Ada", "Bruno"], ["heuristic"], {}, seed=5)
    moves = play_out(persons, "ndb", first_move, seconds=300, max_moves=400)
    summary = online.api("GET", f"/api/tables/{table}")
    assert summary["over"]
    replay = online.api("GET", f"/api/tables/{table}/replay")
    by_people = [s for s in replay["steps"] if s["seat"] < len(persons)]
    assert len(by_people) == moves == sum(len(p.acks) for p in persons)
    for person in persons:
        sheet = person.page.locator(f"{BOARD} [data-testid=sheet]")
        assert sheet.locator("td[data-round='3'] strong").count() == 3  # three rounds
        assert "The game is over" in person.page.inner_text(f"{BOARD} [data-testid=result]")
