"""The log of the online tables in PostgreSQL (psycopg 3, the ``postgres`` extra): the
scale-out set-up, several server processes on one database.

The same rows and the same guarantees as the SQLite log (:mod:`bohnen.server.log`):
each write is one transaction, committed when the method returns; the primary key
``(table_id, seq)`` of ``actions`` is the compare-and-set of a step (a second writer
of the same step gets :class:`~bohnen.server.logbase.LogConflict`); the secret that
signs seat tokens is made once (``INSERT … ON CONFLICT DO NOTHING``) and then read.

Two things more, for the processes sharing the database
(:mod:`bohnen.server.pg_cluster`):

- **Notices.** Every write of a table sends, in the same transaction, a ``NOTIFY`` on
  the channel ``bohnen``: ``{"kind": "new"|"seats"|"chat"|"step"|"over", "table": id,
  "n": seq or chat number}``. PostgreSQL delivers a notice only once its transaction
  is committed, and to every listener in commit order, so a process that follows a
  table it does not keep reads from the log exactly what the notice announces.
- **The fence.** When ``owner`` is set (the id of this server process in the
  cluster), a write of a table checks, in its transaction, that the table's row in
  ``owners`` names this process, and locks that row (``FOR SHARE``) until the commit:
  a process that lost a table to another (its lease ran out) cannot write one more
  step after the new owner rebuilt the table, and a new owner that takes a table
  waits for the last write of the old one to commit. Such a write raises
  ``LogConflict`` and changes nothing.

The cluster's own tables (``nodes``, ``owners``, ``inbox``) are made here with the
log's, under one schema version (kept in ``settings``); a database holding another
version is refused with a message.

A write the database cannot make now (out of disk or other resources, an I/O error, a
read-only or shutting-down server, a lost connection: :func:`unwritable`) raises
:class:`~bohnen.server.logbase.LogUnwritable`; the next write connects again.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import errors

from bohnen.core.protocol import JSONObject
from bohnen.server.logbase import (
    ACTION_COLUMNS,
    SEAT_COLUMNS,
    TABLE_COLUMNS,
    ChatLine,
    LogConflict,
    Logged,
    LogUnwritable,
    Outage,
    SeatRow,
    TableRow,
    game_versions,
    hide_password,
    live_steps,
    table_row,
)

SCHEMA_VERSION = 5  # the row 'schema' of settings in a database this code reads (and writes)
CHANNEL = "bohnen"  # the channel of the notices of every table
_SCHEMA_LOCK = 0x626F686E656E  # an advisory lock key ("bohnen"): one process makes the schema

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT false,
    setup TEXT NOT NULL DEFAULT '{}',
    created DOUBLE PRECISION NOT NULL DEFAULT 0,
    n BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    host TEXT NOT NULL DEFAULT '',
    expired BOOLEAN NOT NULL DEFAULT false,
    version INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables (table_id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('open', 'person', 'bot')),
    name TEXT,
    bot TEXT,
    standin TEXT,
    generation INTEGER NOT NULL DEFAULT 0,
    nonce TEXT NOT NULL DEFAULT '',
    standin_reason TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL REFERENCES tables (table_id),
    n INTEGER NOT NULL,
    seat INTEGER,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    seq INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables (table_id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL DEFAULT 0,
    forced TEXT,
    by_bot BOOLEAN NOT NULL DEFAULT false,
    undoes INTEGER,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS nodes (
    node TEXT PRIMARY KEY,
    seen TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS owners (
    table_id TEXT PRIMARY KEY,
    node TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS owners_node ON owners (node);
CREATE TABLE IF NOT EXISTS inbox (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    table_id TEXT NOT NULL,
    sender TEXT NOT NULL,
    request TEXT NOT NULL,
    taken TEXT,
    answer TEXT,
    made TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS inbox_table ON inbox (table_id, id);
"""



def _stamp_versions(db: psycopg.Connection[tuple[Any, ...]]) -> None:
    """Each table of a log that kept no versions stamped with the version of its game's
    installed engine (:func:`~bohnen.server.logbase.game_versions`)."""
    with db.cursor() as cursor:
        cursor.executemany("UPDATE tables SET version = %s WHERE game = %s", game_versions())


# a statement, or a step of Python
Migration = str | Callable[[psycopg.Connection[tuple[Any, ...]]], None]

# what makes a log of an older version this version (each: the version it upgrades)
MIGRATIONS: dict[str, tuple[Migration, ...]] = {
    "1": ("ALTER TABLE tables ADD COLUMN host TEXT NOT NULL DEFAULT ''",
          "ALTER TABLE tables ADD COLUMN expired BOOLEAN NOT NULL DEFAULT false",
          "ALTER TABLE seats ADD COLUMN nonce TEXT NOT NULL DEFAULT ''"),
    "2": ("ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
          _stamp_versions),
    "3": ("ALTER TABLE actions ADD COLUMN forced TEXT",
          "ALTER TABLE seats ADD COLUMN standin_reason TEXT"),
    "4": ("ALTER TABLE actions ADD COLUMN by_bot BOOLEAN NOT NULL DEFAULT false",
          "ALTER TABLE actions ADD COLUMN undoes INTEGER"),
}


