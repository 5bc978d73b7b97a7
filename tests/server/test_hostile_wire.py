"""Hostile clients on the wire (issue 34, items 4, 5, 10 and "Low"): what reaches the
server before and around the game. The real server on the loopback
(:func:`tests.server.web.serving`, configured as ``bohnen serve`` is), raw sockets
where the test needs bytes no client library sends, counts bounded, every wait an
event with a generous bound (never a duration asserted).

- Connections: beyond the per-client and the total limits a connection is closed at
  once, while the others are answered; half-sent requests, a slow kept-alive second
  request, are closed by the server, the API answering meanwhile.
- Host: a name the server is not reached by is refused on HTTP and WebSocket; its
  own names, localhost and IP addresses pass. Every answer carries the security
  headers.
- Body: a body over the bound is refused (413) before it is read.
- Frames: binary, deeply nested and bad UTF-8 frames are answered, a client vanishing
  in the middle of a stream ends quietly, and a spectator that never reads is dropped
  at its bound: none of it logs a traceback.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import http.client
import json
import logging
import os
import re
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, closing, contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from bohnen.server.app import STATIC, create_app
from bohnen.server.connections import server_config
from bohnen.server.frames import ChatFrame, ServerFrame
from bohnen.server.limits import Limits
from bohnen.server.table import TooSlow, Watcher

from .web import call, free_port, join, next_frame, people, serving

WAIT = 60.0  # the bound of every wait for the server (it fails the test, saying what)
LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "bohnen", "websockets")


# --- helpers ----------------------------------------------------------------------------


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def complaints(self) -> list[str]:
        """The records of a warning or worse, or with a traceback."""
        return [f"{r.name}: {r.getMessage()}" + (" (traceback)" if r.exc_info else "")
                for r in self.records if r.levelno >= logging.WARNING or r.exc_info]


@contextmanager
def logged() -> Iterator[_Records]:
    """The log records of the server's loggers during the block (installed once the
    server has started: uvicorn sets up its loggers when it is configured)."""
    handler = _Records()
    for name in LOGGERS:
        logging.getLogger(name).addHandler(handler)
    try:
        yield handler
    finally:
        for name in LOGGERS:
            logging.getLogger(name).removeHandler(handler)


def opened(base: str, source: str = "127.0.0.1") -> socket.socket:
    """A TCP connection to the server from the loopback address ``source``."""
    host, port = base.rsplit(":", 1)
    sock = socket.create_connection((host, int(port)), timeout=WAIT,
                                    source_address=(source, 0))
    return sock


def until_closed(sock: socket.socket, what: str) -> bytes:
    """Everything the server sends on ``sock`` until it closes the connection (a reset
    counts as closed), waited for at most WAIT seconds."""
    sock.settimeout(WAIT)
    data = b""
    try:
        while chunk := sock.recv(65_536):
            data += chunk
    except ConnectionResetError:
        pass
    except TimeoutError as exc:
        raise AssertionError(f"the server did not close {what} (it sent {data[:200]!r})"
                             ) from exc
    return data


def request(base: str, path: str = "/api/games", source: str = "127.0.0.1",
            host: str | None = None, method: str = "GET", body: bytes | None = None,
            ) -> http.client.HTTPResponse:
    """One HTTP request on a fresh connection from ``source``; its answer, read."""
    name, port = base.rsplit(":", 1)
    conn = http.client.HTTPConnection(name, int(port), timeout=WAIT,
                                      source_address=(source, 0))
    conn.request(method, path, body, headers={"Host": host or base})
    answer = conn.getresponse()
    answer.read()
    conn.close()
    return answer


def get_on(sock: socket.socket, base: str, path: str = "/api/games") -> tuple[int, bytes]:
    """A GET on the kept-alive connection ``sock``: the status and the body."""
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {base}\r\n\r\n".encode())
    answer = http.client.HTTPResponse(sock)
    answer.begin()
    return answer.status, answer.read()


def handshake(base: str, path: str, host: str | None = None,
              rcvbuf: int | None = None) -> tuple[socket.socket, int, bytes]:
    """A WebSocket opening handshake on a raw socket (``host``: the Host header;
    ``rcvbuf``: the socket's receive buffer): the socket, the answer's status and the
    rest of the answer (headers, and the body of a refusal)."""
    name, port = base.rsplit(":", 1)
    sock = socket.socket()
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(WAIT)
    sock.connect((name, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host or base}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)
        assert chunk, f"the server closed the handshake: {head!r}"
        head += chunk
    status = int(head.split(b" ", 2)[1])
    rest = head
    if status != 101:
        rest += until_closed(sock, "a refused handshake")
    return sock, status, rest


def send_frame(sock: socket.socket, opcode: int, payload: bytes) -> None:
    """One masked WebSocket frame (a client's), final."""
    mask = os.urandom(4)
    size = len(payload)
    head = bytes([0x80 | opcode])
    if size < 126:
        head += bytes([0x80 | size])
    elif size < 65_536:
        head += bytes([0x80 | 126]) + struct.pack("!H", size)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", size)
    sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))


