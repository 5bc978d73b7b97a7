"""The clients of ``bench/load.py``: WebSocket clients (``websockets``' asyncio client,
all in one process) that play at a table of the online table or at a room of the echo,
and what they saw: each move sent and its ack, each ``step`` frame received (with the
time, ``time.perf_counter()``), the sizes of the frames."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

MAX_FRAME_BYTES = 1 << 20
CONNECT_SECONDS = 60.0
DRAIN_SECONDS = 3.0  # after the play, for the moves still under way
SAMPLES = 64  # frames of each type kept for the echo to send


@dataclass
class Record:
    """What the clients saw: each move sent (its room, mover, send time, seq and ack
    time), each step frame and each view frame received (room, seq, receiver, time),
    frame sizes."""

    moves: list[tuple[int, int, float, int, float]] = field(default_factory=list)
    receipts: list[tuple[int, int, int, float]] = field(default_factory=list)
    views: list[tuple[int, int, int, float]] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    sizes: dict[str, list[int]] = field(default_factory=dict)
    samples: dict[str, deque[str]] = field(default_factory=dict)
    last_seq: dict[int, int] = field(default_factory=dict)

    def frame(self, kind: str, raw: str) -> None:
        """A frame of type ``kind`` received: its size, and the frame itself among the
        last ``SAMPLES`` of its type."""
        self.sizes.setdefault(kind, []).append(len(raw))
        self.samples.setdefault(kind, deque(maxlen=SAMPLES)).append(raw)

    def step(self, room: int, seq: int, receiver: int, now: float) -> None:
        self.receipts.append((room, seq, receiver, now))
        self.last_seq[room] = max(seq, self.last_seq.get(room, 0))

    def view(self, room: int, seq: int, receiver: int, now: float) -> None:
        self.views.append((room, seq, receiver, now))


class Client:
    """One WebSocket client at a table: a person's seat (it plays) or a spectator."""

    def __init__(self, number: int, room: int, seat: int | None, url: str, hello: str,
                 think: tuple[float, float], rng: random.Random, record: Record) -> None:
        self.number, self.room, self.seat, self.url = number, room, seat, url
        self.hello = hello
        self.think = think
        self.rng = rng
        self.record = record
        self.ws: ClientConnection | None = None
        self.ready = asyncio.Event()
        self.playing = False
        self.in_flight: float | None = None  # when the move under way was sent
        self.timer: asyncio.TimerHandle | None = None
        self.reader: asyncio.Task[None] | None = None
        self.sending: set[asyncio.Task[None]] = set()

    async def open(self, compression: bool) -> None:
        self.ws = await connect(self.url, compression="deflate" if compression else None,
                                max_size=MAX_FRAME_BYTES, open_timeout=CONNECT_SECONDS, proxy=None)
        await self.ws.send(self.hello)
        self.reader = asyncio.create_task(self._read(self.ws))

    async def _read(self, ws: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in ws:
                now = time.perf_counter()
                assert isinstance(raw, str)
                self.on_frame(json.loads(raw), now, raw)

    def on_frame(self, frame: dict[str, Any], now: float, raw: str) -> None:
        raise NotImplementedError

    def start(self) -> None:
        self.playing = True

    def stop(self) -> None:
        self.playing = False
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def think_then(self, then: Any, *args: Any) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer = asyncio.get_running_loop().call_later(
            self.rng.uniform(*self.think), then, *args)

    def send(self, *texts: str) -> None:
        """Send this client's move (timed from now)."""
        self.in_flight = time.perf_counter()
        self.post(*texts)

    def post(self, *texts: str) -> None:
        """Send frames (not timed)."""
        assert self.ws is not None
        task = asyncio.create_task(self._send(self.ws, texts))
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    @staticmethod
    async def _send(ws: ClientConnection, texts: Sequence[str]) -> None:
        with contextlib.suppress(ConnectionClosed):
            for text in texts:
                await ws.send(text)

    async def close(self) -> None:
        self.stop()
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader


class Player(Client):
    """A client of the online table."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.view: dict[str, Any] | None = None
        self.floor = 0  # the seq a view must have reached for this seat to move again
        self.thinking_on = -1

    def on_frame(self, frame: dict[str, Any], now: float, raw: str) -> None:
        kind = frame.get("type")
        self.record.frame(str(kind), raw)
        if kind == "view":
            self.view = frame
            self.record.view(self.room, frame["seq"], self.number, now)
            self.ready.set()
        elif kind == "step":
            self.record.step(self.room, frame["seq"], self.number, now)
        elif kind in ("ack", "error") and self.in_flight is not None:
            if kind == "ack":
                self.record.moves.append((self.room, self.number, self.in_flight,
                                          frame["seq"], now))
                self.floor = frame["seq"]
            else:
                self.record.refused.append(str(frame.get("error")))
            self.in_flight = None
        self.consider()

    def start(self) -> None:
        super().start()
        self.consider()

    def consider(self) -> None:
        """Think about the latest view, if it is this seat's turn."""
        view = self.view
        if not self.playing or self.in_flight is not None or self.seat is None:
            return
        if (view is None or view["result"] is not None or view["seq"] < self.floor
                or self.seat not in view["to_act"] or not view["moves"]):
            self.stop_thinking()
            return
        if self.timer is None or self.thinking_on != view["seq"]:
            self.thinking_on = view["seq"]
            self.think_then(self.move, view["seq"])

    def stop_thinking(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def move(self, seq: int) -> None:
        self.timer = None
        view = self.view
        if not self.playing or self.in_flight is not None or view is None:
            return
        if view["seq"] != seq:
            self.consider()
            return
        move = self.rng.choice(view["moves"])
        self.send(json.dumps({"action": move["notation"]}))


class Echoer(Client):
    """A client of the echo. Its move is two frames, which the echo sends to every
    client of the room: a ``step`` frame and a ``view`` frame, each carrying (as
    ``body``) a frame of that type that the online table sent in the run before, so
    that the frames have the sizes, the make-up (and so the compression) and the
    parsing cost of the table's. The seats go round as at the table, the room's bot
    seats (its last ``bots``) too: the last person's client sends a bot seat's move as
    soon as the view frame saying it is the bot's turn comes back, as the table's bot
    moves as soon as it has thought (a move of nobody's, so not timed)."""

    def __init__(self, *args: Any, people: int, bots: int, bodies: dict[str, deque[str]],
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.people = people
        self.seats = people + bots
        self.bodies = bodies
        self.seq = 0

    def on_frame(self, frame: dict[str, Any], now: float, raw: str) -> None:
        kind = frame.get("type")
        self.record.frame(str(kind), raw)
        if kind == "hello" and frame.get("client") == self.number:
            self.ready.set()
        elif kind == "step":
            self.record.step(self.room, frame["seq"], self.number, now)
            if frame["seat"] == self.seat and self.in_flight is not None:
                self.record.moves.append((self.room, self.number, self.in_flight,
                                          frame["seq"], now))
                self.in_flight = None
        elif kind == "view":
            self.record.view(self.room, frame["seq"], self.number, now)
            self.seq = frame["seq"]
            if not self.playing:
                return
            if frame["next"] == self.seat:
                self.think_then(self.move)
            elif frame["next"] >= self.people and self.seat == self.people - 1:
                self.move_for_bot(frame["next"])

    def start(self) -> None:
        super().start()
        if self.seat == 0:
            self.think_then(self.move)

    def move(self) -> None:
        self.timer = None
        if not self.playing or self.seat is None:
            return
        self.send(*self.frames(self.seat))

    def move_for_bot(self, seat: int) -> None:
        self.post(*self.frames(seat))

    def frames(self, seat: int) -> tuple[str, str]:
        """A move of ``seat``: its step frame and its view frame."""
        seq = self.seq + 1
        step = (f'{{"type": "step", "seq": {seq}, "seat": {seat}, '
                f'"body": {self.body("step")}}}')
        view = (f'{{"type": "view", "seq": {seq}, "next": {(seat + 1) % self.seats}, '
                f'"body": {self.body("view")}}}')
        return step, view

    def body(self, kind: str) -> str:
        """One of the table's last frames of type ``kind`` (an empty object if none)."""
        frames = self.bodies.get(kind)
        return frames[self.rng.randrange(len(frames))] if frames else "{}"


async def connect_all(clients: Sequence[Client], compression: bool, at_once: int = 64
                      ) -> None:
    gate = asyncio.Semaphore(at_once)

    async def one(client: Client) -> None:
        async with gate:
            await client.open(compression)
            await asyncio.wait_for(client.ready.wait(), CONNECT_SECONDS)

    await asyncio.gather(*(one(client) for client in clients))


async def drain(clients: Sequence[Client]) -> None:
    """Wait for the moves under way to be answered and broadcast."""
    deadline = time.monotonic() + DRAIN_SECONDS
    while any(c.in_flight is not None for c in clients) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)
