"""Helpers of the server tests: the app on the loopback (uvicorn in a thread, a real
socket), JSON over HTTP, WebSocket clients, and a table of people set up through the
lobby."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Coroutine, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import uvicorn
from websockets.sync.client import ClientConnection, connect

from bohnen.server.app import BURST, RATE, create_app
from bohnen.server.connections import server_config
from bohnen.server.limits import Limits
from bohnen.server.lobby import Lobby

SECRET = "test-secret"
T = TypeVar("T")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass(frozen=True)
class Served:
    """A server on the loopback: its ``host:port``, its lobby and its event loop."""

    base: str
    lobby: Lobby
    loop: asyncio.AbstractEventLoop

    def run(self, work: Coroutine[Any, Any, T], limit: float = 60.0) -> T:
        """``work`` run in the server's event loop (as its own code runs), its result;
        a wait bounded by ``limit`` seconds."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(limit)


@contextmanager
def serving(db: Path | str, secret: str | None = SECRET, *, rate: float = RATE,
            burst: int = BURST, **options: Any) -> Iterator[tuple[str, Lobby]]:
    """The app on the loopback for the block: its ``host:port`` and its lobby
    (``rate`` and ``burst``: of the frames a client may send; ``options``: the app's
    others, :func:`~bohnen.server.app.create_app`'s: ``limits``, ``allowed_hosts``,
    ``clock``...), configured as ``bohnen serve`` configures it."""
    with served(db, secret, rate=rate, burst=burst, **options) as server:
        yield server.base, server.lobby


@contextmanager
def served(db: Path | str, secret: str | None = SECRET, *, rate: float = RATE,
           burst: int = BURST, **options: Any) -> Iterator[Served]:
    """:func:`serving`, with the server's event loop (to run the lobby's own
    coroutines)."""
    limits = options.setdefault("limits", Limits())
    app = create_app(db, secret, rate=rate, burst=burst, **options)
    port = free_port()
    server = uvicorn.Server(server_config(app, "127.0.0.1", port, limits))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield Served(f"127.0.0.1:{port}", app.state.lobby, server.servers[0].get_loop())
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def call(base: str, method: str, path: str, body: object = None,
         headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """``method`` on ``path`` with a JSON body; the status and the JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://{base}{path}", data, method=method,
                                     headers={"Content-Type": "application/json",
                                              **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def people(base: str, game: str, players: int, seed: int | None = None,
           **setup: Any) -> tuple[dict[str, Any], list[str]]:
    """A table set up by "p0" at seat 0, every other seat taken by "p<i>" through its
    invitation: the set-up's answer and the seats' tokens."""
    body = {"game": game, "players": players, "seed": seed, "practice": seed is not None,
            "name": "p0", **setup}
    status, made = call(base, "POST", "/api/tables", body)
    assert status == 200, made
    tokens = [made["me"]["token"]]
    for invitation in made["invitations"]:
        status, joined = call(base, "POST", f"/api/tables/{made['table']}/join",
                              {"name": f"p{invitation['seat']}",
                               "invitation": invitation["token"]})
        assert status == 200 and joined["seat"] == invitation["seat"], joined
        tokens.append(joined["token"])
    return made, tokens


def join(stack: ExitStack, base: str, table: str, token: str, after: int = 0,
         chat_after: int = 0) -> tuple[ClientConnection, dict[str, Any]]:
    """A WebSocket client at ``table`` with ``token``: the connection and its hello."""
    ws = stack.enter_context(connect(f"ws://{base}/ws/{table}", open_timeout=10))
    ws.send(json.dumps({"token": token, "after": after, "chat_after": chat_after}))
    hello: dict[str, Any] = json.loads(ws.recv(timeout=10))
    assert hello["type"] == "hello", hello
    return ws, hello


def next_frame(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next frame of type ``kind`` (those of other types skipped)."""
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if frame["type"] == kind:
            return frame
