"""The lobby of one server process: its tables, who sits where, and the tokens that
say so.

A creator sets up a table (the game, the player count, rule options, a clock, and for
each seat: the creator, a bot spec, or open) and gets a host token, its own seat's
token and an invitation per open seat. Anybody may join a free seat of a listed table
with a name; an invitation takes its own seat. The host may revoke an invitation (a
new one voids it) or seat a bot at an open seat or in place of a person who left. A
person may hand the seat to a bot and take it back, or leave it.

Every change of a seat goes through :meth:`Table.sit` (logged, then told to the
table's clients and to its bots). Names are short printable text; bot specs are
checked by the bots' registry, and numbers in them are bounded so that no table asks
for an endless search.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from bohnen.bots.registry import make_bot
from bohnen.core.files import excerpt
from bohnen.core.protocol import JSONObject
from bohnen.core.registry import get_game
from bohnen.server.catalog import refused_options
from bohnen.server.log import SeatRow, TableLog, TableRow
from bohnen.server.table import Table
from bohnen.server.tokens import Pass, Tokens

MAX_NAME = 40
MAX_BOT_NUMBER = 5_000  # iterations and the like, in a bot spec at an online table
MAX_BOT_SPEC = 200
SeatChoice = Literal["me", "open", "bot"]


class LobbyError(ValueError):
    """A request the lobby refuses; ``status`` is the HTTP status that says why."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.status = status


def check_name(name: object) -> str:
    """A player's name: printable text of 1 to ``MAX_NAME`` characters."""
    if not isinstance(name, str) or not name.strip():
        raise LobbyError("a name is needed to sit at a table")
    name = " ".join(name.split())
    if len(name) > MAX_NAME or not name.isprintable():
        raise LobbyError(f"a name is at most {MAX_NAME} printable characters, "
                         f"not {excerpt(name)}")
    return name


def check_bot(spec: object, game_name: str) -> str:
    """A bot spec this server seats: known to the registry for the game, with no
    number above ``MAX_BOT_NUMBER``."""
    if not isinstance(spec, str) or not spec.strip() or len(spec) > MAX_BOT_SPEC:
        raise LobbyError(f"a bot is a spec like heuristic or ismcts:iterations=200, "
                         f"not {excerpt(spec)}")
    for number in re.findall(r"\d+", spec):
        if int(number) > MAX_BOT_NUMBER:
            raise LobbyError(f"bot {excerpt(spec)}: numbers in a bot spec are at most "
                             f"{MAX_BOT_NUMBER} at this server")
    try:
        make_bot(spec, get_game(game_name))
    except (ValueError, TypeError) as exc:
        raise LobbyError(str(exc)) from exc
    return spec.strip()


