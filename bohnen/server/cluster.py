"""Which server process keeps which table: the narrow interface between the web server
(:mod:`bohnen.server.app`) and the processes sharing one database.

Each table is kept by one process, its **owner**: the table's one writer, which runs
its bots and its clock. Every change to a table goes through its owner; any other
process may show the table to its own clients as a **replica**, kept up to date from
the log.

The web server is the cluster's :class:`Host`; it asks the cluster three things:

- :meth:`Cluster.claim` a new table before writing it to the log (it is then kept
  here);
- :meth:`Cluster.call` the table's owner with a request (an action, a chat line, a
  seat change: :mod:`bohnen.server.requests`), wherever the owner is, and get its
  answer as JSON: the owner's host answers it in :meth:`Host.handle`;
- :meth:`Cluster.owns`: whether a table is kept here (a writer) or a replica.

and the cluster tells the host when it keeps a table (:meth:`Host.adopt`: on start,
or when the table's owner is gone), when it does not any more (:meth:`Host.release`),
and when the log of a table kept elsewhere changed (:meth:`Host.changed`: catch up
from the log).

With SQLite there is one process: :class:`Solo` keeps every table and calls the host
directly. With PostgreSQL, :class:`bohnen.server.pg_cluster.PgCluster` shares the
tables between processes (leases in the database, ``LISTEN``/``NOTIFY``, an inbox of
requests); :func:`bohnen.server.database.join_cluster` picks the one for a log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from bohnen.server.logbase import Log
from bohnen.server.requests import AnyRequest, Reply

ChangeKind = Literal["new", "seats", "chat", "step", "over", "resync"]


@dataclass(frozen=True, slots=True)
class Change:
    """The log of a table kept by another process changed: a table was made (``new``),
    a seat changed (``seats``, ``n`` the seat), a chat line (``chat``, ``n`` its
    number), a step (``step``, ``n`` its seq), the game ended (``over``). ``resync``
    (``table_id`` empty): notices may have been missed (the database connection was
    lost a while), so every replica catches up."""

    table_id: str
    kind: ChangeKind
    n: int = 0


class NoAnswer(RuntimeError):
    """The table's owner did not answer a request in time (the message says whether the
    request may still have been carried out)."""


class Host(Protocol):
    """What the cluster asks of the web server of its process."""

    async def adopt(self, table_id: str) -> None:
        """This process keeps the table now: rebuild it from the log (or bring its
        replica up to date), start its writer, its bots and its clock."""

    async def release(self, table_id: str) -> None:
        """Another process keeps the table now: stop writing it (it may stay here as a
        replica for the clients watching it)."""

    async def handle(self, table_id: str, request: AnyRequest) -> Reply:
        """Carry out a request for a table kept here (made here or forwarded from
        another process); its answer, or a refusal."""

    async def changed(self, change: Change) -> None:
        """The log of a table kept by another process changed: a replica catches up
        from the log (it may have missed several notices: it reads all that is new)."""


class Cluster(Protocol):
    """The processes sharing the database, as the web server sees them."""

    node: str  # this process's name in the cluster

    async def start(self, host: Host) -> None:
        """Join: adopt the tables this process keeps (every unfinished table alone)."""

    async def stop(self) -> None:
        """Leave: the tables kept here are handed over (call after their writers stop)."""

    def owns(self, table_id: str) -> bool:
        """Whether this process keeps the table (is its writer)."""

    async def claim(self, table_id: str) -> bool:
        """Keep a new table here; call before writing it to the log. False if another
        live process keeps a table of that id."""

    async def call(self, table_id: str, request: AnyRequest) -> Reply:
        """The answer of the table's owner to ``request`` (:meth:`Host.handle`), here
        or in another process; ``LookupError`` if there is no such table,
        :class:`NoAnswer` if the owner did not answer in time."""


class Solo:
    """One process keeps every table (the SQLite log)."""

    def __init__(self, log: Log) -> None:
        self.log = log
        self.node = "solo"
        self._host: Host | None = None

    async def start(self, host: Host) -> None:
        self._host = host
        for row in self.log.unfinished():
            await host.adopt(row.table_id)

    async def stop(self) -> None:
        self._host = None

    def owns(self, table_id: str) -> bool:
        return True

    async def claim(self, table_id: str) -> bool:
        return True

    async def call(self, table_id: str, request: AnyRequest) -> Reply:
        if self._host is None:
            raise RuntimeError("the cluster is not started")
        return await self._host.handle(table_id, request)
