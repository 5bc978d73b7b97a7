"""What every log of the online tables is, whatever keeps it: the rows it holds and
the :class:`Log` protocol the table and the web server use.

Two logs implement it: :class:`bohnen.server.log.TableLog` (SQLite, the default, one
server process) and :class:`bohnen.server.pg.PgLog` (PostgreSQL, several server
processes); :func:`bohnen.server.database.open_log` opens one from a URL.

Every log gives the same guarantees: a write (``create``, ``put_seat``, ``say``,
``append``, ``finish``) is committed when it returns; the key ``(table, seq)`` makes
``append`` a compare-and-set (a step written twice raises :class:`LogConflict`
instead of forking the game); ``secret`` is made once and then always the same.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from bohnen.core.protocol import JSONObject

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


@dataclass(frozen=True, slots=True)
class SeatRow:
    """Who sits at a seat: nobody yet (``open``), a person (``name``) or a bot
    (``bot``, its spec). A person may hand the seat to a bot for a while
    (``standin``, a bot spec) and take it back. ``generation`` numbers the seat's
    invitation link: a token of an older generation is void. ``nonce``: drawn at random
    whenever the seat changes hands, and named by its holder's token (a token whose
    nonce is not the seat's is void, whatever its generation)."""

    seat: int
    kind: SeatKind = "open"
    name: str | None = None
    bot: str | None = None
    standin: str | None = None
    generation: int = 0
    nonce: str = ""


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
    """One accepted action: its step in the table (from 1), its seat, its notation."""

    seq: int
    seat: int
    action: str
    at: float = 0.0


class LogConflict(RuntimeError):
    """A step written twice: another writer got there first."""


class Log(Protocol):
    """The durable log of the tables (see the module for what every log guarantees)."""

    def close(self) -> None:
        """Let go of the database."""

    def secret(self) -> str:
        """The server's secret for signing seat tokens, made once and kept in the log."""

    def create(self, table_id: str, game: str, options: JSONObject, seed: int,
               setup: JSONObject | None = None, seats: Sequence[SeatRow] = (),
               at: float = 0.0, host: str = "") -> None:
        """A new table's game, set-up, seats and host nonce; ``LogConflict`` if the id
        is taken."""

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
               at: float = 0.0) -> None:
        """Step ``seq`` of the table, committed when this returns; ``LogConflict`` if
        that step is written already."""

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
        """The table's actions after step ``after``, in order."""


TABLE_COLUMNS = "table_id, game, options, seed, finished, setup, created, host, expired"
SEAT_COLUMNS = "seat, kind, name, bot, standin, generation, nonce"


def table_row(row: tuple[str, str, str, int, int | bool, str, float, str, int | bool]
              ) -> TableRow:
    """A :class:`TableRow` from the columns :data:`TABLE_COLUMNS` as a log keeps them
    (options and set-up as JSON text)."""
    table_id, game, options, seed, finished, setup, created, host, expired = row
    return TableRow(table_id, game, _object(options, table_id), seed, bool(finished),
                    _object(setup, table_id), created, host, bool(expired))


def _object(text: str, table_id: str) -> JSONObject:
    loaded = json.loads(text)
    if not isinstance(loaded, dict):
        raise ValueError(f"the log of table {table_id} holds {text[:40]!r}, not a JSON "
                         "object")
    return loaded


def hide_password(url: str) -> str:
    """A database URL with its password, if any (in the user part or as a parameter),
    replaced by ``***`` (for messages)."""
    url = re.sub(r"^([A-Za-z][A-Za-z0-9+.-]*://[^:/@?#]*):[^@/?#]*@", r"\1:***@", url)
    return re.sub(r"([?&]password=)[^&#]*", r"\1***", url)