# SQLSTATEs (and classes: two characters) of a write the database cannot make now, and
# the cause a player is told
UNWRITABLE = {
    "53100": "disk full",
    "53200": "the database is out of memory",
    "53300": "the database has too many connections",
    "53": "the database is out of resources",
    "58030": "disk I/O error",
    "58": "the database server failed",
    "25006": "the database is read-only",
    "57P01": "the database is shutting down",
    "57P02": "the database is shutting down",
    "57P03": "the database is starting or shutting down",
    "08": "the database cannot be reached",
}

logger = logging.getLogger(__name__)


def unwritable(exc: psycopg.Error) -> LogUnwritable | None:
    """``exc`` as the log that cannot write now, or None for another fault (a broken
    constraint, a mistake of the code). A lost connection (no SQLSTATE) counts."""
    state = exc.sqlstate
    if state is None:
        return (LogUnwritable(UNWRITABLE["08"])
                if isinstance(exc, psycopg.OperationalError) else None)
    reason = UNWRITABLE.get(state) or UNWRITABLE.get(state[:2])
    return None if reason is None else LogUnwritable(reason)


def connect(url: str, **options: Any) -> psycopg.Connection[tuple[Any, ...]]:
    """A connection to ``url`` in autocommit mode; ``ValueError`` naming the database
    (its password hidden) if it cannot be reached."""
    try:
        return psycopg.connect(url, autocommit=True, **options)
    except psycopg.Error as exc:
        raise ValueError(unreachable(url, exc)) from exc


def unreachable(url: str, exc: BaseException) -> str:
    """Why the database at ``url`` cannot be used, in one line."""
    reason = " ".join(str(exc).split()) or type(exc).__name__
    return f"cannot use the PostgreSQL database {hide_password(url)}: {reason}"


def notice(kind: str, table_id: str, n: int = 0) -> str:
    """The payload of a notice on :data:`CHANNEL` (see the module)."""
    return json.dumps({"kind": kind, "table": table_id, "n": n}, separators=(",", ":"))