def frames_until_close(sock: socket.socket) -> tuple[list[bytes], int, str]:
    """The server's frames on ``sock`` until its close frame: the data frames, the
    close code and reason."""
    data = b""
    frames: list[bytes] = []
    sock.settimeout(WAIT)

    def take(n: int) -> bytes:
        nonlocal data
        while len(data) < n:
            chunk = sock.recv(65_536)
            assert chunk, "the connection ended without a close frame"
            data += chunk
        taken, data = data[:n], data[n:]
        return taken

    while True:
        first, second = take(2)
        size = second & 0x7F
        if size == 126:
            size = struct.unpack("!H", take(2))[0]
        elif size == 127:
            size = struct.unpack("!Q", take(8))[0]
        payload = take(size)
        if first & 0x0F == 0x8:
            code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
            return frames, code, payload[2:].decode()
        frames.append(payload)


def say(talker: ClientConnection, lines: list[str]) -> None:
    """Chat ``lines`` sent by ``talker``, which reads until the last comes back (so its
    own frames never wait for it beyond the lines' count)."""
    for line in lines:
        talker.send(json.dumps({"chat": line}))
    while json.loads(talker.recv(timeout=WAIT)).get("text") != lines[-1]:
        pass


def server_end_open(base: str, sock: socket.socket) -> bool:
    """Whether the server (in this process) still holds its end of the connection
    ``sock``: a descriptor of this process is the socket that /proc/net/tcp lists from
    the server's port to ``sock``'s."""
    server_port, client_port = int(base.rsplit(":", 1)[1]), sock.getsockname()[1]
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, remote, inode = line.split()[1], line.split()[2], line.split()[9]
        if (int(local.split(":")[1], 16), int(remote.split(":")[1], 16)) == (
                server_port, client_port) and inode != "0":
            inodes.add(f"socket:[{inode}]")
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{fd}") in inodes:
                return True
        except OSError:  # closed since listed
            continue
    return False


def until(test: Any, what: str) -> None:
    """Wait (bounded) until ``test()`` holds."""
    deadline = time.monotonic() + WAIT
    while not test():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.01)


# --- connections ------------------------------------------------------------------------


def test_connections_beyond_the_per_client_limit_are_closed(tmp_path: Path) -> None:
    limits = Limits(max_connections_per_client=4, header_seconds=600)
    with serving(tmp_path / "t.sqlite", limits=limits) as (base, _lobby), \
            ExitStack() as stack, logged() as records:
        made, tokens = people(base, "bohnanza", 3)
        held = [stack.enter_context(closing(opened(base))) for _ in range(2)]
        sockets = [join(stack, base, made["table"], token)[0] for token in tokens[:2]]
        # four from 127.0.0.1 (two of them WebSockets): a fifth is closed at once
        refused = until_closed(opened(base), "a fifth connection")
        assert refused == b"" or b"503" in refused.split(b"\r\n")[0], refused
        assert b"from one address" in refused or refused == b""
        # others are answered: from another address, and on the connections held
        assert request(base, source="127.0.0.2").status == 200
        assert get_on(held[0], base)[0] == 200
        # a WebSocket counts until it closes: then its place is free again
        sockets[0].close()

        def admitted() -> bool:
            with closing(opened(base)) as sock:
                try:
                    return get_on(sock, base)[0] == 200
                except (OSError, http.client.HTTPException):
                    return False
        until(admitted, "a connection once a WebSocket of the same address closed")
        assert records.complaints() == []


