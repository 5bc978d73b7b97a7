"""The pages under the server's Content-Security-Policy (bohnen.server.guard): the
lobby, a table of each game and its replay run with nothing refused (no
``securitypolicyviolation`` event, no console message of the policy); a script the
page did not bring is refused, and no other site may frame the pages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .pages_fixtures import bench_browser, bench_url
from .pages_play import Online, online

__all__ = ["bench_browser", "bench_url", "online"]  # the fixtures the tests use

# every page of a context records what its policy refused
RECORD = """
window.refused = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.refused.push(`${event.violatedDirective}: ${event.blockedURI}`);
});
"""
BOTS = {"bohnanza": ["heuristic", "heuristic"], "hansa": ["heuristic", "heuristic"],
        "ndb": ["heuristic", "heuristic"]}


def refused(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.refused")
    return found


@pytest.mark.parametrize("game", sorted(BOTS))
def test_a_table_of_each_game_runs_with_nothing_refused(online: Online, game: str) -> None:
    seats = [{"kind": "me"}] + [{"kind": "bot", "bot": bot} for bot in BOTS[game]]
    made = online.api("POST", "/api/tables", {"game": game, "players": len(seats),
                                              "name": "Ada", "seats": seats})
    table = made["table"]
    page = online.new("/")
    page.context.add_init_script(RECORD)
    page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                  [f"bohnen:{table}", made["me"]["token"]])
    for path in ("/", f"/t/{table}", f"/replay/{table}"):
        page.goto(path)
        page.wait_for_selector("#app > *")
        if path.startswith("/t/"):  # the game's board, its styles, its WebSocket open
            page.wait_for_selector(f"main.table-page[data-game={game}][data-status=open]")
            page.wait_for_selector(f"link[href$='/static/games/{game}.css']",
                                   state="attached")
        assert refused(page) == [], path
    assert online.errors == []


def test_a_script_the_page_did_not_bring_is_refused(online: Online) -> None:
    page = online.new("/")
    page.context.add_init_script(RECORD)
    page.reload()
    page.wait_for_selector("#app > *")
    page.evaluate("""() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.head.appendChild(script);
    }""")
    page.wait_for_function("() => window.refused.length > 0")
    assert page.evaluate("window.injected === undefined")
    assert any(line.startswith("script-src") for line in refused(page))
    online.errors.clear()  # the refusal was the point


def test_no_other_site_may_frame_the_pages(online: Online, bench_url: str) -> None:
    page = online.new("/")
    page.goto(f"{bench_url}/bench.html")  # another site, on the loopback too
    page.evaluate("""(src) => new Promise((loaded) => {
      const frame = document.createElement("iframe");
      frame.onload = loaded;
      frame.src = src;
      document.body.appendChild(frame);
    })""", f"http://{online.base}/")
    frame = page.frames[1]
    assert frame.query_selector("#app") is None, frame.url  # not shown in the frame
    online.errors.clear()  # the console's word for the refusal
