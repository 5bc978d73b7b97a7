"""A whole game of each game played by taps on phones (390×844, a touch screen): two
people, each on a phone of their own, and a bot, through the real server. At every move
the element of the move is brought on the screen by the page's own scrolling (nothing
off to the side), is not covered and is a touch target; after every move nothing on the
page is wider than the screen and every control shown is a touch target. The end
screen is on the screen, within its width.

Over each whole game, and in Bohnanza's open trading (where a seat may trade without
the game waiting on it), the tab's title says "your move" (●) exactly in the states the
page shows whose view frame's ``must_act`` holds the seat.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import Site, simple_move
from .pages_play import Person, play_out
from .test_hansa_game import Hansa
from .test_ndb_game import first_move
from .touch import (
    PHONE,
    YOUR_MOVE,
    Frames,
    Gone,
    assert_fits,
    assert_touchable,
    disagreements,
    new_page,
    place,
    shown,
    tap,
)

WAIT_S = 15.0
GAME_SECONDS = 420


class Tapper(Person):
    """A person on a phone: each move tapped once the page brought it on the screen;
    after each, the page is checked to fit the screen with controls one can touch."""

    def click(self, selector: str) -> None:
        assert self.tap_if_there(selector), f"{selector} left the page"

    def _left(self, selector: str) -> Callable[[], bool]:
        """Whether the move at ``selector`` leaves the page (once its frames are shown)."""
        def left() -> bool:
            try:
                self.page.locator(selector).first.wait_for(state="detached")
            except PlaywrightTimeout:
                return False
            return True
        return left

    def tap_if_there(self, selector: str, stale: bool = False) -> bool:
        """Tap the move at ``selector`` (once shown) and wait for its answer; with
        ``stale``, False if it left the page before it was tapped, or the server refused
        it once it had (another seat's move came first)."""
        if not stale:
            self.page.locator(selector).first.wait_for()
        handle = self.page.query_selector(selector)
        if handle is None:
            assert stale, f"{selector} is not on the page"
            return False
        try:
            place(handle)
        except Gone:
            if stale:
                return False
            raise
        def press() -> None:
            try:
                handle.tap()
            except PlaywrightError as exc:
                if "not attached" in str(exc):
                    raise Gone(selector) from exc
                raise

        try:
            if not self.answer(press, selector, self._left(selector) if stale else None):
                return False
        except Gone:
            if stale:
                return False
            raise
        assert_fits(self.page)
        assert_touchable(self.page)
        return True


@dataclass
class Phones:
    """The phones of one test: their pages, what each seat received, and the errors."""

    browser: Browser
    site: Site
    errors: list[str] = field(default_factory=list)
    pages: list[Page] = field(default_factory=list)

    def new(self, seat: int) -> tuple[Tapper, Frames]:
        page = new_page(self.browser, self.site.url, PHONE, self.errors, YOUR_MOVE)
        self.pages.append(page)
        frames = Frames(seat)
        frames.watch(page)
        return Tapper(page), frames


@pytest.fixture
def phones(browser: Browser, site: Site) -> Iterator[Phones]:
    crowd = Phones(browser, site)
    yield crowd
    for page in crowd.pages:
        page.context.close()
    assert crowd.errors == [], f"errors in the pages: {crowd.errors}"


def seat_phones(phones: Phones, game: str, names: list[str], bots: list[str],
                options: dict[str, Any], seed: int) -> tuple[str, list[Tapper], list[Frames]]:
    """A table of ``game``: the people ``names`` at the first seats, each on a phone
    (the first, the creator, through its kept seat token; the others through their
    invitation links, the join form filled in and its button tapped), the ``bots``
    after them."""
    seats = [{"kind": "me"}] + [{"kind": "open"}] * (len(names) - 1)
    seats += [{"kind": "bot", "bot": b} for b in bots]
    made = phones.site.api("POST", "/api/tables", {
        "game": game, "players": len(seats), "seed": seed, "practice": True,
        "options": options, "name": names[0], "seats": seats})
    table: str = made["table"]
    persons, frames = [], []
    for seat, name in enumerate(names):
        person, seen = phones.new(seat)
        persons.append(person)
        frames.append(seen)
        page = person.page
        if seat == 0:
            page.goto("/")
            page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                          [f"bohnen:{table}", made["me"]["token"]])
            page.goto(f"/t/{table}")
        else:
            page.goto(f"/t/{table}#invite={made['invitations'][seat - 1]['token']}")
            page.get_by_label("Your name").fill(name)
            assert_fits(page)
            assert_touchable(page)
            tap(page.get_by_role("button", name="Take the seat"))
    for person in persons:
        person.page.locator("main.table-page[data-status=open]").wait_for()
        person.page.wait_for_function(
            "() => document.querySelector('main.table-page').dataset.seq !== ''")
        assert_fits(person.page)
    return table, persons, frames