class Lobby:
    """The tables of one server process, their log and the signer of their tokens."""

    def __init__(self, log: TableLog, tokens: Tokens) -> None:
        self.log = log
        self.tokens = tokens
        self.tables: dict[str, Table] = {}

    # --- setting up ---------------------------------------------------------------------

    def create(self, game_name: str, players: int, options: JSONObject, seed: int | None,
               name: str | None, seats: Sequence[tuple[SeatChoice, str | None]] | None,
               clock: JSONObject | None) -> JSONObject:
        """A new table (see the module); its id and tokens."""
        try:
            game = get_game(game_name)
        except ValueError as exc:
            raise LobbyError(str(exc)) from exc
        refused = refused_options(game.name, options)
        if refused:
            raise LobbyError(f"option(s) {', '.join(refused)} cannot be set at this server")
        try:
            opts = game.options(players, **options)
        except (ValueError, TypeError) as exc:
            raise LobbyError(str(exc)) from exc
        creator: tuple[SeatChoice, str | None] = ("me", None)
        free: tuple[SeatChoice, str | None] = ("open", None)
        default = [creator] + [free] * (players - 1)
        choices = list(seats) if seats is not None else default
        rows = self._seat_rows(game.name, players, choices, name)
        table_id = secrets.token_urlsafe(8)
        setup: JSONObject = {"clock": clock, "host": rows_host(rows)}
        table = Table.create(self.log, table_id, game.name, opts.to_json(),
                             seed if seed is not None else secrets.randbits(63), rows, setup)
        self.tables[table_id] = table
        table.start()
        me = next((r for r in rows if r.kind == "person"), None)
        return {"table": table_id, "game": game.name, "seed": table.seed,
                "host": self.tokens.make(table_id, "host"),
                "me": None if me is None else
                {"seat": me.seat, "token": self.tokens.make(table_id, "seat", me.seat)},
                "invitations": [self._invitation(table_id, r) for r in rows
                                if r.kind == "open"],
                "spectator": self.tokens.make(table_id, "spectator")}

    def _seat_rows(self, game_name: str, players: int,
                   choices: list[tuple[SeatChoice, str | None]],
                   name: str | None) -> list[SeatRow]:
        if len(choices) != players:
            raise LobbyError(f"seats: one entry per player ({players}), not {len(choices)}")
        if sum(kind == "me" for kind, _ in choices) > 1:
            raise LobbyError("seats: the creator sits at one seat at most")
        rows = []
        for seat, (kind, bot) in enumerate(choices):
            if kind == "me":
                rows.append(SeatRow(seat, "person", name=check_name(name)))
            elif kind == "bot":
                rows.append(SeatRow(seat, "bot", bot=check_bot(bot, game_name)))
            else:
                rows.append(SeatRow(seat))
        return rows

    def _invitation(self, table_id: str, row: SeatRow) -> JSONObject:
        return {"seat": row.seat,
                "token": self.tokens.make(table_id, "invite", row.seat, row.generation)}

    # --- finding ------------------------------------------------------------------------

    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise LobbyError(f"no table {excerpt(table_id)} is being played here", 404)
        return table

    def summary(self, table: Table) -> JSONObject:
        created = self.log.table(table.table_id)
        return {"table": table.table_id, "game": table.game.name,
                "players": table.state.options.players, "seats": table.seats_json(),
                "seq": table.seq, "started": table.started, "over": table.state.is_over,
                "created": created.created if created is not None else 0.0}

    def listing(self) -> JSONObject:
        """The tables: open (free seats), playing, and the last finished ones."""
        live = sorted(self.tables.values(), key=lambda t: -self._created(t))
        current = [t for t in live if not t.state.is_over]
        return {"open": [self.summary(t) for t in current if not t.started],
                "playing": [self.summary(t) for t in current if t.started],
                "finished": [_finished_summary(row) for row in self.log.finished(50)]}

    def _created(self, table: Table) -> float:
        row = self.log.table(table.table_id)
        return row.created if row is not None else 0.0

    # --- seats --------------------------------------------------------------------------

    def join(self, table_id: str, name: object, seat: int | None,
             invitation: str | None) -> JSONObject:
        """``name`` takes a free seat (the one its invitation names, or ``seat``, or the
        first free one); the seat's token."""
        table = self.table(table_id)
        name = check_name(name)
        if invitation is not None:
            invited = self._read(invitation, table_id, "invite")
            self.check_seat(table, invited.seat)
            row = table.seats[invited.seat or 0]
            if row.kind != "open" or row.generation != invited.generation:
                raise LobbyError("this invitation has been used or revoked", 403)
        else:
            row = self._free_seat(table, seat)
        taken = SeatRow(row.seat, "person", name=name, generation=row.generation + 1)
        table.sit(taken)
        return {"seat": taken.seat,
                "token": self.tokens.make(table_id, "seat", taken.seat, taken.generation)}

    def _free_seat(self, table: Table, seat: int | None) -> SeatRow:
        free = [row for row in table.seats if row.kind == "open"]
        if seat is not None:
            free = [row for row in free if row.seat == seat]
        if not free:
            where = f"seat {seat} is" if seat is not None else "every seat is"
            raise LobbyError(f"{where} taken at table {table.table_id}", 409)
        return free[0]

    def manage(self, table_id: str, host: str, seat: int, revoke: bool,
               bot: str | None) -> JSONObject:
        """The host revokes ``seat``'s invitation or seats a bot there (a person there
        loses the seat: their token is void)."""
        table = self.table(table_id)
        self._read(host, table_id, "host")
        self.check_seat(table, seat)
        row = table.seats[seat]
        if bot is not None:
            table.sit(SeatRow(seat, "bot", bot=check_bot(bot, table.game.name),
                              generation=row.generation + 1))
            return {"seat": seat}
        if not revoke:
            raise LobbyError('say {"revoke": true} or {"bot": "<spec>"}')
        opened = SeatRow(seat, generation=row.generation + 1)
        table.sit(opened)
        return self._invitation(table_id, opened)

    def stand_in(self, table: Table, seat: int, spec: str | None) -> None:
        """The person at ``seat`` hands it to bot ``spec`` (None: takes it back)."""
        row = table.seats[seat]
        checked = None if spec is None else check_bot(spec, table.game.name)
        table.sit(replace(row, standin=checked))

    def leave(self, table: Table, seat: int) -> None:
        """The person at ``seat`` leaves: the seat is open again (their token void)."""
        table.sit(SeatRow(seat, generation=table.seats[seat].generation + 1))

    @staticmethod
    def check_seat(table: Table, seat: int | None) -> None:
        if seat is None or not 0 <= seat < len(table.seats):
            raise LobbyError(f"table {table.table_id} has seats 0 to "
                             f"{len(table.seats) - 1}, not {seat}", 404)

    def viewer(self, token: object, table: Table) -> Pass:
        """The pass of a client's token at ``table``: a seat (still its holder's) or a
        spectator; ``LobbyError`` otherwise."""
        granted = self._read(token, table.table_id, "seat", "spectator")
        self.check_holder(granted, table)
        return granted

    def check_holder(self, granted: Pass, table: Table) -> None:
        """``LobbyError`` unless a seat pass still names the seat's holder."""
        if granted.role == "seat" and granted.seat is not None:
            if not 0 <= granted.seat < len(table.seats):
                raise LobbyError("the token is not a token of this table", 403)
            if table.seats[granted.seat].generation != granted.generation:
                raise LobbyError("this seat has been given to someone else", 403)

    def _read(self, token: object, table_id: str, *roles: Literal[
            "seat", "invite", "spectator", "host"]) -> Pass:
        try:
            return self.tokens.read(token, table_id, *roles)
        except ValueError as exc:
            raise LobbyError(str(exc), 403) from exc


def rows_host(rows: Sequence[SeatRow]) -> str | None:
    """The creator's name (the person seated at set-up), if any."""
    return next((row.name for row in rows if row.kind == "person"), None)


def _finished_summary(row: TableRow) -> JSONObject:
    return {"table": row.table_id, "game": row.game,
            "players": row.options.get("players"), "over": True, "created": row.created}
