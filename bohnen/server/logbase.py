"""What every log of the online tables is, whatever keeps it: the rows it holds and
the :class:`Log` protocol the table and the web server use.

Two logs implement it: :class:`bohnen.server.log.TableLog` (SQLite, the default, one
server process) and :class:`bohnen.server.pg.PgLog` (PostgreSQL, several server
processes); :func:`bohnen.server.database.open_log` opens one from a URL.

Every log gives the same guarantees: a write (``create``, ``put_seat``, ``say``,
``append``, ``finish``) is committed when it returns; the key ``(table, seq)`` makes
``append`` a compare-and-set (a step written twice raises :class:`LogConflict`
instead of forking the game); ``secret`` is made once and then always the same.

A write the database cannot make now (the disk is full, a disk error, a read-only
database, a database out of reach) raises :class:`LogUnwritable`: nothing of it was
kept, the same write may succeed later, and its message is one a player may read (the
cause, never a path). Each log says so in the server's log once when its writes start
failing and once when they work again (:class:`Outage`), not at every write. A
table's row whose options or set-up are not JSON objects is read all the same, with
the fault named in :attr:`TableRow.fault` (the table is set aside on start, the rest
serve: :mod:`bohnen.server.audit`).

Each table keeps the version of its game's engine that made it (``version``: the
game's :attr:`~bohnen.core.game.Game.version`), so that a server whose engine plays
another version does not replay its actions into another game (it sets the table
aside, as ``bohnen replay`` refuses a record of another version). A log made before
the logs kept versions is brought up to date by stamping each table with the version
the installed engine of its game plays then (:func:`game_versions`): the engine that
wrote those tables is not known, and the one that migrates the log is the best guess
(the tables of a game this server does not know keep 0, "not known", and are set
aside anyway). Once stamped, a later engine of another version refuses them.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from bohnen.core.files import excerpt
from bohnen.core.protocol import JSONObject
from bohnen.core.registry import game_names, get_game

SeatKind = Literal["open", "person", "bot"]


@dataclass(frozen=True, slots=True)
class TableRow:
    """What starts a table's game: the game's name, its options (JSON) and seed."""

    table_id: str
    game: str
    options: JSONObject
    seed: int
    finished: bool
    setup: JSONObject = field(default_factory=dict)
    created: float = 0.0
    host: str = ""  # the nonce of the host's token now (a new one voids the old token)
    expired: bool = False  # finished because nobody touched it for a while, not over
    fault: str = ""  # why the row cannot be read as it is (its options, its set-up)
    version: int = 0  # the version of the game's engine that made it (0: not known)


@dataclass(frozen=True, slots=True)
class SeatRow:
    """Who sits at a seat: nobody yet (``open``), a person (``name``) or a bot
    (``bot``, its spec). A person may hand the seat to a bot for a while
    (``standin``, a bot spec) and take it back; ``standin_reason`` says who else put
    the stand-in there (None: the person; ``"clock"``: the table's clock, after the
    seat's time ran out turn after turn: :mod:`bohnen.server.clock`). ``generation``
    numbers the seat's invitation link: a token of an older generation is void.
    ``nonce``: drawn at random whenever the seat changes hands, and named by its
    holder's token (a token whose nonce is not the seat's is void, whatever its
    generation)."""

    seat: int
    kind: SeatKind = "open"
    name: str | None = None
    bot: str | None = None
    standin: str | None = None
    generation: int = 0
    nonce: str = ""
    standin_reason: str | None = None


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A chat message of a table: its number (from 1), who wrote it (``seat`` None for
    a spectator), at which step of the game and when."""

    n: int
    seat: int | None
    name: str
    text: str
    seq: int
    at: float


