"""The processes sharing one PostgreSQL (issue 24, "Scale"), at the cluster's interface:
a table kept by the process that made it; a request sent to another process carried
out once by the owner and answered; the log's notices passed on to the processes that
do not keep the table; the tables of a process that stops, or whose heartbeat is too
old, adopted by the others; requests to a table nobody keeps answered by the process
that takes it up; a request nobody takes withdrawn with a clear message. Two clusters
in one event loop stand for two processes (each with its own connections); the
uvicorn processes are in test_pg_servers.py."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import pytest

from bohnen.server.cluster import Change, NoAnswer
from bohnen.server.logbase import LogConflict
from bohnen.server.requests import Act, AnyRequest, Chat, Reply, Sender, request_json

psycopg = pytest.importorskip("psycopg", reason="PostgreSQL tests need psycopg: pip install "
                              "-e '.[postgres]'")

from bohnen.server.pg import CHANNEL, PgLog  # noqa: E402  (needs psycopg)
from bohnen.server.pg_cluster import PgCluster  # noqa: E402

pytestmark = pytest.mark.postgres

LEASE = 1.0  # seconds: short, so that adoption after a lease comes soon
WAIT = 30.0  # the bound of any wait of these tests


class Recorder:
    """A host that records what its cluster asked of it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.adopted: list[str] = []
        self.released: list[str] = []
        self.handled: list[tuple[str, AnyRequest]] = []
        self.changes: list[Change] = []

    async def adopt(self, table_id: str) -> None:
        self.adopted.append(table_id)

    async def release(self, table_id: str) -> None:
        self.released.append(table_id)

    async def handle(self, table_id: str, request: AnyRequest) -> Reply:
        self.handled.append((table_id, request))
        if isinstance(request, Chat) and request.text == "fail":
            raise RuntimeError("the request broke")
        return {"by": self.name, "echo": request_json(request)}

    async def changed(self, change: Change) -> None:
        self.changes.append(change)


