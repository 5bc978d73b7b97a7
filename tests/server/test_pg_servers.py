"""Several server processes on one PostgreSQL (issue 24, "Scale"): two uvicorn
processes on the loopback share the session's PostgreSQL. The clients of one table,
connected some to the process that keeps it and some to the other, see the same steps
in the same order; an action sent to the other process is forwarded to the owner and
applied once; and when the owner is killed (SIGKILL) the other process adopts the
table, the clients that were on the dead process come back to the living one, and
the game goes on with no acknowledged step lost."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from bohnen.core import get_game
from bohnen.core.protocol import AnyState

psycopg = pytest.importorskip("psycopg", reason="PostgreSQL tests need psycopg: pip install "
                    "-e '.[postgres]'")

from bohnen.server.pg import PgLog  # noqa: E402  (needs psycopg)

from .web import call, people  # noqa: E402

pytestmark = pytest.mark.postgres

LEASE = 1.0  # seconds after which a killed process's tables are adopted
WAIT = 30.0  # the bound of every wait

SERVER = textwrap.dedent("""
    import sys
    from bohnen.server.app import create_app
    from bohnen.server.connections import run
    from bohnen.server.limits import Limits

    app = create_app(sys.argv[1], lease=float(sys.argv[3]))
    run(app, "127.0.0.1", int(sys.argv[2]), Limits())
""")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(url: str, folder: Path, name: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A server process on the loopback for the block: its address and its process."""
    port = _free_port()
    with (folder / f"{name}.log").open("wb") as output:
        process = subprocess.Popen([sys.executable, "-c", SERVER, url, str(port), str(LEASE)],
                                   stdout=output, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL)
    base = f"127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + WAIT
        while True:
            assert process.poll() is None, (folder / f"{name}.log").read_text()
            try:
                with urllib.request.urlopen(f"http://{base}/api/tables", timeout=5):
                    break
            except OSError:
                assert time.monotonic() < deadline, f"server {name} did not start"
                time.sleep(0.05)
        yield base, process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=WAIT)


class Client:
    """A WebSocket client of a table, keeping every step frame it gets."""

    def __init__(self, stack: ExitStack, base: str, table: str, token: str,
                 after: int = 0) -> None:
        self.ws: ClientConnection = stack.enter_context(
            connect(f"ws://{base}/ws/{table}", open_timeout=WAIT))
        self.ws.send(json.dumps({"token": token, "after": after}))
        self.steps: list[dict[str, Any]] = []
        assert self.next("hello")["table"] == table

    def next(self, *kinds: str) -> dict[str, Any]:
        """The next frame of one of ``kinds``; the step frames on the way are kept."""
        while True:
            frame: dict[str, Any] = json.loads(self.ws.recv(timeout=WAIT))
            if frame["type"] == "step":
                self.steps.append(frame)
            if frame["type"] in kinds:
                return frame

    def until(self, seq: int) -> list[dict[str, Any]]:
        while not self.steps or self.steps[-1]["seq"] < seq:
            self.next("step")
        return self.steps


def _move(state: AnyState, rng: random.Random) -> tuple[int, str]:
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    return seat, str(legal[rng.randrange(len(legal))])


def _play(state: AnyState, seats: dict[int, Client], moves: int, rng: random.Random,
          acked: list[tuple[int, int, str]]) -> None:
    """``moves`` moves, each sent by its seat's client and acknowledged."""
    game = get_game("bohnanza")
    for _ in range(moves):
        seat, text = _move(state, rng)
        seats[seat].ws.send(json.dumps({"action": text}))
        answer = seats[seat].next("ack", "error")
        assert answer["type"] == "ack", answer
        acked.append((answer["seq"], seat, text))
        state.apply(game.parse_action(text))


def _table(base: str) -> tuple[str, list[str], str, AnyState]:
    """A Bohnanza table of four people set up at ``base``: its id, the seats' tokens,
    the spectator's, and the game as it starts."""
    made, tokens = people(base, "bohnanza", 4, seed=5)
    game = get_game("bohnanza")
    return made["table"], tokens, made["spectator"], game.new_game(game.options(4), 5)


def _owner(url: str, table: str) -> int:
    """The process id of the server process keeping the table."""
    with psycopg.connect(url) as db:
        row = db.execute("SELECT node FROM owners WHERE table_id = %s", (table,)).fetchone()
    assert row is not None
    return int(row[0].split(":")[-2])


