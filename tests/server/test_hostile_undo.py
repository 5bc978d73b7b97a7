"""Hostile clients and the undo (issue 35, item 5: "an undo of one's own last move where
the rules allow it and no one has seen new information").

A seat's person may take back their own last move while nobody else has moved since
and it brought no chance or hidden card into play (:mod:`bohnen.core.undo`, the
terminal's rule). Everything else is refused, naming why, the table exactly as it
was: another seat's step, a step the clock or a stand-in made, a step that turned up
cards, a stale step number, a spectator. An undo and an action sent at once are taken
one after the other. The undo is an entry of the log of its own, so a restart
rebuilds the game without the step, and a client that was away during an undo gets
the right log when it comes back with ``after``. Every test runs on SQLite and
PostgreSQL, over real sockets.
"""

from __future__ import annotations

import asyncio
import json
import random
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from bohnen.server.clock import Clock
from bohnen.server.frames import ClockJSON
from bohnen.server.logbase import Log, Logged
from bohnen.server.table import Reply, Table

from .seated import table_of
from .test_hostile_storage import run_cli
from .web import Served, call, join, people, served

Snapshot = tuple[int, list[int], object, list[Logged]]


def snapshot(server: Served, table_id: str) -> Snapshot:
    """The table as its owner keeps it: its last entry, its steps, its game, its log."""
    async def take() -> Snapshot:
        table = server.lobby.tables[table_id]
        return (table.seq, list(table.seqs), table.state.to_json(),
                server.lobby.log.entries(table_id))
    return server.run(take())


class Reader:
    """A client's connection and every frame it got, read in order by kind (a frame of
    one kind read does not hide the frames of other kinds that came before it)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.cursor: dict[str, int] = {}

    def send(self, frame: object) -> None:
        self.ws.send(json.dumps(frame))

    def until(self, *kinds: str, seq: int | None = None) -> dict[str, Any]:
        """The next frame of one of ``kinds`` (of entry ``seq``, if given) after the
        last one of them returned."""
        key = ",".join(kinds)
        index = self.cursor.get(key, 0)
        while True:
            while index >= len(self.frames):
                self.frames.append(json.loads(self.ws.recv(timeout=30)))
            frame = self.frames[index]
            index += 1
            if frame["type"] in kinds and (seq is None or frame.get("seq") == seq):
                self.cursor[key] = index
                return frame


def act(client: Reader, action: str) -> int:
    """``action`` sent; the step it became."""
    client.send({"action": action})
    seq: int = client.until("ack", "error")["seq"]
    return seq


def undo(client: Reader, step: int) -> dict[str, Any]:
    """An undo of ``step`` sent; the ``ack`` or ``error`` frame that answers it."""
    client.send({"undo": step})
    return client.until("ack", "error")


def view(client: Reader, seq: int) -> dict[str, Any]:
    """The view frame of the table after entry ``seq``."""
    return client.until("view", seq=seq)


def bohnanza(server: Served, stack: ExitStack) -> tuple[str, list[Reader], Reader]:
    """A practice table of Bohnanza (seed 5) of p0, p1 and p2: its id, a client of each
    seat (its first view read) and a spectator's."""
    made, tokens = people(server.base, "bohnanza", 3, seed=5)
    table_id = made["table"]
    seats = [Reader(join(stack, server.base, table_id, token)[0]) for token in tokens]
    spectator = Reader(join(stack, server.base, table_id, made["spectator"])[0])
    for ws in [*seats, spectator]:
        view(ws, 0)
    return table_id, seats, spectator


def test_a_planting_is_taken_back_for_every_client(db_url: str) -> None:
    with served(db_url) as server, ExitStack() as stack:
        table_id, seats, spectator = bohnanza(server, stack)
        start = snapshot(server, table_id)
        assert act(seats[0], "0: plant 0") == 1
        assert view(seats[0], 1)["undo"] == 1  # the server says the seat may
        assert view(seats[1], 1)["undo"] is None and view(spectator, 1)["undo"] is None
        assert undo(seats[0], 1) == {"type": "ack", "seq": 2}
        for ws in [*seats, spectator]:
            undone = ws.until("undone")
            assert (undone["seq"], undone["step"], undone["seat"]) == (2, 1, 0)
            now = view(ws, 2)
            assert now["undo"] is None and now["to_act"] == [0]
        seq, steps, state, _log = snapshot(server, table_id)
        assert (seq, steps, state) == (2, [], start[2])  # the game as it was at the start
        assert act(seats[0], "0: plant 0") == 3  # numbers never repeat


