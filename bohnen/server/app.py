"""The web server of the online table (FastAPI on uvicorn): the lobby's HTTP API
(:mod:`bohnen.server.api`), one WebSocket per client (:mod:`bohnen.server.session`),
and the browser client's pages and files (``bohnen/server/static``).

On start the app joins the cluster of its log (:mod:`bohnen.server.cluster`): alone
with an SQLite file, which it locks for its life (a second server on the file is
refused: :mod:`bohnen.server.logfile`), it keeps and rebuilds every unfinished table;
with PostgreSQL it shares the tables with the other processes. While it runs, a task
closes the tables nobody has touched for a while (:meth:`~bohnen.server.lobby.Lobby.
upkeep`). Tokens are signed with the log's own secret (kept across restarts, shared by
the processes) unless one is given.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from bohnen.server import memory
from bohnen.server.api import routes
from bohnen.server.database import join_cluster, open_log
from bohnen.server.guard import BodyLimit, HostCheck
from bohnen.server.limits import Limits
from bohnen.server.lobby import Lobby
from bohnen.server.logbase import BadLogFile, Log, LogUnwritable, hide_password
from bohnen.server.offer import ServerBot
from bohnen.server.seating import bot_pool, pool_size
from bohnen.server.session import BURST, MAX_FRAME_CHARS, RATE, session
from bohnen.server.thinkers import Thinkers
from bohnen.server.tokens import Tokens

__all__ = ["BURST", "MAX_FRAME_CHARS", "RATE", "STATIC", "create_app"]

STATIC = Path(str(resources.files("bohnen.server") / "static"))


def create_app(db: str | Path, secret: str | None = None,
               origins: frozenset[str] = frozenset(), rate: float = RATE,
               burst: int = BURST, lease: float | None = None,
               workers: int | None = None, settle: bool = False,
               synchronous: str | None = None, limits: Limits | None = None,
               allowed_hosts: Sequence[str] = (),
               bots: Mapping[str, str] | Sequence[ServerBot] | None = None,
               clock: Callable[[], float] = time.time) -> FastAPI:
    """The app on the log at ``db`` (a path or a URL). ``secret`` signs the tokens (by
    default the log's own); ``origins``: the Origin headers allowed besides the
    server's own address; ``rate`` and ``burst``: the frames a client may send a
    second on average, and at once; ``lease``: with PostgreSQL, the seconds after which
    the tables of a silent process are adopted; ``workers``: the processes the bots
    think in (by default the CPUs less one); ``settle``: once started, set the process's
    long-lived objects aside from the garbage collector (:mod:`bohnen.server.memory`:
    for a server process of its own, as ``bohnen serve`` makes, not for a test's);
    ``synchronous``: what a commit to an SQLite log survives
    (:class:`~bohnen.server.log.TableLog`); ``limits``: what a client may make the
    server spend (:class:`~bohnen.server.limits.Limits`); ``allowed_hosts``: the names
    a request's Host header may give besides the served address; ``bots``: the bots
    the operator offers by name (``NAME -> SPEC``, or as :func:`~bohnen.server.offer.
    probe` made them: ``bohnen serve --bot``), the only ones whose spec may name a file
    of the server; ``clock``: the time (seconds) of the limits that count it (the
    clients' allowance of new tables, idle tables: a test drives it)."""
    log = open_log(db, synchronous, lock=True)
    limits = limits or Limits()
    try:
        lobby = Lobby(log, Tokens(secret or _secret(log, db), limits.token_days),
                      join_cluster(log, lease=lease), limits=limits, bots=bots)
    except BaseException:
        log.close()  # and its lock
        raise
    lobby.clock = clock

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool = bot_pool(workers)  # its processes start when a bot first thinks
        lobby.thinkers = Thinkers(pool, pool_size(workers))
        await lobby.cluster.start(lobby)
        upkeep = asyncio.get_running_loop().create_task(lobby.upkeep())
        if settle:
            memory.settle()
        yield
        upkeep.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await upkeep
        await lobby.close()
        await lobby.cluster.stop()
        pool.shutdown(cancel_futures=True)
        lobby.log.close()

    # no /docs nor /redoc: those pages load their scripts from a CDN, which the pages'
    # policy refuses (bohnen.server.guard); /openapi.json describes the API
    app = FastAPI(title="bohnen", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.lobby = app.state.server = lobby
    app.add_middleware(BodyLimit, most=limits.max_body_bytes)
    app.add_middleware(HostCheck, allowed=allowed_hosts)  # the outer one: checked first
    app.include_router(routes(lobby, clock))
    app.add_exception_handler(RequestValidationError, _bad_request)

    @app.websocket("/ws/{table_id}")
    async def play(socket: WebSocket, table_id: str) -> None:
        await session(lobby, socket, table_id, origins, rate, burst)

    _pages(app)
    return app


def _secret(log: Log, db: str | Path) -> str:
    """The log's secret; ``BadLogFile`` naming the log if it cannot be written."""
    try:
        return log.secret()
    except LogUnwritable as exc:
        where = hide_password(db) if isinstance(db, str) else db
        raise BadLogFile(f"{where}: {exc.reason}") from None


def _pages(app: FastAPI) -> None:
    """The client: one page for every route (``/``, ``/t/{table}``,
    ``/replay/{table}``), its modules under ``/static``."""
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    async def page() -> Response:
        index = STATIC / "index.html"
        if not index.is_file():
            return JSONResponse({"detail": "this install has no browser client"}, 404)
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    for path in ("/", "/t/{table_id}", "/replay/{table_id}"):
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False,
                          response_model=None)


async def _bad_request(request: Request, exc: Exception) -> JSONResponse:
    """A body or parameter that fails its model: one line per fault, each naming the
    field."""
    faults = exc.errors() if isinstance(exc, RequestValidationError) else []
    lines = [f"{'.'.join(str(p) for p in fault['loc'] if p != 'body')}: {fault['msg']}"
             for fault in faults[:5]]
    return JSONResponse({"detail": "; ".join(lines) or "bad request"}, 422)
