"""The server's connections, and uvicorn's configuration for an app (one place:
:func:`server_config`, which ``bohnen serve`` runs and the tests too).

The bounds are the operator's (:class:`~bohnen.server.limits.Limits`): at most
``max_connections`` connections at once in all and ``max_connections_per_client`` from
one address; a request's headers within ``header_seconds``; an idle HTTP connection
closed after ``idle_seconds`` (uvicorn's keep-alive timeout); a WebSocket pinged every
``ping_seconds`` and dropped when it does not answer within as long.

uvicorn bounds neither the connections nor the time a request's headers take: its
``limit_concurrency`` answers 503 only once a whole request has been read, and h11
waits for a request's headers forever. So the connections are counted here, by their
transport, as they are made (:class:`Gate`): a WebSocket is the HTTP connection it was
upgraded from (uvicorn hands the transport over), counted once until it closes. A
connection beyond a limit is answered 503 and closed as soon as it is made, before a
byte of it is read.

The headers of a request must come within ``header_seconds`` of the connection, or, on
a kept-alive connection, of the first byte of the next request (until then the
connection is idle: ``idle_seconds``), as nginx's ``client_header_timeout`` and
``keepalive_timeout`` do; a late one is answered 408 and closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections import Counter
from http import HTTPStatus
from typing import Any

import h11
import uvicorn
from starlette.types import ASGIApp
from uvicorn._types import ASGISendEvent
from uvicorn.config import STARTUP_FAILURE
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.utils import get_remote_addr
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState

from bohnen.server.guard import security_headers
from bohnen.server.limits import Limits, option_name

__all__ = ["Gate", "ServerConfig", "fit_descriptors", "run", "server_config"]

WS_MAX_BYTES = 16_384  # a client's frame is at most 4,000 characters (UTF-8: 16,000 bytes)
RESERVED_FILES = 128  # files besides the connections: the log, the bots' pipes, a page sent


class Gate:
    """The connections open now, in all and per client address: :meth:`admit` counts a
    connection's transport (once, however often it is asked) or says why it is
    refused; :meth:`release` forgets it."""

    def __init__(self, total: int, per_client: int) -> None:
        self.total, self.per_client = total, per_client
        self.open: dict[asyncio.BaseTransport, str] = {}
        self.by_client: Counter[str] = Counter()

    def admit(self, transport: asyncio.BaseTransport, client: str) -> str | None:
        """None once ``transport`` (from address ``client``) is counted; else why not."""
        if transport in self.open:
            return None
        if len(self.open) >= self.total:
            return f"the server has {self.total} connections open, its most"
        if self.by_client[client] >= self.per_client:
            return f"{self.per_client} connections from one address at once, at most"
        self.open[transport] = client
        self.by_client[client] += 1
        return None

    def release(self, transport: asyncio.BaseTransport) -> None:
        client = self.open.pop(transport, None)
        if client is not None:
            self.by_client[client] -= 1
            if not self.by_client[client]:
                del self.by_client[client]


class ServerConfig(uvicorn.Config):
    """uvicorn's configuration with the server's bounds (:func:`server_config`)."""

    def __init__(self, app: ASGIApp, host: str, port: int, limits: Limits,
                 **options: Any) -> None:
        super().__init__(
            app, host=host, port=port, http=HttpConnection, ws=WebSocketConnection,
            # uvicorn annotates int; it hands the seconds to call_later, which takes floats
            timeout_keep_alive=limits.idle_seconds,  # type: ignore[arg-type]
            ws_ping_interval=limits.ping_seconds, ws_ping_timeout=limits.ping_seconds,
            ws_max_size=WS_MAX_BYTES, headers=security_headers(), **options)
        self.gate = Gate(limits.max_connections, limits.max_connections_per_client)
        self.header_seconds = limits.header_seconds


def server_config(app: ASGIApp, host: str, port: int, limits: Limits,
                  log_level: str = "warning") -> ServerConfig:
    """uvicorn's configuration of the server of ``app`` at ``host:port``, bounded by
    ``limits`` (``uvicorn.Server(server_config(...)).run()`` serves it)."""
    return ServerConfig(app, host, port, limits, log_level=log_level, lifespan="on")


def run(app: ASGIApp, host: str, port: int, limits: Limits) -> None:
    """Serve ``app`` at ``host:port`` until stopped (Ctrl+C), as :func:`uvicorn.run`
    does; ``SystemExit`` (3) if it could not start (uvicorn has logged why)."""
    server = uvicorn.Server(server_config(app, host, port, limits))
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        raise SystemExit(STARTUP_FAILURE)


def _gated(config: uvicorn.Config) -> ServerConfig:
    if not isinstance(config, ServerConfig):
        raise TypeError("the server's protocols run under bohnen.server.connections."
                        "server_config")
    return config


class HttpConnection(H11Protocol):
    """uvicorn's HTTP/1.1 connection (h11), counted by the gate and timed while it
    reads a request's headers (see the module)."""

    def __init__(self, config: uvicorn.Config, server_state: ServerState,
                 app_state: dict[str, object],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.gate = _gated(config).gate
        self.header_seconds = _gated(config).header_seconds
        self.header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = get_remote_addr(transport)
        refusal = self.gate.admit(transport, address[0] if address else "")
        if refusal is not None:
            _answer_and_close(transport, 503, f"too many connections: {refusal}",
                              self.server_state)
            return
        self._time_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_header_timer()
        self.gate.release(self.transport)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._time_headers()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._time_headers()

    def _time_headers(self) -> None:
        """The header timer runs while a request's headers are awaited: from the
        connection for its first request, from the first byte of a later one."""
        awaited = (self.conn.their_state is h11.IDLE
                   and self.transport.get_protocol() is self  # not upgraded
                   and not self.transport.is_closing()
                   and (self.cycle is None or bool(self.conn.trailing_data[0])))
        if not awaited:
            self._stop_header_timer()
        elif self.header_timer is None:
            self.header_timer = self.loop.call_later(self.header_seconds, self._late)

    def _stop_header_timer(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def _late(self) -> None:
        self.header_timer = None
        if not self.transport.is_closing():
            _answer_and_close(self.transport, 408, f"a request's headers come within "
                              f"{self.header_seconds:g} seconds (bohnen serve --"
                              f"{option_name('header_seconds')})", self.server_state)


class WebSocketConnection(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket (the websockets library's protocol), on the transport of the
    HTTP connection it was upgraded from: counted until it closes.

    Where uvicorn falls short: a close does not wait until a client that reads nothing
    has taken what waits for it (its close frame is queued after those frames); a
    client that has not answered the closing handshake, or a ping, within
    ``ping_seconds`` is cut off (uvicorn closes its transport, which waits for the
    client to read first: forever, for a client that reads nothing). A text frame that
    is not UTF-8 closes the connection with 1007, as uvicorn does, without logging a
    traceback; a handshake refused with an HTTP answer (a bad Host) is complete, where
    uvicorn would log an error."""

    def __init__(self, config: uvicorn.Config, server_state: ServerState,
                 app_state: dict[str, object],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.gate = _gated(config).gate
        self.close_timeout = config.ws_ping_timeout or self.close_timeout

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.gate.release(self.transport)

    async def send(self, message: ASGISendEvent) -> None:
        closing = message["type"] == "websocket.close" and self.handshake_complete
        if closing:
            self.writable.set()  # the close frame is queued however full the queue is
        await super().send(message)
        if closing and self.close_timer is not None:
            self.close_timer.cancel()
            self.close_timer = self.loop.call_later(self.close_timeout, self.transport.abort)
        if message["type"] == "websocket.http.response.body" and not message.get(
                "more_body", False):
            self.handshake_complete = True

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()
        self.transport.abort()

    def handle_parser_exception(self) -> None:
        super().handle_parser_exception()
        self.loop.call_later(self.close_timeout, self.transport.abort)

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                self.conn.send_close(1007, "a text frame is UTF-8")
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()


def _answer_and_close(transport: asyncio.Transport, status: int, reason: str,
                      server_state: ServerState) -> None:
    """A whole answer written to a connection outside any request (h11 sends none
    before a request), then the connection closed."""
    body = reason.encode()
    head = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}", "content-type: text/plain; "
            "charset=utf-8", f"content-length: {len(body)}", "connection: close"]
    head += [f"{name.decode('latin-1')}: {value.decode('latin-1')}"
             for name, value in server_state.default_headers]
    transport.write("\r\n".join(head).encode("latin-1") + b"\r\n\r\n" + body)
    transport.close()


def fit_descriptors(limits: Limits) -> None:
    """Let this process open a file for each of ``limits.max_connections`` and some
    more: its soft limit of open files raised if need be (toward the hard one);
    ``ValueError`` saying so where they cannot fit."""
    if sys.platform == "win32":
        return
    import resource

    need = limits.max_connections + RESERVED_FILES
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= need:
        return
    why = f"--{option_name('max_connections')} {limits.max_connections} needs {need:,} " \
          f"open files"
    if hard != resource.RLIM_INFINITY and hard < need:
        raise ValueError(f"{why}, and this process may open {hard:,} at most (ulimit -Hn): "
                         "lower it or raise the limit")
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))
    except (ValueError, OSError) as exc:
        raise ValueError(f"{why}, and this process may not open more than {soft:,}: "
                         f"{exc}") from exc
