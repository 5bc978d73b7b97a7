"""Several server processes on one PostgreSQL (issue 24, "Scale"): each table kept by
one process, notices across processes by ``LISTEN``/``NOTIFY``, requests forwarded to
a table's owner through an inbox in the database. The interface is
:mod:`bohnen.server.cluster`; this is its PostgreSQL side.

**Routing: leases in the database.** Each process is a *node* (a name unique to the
process's run) with a heartbeat: its row in ``nodes`` says when it was last seen
(the database's clock, so the machines' clocks do not matter); it is *live* while
that is less than ``lease`` seconds ago. Each table's row in ``owners`` names the
node that keeps it. A process keeps:

- the tables it makes (:meth:`PgCluster.claim`, before the table is in the log);
- on start and at every heartbeat, its share of the *orphans*: unfinished tables with
  no live owner (a node killed, or stopped: a node that stops hands its tables back at
  once and says so, ``gone``, so the others adopt them without waiting for the lease);
- on demand, an orphan a client acts on (finished tables too: chat after the game).

A claim is one statement (``INSERT … ON CONFLICT DO UPDATE … WHERE`` the old owner is
not live), so two processes never both win a table. The log's fence
(:mod:`bohnen.server.pg`) makes the claim safe against a stalled owner: the old
owner's last write holds the owners row until it commits, the claim waits for it,
and after the claim every write of the old owner is refused. A process that cannot
renew its heartbeat for a whole lease lets go of its tables by itself; each
heartbeat also compares the tables it thinks it keeps with ``owners``.
A table whose log cannot be rebuilt is set aside by the host that adopts it
(:mod:`bohnen.server.audit`): it stays that node's, and every request for it is
answered with the refusal; a table the database cannot take now (it cannot write) is
adopted again at a later heartbeat.

**Notices.** Every write of the log sends a ``NOTIFY`` in its transaction (see
:mod:`bohnen.server.pg`); each process ``LISTEN``s on one connection and passes the
changes of tables it does not keep to its host (:meth:`Host.changed`), whose replicas
catch up from the log: the notice says only *that* something changed, the log says
*what*, so a lost or merged notice costs nothing but a later catch-up (and after a
lost connection every replica catches up: ``resync``).

**Forwarding.** A request for a table kept elsewhere is a row of ``inbox`` (inserted
with a ``NOTIFY ask`` in one statement); the owner takes the table's untaken rows in
order (``UPDATE … SET taken``, so a request is carried out once, by one owner), hands
each to its host, writes the answer and notifies ``answer``; the asking process reads
the answer and deletes the row. Requests left while a table had no owner are taken by
its next owner. A request unanswered in ``answer_seconds`` is withdrawn if no owner
took it yet (:class:`~bohnen.server.cluster.NoAnswer` says it was not carried out),
else it says the request may have been carried out (the steps will tell).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import random
import secrets
import socket
import time
from collections.abc import Coroutine, Sequence
from typing import Any

import psycopg

from bohnen.server.cluster import Change, ChangeKind, Host, NoAnswer
from bohnen.server.logbase import LogUnwritable
from bohnen.server.pg import CHANNEL, PgLog, notice, unreachable, unwritable
from bohnen.server.requests import AnyRequest, Reply, read_request, request_json

LEASE_SECONDS = 10.0  # a node not seen for this long is gone: its tables are adopted
ANSWER_SECONDS = 10.0  # how long a process waits for the owner's answer to a request
STALE_REQUESTS = "1 hour"  # answered requests nobody collected are deleted after this

logger = logging.getLogger(__name__)

# A row as the driver gives it: the types of its values are those its query selects.
Row = tuple[Any, ...]
Connection = psycopg.AsyncConnection[Row]

_CHANGES: dict[str, ChangeKind] = {"new": "new", "seats": "seats", "chat": "chat",
                                   "step": "step", "over": "over"}

_LIVE = "SELECT node FROM nodes WHERE seen > now() - make_interval(secs => %(lease)s)"

_TAKE_TABLE = f"""
INSERT INTO owners (table_id, node) VALUES (%(table)s, %(node)s)
ON CONFLICT (table_id) DO UPDATE SET node = excluded.node
WHERE owners.node = excluded.node OR owners.node NOT IN ({_LIVE})
RETURNING node"""

_WHERE_IS = f"""
SELECT t.table_id IS NOT NULL, o.node, o.node IN ({_LIVE})
FROM (SELECT %(table)s::text AS id) AS q
LEFT JOIN tables AS t ON t.table_id = q.id
LEFT JOIN owners AS o ON o.table_id = q.id"""

_ORPHANS = f"""
SELECT t.table_id FROM tables AS t LEFT JOIN owners AS o USING (table_id)
WHERE NOT t.finished AND (o.node IS NULL OR o.node NOT IN ({_LIVE}))
ORDER BY t.n"""

_ASK = f"""
WITH asked AS (
    INSERT INTO inbox (table_id, sender, request) VALUES (%(table)s, %(node)s, %(request)s)
    RETURNING id, table_id)