def check_the_end(persons: list[Tapper], frames: list[Frames]) -> None:
    """The end screen on each phone, and the title's signal over the whole game."""
    for person, seen in zip(persons, frames, strict=True):
        page = person.page
        result = page.locator("[data-testid=result]")
        place(result, touch=False)
        assert "The game is over" in result.inner_text()
        assert_fits(page)
        states = shown(page)
        assert disagreements(seen.views, states) == []
        assert any(lit for _, lit in states) and not all(lit for _, lit in states), states
        assert page.locator("main").get_attribute("data-over") == "true"
        assert not page.title().startswith("●")


# --- Bohnanza, open trading -----------------------------------------------------------


def _legal(page: Page) -> list[str]:
    moves: list[str] = page.locator("[data-action]").evaluate_all(
        "buttons => buttons.map(b => b.dataset.action)")
    return moves


def _waits_on(page: Page, seat: int) -> bool:
    return str(seat) in (page.locator("main").get_attribute("data-must-act") or "").split(",")


@dataclass
class Gift:
    """Ada gives Bea her first face-up card once, composed by taps; Bea accepts it."""

    pid: int | None = None
    answered: bool = False

    def give(self, ada: Tapper) -> bool:
        page = ada.page
        board = page.get_by_role("region", name="Bohnanza table")
        if board.get_attribute("data-phase") != "trade" or not page.locator(
                ".face-up [data-bean]").count():
            return False
        tap(page.get_by_role("button", name="Propose a trade…"))
        composer = page.get_by_role("form", name="Propose a trade")
        to = composer.get_by_label("To")
        place(to)
        to.select_option(label="Bea")
        tap(composer.locator("button[name=give-f0]"))
        ada.click("form.composer button[type=submit]")
        self.pid = int(page.locator(".offer.mine").first.get_attribute("data-pid") or "0")
        return True

    def accept(self, bea: Tapper) -> bool:
        offer = bea.page.locator(f".offer[data-pid='{self.pid}']")
        if not offer.count():
            return False
        accept = offer.locator("[data-action^='1: accept']")
        accept.first.wait_for()
        bea.click(f".offer[data-pid='{self.pid}'] [data-action^='1: accept']")
        self.answered = True
        return True


def bohnanza_move(persons: list[Tapper], seat: int, gift: Gift) -> bool:
    """One move of ``seat``: Bea's answer to Ada's gift; a decline of an offer made to
    the seat; if the game waits on the seat, Ada's gift to Bea once, else the simplest
    move. False if none."""
    person = persons[seat]
    page = person.page
    if seat == 1 and gift.pid is not None and not gift.answered:
        return gift.accept(person)
    declines: list[str] = page.locator(
        f".offer.to-me [data-action^='{seat}: decline ']").evaluate_all(
        "buttons => buttons.map(b => b.dataset.action)")
    if declines:  # the bot's offers, declined (the game does not wait on them)
        decline = declines[0]
        # the bot may withdraw its offer, or close the trading, before the tap: look again
        return person.tap_if_there(f".offer.to-me [data-action='{decline}']", stale=True)
    if not _waits_on(page, seat):
        return False
    if seat == 0 and gift.pid is None and gift.give(person):
        return True
    if seat == 0 and gift.pid is not None and not gift.answered:
        return False  # Bea answers first
    move = simple_move(_legal(page))
    if move is None:
        return False
    person.click(f"[data-action='{move}']")
    return True


