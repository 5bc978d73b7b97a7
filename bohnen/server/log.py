"""The durable log of the online tables: each table's game (name, options, seed) and
its accepted actions in order, as ``(table, seq)`` rows.

An action is appended and committed before it is applied to the table in memory or
shown to anybody, so a server killed at any moment loses no action it acknowledged:
on start it rebuilds every unfinished table from its game and its actions. The
primary key ``(table_id, seq)`` is the compare-and-set of the log: a second writer of
the same step fails instead of forking the game.

Beside the actions the log keeps what the lobby and the table pages need: each
table's set-up (``setup``: the clock, who created it, JSON), its seats (who sits
there: a person by name, a bot by spec, or nobody yet; ``generation`` counts the
seat's invitation links, so that bumping it revokes the old one), its chat, and the
time of each action (for the clocks and the replay).

The rows and the :class:`~bohnen.server.logbase.Log` protocol this log implements are
in :mod:`bohnen.server.logbase` (re-exported here); PostgreSQL's log is
:mod:`bohnen.server.pg`.

SQLite (the standard library's ``sqlite3``) in write-ahead-log mode. Its
``synchronous`` setting says what a commit survives once it returns:

- ``normal`` (the default, as SQLite advises in this mode): a crash or kill of the
  server at any moment (the commit is in the operating system's hands), not a power
  cut or a crash of the operating system, after which the last commits may be rolled
  back (the log stays whole);
- ``full``: a power cut too (every commit waits for the disk: an fsync, some 0.1 to
  0.3 ms, in the server's event loop, so every table waits with it).

A write SQLite cannot make now (``SQLITE_FULL``, a disk I/O error, a read-only or
locked database: :data:`UNWRITABLE`) is rolled back and raises
:class:`~bohnen.server.logbase.LogUnwritable`. The file itself (made private, held by
one server process, its faults said in one line) is :mod:`bohnen.server.logfile`'s.
"""

from __future__ import annotations

import json
import logging
import secrets
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from bohnen.core.files import excerpt
from bohnen.core.protocol import JSONObject
from bohnen.server import logfile
from bohnen.server.logbase import (
    ACTION_COLUMNS,
    SEAT_COLUMNS,
    TABLE_COLUMNS,
    BadLogFile,
    ChatLine,
    LogConflict,
    Logged,
    LogUnwritable,
    Outage,
    SeatKind,
    SeatRow,
    TableRow,
    game_versions,
    live_steps,
    table_row,
)
from bohnen.server.logfile import FileLock

__all__ = ["ChatLine", "LogConflict", "Logged", "SeatKind", "SeatRow", "TableLog", "TableRow"]