SELECT id, pg_notify('{CHANNEL}', json_build_object('kind', 'ask', 'table', table_id,
                                                    'n', id)::text)
FROM asked"""

_TAKE_REQUESTS = """
UPDATE inbox SET taken = %(node)s
WHERE id IN (SELECT id FROM inbox WHERE table_id = %(table)s AND taken IS NULL
             ORDER BY id FOR UPDATE SKIP LOCKED)
RETURNING id, request"""

_ANSWER = f"""
WITH answered AS (
    UPDATE inbox SET answer = %(answer)s WHERE id = %(id)s RETURNING id, table_id)
SELECT pg_notify('{CHANNEL}', json_build_object('kind', 'answer', 'table', table_id,
                                                'n', id)::text)
FROM answered"""

_LEAVE = f"""
WITH handed AS (DELETE FROM owners WHERE node = %(node)s),
     left_ AS (DELETE FROM nodes WHERE node = %(node)s)
SELECT pg_notify('{CHANNEL}', %(gone)s)"""


def node_name() -> str:
    """A name for this process in the cluster, unique to this run of it."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class PgCluster:
    """The processes sharing one PostgreSQL log (see the module)."""

    def __init__(self, log: PgLog, node: str | None = None, lease: float = LEASE_SECONDS,
                 answer_seconds: float = ANSWER_SECONDS) -> None:
        self.log = log
        self.node = node or node_name()
        self.lease = lease
        self.answer_seconds = answer_seconds
        self._host: Host | None = None
        self._db: Connection | None = None
        self._listener: Connection | None = None
        self._owned: set[str] = set()
        self._failed: set[str] = set()  # tables whose adoption failed: not tried again
        self._waiting: dict[int, asyncio.Future[Reply]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._adopting = asyncio.Lock()
        self._connecting = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        self._last_beat = 0.0

    # --- joining and leaving ------------------------------------------------------------

    async def start(self, host: Host) -> None:
        self._host = host
        self._listener = await self._connect("notices")
        await self._listener.execute(f"LISTEN {CHANNEL}")
        await self._beat()
        self.log.owner = self.node  # the fence: this process writes only what it keeps
        self._spawn(self._listen())
        self._spawn(self._keep())
        await self._adopt_orphans()

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for future in self._waiting.values():
            future.cancel()
        try:
            db = await self._conn()
            await db.execute(_LEAVE, {"node": self.node, "gone": notice("gone", "")})
        except psycopg.Error as exc:  # the tables are adopted once the lease runs out
            logger.warning("leaving the cluster: %s", unreachable(self.log.url, exc))
        except (LogUnwritable, ValueError) as exc:
            logger.warning("leaving the cluster: %s", exc)
        self._owned.clear()
        for connection in (self._db, self._listener):
            if connection is not None:
                await connection.close()

    # --- the interface ------------------------------------------------------------------

    def owns(self, table_id: str) -> bool:
        return table_id in self._owned

    async def claim(self, table_id: str) -> bool:
        if not await self._take(table_id):
            return False
        self._owned.add(table_id)
        return True

    async def call(self, table_id: str, request: AnyRequest) -> Reply:
        host = self._started()
        if table_id not in self._owned:
            known, owner, live = await self._where(table_id)
            if not known:
                raise LookupError(f"there is no table {table_id}")
            if owner != self.node and live:
                return await self._forward(table_id, request)
            if not await self._take(table_id):
                return await self._forward(table_id, request)
            await self._adopted(table_id)
        return await host.handle(table_id, request)

    # --- routing ------------------------------------------------------------------------

    async def _take(self, table_id: str) -> bool:
        """Claim the table if it has no live owner (or is this node's already)."""
        rows = await self._rows(_TAKE_TABLE, {"table": table_id, "node": self.node,
                                              "lease": self.lease})
        return bool(rows)

    async def _where(self, table_id: str) -> tuple[bool, str | None, bool]:
        """Whether the table is in the log, its owner, and whether that owner is live."""
        (known, owner, live), = await self._rows(_WHERE_IS, {"table": table_id,
                                                             "lease": self.lease})
        return bool(known), owner, bool(live)

    async def _adopted(self, table_id: str) -> None:
        """The table is claimed: the host takes it over, then its waiting requests."""
        async with self._lock(table_id):
            if table_id in self._owned:
                return
            self._owned.add(table_id)
            try:
                await self._started().adopt(table_id)  # a bad table is set aside there
            except LogUnwritable as exc:
                logger.warning("table %s could not be adopted: %s", table_id, exc)
                self._owned.discard(table_id)
                return  # tried again at a later heartbeat
            except Exception:
                logger.exception("table %s could not be adopted", table_id)
                self._owned.discard(table_id)
                self._failed.add(table_id)
                return
        self._spawn(self._serve(table_id))

    async def _released(self, table_id: str) -> None:
        async with self._lock(table_id):
            if table_id not in self._owned:
                return
            self._owned.discard(table_id)
            await self._started().release(table_id)

    async def _adopt_orphans(self) -> None:
        """Claim this node's share of the unfinished tables that have no live owner."""
        async with self._adopting:
            orphans = [row[0] for row in await self._rows(_ORPHANS, {"lease": self.lease})
                       if row[0] not in self._failed]
            if not orphans:
                return
            (live,), = await self._rows(f"SELECT count(*) FROM ({_LIVE}) AS live",
                                        {"lease": self.lease})
            share = math.ceil(len(orphans) / max(int(live), 1))
            random.shuffle(orphans)
            for table_id in orphans[:share]:
                if await self._take(table_id):
                    await self._adopted(table_id)

    async def _reconcile(self) -> None:
        """Compare the tables this node keeps with ``owners``: let go of those another
        node took, take up again its unfinished ones it had let go."""
        rows = await self._rows(
            "SELECT o.table_id, coalesce(NOT t.finished, false) FROM owners AS o "
            "LEFT JOIN tables AS t USING (table_id) WHERE o.node = %(node)s",
            {"node": self.node})
        held = {table_id for table_id, _ in rows}
        for table_id in self._owned - held:
            await self._released(table_id)
        for table_id, unfinished in rows:
            if unfinished and table_id not in self._owned and table_id not in self._failed:
                await self._adopted(table_id)

    # --- forwarding ---------------------------------------------------------------------

    async def _forward(self, table_id: str, request: AnyRequest) -> Reply:
        (request_id, _), = await self._rows(_ASK, {"table": table_id, "node": self.node,
                                                   "request": json.dumps(request_json(request))})
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = future
        try:
            await self._collect(request_id)  # answered before it was waited for
            return await asyncio.wait_for(future, self.answer_seconds)
        except TimeoutError:
            withdrawn = await self._rows("DELETE FROM inbox WHERE id = %(id)s AND taken IS "
                                         "NULL RETURNING id", {"id": request_id})
            outcome = ("it was not carried out" if withdrawn else
                       "it may have been carried out: the next steps will tell")
            raise NoAnswer(f"the server keeping table {table_id} did not answer in "
                           f"{self.answer_seconds:g} s; {outcome}") from None
        finally:
            self._waiting.pop(request_id, None)

    async def _collect(self, request_id: int) -> None:
        """The owner's answer to a request of this node, if it is there."""
        rows = await self._rows("DELETE FROM inbox WHERE id = %(id)s AND answer IS NOT NULL "
                                "RETURNING answer", {"id": request_id})
        future = self._waiting.get(request_id)
        if not rows or future is None or future.done():
            return
        envelope = json.loads(rows[0][0])
        answer = envelope.get("answer") if isinstance(envelope, dict) else None
        if isinstance(answer, dict):
            future.set_result(answer)
        else:
            failed = envelope.get("failed") if isinstance(envelope, dict) else envelope
            future.set_exception(NoAnswer(str(failed)))

    async def _serve(self, table_id: str) -> None:
        """Carry out, in order, the requests for a table kept here that no owner took."""
        async with self._lock(table_id):
            if table_id not in self._owned:
                return
            taken = await self._rows(_TAKE_REQUESTS, {"node": self.node, "table": table_id})
            for request_id, request in sorted(taken):
                envelope = await self._answer(table_id, request)
                await self._rows(_ANSWER, {"answer": json.dumps(envelope), "id": request_id})

    async def _answer(self, table_id: str, request: str) -> dict[str, object]:
        """The envelope of the answer to a request of the inbox: ``answer`` (a refusal
        too: a row that is no request is refused, saying why), or ``failed``."""
        try:
            asked = read_request(json.loads(request))
        except ValueError as exc:
            return {"answer": {"error": f"not a request: {exc}", "status": 422}}
        try:
            return {"answer": await self._started().handle(table_id, asked)}
        except Exception as exc:
            logger.exception("a request for table %s failed", table_id)
            return {"failed": f"the server keeping table {table_id} failed to carry out "
                              f"the request: {exc}"}

    # --- notices ------------------------------------------------------------------------

    async def _listen(self) -> None:
        while True:
            try:
                assert self._listener is not None
                async for note in self._listener.notifies():
                    await self._noticed(note.payload)
            except psycopg.Error as exc:
                logger.warning("the notices stopped: %s", unreachable(self.log.url, exc))
            await self._listen_again()

    async def _listen_again(self) -> None:
        """Listen again after the connection was lost; what was missed is caught up."""
        while True:
            await asyncio.sleep(min(1.0, self.lease / 4))
            try:
                if self._listener is not None:
                    await self._listener.close()
                self._listener = await self._connect("notices")
                await self._listener.execute(f"LISTEN {CHANNEL}")
                break
            except (psycopg.Error, ValueError) as exc:
                logger.warning("listening again: %s", exc)
        await self._started().changed(Change("", "resync"))
        for table_id in list(self._owned):
            self._spawn(self._serve(table_id))
        for request_id in list(self._waiting):
            self._spawn(self._collect(request_id))

    async def _noticed(self, payload: str) -> None:
        try:
            data = json.loads(payload)
            kind, table_id, n = str(data["kind"]), str(data["table"]), int(data["n"])
        except (ValueError, KeyError, TypeError):
            logger.warning("a notice of no known form: %.80r", payload)
            return
        if kind == "ask":
            if table_id in self._owned:
                self._spawn(self._serve(table_id))
        elif kind == "answer":
            if n in self._waiting:
                self._spawn(self._collect(n))
        elif kind == "gone":
            self._spawn(self._adopt_orphans())
        elif kind in _CHANGES and table_id not in self._owned:
            try:
                await self._started().changed(Change(table_id, _CHANGES[kind], n))
            except Exception:
                logger.exception("catching up table %s", table_id)

    # --- the heartbeat ------------------------------------------------------------------

    async def _keep(self) -> None:
        beats = 0
        while True:
            await asyncio.sleep(self.lease / 4)
            beats += 1
            try:
                await self._beat()
                await self._reconcile()
                await self._adopt_orphans()
                await self._serve_left()
                if beats % 100 == 0:
                    await self._rows("DELETE FROM inbox WHERE made < now() - interval "
                                     f"'{STALE_REQUESTS}' RETURNING id", {})
            except Exception as exc:  # the heartbeat goes on whatever happens
                logger.warning("the heartbeat failed: %s", exc)
                if time.monotonic() - self._last_beat > self.lease:
                    for table_id in list(self._owned):  # others may adopt them now
                        await self._released(table_id)

    async def _beat(self) -> None:
        await self._rows("INSERT INTO nodes (node, seen) VALUES (%(node)s, now()) "
                         "ON CONFLICT (node) DO UPDATE SET seen = now() RETURNING node",
                         {"node": self.node})
        self._last_beat = time.monotonic()

    async def _serve_left(self) -> None:
        """Requests no owner took (sent while a table changed hands)."""
        if not self._owned:
            return
        rows = await self._rows("SELECT DISTINCT table_id FROM inbox WHERE taken IS NULL "
                                "AND table_id = ANY(%(tables)s)",
                                {"tables": sorted(self._owned)})
        for (table_id,) in rows:
            self._spawn(self._serve(table_id))

    # --- plumbing -----------------------------------------------------------------------

    def _started(self) -> Host:
        if self._host is None:
            raise RuntimeError("the cluster is not started")
        return self._host

    def _lock(self, table_id: str) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    def _spawn(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.error("a cluster task failed", exc_info=task.exception())

    async def _connect(self, purpose: str) -> Connection:
        """A connection named (in pg_stat_activity) after this node and its purpose."""
        try:
            return await psycopg.AsyncConnection.connect(
                self.log.url, autocommit=True,
                application_name=f"bohnen {self.node} {purpose}"[:63])
        except psycopg.Error as exc:
            raise ValueError(unreachable(self.log.url, exc)) from exc

    async def _conn(self) -> Connection:
        async with self._connecting:
            if self._db is None or self._db.closed or self._db.broken:
                self._db = await self._connect("requests")
            return self._db

    async def _rows(self, query: str, params: dict[str, object]) -> Sequence[Row]:
        """The rows of one statement (each is its own transaction); a database that
        cannot write now as :class:`~bohnen.server.logbase.LogUnwritable` (a table's
        creation or a request is refused with the cause)."""
        try:
            db = await self._conn()
            cursor = await db.execute(query, params)
            return await cursor.fetchall()
        except psycopg.Error as exc:
            fault = unwritable(exc)
            if fault is None:
                raise
            raise fault from exc
