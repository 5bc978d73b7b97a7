"""The HTTP API of the lobby (FastAPI routes; what they do is in
:mod:`bohnen.server.lobby` and :mod:`bohnen.server.replay`).

- ``GET /api/games``: the games, their options and bots.
- ``POST /api/tables``: set up a table (its seed chosen only for a practice table; at
  most ``tables_per_minute`` on average and ``tables_burst`` at once from one client
  address, else 429 with ``Retry-After``);
  ``GET /api/tables``: a page of the open, playing and finished tables (``limit`` per
  list, at most 100; ``list`` and ``after``: the next page of one list, after the
  cursor the last answer gave under ``next``); ``GET /api/tables/{id}``: one table,
  with its spectator token.
- ``POST /api/tables/{id}/join``: take a free seat with a name (or an invitation's).
- ``POST /api/tables/{id}/seats/{seat}`` (the host's token as a Bearer): revoke an
  invitation, or seat a bot; ``POST /api/tables/{id}/host`` (likewise): a new host
  token, the old one void.
- ``GET /api/tables/{id}/replay``: a finished game's record (a standard game record,
  for ``bohnen replay``, with the table's seats, chat and steps beside its fields);
  ``.../replay/{seq}``: the table after a step of it.

Bodies are checked by pydantic models; the answers are typed (``TypedDict``s of
:mod:`bohnen.server.answers` and :mod:`bohnen.server.requests`, sent as they are). A
refused request is answered 4xx with ``{"detail": "<what is wrong>"}``: 409 for a
table set aside (its log cannot be rebuilt), and 503 when the log cannot save the
change now (a full disk: the cause is the detail; the same request may succeed
later).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Annotated, Literal, TypeVar

from fastapi import APIRouter, Header, HTTPException, Path, Query, Request
from pydantic import BaseModel, Field

from bohnen.core.protocol import JSONObject
from bohnen.server import catalog, replay
from bohnen.server.answers import Created, GameJSON, Listing, TableAnswer
from bohnen.server.clock import ABSENT_TURNS, MAX_ABSENT_TURNS
from bohnen.server.listing import MAX_PAGE, PAGE, ListName
from bohnen.server.lobby import MAX_NAME, Lobby, LobbyError
from bohnen.server.logbase import LogUnwritable
from bohnen.server.offer import MAX_BOT_SPEC
from bohnen.server.requests import AnswerT, Hosted, Join, Manage, Rehost, Seated
from bohnen.server.requests import Request as LobbyRequest
from bohnen.server.table_setup import setup_json
from bohnen.server.throttle import Throttle, retry_after

T = TypeVar("T")
TableId = Annotated[str, Path(max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
Token = Annotated[str, Field(max_length=500)]


class SeatSetup(BaseModel):
    """One seat of a new table: the creator, open (to anybody, from the lobby or by its
    link), kept for an invited friend (``invite``: only its link takes it), or a bot
    (its spec)."""

    kind: Literal["me", "open", "invite", "bot"]
    bot: str | None = Field(default=None, max_length=MAX_BOT_SPEC)


class Clock(BaseModel):
    """A table's clock: ``realtime`` (seconds per move and a bank per seat) or
    ``async`` (seconds per move, hours in practice); ``absent_turns``: the turns in a
    row the clock plays for a person before a stand-in bot takes the seat (0: never)."""

    mode: Literal["realtime", "async"]
    per_move: float = Field(gt=0, le=30 * 86_400)
    bank: float = Field(default=0, ge=0, le=86_400)
    absent_turns: int = Field(default=ABSENT_TURNS, ge=0, le=MAX_ABSENT_TURNS, strict=True)


class NewTable(BaseModel):
    """A table to set up (``private``: listed nowhere, only its links reach it;
    ``spectator_chat``: its spectators may chat)."""

    game: str = Field(max_length=32)
    players: int = Field(ge=1, le=16)
    options: dict[str, str | int | bool | None] = Field(default_factory=dict, max_length=32)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    practice: bool = False
    name: str | None = Field(default=None, max_length=MAX_NAME * 4)
    seats: list[SeatSetup] | None = Field(default=None, max_length=16)
    clock: Clock | None = None
    private: bool = Field(default=False, strict=True)
    spectator_chat: bool = Field(default=False, strict=True)


class JoinBody(BaseModel):
    name: str = Field(max_length=MAX_NAME * 4)
    seat: int | None = Field(default=None, ge=0, le=16)
    invitation: Token | None = None


class SeatChange(BaseModel):
    revoke: bool = False
    bot: str | None = Field(default=None, max_length=MAX_BOT_SPEC)


def routes(lobby: Lobby, clock: Callable[[], float] = time.time) -> APIRouter:
    """The API of ``lobby``; ``clock`` (seconds) refills the clients' allowance of new
    tables."""
    api = APIRouter(prefix="/api")
    limits = lobby.limits
    creations = Throttle(limits.tables_per_minute / 60, limits.tables_burst, clock)
    replays = replay.Replays(lobby.log)

    @api.get("/games", response_model=None)
    async def games() -> list[GameJSON]:
        return catalog.games(lobby.offer)

    @api.post("/tables", response_model=None)
    async def create_table(request: NewTable, http: Request) -> Created:
        _throttle(creations, http)
        seats = (None if request.seats is None
                 else [(s.kind, s.bot) for s in request.seats])
        clock = request.clock.model_dump() if request.clock is not None else None
        try:
            return await lobby.create(request.game, request.players,
                                      dict(request.options), request.seed, request.name,
                                      seats, clock, request.practice, request.private,
                                      request.spectator_chat)
        except LobbyError as exc:
            raise HTTPException(exc.status, str(exc)) from exc
        except LogUnwritable as exc:
            raise HTTPException(503, str(exc)) from exc

    @api.get("/tables", response_model=None)
    async def list_tables(
            limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = PAGE,
            list_: Annotated[ListName | None, Query(alias="list")] = None,
            after: Annotated[str | None, Query(max_length=80)] = None) -> Listing:
        if after is not None and list_ is None:
            raise HTTPException(422, "after: a cursor is of one list: say which (list)")
        return _answer(lambda: lobby.listing(list_, after, limit))

    @api.get("/tables/{table_id}", response_model=None)
    async def one_table(table_id: TableId) -> TableAnswer:
        def answer() -> TableAnswer:
            table = lobby.table(table_id)
            return {**lobby.summary(table), "setup": setup_json(table.setup),
                    "options": table.state.options.to_json(),
                    "spectator": lobby.tokens.make(table_id, "spectator")}
        return _answer(answer)

    @api.post("/tables/{table_id}/join", response_model=None)
    async def join(table_id: TableId, request: JoinBody) -> Seated:
        return await _request(lobby, table_id,
                              Join(request.name, request.seat, request.invitation))

    @api.post("/tables/{table_id}/seats/{seat}", response_model=None)
    async def change_seat(table_id: TableId, seat: int, request: SeatChange,
                          authorization: Annotated[str, Header()] = "") -> Seated:
        host = authorization.removeprefix("Bearer ").strip()
        return await _request(lobby, table_id,
                              Manage(host, seat, request.revoke, request.bot))

    @api.post("/tables/{table_id}/host", response_model=None)
    async def new_host_token(table_id: TableId,
                             authorization: Annotated[str, Header()] = "") -> Hosted:
        host = authorization.removeprefix("Bearer ").strip()
        return await _request(lobby, table_id, Rehost(host))

    @api.get("/tables/{table_id}/replay", response_model=None)
    async def whole_replay(table_id: TableId) -> JSONObject:
        return _answer(lambda: replays.record(table_id))

    @api.get("/tables/{table_id}/replay/{seq}", response_model=None)
    async def replay_step(table_id: TableId, seq: int) -> JSONObject:
        return _answer(lambda: replays.step(table_id, seq))

    return api


def _throttle(creations: Throttle, http: Request) -> None:
    """429, with ``Retry-After``, if the client has set up tables beyond its allowance."""
    client = http.client.host if http.client is not None else "unknown"
    wait = creations.take(client)
    if wait > 0:
        raise HTTPException(
            429, f"too many tables set up from {client}: at most "
                 f"{creations.rate * 60:g} a minute ({creations.burst} at once); try "
                 f"again in {retry_after(wait)} s", headers={"Retry-After": retry_after(wait)})


async def _request(lobby: Lobby, table_id: str, request: LobbyRequest[AnswerT]) -> AnswerT:
    """``request`` carried out by the table's owner; a refusal as its HTTP status."""
    try:
        return await lobby.request(table_id, request)
    except LobbyError as exc:
        raise HTTPException(exc.status, str(exc)) from exc


def _answer(make: Callable[[], T]) -> T:
    """``make()``, a refusal of the lobby turned into its HTTP status and message."""
    try:
        return make()
    except LobbyError as exc:
        raise HTTPException(exc.status, str(exc)) from exc