def test_clients_at_two_servers_see_one_table_and_act_once(pg_url: str,
                                                           tmp_path: Path) -> None:
    with server(pg_url, tmp_path, "a") as (a, process_a), \
            server(pg_url, tmp_path, "b") as (b, _), ExitStack() as stack:
        table, tokens, spectator, state = _table(a)  # made at a: a keeps it
        assert _owner(pg_url, table) == process_a.pid
        where = {0: a, 1: b, 2: a, 3: b}
        seats = {seat: Client(stack, where[seat], table, tokens[seat]) for seat in range(4)}
        watching = [Client(stack, a, table, spectator), Client(stack, b, table, spectator)]
        # an action of another seat sent to b: the owner's refusal comes back, nothing done
        seat, text = _move(state, random.Random(0))
        other = seats[3 if seat != 3 else 1]
        other.ws.send(json.dumps({"action": text}))
        refusal = other.next("ack", "error")
        assert refusal["type"] == "error" and "you are seat" in refusal["error"], refusal
        acked: list[tuple[int, int, str]] = []
        _play(state, seats, 60, random.Random(8), acked)
        assert _owner(pg_url, table) == process_a.pid
        assert [seq for seq, _, _ in acked] == list(range(1, 61))
        assert sum(1 for _, seat, _ in acked if where[seat] == b) >= 10  # forwarded
        log = PgLog(pg_url)
        assert [(a.seq, a.seat, a.action) for a in log.actions(table)] == acked  # once each
        log.close()
        at_a, at_b = (client.until(60) for client in watching)
        assert at_a == at_b and [f["seq"] for f in at_a] == list(range(1, 61))
        for client in seats.values():
            steps = client.until(60)
            assert [(f["seq"], f["seat"]) for f in steps] == [(s, t) for s, t, _ in acked]
        # the same seat sees the same frames at either process: seat 0 comes to b
        again = Client(stack, b, table, tokens[0])
        assert again.until(60) == seats[0].steps[:60]


def test_when_the_owner_is_killed_the_other_server_takes_the_table_over(
        pg_url: str, tmp_path: Path) -> None:
    with server(pg_url, tmp_path, "a") as (a, process_a), \
            server(pg_url, tmp_path, "b") as (b, process_b), ExitStack() as stack:
        table, tokens, _, state = _table(a)
        with ExitStack() as on_a:
            seats = {seat: Client(on_a if seat % 2 == 0 else stack, a if seat % 2 == 0 else b,
                                  table, tokens[seat]) for seat in range(4)}
            acked: list[tuple[int, int, str]] = []
            rng = random.Random(9)
            _play(state, seats, 25, rng, acked)
            os.kill(process_a.pid, signal.SIGKILL)
            process_a.wait(timeout=WAIT)
        # the seats that were on a come back to b, from the last step they had
        had = {seat: len(seats[seat].steps) for seat in range(4)}
        for seat in (0, 2):
            seats[seat] = Client(stack, b, table, tokens[seat], after=had[seat])
        _play(state, seats, 25, rng, acked)  # b adopted the table: the game goes on
        assert _owner(pg_url, table) == process_b.pid
        assert [seq for seq, _, _ in acked] == list(range(1, 51))
        log = PgLog(pg_url)
        assert [(a.seq, a.seat, a.action) for a in log.actions(table)] == acked
        log.close()
        for seat, client in seats.items():
            start = had[seat] if seat in (0, 2) else 0
            assert [f["seq"] for f in client.until(50)] == list(range(start + 1, 51))


def test_the_lobby_and_the_chat_work_at_either_server(pg_url: str, tmp_path: Path) -> None:
    with server(pg_url, tmp_path, "a") as (a, _), server(pg_url, tmp_path, "b") as (b, _), \
            ExitStack() as stack:
        status, made = call(a, "POST", "/api/tables", {
            "game": "ndb", "players": 3, "name": "Ada",
            "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]})
        assert status == 200
        table = made["table"]
        deadline = time.monotonic() + WAIT  # b lists a's table once a's notice came
        while table not in [t["table"] for t in call(b, "GET", "/api/tables")[1]["open"]]:
            assert time.monotonic() < deadline, "b never listed a's table"
            time.sleep(0.05)
        ada = Client(stack, a, table, made["me"]["token"])
        status, bea = call(b, "POST", f"/api/tables/{table}/join",  # forwarded to a
                           {"name": "Bea", "invitation": made["invitations"][0]["token"]})
        assert status == 200 and bea["seat"] == 1
        status, answer = call(b, "POST", f"/api/tables/{table}/join", {
            "name": "Cy", "invitation": made["invitations"][0]["token"]})
        assert status == 403 and "used or revoked" in answer["detail"]
        watcher = Client(stack, b, table, made["spectator"])
        seats = watcher.next("seats")
        while seats["seats"][1]["name"] != "Bea":
            seats = watcher.next("seats")
        bea_client = Client(stack, b, table, bea["token"])
        bea_client.ws.send(json.dumps({"chat": "hello from b"}))
        line = ada.next("chat")
        assert (line["name"], line["text"], line["n"]) == ("Bea", "hello from b", 1)
        assert watcher.next("chat")["text"] == "hello from b"