@dataclass(frozen=True, slots=True)
class Logged:
    """One entry of a table's log, numbered ``seq`` (from 1, every entry the next
    number): an accepted action (its seat, its notation, when it was made; ``forced``:
    why it was made for the seat by the server, not by whoever plays there
    (``"clock"``: the seat's time ran out; None: its own move); ``by_bot``: a bot made
    it, the seat's or one standing in for its person), or an undo (``undoes``: the
    step it took back, at the request of ``seat``'s person; ``action`` empty). A step
    an undo names is not part of the game: the game is the steps no undo names
    (:meth:`Log.actions`); the numbers of the entries never repeat, so a client that
    knows the log up to an entry can be told what came after it."""

    seq: int
    seat: int
    action: str
    at: float = 0.0
    forced: str | None = None
    by_bot: bool = False
    undoes: int | None = None

    @classmethod
    def from_row(cls, row: tuple[int, int, str, float, str | None, int | bool, int | None]
                 ) -> Logged:
        """The entry of the columns :data:`ACTION_COLUMNS` as a log keeps them."""
        seq, seat, action, at, forced, by_bot, undoes = row
        return cls(seq, seat, action, at, forced, bool(by_bot), undoes)


class LogConflict(RuntimeError):
    """A step written twice: another writer got there first."""


