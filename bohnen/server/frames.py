"""The frames the server sends a client over its WebSocket, typed: one ``TypedDict`` per
frame type, told apart by ``type``.

Their JSON Schema (``bohnen/server/frames.schema.json``, written by
``scripts/regen_schemas.py`` from :data:`FRAMES`) is the contract of the browser
client and of any other; ``tests/server/test_protocol.py`` checks that the checked-in
file is what these types give and that every frame the server sends in whole games of
every game fits it, and ``tests/docs/test_online_doc.py`` that docs/online.md's table
of frames names these types and their fields. Parts whose shape another contract
gives are any JSON here: a game's view (its ``view.schema.json``), its options, its
events' fields, the table's set-up.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from bohnen.core.moves import Move
from bohnen.core.protocol import Terms
from bohnen.core.result import ResultJSON
from bohnen.server.ballots import VoteJSON
from bohnen.server.logbase import SeatKind, SeatRow
from bohnen.server.table_setup import SetupJSON


class SeatJSON(TypedDict):
    """A seat as the lobby and the table show it: who sits there (``kind``: open, a
    person, a bot), its person's name or its bot's spec, the bot standing in for its
    person (``standin``) and who put it there if not the person (``standin_reason``:
    ``"clock"``, after the seat's absent turns; ``"vote"``, the others voted), whether
    a client of the seat is watching, whether the seat is kept for an invitation's link
    (``reserved``: not free to anybody else) and, while its person is absent, the vote
    to hand it to a bot (``vote``: :mod:`bohnen.server.ballots`; null otherwise)."""

    seat: int
    kind: SeatKind
    name: str | None
    bot: str | None
    standin: str | None
    standin_reason: str | None
    connected: bool
    reserved: bool
    vote: VoteJSON | None


class ClockJSON(TypedDict):
    """A table's clock: its mode and seconds a move; each seat's bank left as kept since
    its last move (realtime only; seats by their number in text), when each seat the
    clock runs for runs out (unix time), the seats out of time (whose moves the clock
    makes: ``ran_out``), each seat's absent turns in a row where any (``absent``) and
    how many hand a seat to its stand-in (``absent_turns``; 0: never)."""

    mode: Literal["realtime", "async"]
    per_move: float
    bank: dict[str, float] | None
    deadline: dict[str, float]
    ran_out: list[int]
    absent: dict[str, int]
    absent_turns: int


class HelloFrame(TypedDict):
    """The server's first frame: the client's seat (null: a spectator), the table, its
    seats and set-up (:mod:`bohnen.server.table_setup`), and a fresh token for the
    client to keep (its old one expires); ``seed`` at a practice table only."""

    type: Literal["hello"]
    table: str
    game: str
    title: str
    seat: int | None
    seq: int
    seats: list[SeatJSON]
    setup: SetupJSON
    options: dict[str, object]
    started: bool
    over: bool
    token: str
    seed: NotRequired[int]


class Forced(TypedDict):
    """A move the server made for a seat, and why (``"clock"``: its time ran out)."""

    seat: int
    reason: str


class StepFrame(TypedDict):
    """Step ``seq``: who moved, when (unix time), whether the server made the move for
    the seat (``forced``; null for the seat's own move), and its events as the client's
    seat may see them (each the game's event JSON, with its ``text`` in words)."""

    type: Literal["step"]
    table: str
    seq: int
    seat: int
    at: float
    forced: Forced | None
    events: list[dict[str, object]]


class ViewFrame(TypedDict):
    """The table now, after step ``seq``, as the client's seat sees it: its ``view`` (the
    game's view JSON); its legal moves, each in three forms (``moves``: the engine's
    JSON, its text, its notation), proposals left out; what it
    may propose (``terms``: null when it may not); who may move (``to_act``) and whom
    the game waits on (``must_act``: whose clock runs), the clock, the result, and
    the step the seat's person may take back now (``undo``: null when none)."""

    type: Literal["view"]
    seq: int
    view: dict[str, object]
    moves: list[Move]
    terms: Terms | None
    to_act: list[int]
    must_act: list[int]
    started: bool
    clock: ClockJSON | None
    result: ResultJSON | None
    undo: int | None


class UndoneFrame(TypedDict):
    """Entry ``seq`` of the table's log: ``seat``'s person took back step ``step`` (at
    unix time ``at``); the step is no longer part of the game. A ``view`` frame
    follows."""

    type: Literal["undone"]
    table: str
    seq: int
    step: int
    seat: int
    at: float


class ChatFrame(TypedDict):
    """Chat line ``n``: who said it (a seat, or null: a spectator), under what name,
    when (after step ``seq``, at unix time ``at``); ``notice``: a line of the table
    itself, not of a person (a vote, the host removing a person), its name empty."""

    type: Literal["chat"]
    n: int
    seat: int | None
    name: str
    text: str
    seq: int
    at: float
    notice: bool


class SeatsFrame(TypedDict):
    """The seats, after a change (joined, left, a bot, a client connected or gone)."""

    type: Literal["seats"]
    seats: list[SeatJSON]
    started: bool


class AckFrame(TypedDict):
    """The client's action was taken: it is step ``seq``."""

    type: Literal["ack"]
    seq: int


class ErrorFrame(TypedDict):
    """The client's frame was refused (the table unchanged, the connection open), and
    why."""

    type: Literal["error"]
    error: str


class ClosedFrame(TypedDict):
    """The last frame before the server closes the connection, and why."""

    type: Literal["closed"]
    table: str
    reason: str


ServerFrame = (HelloFrame | StepFrame | UndoneFrame | ViewFrame | ChatFrame | SeatsFrame
               | AckFrame | ErrorFrame | ClosedFrame)
# Each frame type by its ``type``: what the schema and the documentation name.
FRAMES: dict[str, type] = {
    "hello": HelloFrame, "step": StepFrame, "undone": UndoneFrame, "view": ViewFrame,
    "chat": ChatFrame,
    "seats": SeatsFrame, "ack": AckFrame, "error": ErrorFrame, "closed": ClosedFrame}


def error_frame(error: str) -> ErrorFrame:
    return {"type": "error", "error": error}


def closed_frame(table_id: str, reason: str) -> ClosedFrame:
    """The last frame a client gets before the server closes its connection, and why."""
    return {"type": "closed", "table": table_id, "reason": reason}


def seat_json(row: SeatRow, connected: bool = False, reserved: bool = False,
              vote: VoteJSON | None = None) -> SeatJSON:
    """A seat as the lobby and the table show it."""
    return {"seat": row.seat, "kind": row.kind, "name": row.name, "bot": row.bot,
            "standin": row.standin, "standin_reason": row.standin_reason,
            "connected": connected, "reserved": reserved, "vote": vote}
