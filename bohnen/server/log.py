"""The durable log of the online tables: each table's game (name, options, seed) and
its accepted actions in order, as ``(table, seq)`` rows.

An action is appended and committed before it is applied to the table in memory or
shown to anybody, so a server killed at any moment loses no action it acknowledged:
on start it rebuilds every unfinished table from its game and its actions. The
primary key ``(table_id, seq)`` is the compare-and-set of the log: a second writer of
the same step fails instead of forking the game.

SQLite (the standard library's ``sqlite3``) in write-ahead-log mode with
``synchronous=FULL``: every commit is on disk when it returns (with ``NORMAL`` a
commit may roll back after a power loss).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bohnen.core.protocol import JSONObject

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
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
    PRIMARY KEY (table_id, seq)
);
"""


@dataclass(frozen=True, slots=True)
class TableRow:
    """What starts a table's game: the game's name, its options (JSON) and seed."""

    table_id: str
    game: str
    options: JSONObject
    seed: int
    finished: bool


@dataclass(frozen=True, slots=True)
class Logged:
    """One accepted action: its step in the table (from 1), its seat, its notation."""

    seq: int
    seat: int
    action: str


class LogConflict(RuntimeError):
    """A step written twice: another writer got there first."""


class TableLog:
    """The log in one SQLite file (``:memory:`` for a log that dies with it)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    def secret(self) -> str:
        """The server's secret for signing seat tokens, made once and kept in the log, so
        that the tokens given out stay good after a restart."""
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)",
                             ("secret", secrets.token_hex(32)))
            row = self._db.execute("SELECT value FROM settings WHERE name = 'secret'").fetchone()
        value: str = row[0]
        return value

    def create(self, table_id: str, game: str, options: JSONObject, seed: int) -> None:
        """A new table's game; ``LogConflict`` if the id is taken."""
        try:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute(
                    "INSERT INTO tables (table_id, game, options, seed) VALUES (?, ?, ?, ?)",
                    (table_id, game, json.dumps(options, sort_keys=True), seed))
        except sqlite3.IntegrityError as exc:
            raise LogConflict(f"table {table_id} exists already") from exc

    def append(self, table_id: str, seq: int, seat: int, action: str) -> None:
        """Step ``seq`` of the table, committed (on disk) when this returns;
        ``LogConflict`` if that step is written already."""
        try:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute(
                    "INSERT INTO actions (table_id, seq, seat, action) VALUES (?, ?, ?, ?)",
                    (table_id, seq, seat, action))
        except sqlite3.IntegrityError as exc:
            raise LogConflict(f"table {table_id}: step {seq} is written already") from exc

    def finish(self, table_id: str) -> None:
        """Mark the table's game over: it is not rebuilt on start."""
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("UPDATE tables SET finished = 1 WHERE table_id = ?", (table_id,))

    def table(self, table_id: str) -> TableRow | None:
        row = self._db.execute(
            "SELECT table_id, game, options, seed, finished FROM tables WHERE table_id = ?",
            (table_id,)).fetchone()
        return None if row is None else _table_row(row)

    def unfinished(self) -> list[TableRow]:
        """Every table whose game is not over, in the order they were created."""
        rows = self._db.execute("SELECT table_id, game, options, seed, finished FROM tables "
                                "WHERE finished = 0 ORDER BY rowid").fetchall()
        return [_table_row(row) for row in rows]

    def actions(self, table_id: str, after: int = 0) -> list[Logged]:
        """The table's actions after step ``after``, in order."""
        rows = self._db.execute(
            "SELECT seq, seat, action FROM actions WHERE table_id = ? AND seq > ? ORDER BY seq",
            (table_id, after)).fetchall()
        return [Logged(seq, seat, action) for seq, seat, action in rows]


def _table_row(row: tuple[str, str, str, int, int]) -> TableRow:
    table_id, game, options, seed, finished = row
    loaded = json.loads(options)
    if not isinstance(loaded, dict):
        raise ValueError(f"the log's options of table {table_id} are not a JSON object")
    return TableRow(table_id, game, loaded, seed, bool(finished))