def test_connections_beyond_the_total_limit_are_closed(tmp_path: Path) -> None:
    limits = Limits(max_connections=5, header_seconds=600)
    with serving(tmp_path / "t.sqlite", limits=limits) as (base, _lobby), \
            ExitStack() as stack:
        held = [stack.enter_context(closing(opened(base, f"127.0.0.{2 + i}")))
                for i in range(5)]
        assert get_on(held[0], base)[0] == 200  # five are served
        refused = until_closed(opened(base, "127.0.0.9"), "a sixth connection")
        assert refused == b"" or b"503" in refused.split(b"\r\n")[0], refused
        assert all(get_on(sock, base)[0] == 200 for sock in held)  # still answered
        held[4].close()
        until(lambda: _answered(base, "127.0.0.9"), "a connection once one closed")


def _answered(base: str, source: str) -> bool:
    try:
        return request(base, source=source).status == 200
    except (OSError, http.client.HTTPException):
        return False


def test_half_sent_requests_are_closed_and_the_api_answers_meanwhile(tmp_path: Path
                                                                     ) -> None:
    limits = Limits(header_seconds=2, idle_seconds=600, max_connections_per_client=100)
    with serving(tmp_path / "t.sqlite", limits=limits) as (base, _lobby), \
            ExitStack() as stack, logged() as records:
        flood = [stack.enter_context(closing(opened(base))) for _ in range(40)]
        for index, sock in enumerate(flood):
            if index % 2:  # half send part of a request's headers, half nothing at all
                sock.sendall(f"GET /api/games HTTP/1.1\r\nHost: {base}\r\nX-".encode())
        assert request(base).status == 200  # meanwhile
        for sock in flood:
            answer = until_closed(sock, "a half-sent request")
            assert answer == b"" or answer.startswith(b"HTTP/1.1 408"), answer
        assert request(base).status == 200  # and after
        assert records.complaints() == []


def test_a_slow_second_request_on_a_kept_alive_connection_is_closed(tmp_path: Path
                                                                    ) -> None:
    limits = Limits(header_seconds=2, idle_seconds=600)
    with serving(tmp_path / "t.sqlite", limits=limits) as (base, _lobby), \
            closing(opened(base)) as sock:
        assert get_on(sock, base)[0] == 200
        assert get_on(sock, base)[0] == 200  # kept alive
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHo")  # then nothing more
        answer = until_closed(sock, "a slow second request")
        assert answer.startswith(b"HTTP/1.1 408") and b"2 seconds" in answer, answer


def test_the_configuration_carries_the_timeouts(tmp_path: Path) -> None:
    limits = Limits(idle_seconds=7.5, ping_seconds=3.25)
    app = create_app(tmp_path / "t.sqlite", "secret", limits=limits)
    config = server_config(app, "127.0.0.1", free_port(), limits)
    assert config.timeout_keep_alive == 7.5  # idle HTTP connections
    assert (config.ws_ping_interval, config.ws_ping_timeout) == (3.25, 3.25)
    app.state.lobby.log.close()


# --- Host and headers -------------------------------------------------------------------


def test_a_request_naming_another_host_is_refused(tmp_path: Path) -> None:
    allowed = ("bohnen.example", "*.games.example")
    with serving(tmp_path / "t.sqlite", allowed_hosts=allowed) as (base, _lobby), \
            logged() as records:
        made, _tokens = people(base, "bohnanza", 3)
        port = base.rsplit(":", 1)[1]
        for host in ("evil.example", f"evil.example:{port}", "games.example.evil",
                     "bohnen.example.evil", "localhost.evil"):
            answer = request(base, host=host)
            assert answer.status == 400, host
            for path in (f"/ws/{made['table']}", "/ws/nope"):
                sock, status, rest = handshake(base, path, host=host)
                sock.close()
                assert status == 400 and b"not reached by the name" in rest, rest
        for host in (base, f"localhost:{port}", "LOCALHOST", "app.localhost",
                     f"[::1]:{port}", "10.1.2.3", "bohnen.example", "bohnen.example.",
                     f"a.games.example:{port}"):
            assert request(base, host=host).status == 200, host
            sock, status, _rest = handshake(base, f"/ws/{made['table']}", host=host)
            sock.close()
            assert status == 101, host
        assert records.complaints() == []


