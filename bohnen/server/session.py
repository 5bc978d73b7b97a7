"""One client's WebSocket at a table (``/ws/{table}``).

The client's first frame is ``{"token": ..., "after": seq, "chat_after": n}``; the
server answers ``hello`` (the seat, the table's set-up and seats), then the steps after
``after`` and the chat lines after ``chat_after`` as that seat may see them, then a
``view`` frame, then every new step, chat line and change of seats.

Later frames: ``{"action": "<notation>" | {JSON}}`` (answered ``ack`` or ``error``:
the table unchanged, the connection open), ``{"undo": step}`` (take back my last move;
answered the same way, every client told by an ``undone`` frame), ``{"chat":
"<text>"}``, ``{"standin": spec | null}`` (hand my seat to a bot, or take it back),
``{"leave": true}``. Each is read into its model (:mod:`bohnen.server.client_frames`),
and what the client asks is a request to the table's owner
(:mod:`bohnen.server.requests`); the frames sent are typed
(:mod:`bohnen.server.frames`). A seat's token is checked again at every frame: once
the seat has changed hands, the connection is closed. Frames are bounded in size and
rate; a spectator makes no move.

A table the server closes (nobody touched it for a while) sends its clients a
``closed`` frame saying why, and so does a seat that changes hands to every client of
its earlier holder; the connection is closed after it (code 1008, the reason again).

A binary frame, or JSON nested too deep to read, is answered with an ``error`` frame,
the connection kept (text that is not UTF-8 is closed with 1007 by the connection:
:mod:`bohnen.server.connections`). A client that lets more than
``limits.watcher_frames`` new frames wait unread is closed (1013, "too slow"; its
client comes back for what it missed). However the client goes, the session ends
quietly: a send to a client that is gone ends it, logging nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Mapping

import orjson
from fastapi import WebSocket, WebSocketDisconnect

from bohnen.core.errors import GameError
from bohnen.server.client_frames import (
    ActionFrame,
    AnyClientFrame,
    ChatFrame,
    Hello,
    LeaveFrame,
    StandinFrame,
    UndoFrame,
    VoteFrame,
    read_frame,
)
from bohnen.server.frames import AckFrame, HelloFrame, ServerFrame, error_frame
from bohnen.server.lobby import Lobby, LobbyError
from bohnen.server.requests import Act, Chat, Leave, Sender, Standin, Undo, Vote
from bohnen.server.table import Table, TooSlow, Watcher
from bohnen.server.table_setup import setup_json
from bohnen.server.tokens import Pass

MAX_FRAME_CHARS = 4_000  # a client's frame: a token, an action in notation, a chat line
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


class SeatLost(Exception):
    """The client's seat has changed hands: its connection ends."""


async def session(lobby: Lobby, socket: WebSocket, table_id: str,
                  origins: frozenset[str], rate: float = RATE, burst: int = BURST) -> None:
    origin = socket.headers.get("origin")
    if origin is not None and origin not in origins and not _same_host(socket, origin):
        await socket.close(code=1008, reason="this Origin may not connect")
        return
    await socket.accept()
    try:
        table = lobby.table(table_id)
    except LobbyError as exc:
        await _close(socket, 1008, _reason(str(exc)))
        return
    try:
        first = await asyncio.wait_for(_receive(socket), HELLO_SECONDS)
        if not isinstance(first, Hello):
            raise ValueError('the first frame is the hello: {"token": ..., "after": ..., '
                             '"chat_after": ...}')
        granted = lobby.viewer(first.token, table)
    except (ValueError, TimeoutError) as exc:
        await _close(socket, 1008, str(exc)[:120] or "no token in time")
        return
    except WebSocketDisconnect:
        return
    if not await _deliver(socket, _hello(table, granted, lobby.tokens.renew(granted))):
        return
    try:  # again, with no wait before the watcher: the seat may have changed hands
        lobby.check_holder(granted, table)  # while the hello went out
    except LobbyError as exc:
        await _close(socket, 1008, _reason(str(exc)))
        return
    watcher = table.watch(granted.seat, first.after, first.chat_after, granted.nonce)
    watcher.limit = lobby.limits.watcher_frames
    closing: set[asyncio.Task[None]] = set()  # a dropped watcher's close (not awaited)
    watcher.on_drop = lambda why: closing.add(asyncio.create_task(_close(socket, 1013, why)))
    sender = asyncio.create_task(_send(socket, watcher))
    try:
        await _listen(lobby, socket, table, granted, Bucket(rate, burst))
    except SeatLost as exc:
        await _close(socket, 1008, str(exc))
    except WebSocketDisconnect:
        pass
    finally:
        table.unwatch(watcher)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender


def _hello(table: Table, granted: Pass, token: str) -> HelloFrame:
    """The first frame: the seat, the table, and ``token``, a fresh token for the client
    to keep (its old one expires); a practice table's seed (every seat is told it)."""
    hello: HelloFrame = {
        "type": "hello", "table": table.table_id, "game": table.game.name,
        "title": table.game.title, "seat": granted.seat, "seq": table.seq,
        "seats": table.seats_json(granted.seat), "setup": setup_json(table.setup),
        "options": table.state.options.to_json(), "started": table.started,
        "over": table.state.is_over, "token": token}
    if table.setup.get("practice") is True:
        hello["seed"] = table.seed
    return hello


