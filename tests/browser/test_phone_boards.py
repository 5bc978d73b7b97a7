"""Every game's page on a phone (390×844) and a tablet upright (768×1024), touch screens,
with the shell's stylesheet: mounted with the views the engine gave (Bohn Hansa's and
Nicht die Bohne!'s fixtures: the set-up, a journey, the deal panel, a proposal to
answer, the trick, the end) and, for Bohnanza, with states the engine plays to (the
hand and fields, open offers with the composer open, the end). Nothing is wider than
the screen; every control is a touch target; every move is a button that the page's
own scrolling brings wholly on the screen, uncovered; the end screen fits."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from bohnen.core.moves import legal_moves
from bohnen.core.registry import get_game

from .conftest import simple_move
from .pages_fixtures import Bench, bench_browser, bench_url, load_fixture
from .touch import DEVICES, assert_fits, assert_touchable, place

__all__ = ["bench_browser", "bench_url"]  # the fixtures the tests use

FIXTURES = ["hansa-setup", "hansa-travel", "hansa-trade", "hansa-pending", "hansa-customs",
            "hansa-over", "ndb-lead", "ndb-play", "ndb-take", "ndb-round3", "ndb-over"]
BOHNANZA = get_game("bohnanza")
SEATS = [{"seat": s, "kind": "person", "name": n, "bot": None, "standin": None,
          "connected": True} for s, n in enumerate(("Ada", "Bea", "Cem", "Dov"))]


def check(page: Page) -> None:
    """The page fits the screen, its controls are touch targets, and each move is on
    the screen once the window scrolled to it (a city of the map is also a button)."""
    assert_fits(page)
    assert_touchable(page)
    moves = page.locator("[data-action]:not(svg [data-action])")
    for i in range(moves.count()):
        place(moves.nth(i))
    result = page.locator("[data-testid=result]")
    if result.count():
        place(result, touch=False)


@pytest.fixture(params=sorted(DEVICES))
def touch_bench(bench_browser: Any, bench_url: str, request: pytest.FixtureRequest
                ) -> Iterator[Bench]:
    """The bench (pages_fixtures) on a touch screen, with the shell's stylesheet."""
    context = bench_browser.new_context(**DEVICES[request.param])
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(f"{bench_url}/bench.html")
    page.wait_for_function("() => window.benchReady === true")
    page.add_style_tag(url=f"{bench_url}/static/style.css")
    try:
        yield Bench(page, errors)
        assert errors == [], f"errors in the page: {errors}"
    finally:
        context.close()


@pytest.mark.parametrize("name", FIXTURES)
def test_a_game_page_fits_a_touch_screen(touch_bench: Bench, name: str) -> None:
    fixture = load_fixture(name)
    game = name.split("-")[0]
    touch_bench.mount(game, fixture)
    touch_bench.page.wait_for_function(
        "() => [...document.styleSheets].some((s) => s.href && s.href.endsWith('.css') "
        "&& s.href.includes('/games/'))")
    check(touch_bench.page)


# --- Bohnanza: states the engine plays to -------------------------------------------

RENDER = """async ([view, moves, terms, seat, seats]) => {
  const { html, render } = await import('/static/html.js');
  const { Board, stylesheet } = await import('/static/games/bohnanza.js');
  const { addStylesheet } = await import('/static/common.js');
  addStylesheet(stylesheet);
  render(null, document.getElementById('root'));
  const send = () => true;
  render(html`<${Board} view=${view} moves=${moves} terms=${terms} seat=${seat} send=${send}
    seats=${seats} />`, document.getElementById('root'));
}"""


def _show(page: Page, state: Any, seat: int) -> None:
    view = state.view(seat)
    moves = legal_moves(BOHNANZA, view, state.legal_actions(seat))
    page.evaluate(RENDER, [dict(view), moves, state.proposal_terms(seat), seat,
                           SEATS[:state.players]])
    page.get_by_role("region", name="Bohnanza table").wait_for()
    page.wait_for_function("() => [...document.styleSheets].some((s) => s.href "
                           "&& s.href.endsWith('/games/bohnanza.css'))")


def _offers() -> Any:
    """Open trading among four: the active seat planted and turned up two cards, and
    the three others each offered it something."""
    state = BOHNANZA.new_game(BOHNANZA.options(4, trading="open"), 7)
    for text in ("0: plant 0", "0: end-planting"):
        state.apply(BOHNANZA.parse_action(text))
    for seat in (1, 2, 3):
        state.apply(BOHNANZA.parse_action(f"{seat}: propose 0 give h0 want "
                                          f"{state.view(0)['face_up'][0]}"))
    return state


def _over() -> Any:
    """A game of three played to its end the simplest way."""
    state = BOHNANZA.new_game(BOHNANZA.options(3), 3)
    while not state.is_over:
        seat = state.to_act()[0]
        move = simple_move([str(a) for a in state.legal_actions(seat)])
        assert move is not None
        state.apply(BOHNANZA.parse_action(move))
    return state


def test_the_bohnanza_table_fits_a_touch_screen(touch_bench: Bench) -> None:
    page = touch_bench.page
    _show(page, BOHNANZA.new_game(BOHNANZA.options(4), 5), 0)  # the hand, the fields
    check(page)
    offers = _offers()
    _show(page, offers, 0)  # the offers side by side, answered by the active seat
    check(page)
    page.get_by_role("button", name="Propose a trade…").click()
    composer = page.get_by_role("form", name="Propose a trade")
    composer.wait_for()
    check(page)
    for button in ("button[name=give-h0]", "button[name=give-f1]", "[name^=want-]"):
        place(composer.locator(button).first)
    place(composer.get_by_role("button", name="Clear"))
    _show(page, offers, 2)  # another seat's view of the offers
    check(page)
    _show(page, _over(), 1)  # the end
    check(page)