def test_only_ones_own_last_move_is_taken_back_and_further_back_under_the_rule(
        db_url: str) -> None:
    with served(db_url) as server, ExitStack() as stack:
        table_id, seats, _spectator = bohnanza(server, stack)
        start = snapshot(server, table_id)
        act(seats[0], "0: plant 0")
        act(seats[0], "0: harvest 0")
        before = snapshot(server, table_id)
        stale = undo(seats[0], 1)  # a click on a page that had not shown step 2
        assert stale["error"] == ("step 1 is not your last move (step 2 is): nothing was "
                                  "taken back")
        assert undo(seats[1], 2)["error"] == "you have made no move to take back"
        assert snapshot(server, table_id) == before  # exactly as it was
        assert undo(seats[0], 2)["seq"] == 3
        assert undo(seats[0], 1)["seq"] == 4  # pressed again: the move before it
        assert snapshot(server, table_id)[1:3] == ([], start[2])
        assert undo(seats[0], 1)["error"] == "you have made no move to take back"


def test_a_step_that_turned_up_cards_or_after_another_seat_is_not_taken_back(
        db_url: str) -> None:
    with served(db_url) as server, ExitStack() as stack:
        table_id, seats, spectator = bohnanza(server, stack)
        act(seats[0], "0: plant 0")
        act(seats[0], "0: end-planting")  # turns up two cards
        assert view(seats[0], 2)["undo"] is None
        before = snapshot(server, table_id)
        assert undo(seats[0], 2)["error"] == ("cannot take back end-planting: it drew or "
                                              "revealed cards")
        assert snapshot(server, table_id) == before
        act(seats[0], "0: pass")  # the floor to p1: nothing turned up
        assert view(seats[0], 3)["undo"] == 3
        act(seats[1], "1: pass")
        before = snapshot(server, table_id)
        assert undo(seats[0], 3)["error"] == "cannot take back: p1 has moved since"
        spectator.send({"undo": 4})
        assert spectator.until("error")["error"] == "a spectator makes no move"
        assert snapshot(server, table_id) == before
        assert undo(seats[1], 4)["seq"] == 5  # p1's own pass is p1's to take back


def test_a_move_the_clock_or_a_stand_in_made_is_not_the_persons_to_take_back(
        db_url: str) -> None:
    with served(db_url) as server, ExitStack() as stack:
        table_id, seats, _spectator = bohnanza(server, stack)
        table = server.lobby.tables[table_id]
        act(seats[0], "0: plant 0")
        # the clock's move for seat 0, through the path the clock takes
        reply: Reply = server.run(table.submit(0, "0: harvest 0", forced="clock",
                                               by_bot=True))
        assert reply.seq == 2
        before = snapshot(server, table_id)
        for step in (1, 2):
            assert undo(seats[0], step)["error"] == (
                "cannot take back: the clock or a stand-in has moved for you since")
        assert snapshot(server, table_id) == before
        assert view(seats[0], 2)["undo"] is None
        # a stand-in's move (a bot's, not forced) is no more the person's
        reply = server.run(table.submit(0, "0: plant 0", by_bot=True))
        assert reply.seq == 3
        assert undo(seats[0], 3)["error"] == (
            "cannot take back: the clock or a stand-in has moved for you since")
        assert snapshot(server, table_id)[0] == 3


def test_an_undo_racing_an_undo_and_an_action_is_taken_in_one_order(db_url: str) -> None:
    """Two undos of the same step and a move of the same seat reach the writer at
    once: one undo is taken, the other refused, the move checked against the table
    the undo left; every client ends with the same log and the same view as the
    owner."""
    with served(db_url) as server, ExitStack() as stack:
        table_id, seats, spectator = bohnanza(server, stack)
        table = server.lobby.tables[table_id]
        act(seats[0], "0: plant 0")

        async def race() -> list[Reply]:
            return list(await asyncio.gather(table.submit_undo(0, 1),
                                             table.submit_undo(0, 1),
                                             table.submit(0, "0: plant 0")))

        first, second, move = server.run(race())
        assert first.seq == 2 and move.seq == 3
        assert second.error == "you have made no move to take back"
        seq, steps, _state, entries = snapshot(server, table_id)
        assert (seq, steps) == (3, [3])
        assert [(e.seq, e.undoes) for e in entries] == [(1, None), (2, 1), (3, None)]
        for ws in [*seats, spectator]:  # each client's log, kept from its frames
            assert kept_steps(ws, 3) == [3]