async def _listen(lobby: Lobby, socket: WebSocket, table: Table, granted: Pass,
                  bucket: Bucket) -> None:
    """Each frame of the client, answered; frames beyond the rate limit are refused
    unread."""
    while True:
        reply: ServerFrame | None
        try:
            frame = await _receive(socket)
            if not bucket.take():
                raise ValueError(f"too many frames: at most {bucket.rate:g} a second "
                                 f"({bucket.burst} at once)")
            try:
                lobby.check_holder(granted, table)
            except LobbyError as exc:
                raise SeatLost(str(exc)) from exc
            reply = await _answer(lobby, table, granted, frame)
        except ValueError as exc:
            reply = error_frame(str(exc))
        if reply is not None and not await _deliver(socket, reply):
            return


async def _answer(lobby: Lobby, table: Table, granted: Pass,
                  frame: AnyClientFrame) -> AckFrame | None:
    """What the client asked, carried out by the table's owner (here or in another
    process); the reply frame (None: the change is its own answer, sent to every
    client of the table)."""
    sender = Sender(granted.seat, granted.generation, granted.nonce)
    if isinstance(frame, ChatFrame):
        await lobby.request(table.table_id, Chat(sender, frame.text()))
        return None
    if isinstance(frame, Hello):
        raise ValueError("the hello is the first frame only")
    if granted.seat is None:
        raise ValueError("a spectator makes no move")
    match frame:
        case StandinFrame():
            await lobby.request(table.table_id, Standin(sender, frame.standin))
            return None
        case LeaveFrame():
            await lobby.request(table.table_id, Leave(sender))
            raise SeatLost("you left the seat")
        case VoteFrame():
            await lobby.request(table.table_id, Vote(sender, frame.vote_standin))
            return None
        case ActionFrame():
            answer = await lobby.request(table.table_id,
                                         Act(sender, _notation(table, frame.action)))
            return {"type": "ack", "seq": answer["seq"]}
        case UndoFrame():
            answer = await lobby.request(table.table_id, Undo(sender, frame.undo))
            return {"type": "ack", "seq": answer["seq"]}


def _notation(table: Table, action: str | Mapping[str, object]) -> str:
    """An action's notation, from its notation or from its JSON (``ValueError``
    naming what is wrong with it)."""
    if isinstance(action, str):
        return action
    try:
        return str(table.game.action_from_json(action))
    except GameError as exc:
        raise ValueError(f"action: {exc}") from None


async def _receive(socket: WebSocket) -> AnyClientFrame:
    """The client's next frame, read into its model; ``ValueError`` naming what is
    wrong, ``WebSocketDisconnect`` once the client is gone."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    raw = message.get("text")
    if not isinstance(raw, str):
        raise ValueError("a frame is text (a JSON object), not binary")
    if len(raw) > MAX_FRAME_CHARS:
        raise ValueError(f"a frame is at most {MAX_FRAME_CHARS} characters")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValueError(f"a frame is JSON: {exc.msg}") from exc
    except RecursionError:
        raise ValueError("a frame is JSON nested too deep to read") from None
    return read_frame(data)


async def _send(socket: WebSocket, watcher: Watcher) -> None:
    """The watcher's frames, sent in order until the client is gone or too slow to take
    them (then it is closed, at once, by the watcher's ``on_drop``: this send may be
    waiting for the client to read); after a ``closed`` frame, the connection is closed
    (1008, the frame's reason)."""
    with contextlib.suppress(TooSlow):
        while True:
            frame = await watcher.next()
            if not await _deliver(socket, frame):
                return
            if frame["type"] == "closed":
                await _close(socket, 1008, _reason(frame["reason"]))
                return


def _reason(text: str) -> str:
    """A close frame's reason: at most 123 bytes of UTF-8."""
    return text.encode()[:123].decode(errors="ignore")


async def _deliver(socket: WebSocket, frame: ServerFrame) -> bool:
    """``frame`` sent to the client; False if the client is gone (its connection lost,
    or closing: uvicorn and Starlette refuse a send then with ``RuntimeError``)."""
    try:
        await socket.send_text(encode(frame))
    except (WebSocketDisconnect, RuntimeError):
        return False
    return True


async def _close(socket: WebSocket, code: int, reason: str) -> None:
    """The connection closed with ``code`` and ``reason``, unless it is gone already."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await socket.close(code=code, reason=reason)


def encode(frame: ServerFrame) -> str:
    """A frame's JSON text, as compact as ``json.dumps`` with ``separators=(",", ":")``
    and ``ensure_ascii=False`` makes it, in a tenth of the time for a view frame (orjson;
    the send of every frame to every client weighs most in the server's time:
    docs/online.md, "What weighs")."""
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


def _same_host(socket: WebSocket, origin: str) -> bool:
    host = socket.headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")
