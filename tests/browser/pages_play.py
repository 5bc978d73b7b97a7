"""Playing a whole game in the browser through the real server: a table set up through
the HTTP API with two people and bots, each person in a browser context of its own
(one through its kept seat token, one through its invitation link and the join form),
and a loop that clicks, for every person whose turn it is, the move a policy picks
among the clickable legal moves of the game's page, until every page shows the result.

The fixture ``online`` is the server on the loopback (uvicorn in a thread, a fresh
SQLite log) and Debian's Chromium; it skips, saying why, where the client's shell or
the bots seated online are not in the package.
"""

from __future__ import annotations

import importlib.util
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, WebSocket
from server.web import call, serving

from .pages_fixtures import STATIC, TIMEOUT_MS

VIEWPORT = {"width": 1280, "height": 800}

Policy = Callable[["Person", int], bool]  # clicks a move of the seat's page; False: none
WAIT_S = 15.0  # the longest the server may take to answer a move


class Person:
    """A person's page at the table, and the answers its socket received to its moves
    (``ack`` frames' steps, ``error`` frames' texts), read off the WebSocket."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.acks: list[int] = []
        self.errors: list[str] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: WebSocket) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        frame = json.loads(payload)
        if frame.get("type") == "ack":
            self.acks.append(int(frame["seq"]))
        elif frame.get("type") == "error":
            self.errors.append(str(frame.get("error")))

    def click(self, selector: str) -> None:
        """Click a move and wait for its answer: an error fails the test; an ack, for
        the page to show the step it made."""
        self.answer(lambda: self.page.click(selector), selector)

    def answer(self, press: Callable[[], None], selector: str,
               stale: Callable[[], bool] | None = None) -> bool:
        """``press`` (which makes a move) and wait for the answer to it, as ``click``;
        False if the server refused it and ``stale()`` then says the move had gone from
        the page (another seat's move came first: a bot withdrew the offer answered)."""
        answered = len(self.acks) + len(self.errors)
        press()
        deadline = time.monotonic() + WAIT_S
        while len(self.acks) + len(self.errors) == answered:
            assert time.monotonic() < deadline, f"no answer to {selector}"
            self.page.wait_for_timeout(10)
        if self.errors and stale is not None and stale():
            self.errors.pop()
            return False
        assert not self.errors, f"the server refused a move: {self.errors}"
        self.page.wait_for_function(
            "seq => Number(document.querySelector('main.table-page').dataset.seq) >= seq",
            arg=self.acks[-1])
        return True

    def actions(self, selector: str) -> list[str]:
        """The notations of the clickable moves under ``selector``."""
        found: list[str] = self.page.eval_on_selector_all(
            f"{selector} [data-action]", "els => els.map(e => e.dataset.action)")
        return found


class Online:
    """The server of one test and the browser: pages of people, each in its own browser
    context (its own localStorage, as on separate computers), and the HTTP API."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.browser = browser
        self.base = base
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []

    def api(self, method: str, path: str, body: object = None) -> Any:
        status, answer = call(self.base, method, path, body)
        assert status == 200, answer
        return answer

    def new(self, path: str) -> Page:
        """A new person's page at ``path``; a script error on it, or anything its
        Content-Security-Policy refuses, fails the test."""
        context = self.browser.new_context(
            viewport=VIEWPORT, base_url=f"http://{self.base}")  # type: ignore[arg-type]
        context.set_default_timeout(TIMEOUT_MS)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        page.on("console", lambda message: self.errors.append(f"{page.url}: {message.text}")
                if "Content Security Policy" in message.text else None)
        page.goto(path)
        return page


def _missing() -> str | None:
    if not (STATIC / "table.js").exists():
        return f"the client's table page is not in {STATIC}"
    if importlib.util.find_spec("bohnen.server.seating") is None:
        return "the bots are not seated online yet (bohnen.server.seating)"
    return None


@pytest.fixture
def online(bench_browser: Browser, tmp_path: Path) -> Iterator[Online]:
    """The server on the loopback for one test (the rate limit lifted: people clicking
    a whole game quickly), and the browser."""
    reason = _missing()
    if reason:
        pytest.skip(reason)
    with serving(tmp_path / "tables.sqlite", rate=1_000, burst=1_000) as (base, _):
        site = Online(bench_browser, base)
        try:
            yield site
        finally:
            for context in site.contexts:
                context.close()
        assert site.errors == [], f"errors in the pages: {site.errors}"


def seat_people(online: Online, game: str, names: list[str], bots: list[str],
                options: dict[str, Any], seed: int) -> tuple[str, list[Person]]:
    """A table of ``game``: the people ``names`` at the first seats (the first, the
    creator, through its kept seat token; the others through their invitation links and
    the join form), the ``bots`` at the seats after; every person's page at the table."""
    seats = [{"kind": "me"}] + [{"kind": "open"}] * (len(names) - 1)
    seats += [{"kind": "bot", "bot": b} for b in bots]
    made = online.api("POST", "/api/tables", {
        "game": game, "players": len(seats), "seed": seed, "practice": seed is not None,
        "options": options, "name": names[0], "seats": seats})
    table: str = made["table"]
    first = Person(online.new("/"))
    first.page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                        [f"bohnen:{table}", made["me"]["token"]])
    first.page.goto(f"/t/{table}")
    persons = [first]
    for name, invitation in zip(names[1:], made["invitations"], strict=True):
        person = Person(online.new(f"/t/{table}#invite={invitation['token']}"))
        person.page.get_by_label("Your name").fill(name)
        person.page.get_by_role("button", name="Take the seat").click()
        persons.append(person)
    for person in persons:
        person.page.wait_for_selector(f".{game}-board[data-game={game}]")
    return table, persons


def play_out(persons: list[Person], game: str, policy: Policy, *, seconds: float,
             max_moves: int) -> int:
    """Click moves until every page shows the result: the people's moves made."""
    board = f".{game}-board"
    deadline = time.monotonic() + seconds
    moves = 0
    while not all(p.page.query_selector(f"{board} [data-testid=result]") for p in persons):
        acted = False
        for seat, person in enumerate(persons):
            if person.page.query_selector(f"{board} .{game}-your-turn") and policy(person, seat):
                moves += 1
                acted = True
        assert moves <= max_moves, f"{moves} moves and the game is not over"
        assert time.monotonic() < deadline, f"the game is not over after {seconds} s"
        if not acted:
            persons[0].page.wait_for_timeout(30)
    return moves