class LogUnwritable(RuntimeError):
    """The log cannot write now (``reason``: the disk is full, a disk error, the
    database is read-only or out of reach): nothing of the write was kept, and the same
    write may succeed later. The message is for a player: the cause, no path."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"the server cannot save moves: {reason}")
        self.reason = reason


class BadLogFile(ValueError):
    """The log's file or database cannot be used at all (not a database, damaged,
    locked, read-only, no folder): the message says what and where, in one line, for
    the operator."""


class LogInUse(BadLogFile):
    """Another server process keeps its tables in this SQLite log already."""


class Outage:
    """Tells the server's log, in one line and without a traceback, when a log's writes
    start failing and when they work again (not at every failed write: a full disk
    would fill the server's log with the same line)."""

    def __init__(self, logger: logging.Logger) -> None:
        self.logger = logger
        self.down = False

    def failed(self, fault: LogUnwritable) -> LogUnwritable:
        """A write failed with ``fault`` (returned, to be raised)."""
        if not self.down:
            self.down = True
            self.logger.warning("the log cannot write: %s; moves, chat and new tables are "
                                "refused until it can", fault.reason)
        return fault

    def worked(self) -> None:
        """A write was committed."""
        if self.down:
            self.down = False
            self.logger.warning("the log writes again")


class Log(Protocol):
    """The durable log of the tables (see the module for what every log guarantees)."""

    def close(self) -> None:
        """Let go of the database."""

    def secret(self) -> str:
        """The server's secret for signing seat tokens, made once and kept in the log."""

    def create(self, table_id: str, game: str, options: JSONObject, seed: int,
               setup: JSONObject | None = None, seats: Sequence[SeatRow] = (),
               at: float = 0.0, host: str = "", version: int = 0) -> None:
        """A new table's game, set-up, seats, host nonce and the version of its game's
        engine; ``LogConflict`` if the id is taken."""

    def put_host(self, table_id: str, nonce: str) -> None:
        """The nonce of the table's host token now (committed): older host tokens are
        void."""

    def expire(self, table_id: str) -> None:
        """Mark the table finished though its game is not over (nobody touched it for a
        while): it is not rebuilt on start, and not replayed."""

    def put_seat(self, table_id: str, row: SeatRow) -> None:
        """Who sits at ``row.seat`` now (committed)."""

    def seats(self, table_id: str) -> list[SeatRow]:
        """The table's seats, in seat order."""

    def say(self, table_id: str, seat: int | None, name: str, text: str, seq: int,
            at: float) -> ChatLine:
        """A chat message appended to the table's chat (committed); the line as kept."""

    def chat(self, table_id: str, after: int = 0) -> list[ChatLine]:
        """The table's chat after message ``after``, in order."""

    def append(self, table_id: str, seq: int, seat: int, action: str,
               at: float = 0.0, forced: str | None = None, by_bot: bool = False) -> None:
        """Step ``seq`` of the table (``forced``, ``by_bot``: see :class:`Logged`),
        committed when this returns; ``LogConflict`` if entry ``seq`` is written
        already."""

    def undo(self, table_id: str, seq: int, seat: int, step: int, at: float) -> None:
        """Entry ``seq`` of the table: ``seat``'s person took back step ``step``
        (committed when this returns: from then on :meth:`actions` leaves the step
        out); ``LogConflict`` if entry ``seq`` is written already."""

    def finish(self, table_id: str) -> None:
        """Mark the table's game over: it is not rebuilt on start."""

    def table(self, table_id: str) -> TableRow | None:
        """The table's game, or None if there is no such table."""

    def unfinished(self) -> list[TableRow]:
        """Every table whose game is not over, in the order they were created."""

    def finished(self, limit: int = 100, before: str | None = None) -> list[TableRow]:
        """The last ``limit`` tables whose game is over (or that expired), the newest
        first (in the order they were set up); with ``before``, those set up before
        table ``before`` (the next page after it; none if there is no such table)."""

    def actions(self, table_id: str, after: int = 0) -> list[Logged]:
        """The table's game: its steps after entry ``after`` that no undo took back, in
        order."""

    def entries(self, table_id: str, after: int = 0) -> list[Logged]:
        """Every entry of the table's log after entry ``after`` (the steps, those taken
        back too, and the undos), in order."""


TABLE_COLUMNS = ("table_id, game, options, seed, finished, setup, created, host, expired, "
                 "version")
SEAT_COLUMNS = "seat, kind, name, bot, standin, generation, nonce, standin_reason"
ACTION_COLUMNS = "seq, seat, action, at, forced, by_bot, undoes"


def live_steps(table: str) -> str:
    """The SQL condition of a table's steps that no undo took back (``table``: the
    parameter's placeholder of the log's database, bound to the table's id)."""
    return ("undoes IS NULL AND seq NOT IN (SELECT undoes FROM actions "
            f"WHERE table_id = {table} AND undoes IS NOT NULL)")


def table_row(row: tuple[str, str, str, int, int | bool, str, float, str, int | bool, int]
              ) -> TableRow:
    """A :class:`TableRow` from the columns :data:`TABLE_COLUMNS` as a log keeps them
    (options and set-up as JSON text); options or a set-up that are not a JSON object
    are read as empty, the fault named in ``fault``."""
    table_id, game, options, seed, finished, setup, created, host, expired, version = row
    faults: list[str] = []
    return TableRow(str(table_id), str(game), _object(options, "options are", faults), seed,
                    bool(finished), _object(setup, "set-up is", faults), created, host,
                    bool(expired), "; ".join(faults), int(version))


def game_versions() -> list[tuple[int, str]]:
    """The version each game's installed engine plays, with the game's name: what a log
    made before the logs kept versions stamps on its tables when it is brought up to
    date (see the module)."""
    return [(get_game(name).version, name) for name in game_names()]


def _object(text: object, what: str, faults: list[str]) -> JSONObject:
    """The JSON object ``text`` holds, else ``{}`` with the fault added to ``faults``."""
    try:
        loaded = json.loads(text) if isinstance(text, str | bytes) else None
    except (ValueError, RecursionError):
        loaded = None
    if isinstance(loaded, dict):
        return loaded
    faults.append(f"its {what} not a JSON object: {excerpt(text, 40)}")
    return {}


def hide_password(url: str) -> str:
    """A database URL with its password, if any (in the user part or as a parameter),
    replaced by ``***`` (for messages)."""
    url = re.sub(r"^([A-Za-z][A-Za-z0-9+.-]*://[^:/@?#]*):[^@/?#]*@", r"\1:***@", url)
    return re.sub(r"([?&]password=)[^&#]*", r"\1***", url)
