"""What the lobby lists of its tables, a page at a time, and never by rebuilding one.

The lobby lists three lists: **open** tables (a seat is free), tables **playing**
(the newest first, both) and **finished** ones (over or expired, the newest set up
first). Each answer is a page of at most :data:`MAX_PAGE` tables per list
(:data:`PAGE` unless asked) and a cursor for the next one, so that neither the answer
nor the work behind it grows with the number of tables.

The unfinished tables are listed from memory: those this process keeps (or watches
as replicas), and, with PostgreSQL, the :class:`Directory` of the unfinished tables
other processes keep: each one's row and seats, read from the log once and then kept
up to date from the cluster's notices (a seat changed, a step, the end), so that a
listing costs no query and no table is rebuilt for it. The finished tables are a
bounded query of the log (``Log.finished``, a page after a cursor).

A cursor names the last table of a page: for the unfinished lists its creation time
and id (``CREATED~ID``: a table is listed once while paging, even if tables come and
go meanwhile), for the finished list its id.

A **private** table (``setup["private"]``: :mod:`bohnen.server.table_setup`) is in no
list, in no process, finished or not: only its links reach it. The finished list
leaves it out of the page the query gave, so a page may hold fewer than asked, its
cursor still right.
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal, TypeVar

from bohnen.core.files import excerpt
from bohnen.server.answers import FinishedSummary, TableSummary
from bohnen.server.cluster import Change
from bohnen.server.frames import seat_json
from bohnen.server.logbase import Log, SeatRow, TableRow
from bohnen.server.table_setup import invited_seats, is_private

PAGE = 50  # tables per list in one answer, unless asked
MAX_PAGE = 100  # the most a client may ask for
ListName = Literal["open", "playing", "finished"]
LISTS: tuple[ListName, ...] = ("open", "playing", "finished")

_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
T = TypeVar("T")


@dataclass(slots=True)
class Listed:
    """An unfinished table kept by another process, as the lobby lists it: its row and
    seats from the log, its last step from the notices (None: none seen yet)."""

    table_id: str
    game: str
    players: int
    created: float
    seats: list[SeatRow]
    seq: int | None = None
    private: bool = False  # never listed (see the module)
    reserved: frozenset[int] = frozenset()  # the seats kept for an invitation

    @classmethod
    def of(cls, row: TableRow, seats: list[SeatRow], seq: int | None = None) -> Listed:
        players = row.options.get("players")
        return cls(row.table_id, row.game, players if isinstance(players, int) else
                   len(seats), row.created, seats, seq, is_private(row.setup),
                   invited_seats(row.setup))

    @property
    def started(self) -> bool:
        return all(row.kind != "open" for row in self.seats)

    def summary(self) -> TableSummary:
        """The table as the lobby lists it (the same keys as a table kept here)."""
        return {"table": self.table_id, "game": self.game, "players": self.players,
                "seats": [seat_json(row, reserved=row.seat in self.reserved)
                          for row in self.seats], "seq": self.seq,
                "started": self.started, "over": False, "created": self.created}


def finished_summary(row: TableRow) -> FinishedSummary:
    """A finished table as the lobby lists it (``expired``: closed before the end of its
    game, with no replay)."""
    players = row.options.get("players")
    return {"table": row.table_id, "game": row.game,
            "players": players if isinstance(players, int) else None,
            "over": True, "expired": row.expired, "created": row.created}


class Directory:
    """The unfinished tables kept by other processes (see the module); ``kept(id)``
    says whether this process keeps a table (those are listed from memory)."""

    def __init__(self, log: Log, kept: Callable[[str], bool]) -> None:
        self.log = log
        self.kept = kept
        self.entries: dict[str, Listed] = {}
        self.loaded = False

    def load(self, again: bool = False) -> None:
        """Read every unfinished table another process keeps from the log (once, or
        ``again`` after notices may have been missed)."""
        if self.loaded and not again:
            return
        self.loaded = True
        self.entries = {}
        for row in self.log.unfinished():
            if not self.kept(row.table_id):
                self.entries[row.table_id] = Listed.of(row, self.log.seats(row.table_id))

    def listed(self) -> list[Listed]:
        """Every entry (read from the log the first time)."""
        self.load()
        return list(self.entries.values())

    def changed(self, change: Change) -> None:
        """A notice of a table kept by another process: its entry follows."""
        if not self.loaded:
            return  # read whole when first listed
        if change.kind == "resync":
            self.load(again=True)
            return
        table_id = change.table_id
        entry = self.entries.get(table_id)
        if change.kind == "over":
            self.entries.pop(table_id, None)
        elif entry is None or change.kind == "new":
            self.read(table_id, change.n if change.kind == "step" else None)
        elif change.kind == "seats":
            entry.seats = self.log.seats(table_id)
        elif change.kind == "step":
            entry.seq = max(entry.seq or 0, change.n)

    def read(self, table_id: str, seq: int | None = None) -> None:
        """The table's entry read from the log (none if it is finished or kept here)."""
        row = self.log.table(table_id)
        if row is None or row.finished or self.kept(table_id):
            self.entries.pop(table_id, None)
        else:
            self.entries[table_id] = Listed.of(row, self.log.seats(table_id), seq)

    def put(self, entry: Listed) -> None:
        """A table another process keeps from now on, as this one last saw it."""
        if self.loaded:
            self.entries[entry.table_id] = entry

    def drop(self, table_id: str) -> None:
        """A table this process keeps from now on (or that ended)."""
        self.entries.pop(table_id, None)


def page(rows: Iterable[tuple[float, str, T]], after: str | None,
         limit: int) -> tuple[list[T], str | None]:
    """The ``limit`` newest of ``rows`` (``(created, table id, item)``) after cursor
    ``after``, and the cursor of the next page (None: this was the last);
    ``ValueError`` for a cursor that is none."""
    if after is not None:
        last = _sort_key(*unfinished_cursor(after))
        rows = (row for row in rows if _sort_key(row[0], row[1]) > last)
    chosen = heapq.nsmallest(limit + 1, rows, key=lambda row: _sort_key(row[0], row[1]))
    more = len(chosen) > limit
    chosen = chosen[:limit]
    return [item for _, _, item in chosen], (f"{chosen[-1][0]!r}~{chosen[-1][1]}"
                                             if more else None)


def _sort_key(created: float, table_id: str) -> tuple[float, str]:
    return -created, table_id


def unfinished_cursor(text: str) -> tuple[float, str]:
    """The creation time and id a cursor of an unfinished list names."""
    created, _, table_id = text.partition("~")
    try:
        when = float(created)
    except ValueError:
        when = math.nan
    if not math.isfinite(when) or not _TABLE_ID.fullmatch(table_id):
        raise ValueError(f"{excerpt(text)} is not a cursor of this list")
    return when, table_id


def finished_cursor(text: str) -> str:
    """The table id a cursor of the finished list names."""
    if not _TABLE_ID.fullmatch(text):
        raise ValueError(f"{excerpt(text)} is not a cursor of the finished list")
    return text
