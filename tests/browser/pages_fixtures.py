"""A bench for one game page in a real browser: ``bohnen/server/static`` served on the
loopback with a small test page that mounts a game's ``Board`` with any props, its
``send`` recording the actions (the engine's JSON) it is given (``window.sent``), which
:meth:`Bench.sent` reads back through the engine into their notation.

Debian's Chromium (``/usr/bin/chromium``) through Playwright for Python; the tests are
skipped, saying why, where either is missing or the vendored Preact and htm are not
in the package.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from bohnen.core.registry import get_game

STATIC = Path(__file__).resolve().parents[2] / "bohnen" / "server" / "static"
VENDOR = STATIC / "vendor"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CHROMIUM = Path("/usr/bin/chromium")
TIMEOUT_MS = 10_000

IMPORTS = {
    "preact": "/static/vendor/preact/preact.module.js",
    "preact/hooks": "/static/vendor/preact/hooks.module.js",
    "htm": "/static/vendor/htm/htm.module.js",
}

TEST_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>board bench</title><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="importmap">{"imports": IMPORTS}</script>
</head><body><div id="root"></div>
<script type="module">
import { h, render } from "preact";
window.sent = [];
window.mountBoard = async (game, props) => {
  const mod = await import(`/static/games/${game}.js`);
  if (mod.stylesheet && !document.querySelector(`link[href="${mod.stylesheet}"]`)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = mod.stylesheet;
    document.head.appendChild(link);
  }
  const send = props.noSend ? null : (action) => { window.sent.push(action); return true; };
  render(h(mod.Board, { ...props, send }), document.getElementById("root"));
};
window.allHands = async (game, views) => {
  const mod = await import(`/static/games/${game}.js`);
  return mod.allHands(views);
};
window.benchReady = true;
</script></body></html>
""".replace("IMPORTS", json.dumps(IMPORTS))


class _Handler(SimpleHTTPRequestHandler):
    """``/bench.html`` is the test page; ``/static/…`` the package's static files."""

    def do_GET(self) -> None:
        if self.path == "/bench.html":
            body = TEST_PAGE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if not self.path.startswith("/static/"):
            self.send_error(404)
            return
        self.path = self.path.removeprefix("/static")
        super().do_GET()

    def guess_type(self, path: str | Any) -> str:
        if str(path).endswith(".js"):
            return "text/javascript"
        return super().guess_type(path)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def load_fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text("utf-8"))
    return data


def notations(fixture: dict[str, Any]) -> list[str]:
    """The notation of each legal move of a fixture (a view frame's moves)."""
    return [move["notation"] for move in fixture["moves"]]


def _missing() -> str | None:
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if not (VENDOR / "preact" / "preact.module.js").exists():
        return f"the vendored Preact is not in {VENDOR}"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed"
    return None


@pytest.fixture(scope="module")
def bench_url() -> Iterator[str]:
    """The static files and the test page on the loopback, for the module's tests."""
    reason = _missing()
    if reason:
        pytest.skip(reason)
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, directory=str(STATIC)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="module")
def bench_browser(bench_url: str) -> Iterator[Any]:
    """Debian's Chromium, headless, for the module's tests."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"],
                                    timeout=30_000)
        try:
            yield browser
        finally:
            browser.close()


class Bench:
    """A page of the bench: mount a board with props, read what it sent."""

    def __init__(self, page: Any, errors: list[str]) -> None:
        self.page = page
        self.errors = errors
        self.game = ""

    def mount(self, game: str, fixture: dict[str, Any], **changes: Any) -> None:
        """Mount ``game``'s Board with the fixture's props, ``changes`` replacing some
        (``noSend=True``: no ``send``, as the shell gives a spectator or a finished game)."""
        props = {k: fixture.get(k) for k in ("view", "moves", "terms", "seat", "seats")}
        props |= changes
        self.game = game
        self.page.evaluate("([game, props]) => window.mountBoard(game, props)", [game, props])
        self.page.wait_for_selector(f"[data-game={game}]")

    def all_hands(self, game: str, views: dict[str, Any]) -> dict[str, Any]:
        """The game page's ``allHands`` of a replay step's views."""
        view: dict[str, Any] = self.page.evaluate(
            "([game, views]) => window.allHands(game, views)", [game, views])
        return view

    def sent(self) -> list[str]:
        """What the board sent, each in notation: the engine reads each action's JSON
        (a JSON it does not read fails the test)."""
        sent: list[Any] = self.page.evaluate("window.sent")
        game = get_game(self.game)
        return [str(game.action_from_json(action)) for action in sent]


@pytest.fixture
def bench(bench_browser: Any, bench_url: str) -> Iterator[Bench]:
    """A fresh page on the test page (1280×800); fails the test on a script error."""
    context = bench_browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(f"{bench_url}/bench.html")
    page.wait_for_function("() => window.benchReady === true")
    try:
        yield Bench(page, errors)
        assert errors == [], f"errors in the page: {errors}"
    finally:
        context.close()
