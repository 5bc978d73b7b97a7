"""Screenshots of the three games' tables and of the lobby, for ``docs/screenshots/``.

Run: ``python scripts/screenshots.py [--games bohnanza,ndb,hansa] [--out docs/screenshots]``.
It starts the server on the loopback (a temporary log), sets up a table of people for
each game, plays a scripted opening through the WebSocket (for Bohnanza: two turns,
then open offers side by side and a chat line), and photographs seat 0's page in
Debian's Chromium (``/usr/bin/chromium``): on a desktop at 1280×800
(``docs/screenshots/<game>.png``) and on a phone at 390×844 (a touch screen at twice the
pixels, ``<game>-phone.png``). ``lobby-phone.png`` is the lobby on the phone just after
"Set up the table". The page's one question (the your-move alerts) is answered first.
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import sync_playwright
from websockets.sync.client import ClientConnection, connect

from bohnen.server.app import create_app

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
GAMES = ("bohnanza", "ndb", "hansa")
PLAYERS = {"bohnanza": 4, "ndb": 4, "hansa": 3}
Frame = dict[str, Any]


@contextmanager
def serving(db: Path) -> Iterator[str]:
    """The server on a free loopback port for the block: its ``host:port``."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(db, rate=1000, burst=1000),
                                           host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise SystemExit("bohnen: error: the server did not start")
        time.sleep(0.05)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def post(base: str, path: str, body: object) -> Any:
    import urllib.request
    request = urllib.request.Request(f"http://{base}{path}", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


class Table:
    """A table of people, every seat's WebSocket held by the script."""

    def __init__(self, stack: ExitStack, base: str, game: str, players: int,
                 options: dict[str, Any]) -> None:
        made = post(base, "/api/tables", {"game": game, "players": players, "seed": 24,
                                          "practice": True, "options": options,
                                          "name": "Ada"})
        self.table: str = made["table"]
        self.tokens = [made["me"]["token"]]
        names = ["Ada", "Bea", "Cem", "Dov", "Eli"]
        for invitation in made["invitations"]:
            joined = post(base, f"/api/tables/{self.table}/join",
                          {"name": names[invitation["seat"]],
                           "invitation": invitation["token"]})
            self.tokens.append(joined["token"])
        self.sockets: list[ClientConnection] = []
        self.views: list[Frame] = []
        self.seq = 0
        for token in self.tokens:
            ws = stack.enter_context(connect(f"ws://{base}/ws/{self.table}"))
            ws.send(json.dumps({"token": token, "after": 0, "chat_after": 0}))
            self.seq = json.loads(ws.recv(timeout=10))["seq"]  # the hello
            self.sockets.append(ws)
            self.views.append({})
        self._settle()

    def _settle(self) -> None:
        """Read every socket up to its view frame of the current step."""
        for i, ws in enumerate(self.sockets):
            while self.views[i].get("seq") != self.seq:
                frame = json.loads(ws.recv(timeout=10))
                if frame["type"] == "view":
                    self.views[i] = frame

    def act(self, seat: int, text: str) -> None:
        ws = self.sockets[seat]
        ws.send(json.dumps({"action": text}))
        while True:
            frame = json.loads(ws.recv(timeout=10))
            if frame["type"] == "error":
                raise SystemExit(f"bohnen: error: {text} refused: {frame['error']}")
            if frame["type"] == "view":
                self.views[seat] = frame
            if frame["type"] == "ack":
                self.seq = frame["seq"]
                break
        self._settle()

    def say(self, seat: int, text: str) -> None:
        self.sockets[seat].send(json.dumps({"chat": text}))

    def view(self, seat: int) -> Frame:
        return self.views[seat]["view"]  # type: ignore[no-any-return]

    def legal(self, seat: int) -> list[str]:
        """The notation of each legal move of ``seat`` now."""
        return [move["notation"] for move in self.views[seat]["moves"]]

    def to_act(self) -> list[int]:
        return self.views[0]["to_act"]  # type: ignore[no-any-return]

    def play_first(self, steps: int, prefer: tuple[str, ...] = ()) -> None:
        """``steps`` moves, each the first legal move (of the verbs in ``prefer``
        first) of the first seat the game waits on that has one."""
        for _ in range(steps):
            seat = next((s for s in self.to_act() if self.legal(s)), None)
            if seat is None:
                return
            legal = self.legal(seat)
            verb = {text: text.split(": ", 1)[1].split()[0] for text in legal}
            choice = next((t for p in prefer for t in legal if verb[t] == p), legal[0])
            self.act(seat, choice)


def bohnanza_scene(table: Table) -> None:
    """Two quiet turns, then the active seat's trading with three offers open."""
    quiet = ("end-planting", "close-trading", "plant", "plant-traded", "harvest")
    while table.view(0)["turn"] < 5:
        table.play_first(1, quiet)
    active = table.view(0)["active"]
    while table.view(0)["phase"] == "plant":
        table.play_first(1, ("plant", "end-planting") if table.view(0)["planted"] == 0
                         else ("end-planting",))
    face_up = table.view(active)["face_up"]
    others = [s for s in range(len(table.sockets)) if s != active]
    first, second, third = others[0], others[1], others[-1]
    front = table.view(first)["players"][first]["hand"][0]
    wanted = next((b for b in face_up if b != front), face_up[0])
    table.act(first, f"{first}: propose {active} give h0 want {wanted}")
    table.act(second, f"{second}: propose {active} give h1,h2 want {face_up[-1]}")
    theirs = table.view(third)["players"][third]["hand"][0]
    table.act(active, f"{active}: propose {third} give f0 want {theirs}")
    table.say(first, "Anybody short of Blaue?")
    table.say(active, "Only for the face-up cards.")


def generic_scene(steps: int) -> Callable[[Table], None]:
    def scene(table: Table) -> None:
        table.play_first(steps)
    return scene


SCENES: dict[str, tuple[dict[str, Any], Callable[[Table], None]]] = {
    "bohnanza": ({"trading": "open"}, bohnanza_scene),
    "ndb": ({}, generic_scene(9)),
    "hansa": ({}, generic_scene(12)),
}


DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True, "device_scale_factor": 2}
ASKED = "localStorage.setItem('bohnen:alerts', JSON.stringify({asked: true}))"


