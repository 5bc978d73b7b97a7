"""Load on the online table: many WebSocket clients at many tables, against a bare echo.

Run: ``python bench/load.py`` (the set-up of issue 24: 500 clients over 100 tables of
Bohnanza, 60 s of play), ``python bench/load.py --quick`` (a few clients for a few
seconds), ``--json`` for the report as JSON; ``--help`` for the rest.

1. Two servers are started, each its own process, on the loopback, on free ports: the
   online table, ``bohnen serve`` (uvicorn, :func:`bohnen.server.app.create_app`) on
   a fresh SQLite log in a temporary folder (committing as ``--synchronous`` says,
   by default as the server does: ``normal``); and a bare WebSocket echo
   (``bench/load_echo.py``: a Starlette app on uvicorn with the same settings) that
   sends each frame it gets to every client of the room.
2. The tables are set up through the HTTP API: a creator at seat 0, the other people
   joining by their invitations, bots (``--bot-tables``) at the last seats.
3. The clients connect to both (``websockets``' asyncio client, all in this process,
   with permessage-deflate as browsers ask): one per person's seat, the rest of each
   table's share of ``--clients`` as spectators; as many of each to the echo's rooms.
   Each server's memory is read with one table's clients connected and again with
   all of them connected and idle: the difference over the connections added is the
   memory per idle connection. Then this process's garbage collector is settled
   (:func:`settle_clients`; ``--unsettled-clients`` leaves it be), so that its pauses
   do not lengthen the times it measures.
4. Play, in ``--rounds`` turns that share ``--duration`` seconds for each server: the
   table's clients, then the echo's, so that whatever else the machine does weighs on
   both alike. At the table, a person whose seat the game waits on (``to_act`` of its
   latest ``view`` frame) thinks for a time drawn uniformly from ``--think``, then
   sends one of its ``moves`` at random (its notation). Bohnanza is played with
   turn-based trading, so one seat acts at a time (bots and proposals aside). A move's
   broadcast time is from the mover sending it to another client of the table (a seat
   or a spectator) receiving the ``step`` frame of its ``seq``; its view time, to that client
   receiving the first ``view`` frame of that ``seq`` or a later one (the table sends
   the views after every client's step frame); its ack time, to the mover receiving
   its ``ack``. At the echo, a mover sends a ``step`` frame and a ``view``
   frame, each carrying one of the table's own frames of that type (the same sizes,
   compression and parsing), with the same think times; the next seat moves when the
   view frame comes back; the sender's own copy of the step frame is its ack. A room
   of a table with bots has their seats too: when a bot seat's turn comes, the last
   person's client sends its move at once (not timed, as a bot's move at the table),
   so that both servers carry the same moves.

Both servers target only 127.0.0.1 and are stopped when the run ends (or fails). The
figures go to ``docs/online.md``. Never part of the test run (``--quick`` is: its
report's shape, not its timings, in ``tests/server/test_load_bench.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import datetime
import gc
import json
import math
import os
import platform
import random
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from load_clients import Client, Echoer, Player, Record, connect_all, drain

from bohnen.server.memory import YOUNG

HERE = Path(__file__).resolve().parent
LOOPBACK = "127.0.0.1"
GAME = "bohnanza"
OPTIONS = {"trading": "turn_based"}
START_SECONDS = 60.0  # for a server to answer once started
SPARE_CONNECTIONS = 100  # besides the clients': the set-up's requests, the probes
P99_TARGET_MS = 50.0
ECHO_FACTOR = 2.0


@dataclass(frozen=True)
class Settings:
    tables: int = 100
    clients: int = 500
    players: int = 4
    bot_tables: int = 50
    bots: int = 1
    bot: str = "heuristic"
    duration: float = 60.0
    think: tuple[float, float] = (0.25, 0.75)
    settle: float = 2.0
    rounds: int = 6
    seed: int = 1
    compression: bool = True
    settled_clients: bool = True  # this process's collector settled once all connect
    profile: Path | None = None
    db: str | None = None  # the server's --db (None: a fresh SQLite file)
    synchronous: str | None = None  # the server's --synchronous (None: its default)
    nice: int | None = None  # the scheduling priority of the run and its servers

    def people(self, table: int) -> int:
        return self.players - (self.bots if table < self.bot_tables else 0)

    def clients_at(self, table: int) -> int:
        share, extra = divmod(self.clients, self.tables)
        return share + (1 if table < extra else 0)


QUICK = Settings(tables=3, clients=15, bot_tables=1, duration=3.0, think=(0.05, 0.1),
                 settle=0.5, rounds=2)


# --- processes --------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
        return port


def rss_bytes(pid: int) -> int:
    """The resident memory of process ``pid`` (Linux: ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def _stat(pid: int) -> list[str]:
    """The fields of ``/proc/{pid}/stat`` after the command's name (state first)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat[stat.rindex(")") + 2:].split()


def cpu_seconds(pid: int) -> float:
    """User and system CPU time process ``pid`` and its children now alive (the bots'
    process pool) have used."""
    total = 0.0
    for member in [pid, *children(pid)]:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = _stat(member)
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def children(pid: int) -> list[int]:
    """The processes descended from ``pid``."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                parents[int(entry.name)] = int(_stat(int(entry.name))[1])
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        for child, its_parent in parents.items():
            if its_parent == parent:
                found.append(child)
                todo.append(child)
    return found


class Process:
    """A server started in its own process group; stopped (TERM, then KILL) on exit."""

    def __init__(self, command: Sequence[str], folder: Path, name: str) -> None:
        self.name = name
        self.errors = folder / f"{name}.stderr"
        with self.errors.open("wb") as errors:
            self.popen = subprocess.Popen(list(command), stdin=subprocess.DEVNULL,
                                          stdout=subprocess.DEVNULL, stderr=errors,
                                          start_new_session=True)

    @property
    def pid(self) -> int:
        return self.popen.pid

    def wait_listening(self, port: int) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.popen.poll() is not None:
                raise RuntimeError(f"the {self.name} stopped at start: {self.tail()}")
            with contextlib.suppress(OSError), socket.create_connection((LOOPBACK, port), 1):
                return
            time.sleep(0.05)
        raise RuntimeError(f"the {self.name} did not listen within {START_SECONDS:.0f} s")

    def tail(self) -> str:
        text = self.errors.read_text(errors="replace").strip()
        return text.splitlines()[-1] if text else "(nothing on stderr)"

    def stop(self) -> None:
        if self.popen.poll() is None:
            self.popen.terminate()
            try:
                self.popen.wait(10)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait(10)


@contextlib.contextmanager
def started(command: Sequence[str], folder: Path, name: str, port: int) -> Iterator[Process]:
    process = Process(command, folder, name)
    try:
        process.wait_listening(port)
        yield process
    finally:
        process.stop()


def server_command(db: str, port: int, synchronous: str | None = None,
                   clients: int = 0) -> list[str]:
    """``bohnen serve`` for ``clients`` clients, all from the loopback (one address:
    the per-client limit lifted to fit them, and the set-up's requests)."""
    connections = str(clients + SPARE_CONNECTIONS)
    return [sys.executable, "-m", "bohnen.cli", "serve", "--host", LOOPBACK,
            "--port", str(port), "--db", db, "--max-connections", connections,
            "--max-per-client", connections,
            # every table is set up from this one address, faster than a client may
            "--tables-per-minute", "10000", "--tables-burst", "10000",
            *(["--synchronous", synchronous] if synchronous is not None else [])]


def echo_command(port: int) -> list[str]:
    return [sys.executable, str(HERE / "load_echo.py"), "--port", str(port)]


# --- setting up the tables ----------------------------------------------------------------


def call(base: str, method: str, path: str, body: object = None) -> Any:
    """``method`` on ``path`` of the server with a JSON body; its JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://{base}{path}", data, method=method,
                                     headers={"Content-Type": "application/json"})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # the loopback
    try:
        with opener.open(request, timeout=30) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        raise RuntimeError(f"{method} {path}: {error.code} {error.read()[:200]!r}") from error


@dataclass(frozen=True)
class Seating:
    """One table (or echo room): its id, the tokens of its people's seats (by seat), a
    spectator's token, and how many clients watch it."""

    room: str
    people: dict[int, str]
    spectator: str
    clients: int


def set_up(base: str, settings: Settings) -> list[Seating]:
    """The tables, set up through the HTTP API."""
    rooms = []
    for index in range(settings.tables):
        people = settings.people(index)
        seats: list[dict[str, str]] = [{"kind": "me"}] + [{"kind": "open"}] * (people - 1)
        seats += [{"kind": "bot", "bot": settings.bot}] * (settings.players - people)
        made = call(base, "POST", "/api/tables",
                    {"game": GAME, "players": settings.players, "options": OPTIONS,
                     "seed": settings.seed + index, "practice": True, "name": "p0",
                     "seats": seats})
        tokens = {made["me"]["seat"]: made["me"]["token"]}
        for invitation in made["invitations"]:
            joined = call(base, "POST", f"/api/tables/{made['table']}/join",
                          {"name": f"p{invitation['seat']}",
                           "invitation": invitation["token"]})
            tokens[joined["seat"]] = joined["token"]
        rooms.append(Seating(made["table"], tokens, made["spectator"],
                             settings.clients_at(index)))
    return rooms


def echo_rooms(settings: Settings) -> list[Seating]:
    """The echo's rooms: as many as tables, the same people and spectators."""
    return [Seating(f"room{index}", dict.fromkeys(range(settings.people(index)), ""), "",
                    settings.clients_at(index)) for index in range(settings.tables)]


# --- one run ------------------------------------------------------------------------------


@dataclass
class Side:
    """One server under load (the online table or the echo), its clients and what
    they measured."""

    name: str
    process: Process
    groups: list[list[Client]]  # the clients of each table
    record: Record
    idle_bytes: float = math.nan
    seconds: float = 0.0
    server_cpu: float = 0.0
    client_cpu: float = 0.0

    @property
    def clients(self) -> list[Client]:
        return [client for group in self.groups for client in group]


def make_clients(settings: Settings, rooms: list[Seating], base: str, record: Record,
                 echo: dict[str, deque[str]] | None) -> list[list[Client]]:
    """The clients of each room: its people's seats, then spectators. The echo's
    clients send the frames the table's clients got (``echo``, by type)."""
    rng = random.Random(settings.seed)
    clients: list[list[Client]] = []
    number = 0
    for index, room in enumerate(rooms):
        seats: list[int | None] = list(room.people)
        seats += [None] * max(room.clients - len(seats), 0)
        group: list[Client] = []
        for seat in seats:
            url = f"ws://{base}/ws/{room.room}"
            args = (number, index, seat, url)
            child = random.Random(rng.getrandbits(64))
            if echo is None:
                token = room.people[seat] if seat is not None else room.spectator
                hello = json.dumps({"token": token, "after": 0, "chat_after": 0})
                group.append(Player(*args, hello, settings.think, child, record))
            else:
                hello = json.dumps({"type": "hello", "client": number})
                group.append(Echoer(*args, hello, settings.think, child, record,
                                    people=len(room.people),
                                    bots=settings.players - len(room.people), bodies=echo))
            number += 1
        clients.append(group)
    return clients


def settle_clients() -> None:
    """Once every client is connected, set this process's objects (the 1,000 clients,
    their connections) aside from the garbage collector and let its youngest generation
    grow to 20,000 objects, as ``bohnen serve`` settles its own (bohnen.server.memory):
    measured with CPython's settings, the collector paused this process up to 20 ms,
    60 times in a minute, lengthening the times it measures of either server."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)


async def connect_side(side: Side, settings: Settings) -> None:
    """Connect the side's clients: the first table's (the code paths warmed up), then
    the others; the server's memory read before and after these."""
    await connect_all(side.groups[0], settings.compression)
    await asyncio.sleep(settings.settle)
    before = rss_bytes(side.process.pid)
    rest = [client for group in side.groups[1:] for client in group]
    await connect_all(rest, settings.compression)
    await asyncio.sleep(settings.settle)
    if rest:
        side.idle_bytes = (rss_bytes(side.process.pid) - before) / len(rest)


async def play(side: Side, seconds: float, profile_to: Path | None = None) -> None:
    """The side's clients play for ``seconds``; then the moves under way end."""
    profiler = profile(side.process.pid, profile_to, seconds) if profile_to else None
    cpu, mine, start = cpu_seconds(side.process.pid), os.times(), time.perf_counter()
    for client in side.clients:
        client.start()
    await asyncio.sleep(seconds)
    for client in side.clients:
        client.stop()
    side.seconds += time.perf_counter() - start
    side.server_cpu += cpu_seconds(side.process.pid) - cpu
    after = os.times()
    side.client_cpu += after.user + after.system - mine.user - mine.system
    await drain(side.clients)
    if profiler is not None:
        profiler.wait(seconds + 60)


def profile(pid: int, path: Path, seconds: float) -> subprocess.Popen[bytes]:
    """py-spy sampling the server (idle time too) for ``seconds``, its stacks written
    to ``path`` (collapsed: one line per stack and its count)."""
    spy = shutil.which("py-spy")
    assert spy is not None
    return subprocess.Popen([spy, "record", "--pid", str(pid), "--duration",
                             str(max(1, round(seconds))), "--rate", "200", "--idle",
                             "--nonblocking", "--format", "raw", "--output", str(path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


# --- figures ------------------------------------------------------------------------------


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return math.nan
    return ordered[max(math.ceil(share * len(ordered)) - 1, 0)]


def times_ms(values: Sequence[float]) -> dict[str, float]:
    ms = [value * 1000 for value in values]
    return {"n": len(ms), "p50": percentile(ms, 0.50), "p99": percentile(ms, 0.99),
            "max": max(ms) if ms else math.nan}


def figures(run: Side) -> dict[str, Any]:
    """The figures of one side."""
    record = run.record
    sent = {(room, seq): (mover, t0) for room, mover, t0, seq, _ack in record.moves}
    broadcast = [now - sent[room, seq][1] for room, seq, receiver, now in record.receipts
                 if (room, seq) in sent and receiver != sent[room, seq][0]]
    acks = [ack - t0 for _room, _mover, t0, _seq, ack in record.moves]
    moves = sum(record.last_seq.values())
    return {"moves": moves, "moves_by_people": len(record.moves),
            "moves_per_second": moves / run.seconds, "refused": len(record.refused),
            "broadcast_ms": times_ms(broadcast), "view_ms": times_ms(view_times(record)),
            "ack_ms": times_ms(acks),
            "idle_bytes_per_connection": run.idle_bytes,
            "server_cpu_percent": 100 * run.server_cpu / run.seconds,
            "server_cpu_ms_per_move": 1000 * run.server_cpu / moves if moves else math.nan,
            "client_cpu_percent": 100 * run.client_cpu / run.seconds,
            "play_seconds": run.seconds, "pid": run.process.pid,
            "frame_chars": {kind: round(sum(v) / len(v)) for kind, v in
                            sorted(record.sizes.items())}}


def view_times(record: Record) -> list[float]:
    """For each move and each other client of its table, the time from the move sent
    to the first view frame showing it (of its step or a later one) received."""
    views: dict[tuple[int, int], list[tuple[int, float]]] = {}
    for room, seq, receiver, now in record.views:
        views.setdefault((room, receiver), []).append((seq, now))
    moves: dict[int, list[tuple[int, int, float]]] = {}
    for room, mover, t0, seq, _ack in record.moves:
        moves.setdefault(room, []).append((seq, mover, t0))
    times = []
    for (room, receiver), seen in views.items():
        index = 0
        for seq, mover, t0 in sorted(moves.get(room, [])):
            while index < len(seen) and seen[index][0] < seq:
                index += 1
            if index == len(seen):
                break
            if mover != receiver:
                times.append(seen[index][1] - t0)
    return times


def ratio(server: dict[str, Any], echo: dict[str, Any]) -> dict[str, float]:
    def over(key: str, part: str) -> float:
        bare = echo[key][part]
        return server[key][part] / bare if bare else math.nan

    return {"broadcast_p50": over("broadcast_ms", "p50"),
            "broadcast_p99": over("broadcast_ms", "p99"),
            "view_p50": over("view_ms", "p50"), "view_p99": over("view_ms", "p99"),
            "ack_p50": over("ack_ms", "p50"), "ack_p99": over("ack_ms", "p99")}


def report(settings: Settings, server: dict[str, Any], echo: dict[str, Any],
           load_before: Sequence[float]) -> dict[str, Any]:
    ratios = ratio(server, echo)
    people = sum(settings.people(t) for t in range(settings.tables))
    return {
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    "system": platform.platform(),
                    "load_average": {"before": [round(x, 2) for x in load_before],
                                     "after": [round(x, 2) for x in os.getloadavg()]},
                    "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")},
        "setup": {"game": GAME, "options": OPTIONS, "tables": settings.tables,
                  "clients": settings.clients, "players_per_table": settings.players,
                  "people": people, "spectators": settings.clients - people,
                  "bot_tables": settings.bot_tables,
                  "bots_per_bot_table": settings.bots if settings.bot_tables else 0,
                  "bot": settings.bot if settings.bot_tables else None,
                  "think_seconds": list(settings.think), "duration_seconds": settings.duration,
                  "rounds": settings.rounds,
                  "compression": settings.compression, "nice": settings.nice,
                  "settled_clients": settings.settled_clients,
                  "clients_frozen_objects": gc.get_freeze_count(),
                  "db": _db_kind(settings.db),
                  "synchronous": (None if _db_kind(settings.db) == "postgresql"
                                  else settings.synchronous or "normal")},
        "server": server, "echo": echo, "ratio": ratios,
        "target": {"p99_under_50_ms": server["broadcast_ms"]["p99"] < P99_TARGET_MS,
                   "within_2x_of_echo": ratios["broadcast_p99"] <= ECHO_FACTOR},
    }


def _db_kind(db: str | None) -> str:
    return ("postgresql" if db and "://" in db and not db.startswith("sqlite")
            else "sqlite")


def text(result: dict[str, Any]) -> str:
    setup, server, echo, ratios = (result["setup"], result["server"], result["echo"],
                                   result["ratio"])
    machine = result["machine"]
    lines = [
        f"{machine['date']}, {machine['cpus']} cores, Python {machine['python']}, "
        f"{machine['system']}; load average (1, 5, 15 min) "
        f"{machine['load_average']['before']} before, {machine['load_average']['after']} after",
        f"{setup['tables']} tables of {setup['game']} ({setup['players_per_table']} seats, "
        f"{setup['bot_tables']} with {setup['bots_per_bot_table']} {setup['bot'] or 'bot'} "
        f"seat(s)), {setup['clients']} clients ({setup['people']} people, "
        f"{setup['spectators']} spectators), think {setup['think_seconds'][0]}-"
        f"{setup['think_seconds'][1]} s, {setup['duration_seconds']:g} s of play each in "
        f"{setup['rounds']} turns, nice {setup['nice'] or 0}, log {setup['db']}"
        f"{' (synchronous ' + setup['synchronous'] + ')' if setup['synchronous'] else ''}, "
        f"compression {'on' if setup['compression'] else 'off'}, clients' collector "
        f"{'settled' if setup['settled_clients'] else 'as CPython sets it'}",
        "",
        f"{'':38}{'server':>12}{'echo':>12}{'ratio':>8}",
    ]

    def row(label: str, a: float, b: float, r: float | None = None, fmt: str = ".1f") -> None:
        tail = f"{r:>8.2f}" if r is not None else ""
        lines.append(f"{label:38}{a:>12{fmt}}{b:>12{fmt}}{tail}")

    row("moves", server["moves"], echo["moves"], fmt=".0f")
    row("moves per second", server["moves_per_second"], echo["moves_per_second"])
    for key, name in (("broadcast_ms", "broadcast"), ("view_ms", "view"), ("ack_ms", "ack")):
        for part in ("p50", "p99"):
            row(f"{name} {part} (ms)", server[key][part], echo[key][part],
                ratios.get(f"{name}_{part}"))
        row(f"{name} max (ms)", server[key]["max"], echo[key]["max"])
    row("memory per idle connection (KiB)", server["idle_bytes_per_connection"] / 1024,
        echo["idle_bytes_per_connection"] / 1024)
    row("server CPU, bots' too (% of a core)", server["server_cpu_percent"],
        echo["server_cpu_percent"])
    row("server CPU per move, bots' too (ms)", server["server_cpu_ms_per_move"],
        echo["server_cpu_ms_per_move"], fmt=".2f")
    row("clients' CPU (% of a core)", server["client_cpu_percent"],
        echo["client_cpu_percent"])
    target = result["target"]
    lines += ["", f"moves refused: {server['refused']}; frame sizes (characters): "
              f"{server['frame_chars']}",
              f"target p99 < {P99_TARGET_MS:.0f} ms: "
              f"{'met' if target['p99_under_50_ms'] else 'NOT met'}; within "
              f"{ECHO_FACTOR:g}x of the echo's p99: "
              f"{'met' if target['within_2x_of_echo'] else 'NOT met'}"]
    return "\n".join(lines)


# --- the whole run ------------------------------------------------------------------------


async def bench(settings: Settings) -> dict[str, Any]:
    """Both servers started, the tables set up, every client connected to both; then
    ``rounds`` turns of play, the table's clients then the echo's, so that whatever
    else the machine does weighs on both alike."""
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bohnen-load-") as tmp, \
            contextlib.ExitStack() as stack:
        folder = Path(tmp)
        port, echo_port = free_port(), free_port()
        base, echo_base = f"{LOOPBACK}:{port}", f"{LOOPBACK}:{echo_port}"
        server_process = stack.enter_context(started(
            server_command(settings.db or str(folder / "tables.sqlite"), port,
                           settings.synchronous, settings.clients), folder,
            "server", port))
        echo_process = stack.enter_context(started(
            echo_command(echo_port), folder, "echo", echo_port))
        record, echo_record = Record(), Record()
        server = Side("server", server_process,
                      make_clients(settings, set_up(base, settings), base, record, None),
                      record)
        echo = Side("echo", echo_process,
                    make_clients(settings, echo_rooms(settings), echo_base, echo_record,
                                 record.samples), echo_record)
        try:
            await connect_side(server, settings)
            await connect_side(echo, settings)
            if settings.settled_clients:
                settle_clients()
            turn = settings.duration / settings.rounds
            for index in range(settings.rounds):
                await play(server, turn, settings.profile if index == 0 else None)
                await play(echo, turn)
        finally:
            await asyncio.gather(*(c.close() for c in server.clients + echo.clients),
                                 return_exceptions=True)
    return report(settings, figures(server), figures(echo), load_before)


def settings_from(args: argparse.Namespace) -> Settings:
    base = QUICK if args.quick else Settings()
    chosen = {name: getattr(args, name) for name in
              ("tables", "clients", "players", "bot_tables", "bots", "bot", "duration",
               "rounds", "seed") if getattr(args, name) is not None}
    if args.think is not None:
        chosen["think"] = tuple(args.think)
    settings = dataclasses.replace(base, **chosen, compression=not args.no_compression,
                                   settled_clients=not args.unsettled_clients,
                                   profile=args.profile, db=args.db, nice=args.nice,
                                   synchronous=args.synchronous)
    check(settings)
    return settings


def check(settings: Settings) -> None:
    """``ValueError`` naming a set-up that cannot run."""
    if settings.tables < 1:
        raise ValueError("--tables: at least 1")
    if not 3 <= settings.players <= 5:
        raise ValueError(f"--players: {GAME} is played by 3 to 5")
    if not 0 <= settings.bot_tables <= settings.tables:
        raise ValueError("--bot-tables: between 0 and --tables")
    if settings.bot_tables and not 1 <= settings.bots < settings.players:
        raise ValueError("--bots: at least 1, and fewer than --players")
    fewest = min(settings.clients_at(t) for t in range(settings.tables))
    most_people = max(settings.people(t) for t in range(settings.tables))
    if fewest < most_people:
        raise ValueError(f"--clients {settings.clients}: too few for {settings.tables} "
                         f"tables of {most_people} people")
    low, high = settings.think
    if not 0 <= low <= high:
        raise ValueError("--think LOW HIGH: 0 <= LOW <= HIGH seconds")
    if settings.duration <= 0 or settings.duration > 3600:
        raise ValueError("--duration: more than 0 and at most 3600 seconds")
    if not 1 <= settings.rounds <= 100:
        raise ValueError("--rounds: 1 to 100")
    if settings.nice is not None and not -20 <= settings.nice <= 19:
        raise ValueError("--nice: -20 to 19")
    if settings.synchronous is not None and _db_kind(settings.db) == "postgresql":
        raise ValueError("--synchronous is a setting of an SQLite log")
    if settings.profile is not None and shutil.which("py-spy") is None:
        raise ValueError("--profile needs py-spy (pip install py-spy)")


def raise_file_limit(clients: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = clients + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        top = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (top, hard))


def parser() -> argparse.ArgumentParser:
    default = Settings()
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true",
                   help=f"a short run: {QUICK.clients} clients at {QUICK.tables} tables, "
                        f"{QUICK.duration:g} s of play")
    p.add_argument("--tables", type=int, help=f"tables (default {default.tables})")
    p.add_argument("--clients", type=int,
                   help=f"clients, spread evenly over the tables: a seat's person each, "
                        f"the rest spectators (default {default.clients})")
    p.add_argument("--players", type=int, help=f"seats at a table (default {default.players})")
    p.add_argument("--bot-tables", type=int,
                   help=f"tables with bots at their last seats (default {default.bot_tables})")
    p.add_argument("--bots", type=int,
                   help=f"bot seats at such a table (default {default.bots})")
    p.add_argument("--bot", help=f"the bots' spec (default {default.bot})")
    p.add_argument("--duration", type=float,
                   help=f"seconds of play of each server (default {default.duration:g})")
    p.add_argument("--rounds", type=int,
                   help=f"turns of play, the table then the echo, sharing the duration "
                        f"(default {default.rounds})")
    p.add_argument("--think", type=float, nargs=2, metavar=("LOW", "HIGH"),
                   help=f"a person's think time, uniform in seconds (default "
                        f"{default.think[0]:g} {default.think[1]:g})")
    p.add_argument("--seed", type=int, help="the tables' seeds and the players' choices")
    p.add_argument("--no-compression", action="store_true",
                   help="no permessage-deflate (browsers ask for it; on by default)")
    p.add_argument("--unsettled-clients", action="store_true",
                   help="leave this process's garbage collector as CPython sets it (runs "
                        "before 2026-11-27 did): its pauses then lengthen the times "
                        "measured")
    p.add_argument("--profile", type=Path, metavar="FILE",
                   help="sample the server with py-spy during the play (collapsed stacks)")
    p.add_argument("--db", metavar="URL",
                   help="the server's log, as bohnen serve --db takes it (default: a fresh "
                        "SQLite file in a temporary folder); its tables are left there")
    p.add_argument("--synchronous", choices=("normal", "full"),
                   help="the server's --synchronous: what a move written to its SQLite "
                        "log survives (default: the server's, normal)")
    p.add_argument("--nice", type=int, metavar="N",
                   help="run this process and both servers at scheduling priority N "
                        "(-20 to 19; below 0 needs root): on a machine busy with other "
                        "work, the run weighs more than that work")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        settings = settings_from(args)
    except ValueError as exc:
        print(f"bohnen: error: {exc}", file=sys.stderr)
        return 2
    raise_file_limit(settings.clients)
    if settings.nice is not None:
        try:  # the servers started later inherit it
            os.setpriority(os.PRIO_PROCESS, 0, settings.nice)
        except PermissionError:
            print(f"bohnen: error: --nice {settings.nice}: not allowed to this user",
                  file=sys.stderr)
            return 2
    result = asyncio.run(bench(settings))
    print(json.dumps(result, indent=1) if args.json else text(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