class PgLog:
    """The log in a PostgreSQL database (see the module)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.owner: str | None = None  # the cluster node this process is: the fence
        self._outage = Outage(logger)
        self._lock = threading.RLock()
        self._db = connect(url, application_name="bohnen log")
        try:
            self._make_schema()
        except BaseException:
            self._db.close()
            raise

    def _make_schema(self) -> None:
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            version = self._version()
            if version is not None and version != str(SCHEMA_VERSION):
                if version not in MIGRATIONS:
                    raise ValueError(f"{hide_password(self.url)} is a log of version "
                                     f"{version}; this server reads version "
                                     f"{SCHEMA_VERSION}")
                for upgrade in range(int(version), SCHEMA_VERSION):
                    for step in MIGRATIONS[str(upgrade)]:
                        if isinstance(step, str):
                            self._db.execute(step)
                        else:
                            step(self._db)
                self._db.execute("UPDATE settings SET value = %s WHERE name = 'schema'",
                                 (str(SCHEMA_VERSION),))
            self._db.execute(SCHEMA)
            self._db.execute("INSERT INTO settings (name, value) VALUES ('schema', %s) "
                             "ON CONFLICT DO NOTHING", (str(SCHEMA_VERSION),))

    def _version(self) -> str | None:
        """The schema version of the log there (None: no log yet; '0': a log of tables
        that says no version)."""
        (settings, tables) = self._one("SELECT to_regclass('settings') IS NOT NULL, "
                                       "to_regclass('tables') IS NOT NULL")
        row = (self._db.execute("SELECT value FROM settings WHERE name = 'schema'")
               .fetchone() if settings else None)
        if row is not None:
            return str(row[0])
        return "0" if tables else None

    def close(self) -> None:
        self._db.close()

    # --- connections and transactions ---------------------------------------------------

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[tuple[Any, ...]]]:
        """The log's connection, for this thread alone for the block (made again if it
        was lost: the write that saw it lost was not acknowledged)."""
        with self._lock:
            if self._db.closed or self._db.broken:
                self._db = psycopg.connect(self.url, autocommit=True,
                                           application_name="bohnen log")
            yield self._db

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[tuple[Any, ...]]]:
        """One transaction, committed at the end of the block; a fault of the database
        that keeps it from writing now as :class:`~bohnen.server.logbase.LogUnwritable`
        (rolled back, or not begun)."""
        try:
            with self._connection() as db, db.transaction():
                yield db
        except psycopg.Error as exc:
            fault = unwritable(exc)
            if fault is None:
                raise
            raise self._outage.failed(fault) from exc
        self._outage.worked()

    def _one(self, query: str, params: Sequence[object] = ()) -> tuple[Any, ...]:
        row: tuple[Any, ...] | None = self._db.execute(query, params).fetchone()
        assert row is not None, query  # an aggregate or a check: always one row
        return row

    def _all(self, query: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
        with self._connection() as db:
            rows: list[tuple[Any, ...]] = db.execute(query, params).fetchall()
        return rows

    def _fence(self, db: psycopg.Connection[tuple[Any, ...]], table_id: str) -> None:
        """Refuse a write of a table another process keeps (see the module)."""
        if self.owner is None:
            return
        held = db.execute("SELECT 1 FROM owners WHERE table_id = %s AND node = %s "
                          "FOR SHARE", (table_id, self.owner)).fetchone()
        if held is None:
            raise LogConflict(f"table {table_id} is kept by another server process now")

    def _notify(self, db: psycopg.Connection[tuple[Any, ...]], kind: str, table_id: str,
                n: int = 0) -> None:
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, notice(kind, table_id, n)))

    # --- the log ------------------------------------------------------------------------

    def secret(self) -> str:
        """The server's secret for signing seat tokens, made once and kept in the log, so
        that the tokens given out stay good after a restart (and in every process)."""
        with self._transaction() as db:
            db.execute("INSERT INTO settings (name, value) VALUES ('secret', %s) "
                       "ON CONFLICT DO NOTHING", (secrets.token_hex(32),))
            (value,) = self._one("SELECT value FROM settings WHERE name = 'secret'")
        return str(value)

    def create(self, table_id: str, game: str, options: JSONObject, seed: int,
               setup: JSONObject | None = None, seats: Sequence[SeatRow] = (),
               at: float = 0.0, host: str = "", version: int = 0) -> None:
        """A new table's game, set-up, seats, host nonce and the version of its game's
        engine; ``LogConflict`` if the id is taken."""
        try:
            with self._transaction() as db:
                self._fence(db, table_id)
                db.execute("INSERT INTO tables (table_id, game, options, seed, setup, "
                           "created, host, version) VALUES (%s, %s, %s, %s, %s, %s, %s, "
                           "%s)", (table_id, game, json.dumps(options, sort_keys=True),
                                   seed, json.dumps(setup or {}, sort_keys=True), at, host,
                                   version))
                for row in seats:
                    self._put_seat(db, table_id, row)
                self._notify(db, "new", table_id)
        except errors.UniqueViolation as exc:
            raise LogConflict(f"table {table_id} exists already") from exc

    def put_host(self, table_id: str, nonce: str) -> None:
        """The nonce of the table's host token now (committed)."""
        with self._transaction() as db:
            self._fence(db, table_id)
            db.execute("UPDATE tables SET host = %s WHERE table_id = %s", (nonce, table_id))
            self._notify(db, "seats", table_id, -1)

    def expire(self, table_id: str) -> None:
        """Mark the table finished, its game not over (nobody touched it for a while)."""
        with self._transaction() as db:
            self._fence(db, table_id)
            db.execute("UPDATE tables SET finished = true, expired = true "
                       "WHERE table_id = %s", (table_id,))
            self._notify(db, "over", table_id)

    def put_seat(self, table_id: str, row: SeatRow) -> None:
        """Who sits at ``row.seat`` now (committed)."""
        with self._transaction() as db:
            self._fence(db, table_id)
            self._put_seat(db, table_id, row)
            self._notify(db, "seats", table_id, row.seat)

    def _put_seat(self, db: psycopg.Connection[tuple[Any, ...]], table_id: str,
                  row: SeatRow) -> None:
        db.execute(
            f"INSERT INTO seats (table_id, {SEAT_COLUMNS}) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (table_id, seat) DO "
            "UPDATE SET kind = excluded.kind, name = excluded.name, bot = excluded.bot, "
            "standin = excluded.standin, generation = excluded.generation, "
            "nonce = excluded.nonce, standin_reason = excluded.standin_reason",
            (table_id, row.seat, row.kind, row.name, row.bot, row.standin, row.generation,
             row.nonce, row.standin_reason))

    def seats(self, table_id: str) -> list[SeatRow]:
        """The table's seats, in seat order."""
        rows = self._all(f"SELECT {SEAT_COLUMNS} FROM seats WHERE table_id = %s "
                         "ORDER BY seat", (table_id,))
        return [SeatRow(*row) for row in rows]

    def say(self, table_id: str, seat: int | None, name: str, text: str, seq: int,
            at: float) -> ChatLine:
        """A chat message appended to the table's chat (committed); the line as kept.
        The table's row is locked for the transaction, so two processes saying at once
        number their lines one after the other."""
        with self._transaction() as db:
            self._fence(db, table_id)
            db.execute("SELECT 1 FROM tables WHERE table_id = %s FOR UPDATE", (table_id,))
            (last,) = self._one("SELECT coalesce(max(n), 0) FROM chat WHERE table_id = %s",
                                (table_id,))
            line = ChatLine(last + 1, seat, name, text, seq, at)
            db.execute("INSERT INTO chat (table_id, n, seat, name, text, seq, at) "
                       "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                       (table_id, line.n, seat, name, text, seq, at))
            self._notify(db, "chat", table_id, line.n)
        return line

    def chat(self, table_id: str, after: int = 0) -> list[ChatLine]:
        """The table's chat after message ``after``, in order."""
        rows = self._all("SELECT n, seat, name, text, seq, at FROM chat "
                         "WHERE table_id = %s AND n > %s ORDER BY n", (table_id, after))
        return [ChatLine(*row) for row in rows]

    def append(self, table_id: str, seq: int, seat: int, action: str,
               at: float = 0.0, forced: str | None = None, by_bot: bool = False) -> None:
        """Step ``seq`` of the table (made at time ``at``; ``forced``: why the server made
        it for the seat, if it did; ``by_bot``: a bot made it), committed when this
        returns; ``LogConflict`` if entry ``seq`` is written already (or the table is
        kept by another process)."""
        self._insert(table_id, Logged(seq, seat, action, at, forced, by_bot))

    def undo(self, table_id: str, seq: int, seat: int, step: int, at: float) -> None:
        """Entry ``seq``: ``seat``'s person took back step ``step`` (committed when this
        returns; a ``step`` notice, as for a step); ``LogConflict`` as for
        :meth:`append`."""
        self._insert(table_id, Logged(seq, seat, "", at, undoes=step))

    def _insert(self, table_id: str, entry: Logged) -> None:
        try:
            with self._transaction() as db:
                self._fence(db, table_id)
                db.execute(f"INSERT INTO actions (table_id, {ACTION_COLUMNS}) "
                           "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                           (table_id, entry.seq, entry.seat, entry.action, entry.at,
                            entry.forced, entry.by_bot, entry.undoes))
                self._notify(db, "step", table_id, entry.seq)
        except errors.UniqueViolation as exc:
            raise LogConflict(f"table {table_id}: step {entry.seq} is written "
                              "already") from exc

    def finish(self, table_id: str) -> None:
        """Mark the table's game over: it is not rebuilt on start."""
        with self._transaction() as db:
            self._fence(db, table_id)
            db.execute("UPDATE tables SET finished = true WHERE table_id = %s", (table_id,))
            self._notify(db, "over", table_id)

    def table(self, table_id: str) -> TableRow | None:
        rows = self._all(f"SELECT {TABLE_COLUMNS} FROM tables WHERE table_id = %s",
                         (table_id,))
        return table_row(rows[0]) if rows else None

    def unfinished(self) -> list[TableRow]:
        """Every table whose game is not over, in the order they were created."""
        rows = self._all(f"SELECT {TABLE_COLUMNS} FROM tables WHERE NOT finished "
                         "ORDER BY n", ())
        return [table_row(row) for row in rows]

    def finished(self, limit: int = 100, before: str | None = None) -> list[TableRow]:
        """The last ``limit`` tables whose game is over (or that expired), the newest
        first; with ``before``, those set up before table ``before``."""
        if before is None:
            rows = self._all(f"SELECT {TABLE_COLUMNS} FROM tables WHERE finished "
                             "ORDER BY n DESC LIMIT %s", (limit,))
        else:
            rows = self._all(f"SELECT {TABLE_COLUMNS} FROM tables WHERE finished AND n < "
                             "(SELECT n FROM tables WHERE table_id = %s) "
                             "ORDER BY n DESC LIMIT %s", (before, limit))
        return [table_row(row) for row in rows]

    def actions(self, table_id: str, after: int = 0) -> list[Logged]:
        """The table's game: its steps after entry ``after`` that no undo took back, in
        order."""
        rows = self._all(f"SELECT {ACTION_COLUMNS} FROM actions WHERE table_id = %s "
                         f"AND seq > %s AND {live_steps('%s')} ORDER BY seq",
                         (table_id, after, table_id))
        return [Logged.from_row(row) for row in rows]

    def entries(self, table_id: str, after: int = 0) -> list[Logged]:
        """Every entry of the table's log after entry ``after``, in order."""
        rows = self._all(f"SELECT {ACTION_COLUMNS} FROM actions "
                         "WHERE table_id = %s AND seq > %s ORDER BY seq", (table_id, after))
        return [Logged.from_row(row) for row in rows]
