"""A table that reads as the game (issue 35, item 5), in the browser: the log names the
people at the table; long words wrap on a phone (a name of 40 letters, a chat word of
40); the rules in short open from each game's table, in a new tab, and name the game's
phases; each game's page has a legend of its beans (or cards) in the engine's words."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from playwright.sync_api import Browser, Page, expect
from server.web import join as web_join
from server.web import next_frame

from .conftest import Site
from .touch import DEVICES, assert_fits, new_page, tap

LONG = "Bohnenhandelsgesellschaftsvorsitzenderin"  # 40 letters, no space to break at
PHASES = {"bohnanza": ("Planting", "Trading", "Planting traded cards", "Drawing"),
          "hansa": ("Travel", "Trade", "Final"),
          "ndb": ("Playing", "Taking", "Rows")}
TITLES = {"bohnanza": "Bohnanza", "hansa": "Bohn Hansa", "ndb": "Nicht die Bohne!"}


@pytest.fixture
def errors() -> Iterator[list[str]]:
    found: list[str] = []
    yield found
    assert found == [], f"errors in the pages: {found}"


def _table(site: Site, game: str, first: str) -> tuple[str, list[str]]:
    """A practice table of ``game`` for three: ``first`` at seat 0, Bea and Cem by their
    invitations; its id and the seats' tokens."""
    made = site.api("POST", "/api/tables", {"game": game, "players": 3, "seed": 4,
                                            "practice": True, "name": first})
    table = made["table"]
    tokens = [made["me"]["token"]] + [
        site.api("POST", f"/api/tables/{table}/join",
                 {"name": name, "invitation": invitation["token"]})["token"]
        for name, invitation in zip(("Bea", "Cem"), made["invitations"], strict=True)]
    return table, tokens


def _moves(site: Site, table: str, tokens: list[str], steps: int, chat: str = "") -> None:
    """``steps`` moves of the table (each the first move of a seat the game waits on),
    seat 0 saying ``chat`` first."""
    with ExitStack() as stack:
        sockets = [web_join(stack, site.base, table, token)[0] for token in tokens]
        if chat:
            sockets[0].send(json.dumps({"chat": chat}))
        view = next_frame(sockets[0], "view")
        for _ in range(steps):
            seat = view["must_act"][0]
            own = next_frame(sockets[seat], "view") if seat else view
            while own["seq"] < view["seq"]:
                own = next_frame(sockets[seat], "view")
            sockets[seat].send(json.dumps({"action": own["moves"][0]["action"]}))
            while (view := next_frame(sockets[0], "view"))["seq"] == own["seq"]:
                pass


def _at_table(page: Page, table: str, token: str) -> None:
    page.goto("/")
    page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                  [f"bohnen:{table}", token])
    page.goto(f"/t/{table}")
    page.locator("main.table-page[data-status=open]").wait_for()
    page.wait_for_function("() => document.querySelector('main.table-page').dataset.seq !== ''")


def test_long_words_wrap_on_a_phone(browser: Browser, site: Site, errors: list[str]) -> None:
    """A name of 40 letters and a chat word of 40 letters wrap: the seats, the log, the
    chat, the header and the lobby's list of tables stay within a phone's 390 px."""
    table, tokens = _table(site, "bohnanza", LONG)
    _moves(site, table, tokens, 3, chat=f"look: {LONG[::-1]}")
    page = new_page(browser, site.url, DEVICES["phone"], errors)
    _at_table(page, table, tokens[1])
    expect(page.get_by_role("region", name="Seats")).to_contain_text(LONG)
    assert_fits(page)
    tap(page.get_by_role("tab", name="Log"))
    log = page.get_by_role("region", name="Game log")
    expect(log).to_contain_text(f"{LONG} plants")  # the log names the person
    assert_fits(page)
    tap(page.get_by_role("tab", name=re.compile("Chat")))
    expect(page.get_by_role("region", name="Chat")).to_contain_text(LONG[::-1])
    assert_fits(page)
    mine = new_page(browser, site.url, DEVICES["phone"], errors)
    _at_table(mine, table, tokens[0])
    expect(mine.locator(".table-header")).to_contain_text(LONG)
    assert_fits(mine)
    lobby = new_page(browser, site.url, DEVICES["phone"], errors)
    lobby.goto("/")
    expect(lobby.locator(".table-list[data-list=playing]")).to_contain_text(LONG)
    assert_fits(lobby)


@pytest.mark.parametrize("game", sorted(PHASES))
def test_the_rules_open_from_the_table_in_a_new_tab(
        browser: Browser, site: Site, errors: list[str], game: str) -> None:
    """The table's "Rules" opens the game's rules in short in a new tab (the table stays
    open): the set-up, the phases of a turn by name, the end; no script, and nothing the
    page's policy refuses."""
    table, tokens = _table(site, game, "Ada")
    page = new_page(browser, site.url, DEVICES["phone"], errors)
    _at_table(page, table, tokens[0])
    link = page.get_by_role("link", name=re.compile(f"Rules of {re.escape(TITLES[game])}"))
    with page.context.expect_page() as opened:
        tap(link)
    rules = opened.value
    rules.wait_for_load_state()
    main = rules.locator(f"main[data-game={game}]")
    expect(main.locator("h1")).to_contain_text(TITLES[game])
    for heading in ("Set-up", "The end"):
        expect(main.get_by_role("heading", name=heading)).to_be_visible()
    phases = [p.strip(". ") for p in main.locator(".phase").all_inner_texts()]
    assert phases == list(PHASES[game]), phases
    assert rules.locator("script").count() == 0
    assert_fits(rules)
    expect(page.locator("main.table-page")).to_have_attribute("data-status", "open")


LEGENDS: dict[str, tuple[str, ...]] = {
    "bohnanza": ("Blaue", "20", "4 / 6 / 8 / 10", "Garten", "– / 2 / 3 / –"),
    "hansa": ("Blaue Bohne", "18", "Gartenbohne", "12"),
    "ndb": ("green", "red", "yellow", "blue", "Nicht die Bohne", "x2"),
}


@pytest.mark.parametrize("game", sorted(LEGENDS))
def test_each_game_page_has_a_legend_in_the_engines_words(
        browser: Browser, site: Site, errors: list[str], game: str) -> None:
    """Each game's page has a legend: Bohnanza's beans with their cards and beanometer,
    Bohn Hansa's beans with their tokens and base price, the cards of Nicht die Bohne!
    by colour (in English, as the moves and the log name them) and kind; the page
    mixes no French colour into its English."""
    table, tokens = _table(site, game, "Ada")
    page = new_page(browser, site.url, DEVICES["phone"], errors)
    _at_table(page, table, tokens[0])
    legend = page.get_by_role("region", name="Legend")
    legend.locator("summary").click()
    for said in LEGENDS[game]:
        expect(legend).to_contain_text(said)
    text = page.locator("main.table-page").inner_text()
    assert not re.search(r"\b(rouge|jaune|vert|bleu)\b", text), text
    assert_fits(page)
