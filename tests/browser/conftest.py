"""The browser tests' set-up: the server on the loopback (uvicorn in a thread, a fresh
SQLite log in a temporary folder), and Playwright for Python driving Debian's Chromium
(``/usr/bin/chromium``, never a downloaded browser), one browser context per player.

Every test here needs Chromium and is skipped, saying so, where it is not installed
(``apt-get install chromium``; ``.ci/run`` does it). A JavaScript error on any page,
or anything its Content-Security-Policy refuses, fails the test that opened it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from server.web import Served, call, next_frame, served
from server.web import join as web_join

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
VIEWPORT = {"width": 1280, "height": 800}
WAIT_MS = 15_000  # the longest a page may take to show what a step changed


@dataclass
class Site:
    """The server of one test: its address and its HTTP API."""

    base: str  # host:port
    lobby: Any  # bohnen.server.lobby.Lobby, for a test that looks inside
    server: Served  # its event loop: to run the lobby's coroutines there

    @property
    def url(self) -> str:
        return f"http://{self.base}"

    def api(self, method: str, path: str, body: object = None,
            token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else None
        status, answer = call(self.base, method, path, body, headers)
        assert status == 200, answer
        return answer


# Module-scoped, not session-scoped: while Playwright's sync API runs, the main thread
# has a running event loop, and a later test of another module calling asyncio.run()
# would fail. Pytest ends it as soon as the next test is of another module.
@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists() or shutil.which(str(CHROMIUM)) is None:
        pytest.skip(f"Debian's Chromium is not installed at {CHROMIUM} "
                    "(apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                              args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    # the rate limit is lifted: a test plays a whole game quickly through one socket
    with served(tmp_path / "tables.sqlite", rate=1_000, burst=1_000) as server:
        yield Site(server.base, server.lobby, server)


@dataclass
class People:
    """The browser contexts of a test: each person (or spectator) has its own, so its
    own localStorage, as on separate computers."""

    browser: Browser
    site: Site
    contexts: list[BrowserContext] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def new(self, path: str = "/", init_script: str | None = None) -> Page:
        """A new person's page at ``path`` (``init_script``: run in every page of the
        person before the page's own scripts)."""
        context = self.browser.new_context(viewport=VIEWPORT,  # type: ignore[arg-type]
                                           base_url=self.site.url)
        context.set_default_timeout(WAIT_MS)
        if init_script is not None:
            context.add_init_script(init_script)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(f"{page.url}: {exc}"))
        page.on("console", lambda message: self.errors.append(f"{page.url}: {message.text}")
                if "Content Security Policy" in message.text else None)
        page.goto(path)
        return page


@pytest.fixture
def people(browser: Browser, site: Site, request: pytest.FixtureRequest) -> Iterator[People]:
    crowd = People(browser, site)
    yield crowd
    shots = os.environ.get("BOHNEN_BROWSER_SHOTS")  # a folder: each page as the test left it
    for i, context in enumerate(crowd.contexts):
        if shots:
            for j, page in enumerate(context.pages):
                page.screenshot(path=f"{shots}/{request.node.name}-{i}-{j}.png")
        context.close()
    assert not crowd.errors, f"JavaScript errors: {crowd.errors}"



# --- helpers of the tests -------------------------------------------------------------


@dataclass
class NewTable:
    """A table set up through the lobby's form: its id, the creator's page, the
    invitation link of each open seat and the spectator link."""

    table: str
    host: Page
    invitations: dict[int, str]
    spectator: str