def kept_steps(client: Reader, seq: int) -> list[int]:
    """The steps a client keeps from its frames (a step added, an ``undone`` step
    dropped), from its first frame to the view frame of entry ``seq``."""
    kept: list[int] = []
    if not any(f["type"] == "view" and f["seq"] == seq for f in client.frames):
        client.until("view", seq=seq)
    for frame in client.frames:
        if frame["type"] == "step":
            kept.append(frame["seq"])
        elif frame["type"] == "undone":
            assert kept[-1] == frame["step"], (kept, frame)
            kept.pop()
        elif frame["type"] == "view" and frame["seq"] == seq:
            return kept
    raise AssertionError(f"no view of entry {seq}")


def test_a_client_away_during_an_undo_gets_the_right_log_back(db_url: str) -> None:
    with served(db_url) as server, ExitStack() as stack:
        made, tokens = people(server.base, "bohnanza", 3, seed=5)
        table_id = made["table"]
        seat0 = Reader(join(stack, server.base, table_id, tokens[0])[0])
        away = ExitStack()
        ws, hello = join(away, server.base, table_id, tokens[1])
        seat1, token1 = Reader(ws), hello["token"]
        assert act(seat0, "0: plant 0") == 1
        assert kept_steps(seat1, 1) == [1]  # p1 saw step 1, then goes
        away.close()
        assert undo(seat0, 1)["seq"] == 2
        assert act(seat0, "0: plant 0") == 3
        assert act(seat0, "0: harvest 0") == 4
        assert undo(seat0, 4)["seq"] == 5  # a step p1 never saw, taken back
        back = join(stack, server.base, table_id, token1, after=1)[0]
        frames: list[dict[str, Any]] = []
        while not frames or frames[-1]["type"] != "view":
            frames.append(json.loads(back.recv(timeout=30)))
        assert [(f["type"], f["seq"]) for f in frames] == [
            ("undone", 2), ("step", 3), ("view", 5)]
        assert frames[0]["step"] == 1
        # from the start, nothing taken back is told: the game's steps alone
        fresh = Reader(join(stack, server.base, table_id, made["spectator"], after=0)[0])
        assert kept_steps(fresh, 5) == [3]
        assert frames[-1]["view"] == view_of(server, table_id, 1)


def view_of(server: Served, table_id: str, seat: int) -> object:
    async def take() -> object:
        return dict(server.lobby.tables[table_id].state.view(seat))
    return json.loads(json.dumps(server.run(take())))


def test_a_restart_after_an_undo_rebuilds_the_same_table(db_url: str) -> None:
    with served(db_url) as server, ExitStack() as stack:
        made, tokens = people(server.base, "bohnanza", 3, seed=5)
        table_id = made["table"]
        ws = Reader(join(stack, server.base, table_id, tokens[0])[0])
        act(ws, "0: plant 0")
        act(ws, "0: harvest 0")
        assert undo(ws, 2)["seq"] == 3
        kept = snapshot(server, table_id)
    with served(db_url) as server, ExitStack() as stack:
        assert snapshot(server, table_id) == kept
        table = server.lobby.tables[table_id]
        assert table.seqs == [1] and table.undos[3].undoes == 2
        ws = Reader(join(stack, server.base, table_id, tokens[0], after=0)[0])
        assert kept_steps(ws, 3) == [1]
        assert undo(ws, 1)["seq"] == 4  # the plant before it may be taken back now
        assert act(ws, "0: plant 0") == 5


