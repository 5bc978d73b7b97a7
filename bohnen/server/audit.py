"""A table's log checked as the table is rebuilt from it, so that one bad table does
not stop the server.

A table whose log cannot make a table (options or a set-up that are no JSON object,
a game this server does not know, a game made by another version of its engine than
this server's replays, options the game refuses, seats that do not fit the game, a
clock that is no clock, an action the game cannot replay, rows the database cannot
read) is **set aside**: the lobby serves the other tables, refuses
every request for this one saying why, writes nothing to it (its rows stay as they
are, to be repaired or deleted by hand), and says so in one line of the server's log.
A table of another version is set aside as ``bohnen replay`` refuses a record of
another version (:func:`~bohnen.core.records.replays_version`): its actions replayed
by another engine could make another game. Its rows stay for a server whose engine
plays that version; once its game is over, its record is still served
(:meth:`bohnen.server.replay.Replays.record`, to replay with such an engine), not its
steps. ``bohnen serve --check`` rebuilds every unfinished table of a log this way and lists
those that would be set aside (:func:`check`).
"""

from __future__ import annotations

import sqlite3

from bohnen.core.game import AnyGame
from bohnen.core.records import replays_version
from bohnen.core.registry import get_game
from bohnen.server.clock import ClockSetup
from bohnen.server.logbase import Log, TableRow
from bohnen.server.table import Table

# what a log's rows may make a rebuild raise (the engine's errors are ValueErrors); a
# database that cannot be reached is not the table's fault and is not caught here
ROW_FAULTS = (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError,
              RecursionError, AssertionError)


class BadTable(ValueError):
    """A table whose log cannot be rebuilt: its id and the reason (one line)."""

    def __init__(self, table_id: str, reason: str) -> None:
        super().__init__(f"table {table_id}: {reason}")
        self.table_id = table_id
        self.reason = reason


def rebuild(log: Log, row: TableRow) -> Table:
    """The table ``row`` rebuilt from its log (:meth:`Table.rebuild`), checked first;
    :class:`BadTable` saying why it cannot be."""
    if row.fault:
        raise BadTable(row.table_id, row.fault)
    try:
        game = get_game(row.game)
    except ValueError as exc:
        raise BadTable(row.table_id, str(exc)) from None
    fault = version_fault(game, row.version)
    if fault is not None:
        raise BadTable(row.table_id, fault)
    try:
        options = game.options_from_json(row.options)
    except ROW_FAULTS as exc:
        raise BadTable(row.table_id, f"its options: {exc}") from None
    try:
        ClockSetup.from_json(row.setup.get("clock"))
    except ROW_FAULTS as exc:
        raise BadTable(row.table_id, f"its set-up: {exc}") from None
    try:
        seats = [seat.seat for seat in log.seats(row.table_id)]
        if seats != list(range(options.players)):
            raise BadTable(row.table_id, f"its seats are {seats or 'none'}, not 0 to "
                                         f"{options.players - 1}")
        return Table.rebuild(log, row)
    except BadTable:
        raise
    except ROW_FAULTS as exc:
        raise BadTable(row.table_id, f"its log cannot be replayed: {exc}") from None
    except sqlite3.OperationalError:
        raise  # locked, or the disk: the file's fault, not the table's
    except sqlite3.DatabaseError as exc:
        raise BadTable(row.table_id, f"its rows cannot be read: {exc}") from None


def version_fault(game: AnyGame, version: int) -> str | None:
    """Why this server's engine of ``game`` does not replay a table made by its version
    ``version`` (None: it does; 0, a table of a log that kept no versions, is replayed
    as this version)."""
    if replays_version(game, version):
        return None
    return (f"it was played with {game.name} version {version}; this server's engine "
            f"plays version {game.version} and does not replay it")


def check(log: Log) -> tuple[int, list[BadTable]]:
    """Every unfinished table of ``log`` rebuilt: how many there are, and why each that
    cannot be would be set aside."""
    rows = log.unfinished()
    bad: list[BadTable] = []
    for row in rows:
        try:
            rebuild(log, row)
        except BadTable as exc:
            bad.append(exc)
    return len(rows), bad
