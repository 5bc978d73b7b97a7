"""The web server of the online table (FastAPI): a small HTTP API and one WebSocket per
client.

- ``POST /api/tables`` sets up a table (game, players, options, seed) and answers its
  id, a signed token per seat and one for spectators.
- ``GET /api/tables`` lists the tables and where they stand.
- ``WS /ws/{table}``: the client's first frame is ``{"token": ..., "after": seq}``; the
  server answers ``hello`` (the seat, the step, the seat's view), then the steps
  after ``after`` as that seat may see them, then every new step. A seat sends
  ``{"action": "<notation>"}`` and gets ``ack`` (its step) or ``error`` (why; the table
  unchanged, the connection open). Frames from an Origin not allowed are refused.

Tokens are signed with the server's secret (itsdangerous); a token names its table and
seat, so a seat can never act for another. Legality comes from the engine alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from itsdangerous import BadSignature, URLSafeSerializer
from pydantic import BaseModel, Field

from bohnen.core.files import excerpt
from bohnen.core.protocol import JSONObject
from bohnen.core.registry import get_game
from bohnen.server.cluster import Change, Cluster, NoAnswer, Solo
from bohnen.server.database import join_cluster, open_log
from bohnen.server.logbase import Log, LogConflict
from bohnen.server.table import Table, Watcher

MAX_FRAME_CHARS = 4_000  # a client's frame: a token or an action in notation
HELLO_SECONDS = 10.0  # time a client has to present its token
RATE = 20.0  # frames a second a client may send, on average
BURST = 40  # frames a client may send at once


class Bucket:
    """A token bucket: ``take()`` is true while the client keeps to ``rate`` frames a
    second on average, with bursts up to ``burst``."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class NewTable(BaseModel):
    """A table to set up: the game, the player count, rule options, a seed (random if
    none)."""

    game: str = Field(max_length=32)
    players: int = Field(ge=1, le=16)
    options: dict[str, str | int | bool] = Field(default_factory=dict, max_length=32)
    seed: int | None = Field(default=None, ge=0, lt=2**64)