async def until(check: Callable[[], bool | Awaitable[bool]], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while True:
        outcome = check()
        if outcome if isinstance(outcome, bool) else await outcome:
            return
        assert time.monotonic() < deadline, f"never: {what}"
        await asyncio.sleep(0.02)


def _said(text: str) -> Chat:
    """A spectator's chat line: a request as any other."""
    return Chat(Sender(None, 0, ""), text)


def run(url: str, scenario: Callable[[str], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(asyncio.wait_for(scenario(url), 3 * WAIT))


async def node(url: str, name: str, answer_seconds: float = WAIT
               ) -> tuple[PgCluster, Recorder, PgLog]:
    log = PgLog(url)
    cluster = PgCluster(log, name, LEASE, answer_seconds)
    host = Recorder(name)
    await cluster.start(host)
    return cluster, host, log


def ghost(url: str, table_id: str, seen: str = "now() - interval '1 hour'") -> None:
    """A table kept by a node that is gone (or, with seen now(), one that says it is
    live and answers nothing)."""
    free = PgLog(url)  # not in the cluster: no fence
    free.create(table_id, "bohnanza", {}, 1)
    free.close()
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f"INSERT INTO nodes (node, seen) VALUES ('ghost-{table_id}', {seen})")
        db.execute("INSERT INTO owners (table_id, node) VALUES (%s, %s)",
                   (table_id, f"ghost-{table_id}"))


def test_a_request_at_another_process_is_carried_out_once_by_the_owner(pg_url: str) -> None:
    async def scenario(url: str) -> None:
        a, host_a, log_a = await node(url, "a")
        b, host_b, log_b = await node(url, "b")
        assert await a.claim("t1") and a.owns("t1") and not b.owns("t1")
        log_a.create("t1", "bohnanza", {}, 1)
        assert not await b.claim("t1")  # a live process keeps it
        requests = [_said(str(k)) for k in range(12)]
        answers = await asyncio.gather(*(b.call("t1", r) for r in requests))
        assert answers == [{"by": "a", "echo": request_json(r)} for r in requests]
        assert sorted(int(r.text) for _, r in host_a.handled  # each once, as it was sent
                      if isinstance(r, Chat)) == list(range(12))
        assert host_b.handled == []
        here = Act(Sender(1, 2, "n"), "1: pass")
        assert await a.call("t1", here) == {"by": "a", "echo": request_json(here)}
        with pytest.raises(NoAnswer, match="failed to carry out the request: the request "
                                           "broke"):
            await b.call("t1", _said("fail"))
        with pytest.raises(LookupError, match="there is no table nowhere"):
            await b.call("nowhere", _said("?"))
        with psycopg.connect(url) as db:  # every answer collected
            assert db.execute("SELECT count(*) FROM inbox").fetchone() == (0,)
        for cluster in (a, b):
            await cluster.stop()
        log_a.close()
        log_b.close()

    run(pg_url, scenario)


def test_the_logs_notices_reach_the_processes_that_do_not_keep_the_table(
        pg_url: str) -> None:
    async def scenario(url: str) -> None:
        a, host_a, log_a = await node(url, "a")
        b, host_b, log_b = await node(url, "b")
        await a.claim("t1")
        log_a.create("t1", "bohnanza", {}, 1)
        log_a.append("t1", 1, 0, "0: plant 0")
        log_a.say("t1", 0, "Ada", "hi", 1, 0.0)
        log_a.finish("t1")
        wanted = [Change("t1", "new"), Change("t1", "step", 1), Change("t1", "chat", 1),
                  Change("t1", "over")]
        await until(lambda: host_b.changes == wanted, f"b hears {wanted}")
        assert host_a.changes == []  # a keeps the table: nothing to catch up
        for cluster in (a, b):
            await cluster.stop()
        log_a.close()
        log_b.close()

    run(pg_url, scenario)


def test_the_tables_of_a_process_that_stops_are_adopted_at_once(pg_url: str) -> None:
    async def scenario(url: str) -> None:
        a, _, log_a = await node(url, "a")
        b, host_b, log_b = await node(url, "b")
        for table_id in ("t1", "t2"):
            await a.claim(table_id)
            log_a.create(table_id, "bohnanza", {}, 1)
        log_a.finish("t2")
        await a.stop()
        await until(lambda: b.owns("t1"), "b adopts t1")
        assert host_b.adopted == ["t1"]  # a finished table waits until it is asked for
        log_b.append("t1", 1, 0, "0: plant 0")  # b writes it now: the fence lets it
        with pytest.raises(LogConflict, match="kept by another server process"):
            log_a.append("t1", 2, 0, "0: plant 0")
        assert await b.call("t2", _said("gg")) == {"by": "b", "echo": request_json(_said("gg"))}
        assert host_b.adopted == ["t1", "t2"]
        await b.stop()
        log_a.close()
        log_b.close()

    run(pg_url, scenario)


def test_the_tables_of_a_silent_process_are_adopted_after_its_lease(pg_url: str) -> None:
    async def scenario(url: str) -> None:
        ghost(url, "t1")
        ghost(url, "t2")
        b, host_b, log_b = await node(url, "b")  # its share of the orphans: all of them
        assert sorted(host_b.adopted) == ["t1", "t2"] and b.owns("t1") and b.owns("t2")
        ghost(url, "t3")  # gone while b runs: adopted at a heartbeat
        await until(lambda: b.owns("t3"), "b adopts t3")
        await b.stop()
        log_b.close()

    run(pg_url, scenario)


def test_requests_left_while_nobody_kept_the_table_are_answered_by_the_next_owner(
        pg_url: str) -> None:
    async def scenario(url: str) -> None:
        ghost(url, "t1", seen="now()")  # says it is live: b forwards to it
        b, host_b, log_b = await node(url, "b")
        asking = asyncio.ensure_future(b.call("t1", _said("1")))
        with psycopg.connect(url, autocommit=True) as db:
            await until(lambda: db.execute("SELECT count(*) FROM inbox").fetchone() == (1,),
                        "the request is in the inbox")
            db.execute("UPDATE nodes SET seen = now() - interval '1 hour'")  # it dies
        assert await asking == {"by": "b", "echo": request_json(_said("1"))}
        assert host_b.adopted == ["t1"] and host_b.handled == [("t1", _said("1"))]
        await b.stop()
        log_b.close()

    run(pg_url, scenario)


def test_a_request_nobody_takes_is_withdrawn_with_a_message(pg_url: str) -> None:
    async def scenario(url: str) -> None:
        ghost(url, "t1", seen="now() + interval '1 hour'")  # "live", and mute
        b, host_b, log_b = await node(url, "b", answer_seconds=0.5)
        with pytest.raises(NoAnswer, match=r"did not answer in 0\.5 s; it was not carried out"):
            await b.call("t1", _said("1"))
        with psycopg.connect(url) as db:
            assert db.execute("SELECT count(*) FROM inbox").fetchone() == (0,)
        assert host_b.handled == []
        await b.stop()
        log_b.close()

    run(pg_url, scenario)


def test_a_process_lets_go_of_a_table_another_took(pg_url: str) -> None:
    async def scenario(url: str) -> None:
        a, host_a, log_a = await node(url, "a")
        await a.claim("t1")
        log_a.create("t1", "bohnanza", {}, 1)
        with psycopg.connect(url, autocommit=True) as db:  # a live process took it
            db.execute("INSERT INTO nodes VALUES ('elsewhere', now() + interval '1 hour')")
            db.execute("UPDATE owners SET node = 'elsewhere' WHERE table_id = 't1'")
        await until(lambda: not a.owns("t1"), "a lets go of t1")
        assert host_a.released == ["t1"]
        await a.stop()
        log_a.close()

    run(pg_url, scenario)


def test_after_the_notices_were_cut_off_every_replica_catches_up(pg_url: str) -> None:
    async def scenario(url: str) -> None:
        a, _, log_a = await node(url, "a")
        b, host_b, log_b = await node(url, "b")
        await a.claim("t1")
        log_a.create("t1", "bohnanza", {}, 1)
        await until(lambda: Change("t1", "new") in host_b.changes, "b hears of t1")
        with psycopg.connect(url, autocommit=True) as db:
            db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE application_name = 'bohnen b notices'")
        await until(lambda: Change("", "resync") in host_b.changes, "b catches up")
        log_a.append("t1", 1, 0, "0: plant 0")  # and b listens again
        await until(lambda: Change("t1", "step", 1) in host_b.changes, "b hears step 1")
        for cluster in (a, b):
            await cluster.stop()
        log_a.close()
        log_b.close()

    run(pg_url, scenario)


def test_a_row_of_the_inbox_that_is_no_request_is_refused_saying_why(pg_url: str) -> None:
    """A request crosses the inbox as JSON, read back into its dataclass by the owner: a
    row that is no request (written there by anything but a server) is answered with a
    refusal that says why, and never reaches the host."""
    async def scenario(url: str) -> None:
        a, host_a, log_a = await node(url, "a")
        await a.claim("t1")
        log_a.create("t1", "bohnanza", {}, 1)
        with psycopg.connect(url, autocommit=True) as db:
            rows = db.execute(
                "WITH asked AS (INSERT INTO inbox (table_id, sender, request) VALUES "
                "('t1', 'nobody', %s) RETURNING id) SELECT id, pg_notify(%s, "
                "json_build_object('kind', 'ask', 'table', 't1', 'n', id)::text) FROM asked",
                (json.dumps({"op": "nuke", "table": "all"}), CHANNEL)).fetchall()
            asked = rows[0][0]

            def answered() -> bool:
                row = db.execute("SELECT answer FROM inbox WHERE id = %s", (asked,)).fetchone()
                return row is not None and row[0] is not None

            await until(answered, "the owner answers the row")
            row = db.execute("SELECT answer FROM inbox WHERE id = %s", (asked,)).fetchone()
        assert row is not None
        assert json.loads(row[0]) == {"answer": {
            "error": "not a request: no such request: 'nuke' (requests are join, manage, "
                     "rehost, chat, action, undo, standin, leave, vote)", "status": 422}}
        assert host_a.handled == []
        await a.stop()
        log_a.close()

    run(pg_url, scenario)