def set_up(people: People, name: str, seats: list[str], trading: str = "open",
           game: str = "bohnanza") -> NewTable:
    """A table set up in a new person's lobby: ``seats`` says, per seat, ``me``,
    ``open`` or a bot spec; the creator then goes to the table if seated."""
    page = people.new("/")
    form = page.get_by_role("region", name="New table")
    form.get_by_label("Game").select_option(game)
    form.get_by_label("Players").select_option(str(len(seats)))
    form.get_by_label("Your name").fill(name)
    if game == "bohnanza":
        form.locator("select[name=trading]").select_option(trading)
    for i, seat in enumerate(seats):
        kind = seat if seat in ("me", "open") else "bot"
        form.locator(f"select[name=seat-{i}]").select_option(kind)
        if kind == "bot":
            form.locator(f"input[name=bot-{i}]").fill(seat)
    form.get_by_role("button", name="Set up the table").click()
    created = page.get_by_role("region", name="Table created")
    spectator = created.locator("[data-link=spectator] input")
    spectator.wait_for()
    links = {i: created.locator(f"[data-link=seat-{i}] input").input_value()
             for i, seat in enumerate(seats) if seat == "open"}
    watch = spectator.input_value()
    table = watch.split("/t/")[1].split("#")[0]
    if "me" in seats:
        created.get_by_role("link", name=re.compile("Go to the table")).click()
        page.wait_for_url(f"**/t/{table}")
    return NewTable(table, page, links, watch)


def join(people: People, link: str, name: str, init_script: str | None = None) -> Page:
    """A new person takes the seat of invitation ``link`` with ``name``."""
    page = people.new(link.split(people.site.base, 1)[1], init_script)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take the seat").click()
    page.locator("main.table-page[data-status=open]").wait_for()
    return page


def at_step(page: Page, seq: int) -> None:
    """Wait until ``page`` shows the table after step ``seq``."""
    page.locator(f"main[data-seq='{seq}']").wait_for()


# the simplest way through a game of Bohnanza: plant, end planting, close trading at once,
# pass the floor, decline every offer, plant what was traded, harvest only when needed
SIMPLE = ("end-planting", "close-trading", "pass", "decline", "plant", "plant-traded",
          "harvest")
MAX_STEPS = 2_000  # a game of Bohnanza played the simple way is ~220 steps


def verb(notation: str) -> str:
    return notation.split(":", 1)[1].split()[0]


def notations(frame: dict[str, Any]) -> list[str]:
    """The notation of each legal move of a view frame."""
    return [move["notation"] for move in frame["moves"]]


def simple_move(legal: list[str]) -> str | None:
    """The move of ``legal`` the simple way takes (None: none of its kind)."""
    return next((move for kind in SIMPLE for move in legal if verb(move) == kind), None)


def play_out(site: Site, table: str, tokens: list[str],
             chat: dict[int, tuple[int, str]] | None = None, movers: str = "to_act") -> int:
    """Play the whole game of a table of people through their WebSockets, the simple
    way; ``chat``: after step n, seat s says a line; ``movers``: the view frame's list
    of the seats that move (``to_act``, or ``must_act``: only those the game waits on).
    The number of steps."""
    said = dict(chat or {})
    with ExitStack() as stack:
        sockets = [web_join(stack, site.base, table, token)[0] for token in tokens]
        views = [next_frame(ws, "view") for ws in sockets]
        for _ in range(MAX_STEPS):
            if views[0]["result"] is not None:
                return int(views[0]["seq"])
            seq = views[0]["seq"]
            if seq in said:
                seat, line = said.pop(seq)
                sockets[seat].send(json.dumps({"chat": line}))
            seat = next(s for s in views[0][movers] if simple_move(notations(views[s])))
            sockets[seat].send(json.dumps({"action": simple_move(notations(views[seat]))}))
            while (frame := json.loads(sockets[seat].recv(timeout=10)))["type"] != "ack":
                assert frame["type"] != "error", frame
                if frame["type"] == "view":  # the step's view may come before the ack
                    views[seat] = frame
            for i, ws in enumerate(sockets):
                while views[i]["seq"] < frame["seq"]:
                    views[i] = next_frame(ws, "view")
    raise AssertionError(f"the game did not end in {MAX_STEPS} steps")