@pytest.mark.postgres
def test_an_undo_sent_to_another_server_process_reaches_every_client(
        pg_url: str, tmp_path: Path) -> None:
    """Two server processes on one PostgreSQL: the undo sent to the process that does
    not keep the table is carried out by its owner, and the clients at both processes
    get the ``undone`` frame and the same view after it."""
    pytest.importorskip("psycopg")
    from .test_pg_servers import server as process

    with process(pg_url, tmp_path, "a") as (a, _), process(pg_url, tmp_path, "b") as (b, _), \
            ExitStack() as stack:
        made, tokens = people(a, "bohnanza", 3, seed=5)  # made at a: a keeps it
        table_id = made["table"]
        mover = Reader(join(stack, b, table_id, tokens[0])[0])
        watching = [Reader(join(stack, base, table_id, made["spectator"])[0])
                    for base in (a, b)]
        assert act(mover, "0: plant 0") == 1
        assert view(mover, 1)["undo"] == 1
        assert undo(mover, 1)["seq"] == 2
        assert act(mover, "0: plant 0") == 3
        views = [view(client, 3)["view"] for client in watching]
        assert views[0] == views[1]
        for client in [mover, *watching]:
            assert kept_steps(client, 3) == [3]


def test_the_clock_after_an_undo_is_as_if_the_move_was_not_made(log: Log) -> None:
    """Taking a move back gives no time: the seat's deadline and bank are those before
    the move, live and when derived again from the log (a restart)."""
    setup = {"clock": {"mode": "realtime", "per_move": 30, "bank": 100}}
    table = table_of(log, ["person"] * 3, seed=5, setup=setup)
    now = [1000.0]
    table.now = lambda: now[0]
    pool = ThreadPoolExecutor(1)
    clock = Clock.for_table(table, pool)
    assert clock is not None
    seen: list[ClockJSON] = []

    async def scenario() -> None:
        table.start()
        clock.attach()
        try:
            now[0] = 1010.0
            assert (await table.submit(0, "0: plant 0")).seq == 1
            seen.append(clock.to_json())
            now[0] = 1050.0  # 40 s: 10 past per_move, from the bank
            assert (await table.submit(0, "0: harvest 0")).seq == 2
            seen.append(clock.to_json())
            now[0] = 1060.0
            assert (await table.submit_undo(0, 2)).seq == 3
            seen.append(clock.to_json())
        finally:
            await clock.close()
            await table.stop()

    asyncio.run(scenario())
    pool.shutdown()
    after_plant, after_harvest, after_undo = seen
    assert after_plant["deadline"] == {"0": 1010.0 + 30 + 100}
    assert after_harvest["bank"] is not None and after_harvest["bank"]["0"] == 90.0
    assert after_undo == after_plant
    row = log.table("t1")
    assert row is not None
    again = Clock.for_table(Table.rebuild(log, row), ThreadPoolExecutor(1), now=1e12)
    assert again is not None and again.to_json() == after_plant


def test_the_replay_of_a_game_with_an_undo_is_the_game_without_the_step(
        db_url: str, tmp_path: Path) -> None:
    """A game played to its end with a move taken back: its record holds the game's
    steps alone, numbered as the replay's steps are, and ``bohnen replay`` opens it."""
    with served(db_url) as server, ExitStack() as stack:
        made, tokens = people(server.base, "bohnanza", 3, seed=5)
        table_id = made["table"]
        clients = [Reader(join(stack, server.base, table_id, token)[0]) for token in tokens]
        act(clients[0], "0: plant 0")
        assert undo(clients[0], 1)["seq"] == 2
        clients[1].send({"chat": "after the undo"})
        clients[1].until("chat")
        rng = random.Random(5)
        table = server.lobby.tables[table_id]
        while not table.state.is_over:
            async def move() -> Reply:
                seat = table.state.to_act()[0]
                legal = table.state.legal_actions(seat)
                return await table.submit(seat, str(legal[rng.randrange(len(legal))]))
            assert server.run(move()).ok
        status, record = call(server.base, "GET", f"/api/tables/{table_id}/replay")
        assert status == 200, record
        steps = len(table.seqs)
        assert table.seq == steps + 2  # the step taken back and its undo
        status, last = call(server.base, "GET", f"/api/tables/{table_id}/replay/{steps}")
        assert status == 200 and last["result"] is not None, last
    assert record["actions"] == [step["action"] for step in record["steps"]]
    assert [s["seq"] for s in record["steps"]] == list(range(1, steps + 1))
    assert record["chat"][0]["seq"] == 0  # said before the game's first step
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(record), encoding="utf-8")
    done = run_cli(["replay", str(saved)])
    assert done.returncode == 0, done.stderr
    assert "record OK (result checked)" in done.stdout
