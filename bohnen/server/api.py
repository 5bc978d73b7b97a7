"""The HTTP API of the lobby (FastAPI routes; what they do is in
:mod:`bohnen.server.lobby` and :mod:`bohnen.server.replay`).

- ``GET /api/games``: the games, their options and bots.
- ``POST /api/tables``: set up a table; ``GET /api/tables``: the open, playing and
  finished tables; ``GET /api/tables/{id}``: one table, with its spectator token.
- ``POST /api/tables/{id}/join``: take a free seat with a name (or an invitation's).
- ``POST /api/tables/{id}/seats/{seat}`` (the host's token as a Bearer): revoke an
  invitation, or seat a bot.
- ``GET /api/tables/{id}/replay`` and ``.../replay/{seq}``: a finished game.

Bodies are checked by pydantic models; a refused request is answered 4xx with
``{"detail": "<what is wrong>"}``: 409 for a table set aside (its log cannot be
rebuilt), and 503 when the log cannot save the change now (a full disk: the cause is
the detail; the same request may succeed later).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Header, HTTPException, Path
from pydantic import BaseModel, Field

from bohnen.core.protocol import JSONObject
from bohnen.server import catalog, replay
from bohnen.server.lobby import MAX_BOT_SPEC, MAX_NAME, Lobby, LobbyError
from bohnen.server.logbase import LogUnwritable

TableId = Annotated[str, Path(max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
Token = Annotated[str, Field(max_length=500)]


class SeatSetup(BaseModel):
    """One seat of a new table: the creator, open, or a bot (its spec)."""

    kind: Literal["me", "open", "bot"]
    bot: str | None = Field(default=None, max_length=MAX_BOT_SPEC)


class Clock(BaseModel):
    """A table's clock: ``realtime`` (seconds per move and a bank per seat) or
    ``async`` (seconds per move, hours in practice)."""

    mode: Literal["realtime", "async"]
    per_move: float = Field(gt=0, le=30 * 86_400)
    bank: float = Field(default=0, ge=0, le=86_400)


class NewTable(BaseModel):
    """A table to set up."""

    game: str = Field(max_length=32)
    players: int = Field(ge=1, le=16)
    options: dict[str, str | int | bool | None] = Field(default_factory=dict, max_length=32)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    name: str | None = Field(default=None, max_length=MAX_NAME * 4)
    seats: list[SeatSetup] | None = Field(default=None, max_length=16)
    clock: Clock | None = None


class Join(BaseModel):
    name: str = Field(max_length=MAX_NAME * 4)
    seat: int | None = Field(default=None, ge=0, le=16)
    invitation: Token | None = None


class SeatChange(BaseModel):
    revoke: bool = False
    bot: str | None = Field(default=None, max_length=MAX_BOT_SPEC)


def routes(lobby: Lobby) -> APIRouter:
    api = APIRouter(prefix="/api")

    @api.get("/games")
    async def games() -> list[JSONObject]:
        return catalog.games()

    @api.post("/tables")
    async def create_table(request: NewTable) -> JSONObject:
        seats = (None if request.seats is None
                 else [(s.kind, s.bot) for s in request.seats])
        clock = request.clock.model_dump() if request.clock is not None else None
        try:
            return await lobby.create(request.game, request.players,
                                      dict(request.options), request.seed, request.name,
                                      seats, clock)
        except LobbyError as exc:
            raise HTTPException(exc.status, str(exc)) from exc
        except LogUnwritable as exc:
            raise HTTPException(503, str(exc)) from exc

    @api.get("/tables")
    async def list_tables() -> JSONObject:
        return lobby.listing()

    @api.get("/tables/{table_id}")
    async def one_table(table_id: TableId) -> JSONObject:
        def answer() -> JSONObject:
            table = lobby.table(table_id)
            return {**lobby.summary(table), "setup": table.setup,
                    "options": table.state.options.to_json(),
                    "spectator": lobby.tokens.make(table_id, "spectator")}
        return _answer(answer)

    @api.post("/tables/{table_id}/join")
    async def join(table_id: TableId, request: Join) -> JSONObject:
        return await _request(lobby, table_id, {"op": "join", **request.model_dump()})

    @api.post("/tables/{table_id}/seats/{seat}")
    async def change_seat(table_id: TableId, seat: int, request: SeatChange,
                          authorization: Annotated[str, Header()] = "") -> JSONObject:
        host = authorization.removeprefix("Bearer ").strip()
        return await _request(lobby, table_id, {"op": "manage", "host": host,
                                                "seat": seat, **request.model_dump()})

    @api.get("/tables/{table_id}/replay")
    async def whole_replay(table_id: TableId) -> JSONObject:
        return _answer(lambda: replay.record(lobby.log, table_id))

    @api.get("/tables/{table_id}/replay/{seq}")
    async def replay_step(table_id: TableId, seq: int) -> JSONObject:
        return _answer(lambda: replay.step(lobby.log, table_id, seq))

    return api


async def _request(lobby: Lobby, table_id: str, request: JSONObject) -> JSONObject:
    """``request`` carried out by the table's owner; a refusal as its HTTP status."""
    try:
        return await lobby.request(table_id, request)
    except LobbyError as exc:
        raise HTTPException(exc.status, str(exc)) from exc


def _answer(make: Callable[[], JSONObject]) -> JSONObject:
    """``make()``, a refusal of the lobby turned into its HTTP status and message."""
    try:
        return make()
    except LobbyError as exc:
        raise HTTPException(exc.status, str(exc)) from exc
