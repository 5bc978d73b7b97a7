"""What the lobby's HTTP API answers, typed (:mod:`bohnen.server.api`): the games
offered, the list of tables, one table, a new table's tokens. The answers of the
requests carried out by a table's owner (a seat taken, a new host token) are typed
with the requests (:mod:`bohnen.server.requests`), the WebSocket's frames in
:mod:`bohnen.server.frames`. docs/online.md's protocol table says what each holds.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from bohnen.server.frames import SeatJSON
from bohnen.server.requests import Seated
from bohnen.server.table_setup import SetupJSON

OptionKind = Literal["bool", "int", "choice", "str"]


class OptionJSON(TypedDict):
    """A rule option a creator may set: its kind (a choice lists its ``choices``;
    ``nullable``: it may be null), its default and its line of help."""

    name: str
    type: OptionKind
    choices: NotRequired[list[str | int | bool | None]]
    nullable: NotRequired[bool]
    default: object
    help: str


class GameJSON(TypedDict):
    """A game as the lobby offers it: its player counts (least, most), its options and
    the bots a table may seat."""

    game: str
    title: str
    players: list[int]
    options: list[OptionJSON]
    bots: list[str]


class TableSummary(TypedDict):
    """An unfinished table in the list (or a table, to the lobby)."""

    table: str
    game: str
    players: int
    seats: list[SeatJSON]
    seq: int | None  # None: a table kept elsewhere, not yet read
    started: bool
    over: bool
    created: float


class FinishedSummary(TypedDict):
    """A finished table in the list (``expired``: closed before the end of its game,
    with no replay)."""

    table: str
    game: str
    players: int | None
    over: bool
    expired: bool
    created: float


class TableAnswer(TableSummary):
    """One table: its summary, set-up, options and a spectator's token."""

    setup: SetupJSON
    options: dict[str, object]
    spectator: str


class Listing(TypedDict, total=False):
    """A page of each list asked for, and under ``next`` the cursor of each list's next
    page (null: no more)."""

    open: list[TableSummary]
    playing: list[TableSummary]
    finished: list[FinishedSummary]
    next: dict[str, str | None]


class Created(TypedDict):
    """A new table: its id, the host's token, the creator's seat and token (null: the
    creator does not sit), an invitation per open seat and the seats kept for theirs
    (``reserved``), a spectator's token; the seed at a practice table only."""

    table: str
    game: str
    practice: bool
    host: str
    me: Seated | None
    invitations: list[Seated]
    reserved: list[int]
    spectator: str
    seed: NotRequired[int]