def test_the_host_refusal_says_why(tmp_path: Path) -> None:
    with serving(tmp_path / "t.sqlite") as (base, _lobby):
        name, port = base.rsplit(":", 1)
        conn = http.client.HTTPConnection(name, int(port), timeout=WAIT)
        conn.request("GET", "/api/games", headers={"Host": "evil.example"})
        answer = conn.getresponse()
        detail = json.loads(answer.read())["detail"]
        conn.close()
        assert answer.status == 400 and "evil.example" in detail and "--allowed-host" \
            in detail


def _importmap_hash() -> str:
    page = (STATIC / "index.html").read_text()
    script = re.search(r'<script type="importmap">(.*?)</script>', page, re.S)
    assert script is not None
    return base64.b64encode(hashlib.sha256(script.group(1).encode()).digest()).decode()


def _check_headers(answer: http.client.HTTPResponse, what: str) -> None:
    assert answer.getheader("X-Frame-Options") == "DENY", what
    assert answer.getheader("X-Content-Type-Options") == "nosniff", what
    assert answer.getheader("Referrer-Policy") == "no-referrer", what
    policy = {part.split()[0]: part.split()[1:]
              for part in (answer.getheader("Content-Security-Policy") or "").split(";")
              if part.strip()}
    assert policy["frame-ancestors"] == ["'none'"], what
    assert policy["default-src"] == ["'self'"] and policy["connect-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'", f"'sha256-{_importmap_hash()}'"], what


def test_every_answer_carries_the_security_headers(tmp_path: Path) -> None:
    limits = Limits(max_body_bytes=1_024)
    with serving(tmp_path / "t.sqlite", limits=limits) as (base, _lobby):
        made, _tokens = people(base, "bohnanza", 3)
        for path in ("/", f"/t/{made['table']}", "/static/app.js", "/static/style.css",
                     "/api/games", "/api/tables", f"/api/tables/{made['table']}",
                     "/api/nope", "/static/nope.js", "/openapi.json"):
            _check_headers(request(base, path), path)
        _check_headers(request(base, host="evil.example"), "a bad Host")
        _check_headers(request(base, "/api/tables", method="POST", body=b"{}"), "a 422")
        _check_headers(request(base, "/api/tables", method="POST", body=b"x" * 2_000),
                       "a 413")


# --- the body ---------------------------------------------------------------------------


def _refused_body(answer: bytes) -> None:
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413"), answer[:300]
    assert b"at most 4,096 bytes" in body, body


def test_a_body_over_the_bound_is_refused_before_it_is_read(tmp_path: Path) -> None:
    limits = Limits(max_body_bytes=4_096)
    with serving(tmp_path / "t.sqlite", limits=limits) as (base, _lobby), \
            logged() as records:
        # announced: 50 MB, of which a few bytes are sent
        with closing(opened(base)) as sock:
            sock.sendall(f"POST /api/tables HTTP/1.1\r\nHost: {base}\r\nContent-Type: "
                         "application/json\r\nContent-Length: 50000000\r\n\r\n{\"a\": "
                         .encode())
            _refused_body(until_closed(sock, "a connection refused its body"))
        # in chunks: refused once they pass the bound, the rest never sent
        with closing(opened(base)) as sock:
            sock.sendall(f"POST /api/tables HTTP/1.1\r\nHost: {base}\r\nContent-Type: "
                         "application/json\r\nTransfer-Encoding: chunked\r\n\r\n".encode())
            for _ in range(5):
                sock.sendall(b"3e8\r\n" + b" " * 1_000 + b"\r\n")
            _refused_body(until_closed(sock, "a connection refused its chunks"))
        status, answer = call(base, "POST", "/api/tables", {"game": "bohnanza",
                                                            "players": 3, "name": "p0"})
        assert status == 200, answer  # a body within the bound is read
        assert records.complaints() == []


# --- frames -----------------------------------------------------------------------------