def play_bohnanza(persons: list[Tapper], gift: Gift, seconds: float) -> int:
    """Tap moves until the game is over (the bot moves in between as it likes); the
    number of moves tapped."""
    deadline = time.monotonic() + seconds
    moves = 0
    first = persons[0].page.locator("main")
    while first.get_attribute("data-over") != "true":
        assert time.monotonic() < deadline, f"the game is not over after {seconds} s: " + \
            "; ".join(f"seq {p.page.locator('main').get_attribute('data-seq')} must "
                      f"{p.page.locator('main').get_attribute('data-must-act')} to act "
                      f"{p.page.locator('main').get_attribute('data-to-act')} legal "
                      f"{_legal(p.page)}" for p in persons)
        seq = first.get_attribute("data-seq")
        if any(p.page.locator("main").get_attribute("data-seq") != seq for p in persons):
            persons[0].page.wait_for_timeout(20)
            continue  # a page is a step behind: look again
        acted = False
        for seat in range(len(persons)):
            if bohnanza_move(persons, seat, gift):
                moves += 1
                acted = True
                break
        if not acted:
            persons[0].page.wait_for_timeout(30)
    for person in persons:
        person.page.locator("main[data-over=true]").wait_for()
    return moves


def test_a_whole_game_of_bohnanza_in_open_trading_on_phones(phones: Phones) -> None:
    # the bot leaves people no quiet seconds before its own trading moves (patience=0):
    # the people here answer its offers at once, and the game goes quicker
    _table, persons, frames = seat_phones(phones, "bohnanza", ["Ada", "Bea"],
                                          ["heuristic:patience=0"], {"trading": "open"}, seed=11)
    gift = Gift()
    moves = play_bohnanza(persons, gift, GAME_SECONDS)
    assert moves > 20 and gift.answered
    check_the_end(persons, frames)
    # open trading: frames in which a seat might trade while the game did not wait on it
    assert all(seen.only_may > 0 for seen in frames), [f.only_may for f in frames]


# --- Nicht die Bohne! and Bohn Hansa ----------------------------------------------------


class TappedHansa(Hansa):
    """The Bohn Hansa test's way of playing, by taps: a journey by its button (the
    map's cities are small on a phone: each journey is also a button), the deal's
    partner by its label."""

    def journey(self, person: Person) -> bool:
        board = ".hansa-board"
        found = person.page.eval_on_selector_all(
            f"{board} [data-testid=moves] [data-action]",
            "els => els.map(e => e.dataset.action)")
        journeys = [a for a in found if " go " in a or a.endswith(": stay")]
        action = min(journeys, key=lambda a: (a.endswith("stay"), len(a.split()), a))
        self.journeys.append(action)
        person.click(f"{board} [data-testid=moves] [data-action='{action}']")
        return True

    def invite(self, person: Person) -> bool:
        deal = person.page.locator(".hansa-board [data-testid=deal]")
        target = deal.locator("[data-target='1']")
        if not deal.count() or not target.count():
            return False
        tap(deal.locator("label:has([data-target='1'])"))
        if "an invitation" not in deal.inner_text():
            return False
        self.invited = True
        person.click(".hansa-board [data-testid=deal-send]")
        return True


GAMES: dict[str, tuple[Callable[[], Callable[[Person, int], bool]], int]] = {
    "ndb": (lambda: first_move, 5),
    "hansa": (TappedHansa, 3),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_on_phones(phones: Phones, game: str) -> None:
    policy, seed = GAMES[game]
    _table, persons, frames = seat_phones(phones, game, ["Ada", "Bruno"], ["heuristic"], {},
                                          seed=seed)
    moves = play_out(list(persons), game, policy(), seconds=GAME_SECONDS, max_moves=600)
    assert moves > 10
    check_the_end(persons, frames)