SCHEMA_VERSION = 6  # PRAGMA user_version of a log this code reads (and writes)

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    setup TEXT NOT NULL DEFAULT '{}',
    created REAL NOT NULL DEFAULT 0,
    host TEXT NOT NULL DEFAULT '',
    expired INTEGER NOT NULL DEFAULT 0,
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
    at REAL NOT NULL,
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
    at REAL NOT NULL DEFAULT 0,
    forced TEXT,
    by_bot INTEGER NOT NULL DEFAULT 0,
    undoes INTEGER,
    PRIMARY KEY (table_id, seq)
);
"""



def _stamp_versions(db: sqlite3.Connection) -> None:
    """Each table of a log that kept no versions stamped with the version of its game's
    installed engine (:func:`~bohnen.server.logbase.game_versions`)."""
    db.executemany("UPDATE tables SET version = ? WHERE game = ?", game_versions())


Migration = str | Callable[[sqlite3.Connection], None]  # a statement, or a step of Python

# what makes a log of an older version this version (each: the version it upgrades)
MIGRATIONS: dict[int, tuple[Migration, ...]] = {
    2: ("ALTER TABLE tables ADD COLUMN host TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE tables ADD COLUMN expired INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE seats ADD COLUMN nonce TEXT NOT NULL DEFAULT ''"),
    3: ("ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
        _stamp_versions),
    4: ("ALTER TABLE actions ADD COLUMN forced TEXT",
        "ALTER TABLE seats ADD COLUMN standin_reason TEXT"),
    5: ("ALTER TABLE actions ADD COLUMN by_bot INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE actions ADD COLUMN undoes INTEGER"),
}

SYNCHRONOUS = ("normal", "full")  # the log's settings of SQLite's synchronous

# SQLite's primary result codes of a write the database cannot make now, and the cause
# a player is told (the extended codes reduce to these)
UNWRITABLE = {
    sqlite3.SQLITE_FULL: "disk full",
    sqlite3.SQLITE_IOERR: "disk I/O error",
    sqlite3.SQLITE_READONLY: "the database is read-only",
    sqlite3.SQLITE_CANTOPEN: "the database cannot be opened",
    sqlite3.SQLITE_PERM: "the database may not be written",
    sqlite3.SQLITE_BUSY: "the database is locked by another program",
    sqlite3.SQLITE_LOCKED: "the database is locked by another program",
    sqlite3.SQLITE_NOMEM: "out of memory",
    sqlite3.SQLITE_CORRUPT: "the database file is damaged",
    sqlite3.SQLITE_NOTADB: "the database file is damaged",
}

logger = logging.getLogger(__name__)


def unwritable(exc: sqlite3.Error) -> LogUnwritable | None:
    """``exc`` as the log that cannot write now, or None for another fault (a broken
    constraint, a mistake of the code)."""
    reason = UNWRITABLE.get(getattr(exc, "sqlite_errorcode", 0) & 0xFF)
    return None if reason is None else LogUnwritable(reason)


class TableLog:
    """The log in one SQLite file (``:memory:`` for a log that dies with it), with
    ``synchronous`` one of :data:`SYNCHRONOUS` (see the module). ``lock``: this is a
    server's log, held by this process alone for as long as it is open (refused with
    :class:`~bohnen.server.logbase.LogInUse` while another holds it), its files'
    permissions tightened (:mod:`bohnen.server.logfile`); tests and tools that read a
    log open it without. A file that cannot be a log is refused with
    :class:`~bohnen.server.logbase.BadLogFile`, saying what and where in one line."""

    def __init__(self, path: str | Path, synchronous: str = "normal",
                 lock: bool = False) -> None:
        if synchronous not in SYNCHRONOUS:
            raise ValueError(f"synchronous is {' or '.join(SYNCHRONOUS)}, not "
                             f"{excerpt(str(synchronous))}")
        self.path = str(path)
        self._outage = Outage(logger)
        self._lock: FileLock | None = None
        file = None if self.path in ("", ":memory:") else Path(self.path)
        if file is not None and lock:
            self._lock = FileLock.take(file)
        try:
            if file is not None:
                logfile.make_private(file)
                if lock:
                    logfile.tighten(file)
                logfile.check_whole(file)
            self._db = self._open(file, synchronous)
        except BaseException:
            self._let_go()
            raise

    def _open(self, file: Path | None, synchronous: str) -> sqlite3.Connection:
        """The connection, the log's schema made or brought up to date; an error of
        SQLite's as :class:`~bohnen.server.logbase.BadLogFile` naming the file."""
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={synchronous.upper()}")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._check_version()
            self._db.executescript(SCHEMA)
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.Error as exc:
            self._db.close()
            raise BadLogFile(logfile.describe(file or Path(self.path), exc)) from None
        except BaseException:
            self._db.close()
            raise
        return self._db

    def _let_go(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _check_version(self) -> None:
        """Refuse a log of a version this code cannot read; bring an older one it knows
        up to this version (:data:`MIGRATIONS`, in one transaction)."""
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        (tables,) = self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        if not tables or version == SCHEMA_VERSION:
            return
        if version not in MIGRATIONS:
            raise ValueError(f"{self.path} is a log of version {version}; this server "
                             f"reads version {SCHEMA_VERSION}")
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            for upgrade in range(version, SCHEMA_VERSION):
                for step in MIGRATIONS[upgrade]:
                    if isinstance(step, str):
                        self._db.execute(step)
                    else:
                        step(self._db)

    def close(self) -> None:
        self._db.close()
        self._let_go()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, committed at the end of the block; a fault of the
        disk or the database as :class:`~bohnen.server.logbase.LogUnwritable`
        (rolled back: nothing of it is kept)."""
        try:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                yield self._db
        except sqlite3.Error as exc:
            fault = unwritable(exc)
            if fault is None:
                raise
            raise self._outage.failed(fault) from exc
        self._outage.worked()

    def check_file(self) -> list[str]:
        """What SQLite's ``quick_check`` finds wrong in the file (empty: nothing)."""
        try:
            rows = self._db.execute("PRAGMA quick_check").fetchall()
        except sqlite3.Error as exc:
            return [str(exc)]
        return [] if rows == [("ok",)] else [str(row[0]) for row in rows]

    def secret(self) -> str:
        """The server's secret for signing seat tokens, made once and kept in the log, so
        that the tokens given out stay good after a restart."""
        with self._write():
            self._db.execute("INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)",
                             ("secret", secrets.token_hex(32)))
            row = self._db.execute("SELECT value FROM settings WHERE name = 'secret'").fetchone()
        value: str = row[0]
        return value

    def create(self, table_id: str, game: str, options: JSONObject, seed: int,
               setup: JSONObject | None = None, seats: Sequence[SeatRow] = (),
               at: float = 0.0, host: str = "", version: int = 0) -> None:
        """A new table's game, set-up, seats, host nonce and the version of its game's
        engine; ``LogConflict`` if the id is taken."""
        try:
            with self._write():
                self._db.execute(
                    "INSERT INTO tables (table_id, game, options, seed, setup, created, "
                    "host, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (table_id, game, json.dumps(options, sort_keys=True), seed,
                     json.dumps(setup or {}, sort_keys=True), at, host, version))
                for row in seats:
                    self._put_seat(table_id, row)
        except sqlite3.IntegrityError as exc:
            raise LogConflict(f"table {table_id} exists already") from exc

    def put_host(self, table_id: str, nonce: str) -> None:
        """The nonce of the table's host token now (committed)."""
        with self._write():
            self._db.execute("UPDATE tables SET host = ? WHERE table_id = ?",
                             (nonce, table_id))

    def expire(self, table_id: str) -> None:
        """Mark the table finished, its game not over (nobody touched it for a while)."""
        with self._write():
            self._db.execute("UPDATE tables SET finished = 1, expired = 1 "
                             "WHERE table_id = ?", (table_id,))

    def put_seat(self, table_id: str, row: SeatRow) -> None:
        """Who sits at ``row.seat`` now (committed)."""
        with self._write():
            self._put_seat(table_id, row)

    def _put_seat(self, table_id: str, row: SeatRow) -> None:
        self._db.execute(
            f"INSERT OR REPLACE INTO seats (table_id, {SEAT_COLUMNS}) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (table_id, row.seat, row.kind, row.name, row.bot, row.standin, row.generation,
             row.nonce, row.standin_reason))

    def seats(self, table_id: str) -> list[SeatRow]:
        """The table's seats, in seat order."""
        rows = self._db.execute(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE table_id = ? ORDER BY seat",
            (table_id,)).fetchall()
        return [SeatRow(*row) for row in rows]

    def say(self, table_id: str, seat: int | None, name: str, text: str, seq: int,
            at: float) -> ChatLine:
        """A chat message appended to the table's chat (committed); the line as kept."""
        with self._write():
            (last,) = self._db.execute("SELECT coalesce(max(n), 0) FROM chat "
                                       "WHERE table_id = ?", (table_id,)).fetchone()
            line = ChatLine(last + 1, seat, name, text, seq, at)
            self._db.execute("INSERT INTO chat (table_id, n, seat, name, text, seq, at) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?)",
                             (table_id, line.n, seat, name, text, seq, at))
        return line

    def chat(self, table_id: str, after: int = 0) -> list[ChatLine]:
        """The table's chat after message ``after``, in order."""
        rows = self._db.execute(
            "SELECT n, seat, name, text, seq, at FROM chat WHERE table_id = ? AND n > ? "
            "ORDER BY n", (table_id, after)).fetchall()
        return [ChatLine(*row) for row in rows]

    def append(self, table_id: str, seq: int, seat: int, action: str,
               at: float = 0.0, forced: str | None = None, by_bot: bool = False) -> None:
        """Step ``seq`` of the table (made at time ``at``; ``forced``: why the server made
        it for the seat, if it did; ``by_bot``: a bot made it), committed when this
        returns (what that survives: the module); ``LogConflict`` if entry ``seq`` is
        written already."""
        self._insert(table_id, Logged(seq, seat, action, at, forced, by_bot))

    def undo(self, table_id: str, seq: int, seat: int, step: int, at: float) -> None:
        """Entry ``seq``: ``seat``'s person took back step ``step`` (committed when this
        returns); ``LogConflict`` if entry ``seq`` is written already."""
        self._insert(table_id, Logged(seq, seat, "", at, undoes=step))

    def _insert(self, table_id: str, entry: Logged) -> None:
        try:
            with self._write():
                self._db.execute(
                    f"INSERT INTO actions (table_id, {ACTION_COLUMNS}) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (table_id, entry.seq, entry.seat, entry.action, entry.at, entry.forced,
                     int(entry.by_bot), entry.undoes))
        except sqlite3.IntegrityError as exc:
            raise LogConflict(f"table {table_id}: step {entry.seq} is written "
                              "already") from exc

    def finish(self, table_id: str) -> None:
        """Mark the table's game over: it is not rebuilt on start."""
        with self._write():
            self._db.execute("UPDATE tables SET finished = 1 WHERE table_id = ?", (table_id,))

    def table(self, table_id: str) -> TableRow | None:
        row = self._db.execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE table_id = ?",
                               (table_id,)).fetchone()
        return None if row is None else table_row(row)

    def unfinished(self) -> list[TableRow]:
        """Every table whose game is not over, in the order they were created."""
        rows = self._db.execute(f"SELECT {TABLE_COLUMNS} FROM tables "
                                "WHERE finished = 0 ORDER BY rowid").fetchall()
        return [table_row(row) for row in rows]

    def finished(self, limit: int = 100, before: str | None = None) -> list[TableRow]:
        """The last ``limit`` tables whose game is over (or that expired), the newest
        first; with ``before``, those set up before table ``before``."""
        if before is None:
            rows = self._db.execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE finished = 1 "
                                    "ORDER BY rowid DESC LIMIT ?", (limit,)).fetchall()
        else:
            rows = self._db.execute(
                f"SELECT {TABLE_COLUMNS} FROM tables WHERE finished = 1 AND rowid < "
                "(SELECT rowid FROM tables WHERE table_id = ?) ORDER BY rowid DESC LIMIT ?",
                (before, limit)).fetchall()
        return [table_row(row) for row in rows]

    def actions(self, table_id: str, after: int = 0) -> list[Logged]:
        """The table's game: its steps after entry ``after`` that no undo took back, in
        order."""
        rows = self._db.execute(
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE table_id = ? AND seq > ? AND "
            f"{live_steps('?')} ORDER BY seq", (table_id, after, table_id)).fetchall()
        return [Logged.from_row(row) for row in rows]

    def entries(self, table_id: str, after: int = 0) -> list[Logged]:
        """Every entry of the table's log after entry ``after``, in order."""
        rows = self._db.execute(
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE table_id = ? AND seq > ? "
            "ORDER BY seq", (table_id, after)).fetchall()
        return [Logged.from_row(row) for row in rows]