def test_binary_deep_and_bad_utf8_frames_are_answered_without_a_traceback(
        db_url: str) -> None:
    with serving(db_url) as (base, _lobby), ExitStack() as stack, logged() as records:
        made, tokens = people(base, "bohnanza", 3)
        ws, _hello = join(stack, base, made["table"], tokens[0])
        ws.send(b"\x00\x01\x02")
        assert "binary" in next_frame(ws, "error")["error"]
        ws.send("[" * 1_000 + "]" * 1_000)
        assert "nested" in next_frame(ws, "error")["error"]
        ws.send('{"chat": "still here"}')
        assert next_frame(ws, "chat")["text"] == "still here"  # the connection kept
        # bad UTF-8 closes the connection with 1007, as the protocol says
        sock, status, _rest = handshake(base, f"/ws/{made['table']}")
        with closing(sock):
            assert status == 101
            send_frame(sock, 0x1, json.dumps({"token": tokens[1]}).encode())
            send_frame(sock, 0x1, b'{"chat": "\xff\xfe"}')
            _frames, code, reason = frames_until_close(sock)
            assert code == 1007 and "UTF-8" in reason
        # a binary first frame: refused as a hello, saying why
        sock, status, _rest = handshake(base, f"/ws/{made['table']}")
        with closing(sock):
            send_frame(sock, 0x2, b"\x00" * 10)
            _frames, code, reason = frames_until_close(sock)
            assert code == 1008 and "binary" in reason
        ws.send('{"chat": "after"}')
        assert next_frame(ws, "chat")["text"] == "after"
        assert records.complaints() == []


def test_clients_vanishing_in_the_middle_of_a_stream_log_nothing(db_url: str) -> None:
    with serving(db_url, rate=1e9, burst=10**9) as (base, lobby), ExitStack() as stack, \
            logged() as records:
        made, tokens = people(base, "bohnanza", 3)
        table = lobby.table(made["table"])
        talker = stack.enter_context(connect(f"ws://{base}/ws/{made['table']}",
                                             open_timeout=WAIT, max_queue=None))
        talker.send(json.dumps({"token": tokens[0]}))
        for round_ in range(3):
            gone = []
            for _ in range(8):
                sock, status, _rest = handshake(base, f"/ws/{made['table']}")
                assert status == 101
                send_frame(sock, 0x1, json.dumps({"token": made["spectator"]}).encode())
                gone.append(sock)
            until(lambda: len(table.watchers) == 9, "the spectators")
            for line in range(100):  # a stream: each spectator is sent every line
                talker.send(json.dumps({"chat": f"{round_} {line} " + "x" * 400}))
            for index, sock in enumerate(gone):
                if index % 2:  # vanish: the connection reset, unread frames and all
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                    struct.pack("ii", 1, 0))
                else:  # or leave with a close frame, then go at once
                    send_frame(sock, 0x8, struct.pack("!H", 1001))
                sock.close()
            until(lambda: len(table.watchers) == 1, "the spectators to be gone")
        talker.send(json.dumps({"chat": "the end"}))
        while json.loads(talker.recv(timeout=WAIT)).get("text") != "the end":
            pass
        assert records.complaints() == []


BOUND = 16  # the spectators' bound in the tests of a flood
BACKLOG = 60  # the chat lines said before the spectator comes (more than BOUND)