def photograph(base: str, table: Table, seat: int, path: Path, device: dict[str, Any]) -> None:
    """Seat ``seat``'s page of ``table`` on ``device`` (Playwright's context options)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(**device, base_url=f"http://{base}")
        page.goto("/")
        page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                      [f"bohnen:{table.table}", table.tokens[seat]])
        page.evaluate(ASKED)
        page.goto(f"/t/{table.table}")
        page.wait_for_selector(f"main[data-seq='{table.seq}'] .board-column [data-game], "
                               f"main[data-seq='{table.seq}'] .board-column .bohnanza")
        page.wait_for_timeout(500)  # the chat and the stylesheet settle
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path))
        browser.close()


def photograph_lobby(base: str, path: Path) -> None:
    """The lobby on a phone just after "Set up the table": the way to the table and the
    invitation links in view."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(**PHONE, base_url=f"http://{base}")
        page.goto("/")
        form = page.get_by_role("region", name="New table")
        form.get_by_label("Your name").fill("Ada")
        form.locator("select[name=seat-2]").select_option("bot")
        form.locator("input[name=bot-2]").fill("heuristic")
        form.get_by_role("button", name="Set up the table").tap()
        page.get_by_role("region", name="Table created").wait_for()
        page.wait_for_timeout(500)
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path))
        browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES),
                        help="the games to photograph, by name, comma-separated")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in SCENES]
    if unknown:
        print(f"bohnen: error: no scene for {', '.join(unknown)} "
              f"(known: {', '.join(GAMES)})", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp, serving(Path(tmp) / "tables.sqlite") as base:
        for game in games:
            options, scene = SCENES[game]
            with ExitStack() as stack:
                table = Table(stack, base, game, PLAYERS[game], options)
                scene(table)
                for suffix, device in (("", DESKTOP), ("-phone", PHONE)):
                    path = args.out / f"{game}{suffix}.png"
                    photograph(base, table, 0, path, device)
                    print(f"{path}: table {table.table} at step {table.seq}")
        path = args.out / "lobby-phone.png"
        photograph_lobby(base, path)
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
