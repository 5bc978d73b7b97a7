"""What the server checks of every request before the app reads it, and the headers
every answer carries.

- **Host** (:class:`HostCheck`): a request (HTTP or WebSocket) names in its Host header
  a name the server is reached by, or it is refused (400, saying why; a WebSocket
  before it is accepted). Else a web page could reach a server on 127.0.0.1 by DNS
  rebinding: its own name, made to resolve to the loopback, is what its requests'
  Host gives. Allowed: the names given with ``bohnen serve --allowed-host`` (``*.example.
  org`` for every name under one), ``localhost`` and the names under it on a
  connection to a loopback address, and any IP address (an IP address is not resolved,
  so it cannot be rebound; the address a client reaches the server by, through a NAT or
  a forwarded port, is not always one the server knows). Starlette's
  ``TrustedHostMiddleware`` is the model; it allows names only, and refuses without
  saying why.
- **Body** (:class:`BodyLimit`): a request's body is at most ``max_body_bytes``; a
  longer one is refused (413) before it is read: at once by its Content-Length, or,
  sent in chunks, as soon as its chunks pass the bound. The connection is closed after
  the refusal, so the rest of the body is not read either.
- **Headers** (:func:`security_headers`): every answer forbids framing (clickjacking)
  and content sniffing, sends no referrer, and carries a Content-Security-Policy: the
  page's scripts, styles, images and connections come from the server itself (its
  inline import map allowed by its hash, computed from ``static/index.html`` at
  start).
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import re
from collections.abc import Sequence
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path

from starlette.datastructures import Headers
from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bohnen.core.files import excerpt
from bohnen.server.limits import option_name

__all__ = ["BodyLimit", "HostCheck", "content_security_policy", "security_headers"]

INDEX = Path(str(resources.files("bohnen.server") / "static" / "index.html"))
LOCAL_NAMES = ("localhost", ".localhost")  # resolved to the loopback by the browsers


class HostCheck:
    """ASGI middleware: a request whose Host is not a name of the server is refused
    (see the module); ``allowed``: the names of ``--allowed-host``."""

    def __init__(self, app: ASGIApp, allowed: Sequence[str] = ()) -> None:
        self.app = app
        self.allowed = frozenset(name.strip().lower().rstrip(".") for name in allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            refusal = self.refusal(Headers(scope=scope).get("host"), scope.get("server"))
            if refusal is not None:
                await JSONResponse({"detail": refusal}, 400)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def refusal(self, host: str | None, server: Sequence[object] | None) -> str | None:
        """Why a request with Host ``host`` to the local address ``server`` is refused
        (None: it is not)."""
        if not host:
            return "a request names the server in its Host header"
        name = host_name(host)
        if name is None:
            return f"the Host header {excerpt(host)} is not a name and a port"
        if _is_address(name) or self._allowed(name):
            return None
        local = server is not None and isinstance(server[0], str) and _is_loopback(server[0])
        if local and (name == LOCAL_NAMES[0] or name.endswith(LOCAL_NAMES[1])):
            return None
        return (f"this server is not reached by the name {excerpt(name)} (the Host "
                f"header); bohnen serve --allowed-host names those it is")

    def _allowed(self, name: str) -> bool:
        if name in self.allowed:
            return True
        return any(pattern.startswith("*.") and name.endswith(pattern[1:])
                   for pattern in self.allowed)


def host_name(host: str) -> str | None:
    """The name (or address) a Host header gives, in lower case without its port and
    final dot; None if it is no name and port."""
    host = host.strip().lower()
    bracketed = re.fullmatch(r"\[([0-9a-f:.]+)\](?::\d{1,5})?", host)
    if bracketed is not None:
        return bracketed.group(1) if _is_address(bracketed.group(1)) else None
    named = re.fullmatch(r"([a-z0-9_.-]+)(?::\d{1,5})?", host)
    if named is None:
        return None
    name = named.group(1).rstrip(".")
    return name or None


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class BodyLimit:
    """ASGI middleware: a request's body is at most ``most`` bytes, or it is refused
    before it is read (see the module)."""

    def __init__(self, app: ASGIApp, most: int) -> None:
        self.app = app
        self.most = most

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.most):
            await self.refuse(scope, receive, send)
            return
        await _Limited(self, scope, receive, send).run()

    async def refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        detail = (f"a request's body is at most {self.most:,} bytes (bohnen serve --"
                  f"{option_name('max_body_bytes')})")
        response = JSONResponse({"detail": detail}, 413, headers={"Connection": "close"})
        await response(scope, receive, send)


class _Limited:
    """One request whose body comes in chunks, counted as they come: past the bound,
    the app is told the client left, and the request is refused (413) unless the
    app's answer has begun; the app's own answer is then dropped."""

    def __init__(self, limit: BodyLimit, scope: Scope, receive: Receive,
                 send: Send) -> None:
        self.limit, self.scope, self.receive, self.send = limit, scope, receive, send
        self.received = 0
        self.started = self.over = self.refused = False

    async def run(self) -> None:
        try:
            await self.limit.app(self.scope, self.counted, self.answer)
        except ClientDisconnect:
            if not self.over:
                raise

    async def counted(self) -> Message:
        if self.over:
            return {"type": "http.disconnect"}
        message = await self.receive()
        if message["type"] == "http.request":
            self.received += len(message.get("body", b""))
            if self.received > self.limit.most:
                self.over = True
                if not self.started:
                    self.refused = True
                    await self.limit.refuse(self.scope, self.receive, self.send)
                return {"type": "http.disconnect"}
        return message

    async def answer(self, message: Message) -> None:
        if not self.refused:
            self.started = True
            await self.send(message)


def security_headers(index: Path = INDEX) -> list[tuple[str, str]]:
    """The headers every answer of the server carries (see the module)."""
    return [("X-Frame-Options", "DENY"),
            ("Content-Security-Policy", content_security_policy(index)),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer")]


def content_security_policy(index: Path = INDEX) -> str:
    """The pages' policy: everything from the server itself (the WebSocket too: CSP's
    'self' covers ws: and wss: on the page's host), the inline scripts of ``index``
    (the import map) by their hashes, nothing framing them."""
    scripts = " ".join(["'self'", *(f"'sha256-{digest}'"
                                     for digest in inline_script_hashes(index))])
    return "; ".join([
        "default-src 'self'", f"script-src {scripts}",
        "style-src 'self'", "img-src 'self' data:", "connect-src 'self'",
        "object-src 'none'", "base-uri 'none'", "form-action 'self'",
        "frame-ancestors 'none'"])


def inline_script_hashes(index: Path) -> list[str]:
    """The base64 SHA-256 of each inline script of the page ``index`` (none if there
    is no page: an install without the browser client)."""
    if not index.is_file():
        return []
    scripts = _Scripts()
    scripts.feed(index.read_text(encoding="utf-8"))
    scripts.close()
    return [base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
            for text in scripts.inline]


class _Scripts(HTMLParser):
    """The text of each ``<script>`` of a page that has no ``src``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.inline: list[str] = []
        self._open: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script" and not any(name == "src" for name, _ in attrs):
            self._open = []

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._open is not None:
            self.inline.append("".join(self._open))
            self._open = None