class Server:
    """The tables of one server process, their log and the secret of its tokens.

    It is the host of its :class:`~bohnen.server.cluster.Cluster`: the tables it keeps
    have a writer; the others it shows (kept by another process on the same
    PostgreSQL) are replicas, following the log, and their actions go to their owner
    through the cluster."""

    def __init__(self, log: Log, secret: str, origins: frozenset[str],
                 cluster: Cluster | None = None) -> None:
        self.log = log
        self.origins = origins
        self.tables: dict[str, Table] = {}
        self.cluster = cluster or Solo(log)
        self._signer = URLSafeSerializer(secret, salt="bohnen-seat")

    def token(self, table_id: str, seat: int | None) -> str:
        return self._signer.dumps({"table": table_id, "seat": seat})

    def seat_of(self, token: object, table_id: str) -> int | None:
        """The seat a token of ``table_id`` names (None: a spectator); ``ValueError``
        for anything else."""
        try:
            data = self._signer.loads(token) if isinstance(token, str) else None
        except BadSignature:
            data = None
        if not isinstance(data, dict) or data.get("table") != table_id:
            raise ValueError("the token is not a token of this table")
        seat = data.get("seat")
        if seat is not None and type(seat) is not int:
            raise ValueError("the token is not a token of this table")
        return seat

    async def create(self, request: NewTable) -> JSONObject:
        try:
            game = get_game(request.game)
            options = game.options(request.players, **request.options)
        except (ValueError, TypeError) as exc:
            raise HTTPException(422, str(exc)) from exc
        table_id = secrets.token_urlsafe(8)
        seed = request.seed if request.seed is not None else secrets.randbits(63)
        if not await self.cluster.claim(table_id):
            raise HTTPException(503, "the table's id is taken: try again")
        table = Table.create(self.log, table_id, game.name, options.to_json(), seed)
        self.tables[table_id] = table
        table.start()
        return {"table": table_id, "game": game.name, "seed": seed,
                "seats": [self.token(table_id, s) for s in range(options.players)],
                "spectator": self.token(table_id, None)}

    def table(self, table_id: str) -> Table | None:
        """The table (from the log if it is not here yet: kept here, with its writer,
        or a replica of a table kept by another process); None if there is none."""
        table = self.tables.get(table_id)
        if table is None:
            row = self.log.table(table_id)
            if row is None:
                return None
            table = self.tables[table_id] = Table.rebuild(self.log, row)
            if self.cluster.owns(table_id):
                table.start()
        return table

    # --- the cluster's host -------------------------------------------------------------

    async def adopt(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is None:
            row = self.log.table(table_id)
            if row is None:
                raise LookupError(f"there is no table {table_id}")
            table = self.tables[table_id] = Table.rebuild(self.log, row)
        else:
            self._catch_up(table)
        table.start()

    async def release(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            await table.stop()

    async def handle(self, table_id: str, request: JSONObject) -> JSONObject:
        """An action of a seat (``{"seat", "action"}``), from this process or another:
        ``{"seq"}`` or ``{"error"}``."""
        table = self.table(table_id)
        seat, text = request.get("seat"), request.get("action")
        if table is None or type(seat) is not int or not isinstance(text, str):
            return {"error": f"no such table, or not a seat's action: {excerpt(request)}"}
        reply = await table.submit(seat, text)
        return {"seq": reply.seq} if reply.ok else {"error": reply.error}

    async def changed(self, change: Change) -> None:
        """A replica catches up from the log (after a lost connection, every replica)."""
        for table_id in list(self.tables) if change.kind == "resync" else [change.table_id]:
            table = self.tables.get(table_id)
            if table is not None and not self.cluster.owns(table_id):
                self._catch_up(table)

    def _catch_up(self, table: Table) -> None:
        for logged in self.log.actions(table.table_id, after=table.seq):
            table.follow(logged)


def create_app(db: str | Path, secret: str | None = None,
               origins: frozenset[str] = frozenset(), lease: float | None = None) -> FastAPI:
    """The app, its tables rebuilt from the log at ``db`` (a path or a URL) when it
    starts. ``secret`` signs the seat tokens (by default the log's own, kept across
    restarts and shared by the processes on one PostgreSQL); ``origins``: the Origin
    headers allowed besides the server's own address; ``lease``: with PostgreSQL, the
    seconds after which the tables of a silent process are adopted."""
    log = open_log(db)
    server = Server(log, secret or log.secret(), origins, join_cluster(log, lease=lease))

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await server.cluster.start(server)
        yield
        for table in server.tables.values():
            await table.stop()
        await server.cluster.stop()
        server.log.close()

    app = FastAPI(title="bohnen", lifespan=lifespan)
    app.state.server = server

    @app.post("/api/tables")
    async def create_table(request: NewTable) -> JSONObject:
        return await server.create(request)

    @app.get("/api/tables")
    async def list_tables() -> list[JSONObject]:
        return [{"table": t.table_id, "game": t.game.name,
                 "players": t.state.options.players, "seq": t.seq,
                 "over": t.state.is_over} for t in server.tables.values()]

    @app.websocket("/ws/{table_id}")
    async def play(socket: WebSocket, table_id: str) -> None:
        await _session(server, socket, table_id)

    return app


async def _session(server: Server, socket: WebSocket, table_id: str) -> None:
    origin = socket.headers.get("origin")
    if origin is not None and origin not in server.origins and not _same_host(socket, origin):
        await socket.close(code=1008, reason="this Origin may not connect")
        return
    await socket.accept()
    table = server.table(table_id)
    if table is None:
        await socket.close(code=1008, reason="no such table")
        return
    try:
        first = await asyncio.wait_for(_receive(socket), HELLO_SECONDS)
        viewer = server.seat_of(first.get("token"), table_id)
        after = first.get("after", 0)
        if type(after) is not int or after < 0:
            raise ValueError("'after' is the last step the client has, a whole number")
    except (ValueError, TimeoutError) as exc:
        await socket.close(code=1008, reason=str(exc) or "no token in time")
        return
    except WebSocketDisconnect:
        return
    watcher = table.watch(viewer, after)
    await socket.send_json({"type": "hello", "table": table_id, "seat": viewer,
                            "seq": table.seq, "view": dict(table.state.view(viewer))})
    sender = asyncio.create_task(_send(socket, watcher))
    try:
        await _listen(socket, server, table, viewer)
    except WebSocketDisconnect:
        pass
    finally:
        table.unwatch(watcher)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender


async def _listen(socket: WebSocket, server: Server, table: Table,
                  viewer: int | None) -> None:
    """Each frame of the client: an action of its seat, answered ``ack`` or ``error``;
    frames beyond the rate limit are refused unread."""
    bucket = Bucket()
    while True:
        try:
            frame = await _receive(socket)
            if not bucket.take():
                raise ValueError(f"too many frames: at most {RATE:.0f} a second "
                                 f"({BURST} at once)")
            text = frame.get("action")
            if not isinstance(text, str):
                raise ValueError('a frame is {"action": "<notation>"}')
            if viewer is None:
                raise ValueError("a spectator makes no move")
        except ValueError as exc:
            await socket.send_json({"type": "error", "error": str(exc)})
            continue
        try:  # to the table's writer, in this process or another
            answer = await server.cluster.call(table.table_id, {"seat": viewer,
                                                                "action": text})
        except (NoAnswer, LogConflict) as exc:
            answer = {"error": str(exc)}
        if "error" in answer:
            await socket.send_json({"type": "error", "error": answer["error"]})
        else:
            await socket.send_json({"type": "ack", "seq": answer["seq"]})


async def _receive(socket: WebSocket) -> dict[str, Any]:
    """The client's next frame, a JSON object; ``ValueError`` naming what is wrong."""
    raw = await socket.receive_text()
    if len(raw) > MAX_FRAME_CHARS:
        raise ValueError(f"a frame is at most {MAX_FRAME_CHARS} characters")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValueError(f"a frame is JSON: {exc.msg}") from exc
    if not isinstance(data, dict):
        raise ValueError("a frame is a JSON object")
    return data


async def _send(socket: WebSocket, watcher: Watcher) -> None:
    while True:
        frame = await watcher.frames.get()
        await socket.send_json(frame)


def _same_host(socket: WebSocket, origin: str) -> bool:
    host = socket.headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")