@contextmanager
def flooded(db_url: str, ping_seconds: float) -> Iterator[tuple[str, socket.socket, Any,
                                                                Any, _Records, int]]:
    """A table with a spectator that reads nothing (a raw socket) and a chat flood
    until the spectator is dropped (or gone): the server's address, the spectator's
    socket, its watcher, its table, the log records, and the most frames seen waiting
    for it (looked at every ten lines).
    The spectator comes after BACKLOG lines were said, and asks for them: they are
    sent at once, uncounted."""
    limits = Limits(watcher_frames=BOUND, ping_seconds=ping_seconds)
    with serving(db_url, rate=1e9, burst=10**9, limits=limits) as (base, lobby), \
            ExitStack() as stack, logged() as records:
        made, tokens = people(base, "bohnanza", 3)
        table = lobby.table(made["table"])
        talker = stack.enter_context(connect(f"ws://{base}/ws/{made['table']}",
                                             open_timeout=WAIT, max_queue=None))
        talker.send(json.dumps({"token": tokens[0]}))
        for tens in range(BACKLOG // 10):
            say(talker, [f"said before {line}" for line in range(10 * tens, 10 * tens + 10)])
        # a receive buffer of its own (no autotuning), larger than loopback's segments
        sock, status, _rest = handshake(base, f"/ws/{made['table']}", rcvbuf=262_144)
        stack.enter_context(closing(sock))
        assert status == 101
        send_frame(sock, 0x1, json.dumps({"token": made["spectator"], "chat_after": 0}
                                         ).encode())
        until(lambda: any(w.viewer is None for w in table.watchers), "the spectator")
        watcher = next(w for w in table.watchers if w.viewer is None)
        assert server_end_open(base, sock)
        most = 0
        for tens in range(2_000):  # some 8,000 lines fill the buffers of the loopback
            say(talker, [f"{tens} {line} " + "x" * 490 for line in range(10)])
            most = max(most, watcher.waiting)
            if watcher.dropped is not None or watcher not in table.watchers:
                break
        yield base, sock, watcher, table, records, most


def test_a_spectator_that_never_reads_is_dropped_at_its_bound(db_url: str) -> None:
    with flooded(db_url, ping_seconds=120) as (_base, sock, watcher, table, records,
                                               most):
        assert watcher.dropped == f"too slow: {BOUND} frames waited unread"
        assert most <= BOUND and watcher.frames.qsize() <= 1  # its frames let go
        # once it reads, it finds its backlog, its frames, then why it was closed
        frames, code, reason = frames_until_close(sock)
        said = [frame["text"] for frame in map(json.loads, frames)
                if frame["type"] == "chat"]
        assert said[:BACKLOG] == [f"said before {line}" for line in range(BACKLOG)]
        assert (code, reason) == (1013, watcher.dropped)
        send_frame(sock, 0x8, struct.pack("!H", 1000))
        until(lambda: watcher not in table.watchers, "the spectator to be gone")
        assert records.complaints() == []


def test_a_client_that_reads_nothing_is_cut_off(tmp_path: Path) -> None:
    # dropped, its close frame waits behind the others: it is cut off after the time
    # it has to answer a ping (or, if the flood outlasts its pings, for not answering)
    with flooded(str(tmp_path / "t.sqlite"), ping_seconds=5) as (base, sock, watcher,
                                                                  table, records, _most):
        until(lambda: watcher not in table.watchers, "the spectator's session to end")
        until(lambda: not server_end_open(base, sock), "the spectator to be cut off")
        assert records.complaints() == []


def _numbered(n: int) -> ChatFrame:
    return {"type": "chat", "n": n, "seat": None, "name": "spectator", "text": str(n),
            "seq": 0, "at": 0.0, "notice": False}


def _number(frame: ServerFrame) -> int:
    assert frame["type"] == "chat"
    return frame["n"]


def test_a_watchers_backlog_counts_not_against_its_bound() -> None:
    async def run() -> None:
        watcher = Watcher(None, limit=3)
        for n in range(100):  # what it missed: hundreds of frames, at once
            watcher.missed(_numbered(n))
        for n in range(100, 103):
            watcher.put(_numbered(n))
        assert watcher.dropped is None and watcher.waiting == 3
        assert [_number(await watcher.next()) for _ in range(101)] == list(range(101))
        assert watcher.waiting == 2 and watcher.backlog == 0
        watcher.put(_numbered(103))
        watcher.put(_numbered(104))  # one more than the bound
        assert watcher.dropped == "too slow: 3 frames waited unread"
        assert watcher.frames.qsize() <= 1
        with pytest.raises(TooSlow):
            await watcher.next()

    asyncio.run(run())


# --- the file descriptors -----------------------------------------------------------------


def _serve(tmp_path: Path, nofile: tuple[int, int], *args: str) -> subprocess.Popen[str]:
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, nofile)

    return subprocess.Popen(
        [sys.executable, "-m", "bohnen.cli", "serve", "--port", str(free_port()),
         "--db", str(tmp_path / "t.sqlite"), *args], preexec_fn=limit, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})


def test_serve_refuses_more_connections_than_it_may_open_files(tmp_path: Path) -> None:
    server = _serve(tmp_path, (512, 1_024), "--max-connections", "5000")
    _out, err = server.communicate(timeout=WAIT)
    assert server.returncode == 2 and len(err.strip().splitlines()) == 1, err
    assert err.startswith("bohnen: error: --max-connections 5000 needs") and "1,024" in err


def test_serve_raises_its_limit_of_open_files_to_fit(tmp_path: Path) -> None:
    server = _serve(tmp_path, (256, 4_096), "--max-connections", "1000")
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert "serving at" in line, server.stderr.read() if server.stderr else line
        limits = Path(f"/proc/{server.pid}/limits").read_text()
        soft = int(re.search(r"Max open files\s+(\d+)", limits).group(1))  # type: ignore[union-attr]
        assert soft >= 1_000
    finally:
        server.terminate()
        server.communicate(timeout=WAIT)

