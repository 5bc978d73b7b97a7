"""The lobby of one server process: its tables, who sits where, and the tokens that
say so.

A creator sets up a table (the game, the player count, rule options, a clock, and for
each seat: the creator, a bot spec, or open) and gets a host token, its own seat's
token and an invitation per open seat. Anybody may join a free seat of a listed table
with a name; an invitation takes its own seat. The host may revoke an invitation (a
new one voids it) or seat a bot at an open seat or in place of a person who left. A
person may hand the seat to a bot and take it back, or leave it.

Every change of a table (an action, a chat line, a seat) is a request to the table's
owner through the cluster (:mod:`bohnen.server.cluster`): with SQLite this process
keeps every table; with PostgreSQL the owner may be another process, and this one
keeps a replica of the table for its own clients, brought up to date from the log
when the cluster says it changed. The lobby is the cluster's host: it adopts the
tables it keeps (their writer runs here), releases them, carries out the requests
for them (:meth:`Lobby.handle`) and brings its replicas up to date.

Every change of a seat goes through :meth:`Table.sit` (logged, then told to the
table's clients and to its bots). Names are short printable text; bot specs are
checked by the bots' registry, and numbers in them are bounded so that no table asks
for an endless search.

A table whose log cannot be rebuilt (tampered with, damaged) is set aside
(:mod:`bohnen.server.audit`): one line in the server's log, nothing written to it, and
every request for it refused (409) saying why; the other tables serve. A change the
log cannot save now (a full disk: :class:`~bohnen.server.logbase.LogUnwritable`) is
refused with the cause (503), the table as it was.
"""

from __future__ import annotations

import contextlib
import logging
import re
import secrets
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import replace
from typing import Literal

from bohnen.bots.registry import make_bot
from bohnen.core.files import excerpt
from bohnen.core.protocol import JSONObject
from bohnen.core.registry import get_game
from bohnen.server import audit
from bohnen.server.attendants import Attendants
from bohnen.server.catalog import FILE_BOTS, refused_options
from bohnen.server.cluster import Change, Cluster, NoAnswer, Solo
from bohnen.server.limits import Limits
from bohnen.server.logbase import Log, LogConflict, LogUnwritable, SeatRow, TableRow
from bohnen.server.table import Table
from bohnen.server.tokens import Pass, Role, Tokens

MAX_NAME = 40
MAX_BOT_NUMBER = 5_000  # iterations and the like, in a bot spec at an online table
MAX_BOT_SPEC = 200
SeatChoice = Literal["me", "open", "bot"]
logger = logging.getLogger(__name__)


class LobbyError(ValueError):
    """A request the lobby refuses; ``status`` is the HTTP status that says why."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.status = status


class SetAside(LobbyError):
    """A request for a table set aside (its log cannot be rebuilt)."""

    def __init__(self, table_id: str, reason: str) -> None:
        super().__init__(f"table {table_id} is set aside: {reason}", 409)


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
    if spec.partition(":")[0].strip().lower() in FILE_BOTS:
        raise LobbyError(f"bot {excerpt(spec)} reads a file of the server: it cannot be "
                         "seated here")
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
    """The tables of one server process (kept here, or replicas), their log, the
    cluster of processes and the signer of their tokens."""

    def __init__(self, log: Log, tokens: Tokens, cluster: Cluster | None = None,
                 pool: Executor | None = None, limits: Limits | None = None,
                 bots: Mapping[str, str] | None = None) -> None:
        self.log = log
        self.tokens = tokens
        self.limits = limits or Limits()
        self.operator_bots: dict[str, str] = dict(bots or {})  # bohnen serve --bot
        self.cluster: Cluster = cluster or Solo(log)
        self.pool = pool  # where the bots think (None: no bot plays, no clock runs)
        self.tables: dict[str, Table] = {}
        self.attendants: dict[str, Attendants] = {}
        self.set_aside: dict[str, str] = {}  # tables whose log cannot be rebuilt: why

    def _keep(self, table: Table) -> None:
        """The table is kept here: its writer runs, its bots and its clock too."""
        table.start()
        if self.pool is not None and table.table_id not in self.attendants:
            self.attendants[table.table_id] = Attendants.attach(table, self.pool)

    async def _let_go(self, table: Table) -> None:
        attendants = self.attendants.pop(table.table_id, None)
        if attendants is not None:
            await attendants.close()
        await table.stop()

    async def close(self) -> None:
        """Every table's bots, clock and writer stopped (the server stops)."""
        for table in list(self.tables.values()):
            await self._let_go(table)

    # --- the cluster's host -------------------------------------------------------------

    async def adopt(self, table_id: str) -> None:
        """This process keeps the table now: rebuilt from the log (or its replica
        brought up to date) and its writer started."""
        table = self.tables.get(table_id)
        if table is None:
            try:
                table = self.tables[table_id] = self._rebuild(table_id)
            except SetAside:
                return  # said in the server's log; the other tables serve
        else:
            self._catch_up(table)
        if table.end_due:
            table.record_end()  # the end of a game the log could not save before
        self._keep(table)

    async def release(self, table_id: str) -> None:
        """Another process keeps the table now: its writer, bots and clock stop here
        (it stays a replica for the clients watching it)."""
        table = self.tables.get(table_id)
        if table is not None:
            await self._let_go(table)

    async def changed(self, change: Change) -> None:
        """The log of a table kept elsewhere changed: its replica catches up (every
        replica after a ``resync``)."""
        ids = list(self.tables) if change.kind == "resync" else [change.table_id]
        for table_id in ids:
            table = self.tables.get(table_id)
            if table is not None and not self.cluster.owns(table_id):
                self._catch_up(table)

    def _catch_up(self, table: Table) -> None:
        for logged in self.log.actions(table.table_id, after=table.seq):
            table.follow(logged)
        seats = self.log.seats(table.table_id)
        if seats != table.seats:
            table.follow_seats(seats)
        table.follow_chat(self.log.chat(table.table_id, after=table.chat_seen))

    def _rebuild(self, table_id: str) -> Table:
        """The table rebuilt from the log; ``LookupError`` if there is none, and
        :class:`SetAside` if its log cannot make a table (set aside the first time,
        with a line in the server's log)."""
        reason = self.set_aside.get(table_id)
        if reason is not None:
            raise SetAside(table_id, reason)
        row = self.log.table(table_id)
        if row is None:
            raise LookupError(f"there is no table {table_id}")
        try:
            table = audit.rebuild(self.log, row)
        except audit.BadTable as exc:
            self.set_aside[table_id] = exc.reason
            logger.warning("table %s is set aside (nothing is written to it, requests "
                           "for it are refused): %s", table_id, exc.reason)
            raise SetAside(table_id, exc.reason) from None
        table.end_due = table.state.is_over and not row.finished
        return table

    async def handle(self, table_id: str, request: JSONObject) -> JSONObject:
        """A request for a table kept here (made here or forwarded by another process):
        its answer, or ``{"error", "status"}``."""
        try:
            table = self.table(table_id)
            return await self._carry_out(table, request)
        except LobbyError as exc:
            return {"error": str(exc), "status": exc.status}
        except LogUnwritable as exc:  # a chat line or a seat: the table as it was
            return {"error": str(exc), "status": 503}

    async def request(self, table_id: str, request: JSONObject) -> JSONObject:
        """``request`` carried out by the table's owner, wherever it is; its answer, or
        ``LobbyError`` saying why it was refused."""
        try:
            answer = await self.cluster.call(table_id, request)
        except LookupError as exc:
            raise LobbyError(f"no table {excerpt(table_id)}", 404) from exc
        except (NoAnswer, LogConflict, LogUnwritable) as exc:
            raise LobbyError(str(exc), 503) from exc
        error = answer.get("error")
        if error is not None:
            status = answer.get("status", 422)
            raise LobbyError(str(error), status if isinstance(status, int) else 422)
        return answer

    async def _carry_out(self, table: Table, request: JSONObject) -> JSONObject:
        op = request.get("op")
        if op == "join":
            return self.join(table, request.get("name"), _seat(request.get("seat")),
                             _text(request.get("invitation")))
        if op == "manage":
            return self.manage(table, request.get("host"), _seat(request.get("seat")),
                               request.get("revoke") is True, _text(request.get("bot")))
        seat = _seat(request.get("seat"))
        generation = request.get("generation")
        if seat is not None:
            self.check_holder(Pass(table.table_id, "seat", seat,
                                   generation if isinstance(generation, int) else -1), table)
        if op == "chat":
            line = table.say(seat, _speaker(table, seat), str(request.get("text")))
            return {"n": line.n}
        if seat is None:
            raise LobbyError("a spectator makes no move")
        if op == "action":
            reply = await table.submit(seat, str(request.get("action")))
            if reply.ok:
                return {"seq": reply.seq}
            return {"error": reply.error, "status": 503 if reply.unsaved else 422}
        if op == "standin":
            self.stand_in(table, seat, _text(request.get("bot")))
            return {}
        if op == "leave":
            self.leave(table, seat)
            return {}
        raise LobbyError(f"no such request: {excerpt(op)}")

    # --- setting up ---------------------------------------------------------------------

    async def create(self, game_name: str, players: int, options: JSONObject, seed: int | None,
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
        if not await self.cluster.claim(table_id):
            raise LobbyError("the table's id is taken: try again", 503)
        setup: JSONObject = {"clock": clock, "host": rows_host(rows)}
        table = Table.create(self.log, table_id, game.name, opts.to_json(),
                             seed if seed is not None else secrets.randbits(63), rows, setup)
        self.tables[table_id] = table
        self._keep(table)
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
        """The table (from the log if it is not here yet: kept here, with its writer,
        or a replica of a table kept by another process)."""
        table = self.tables.get(table_id)
        if table is None:
            try:
                table = self._rebuild(table_id)
            except LookupError as exc:
                raise LobbyError(f"no table {excerpt(table_id)}", 404) from exc
            self.tables[table_id] = table
            if self.cluster.owns(table_id):
                self._keep(table)
        return table

    def summary(self, table: Table) -> JSONObject:
        return {"table": table.table_id, "game": table.game.name,
                "players": table.state.options.players, "seats": table.seats_json(),
                "seq": table.seq, "started": table.started, "over": table.state.is_over,
                "created": table.created}

    def listing(self) -> JSONObject:
        """The tables: open (free seats), playing, and the last finished ones (those
        of other processes too: loaded from the log as replicas)."""
        for row in self.log.unfinished():
            if row.table_id not in self.set_aside:
                with contextlib.suppress(SetAside):
                    self.table(row.table_id)
        live = sorted(self.tables.values(), key=lambda t: -t.created)
        current = [t for t in live if not t.state.is_over]
        return {"open": [self.summary(t) for t in current if not t.started],
                "playing": [self.summary(t) for t in current if t.started],
                "finished": [_finished_summary(row) for row in self.log.finished(50)]}

    # --- seats --------------------------------------------------------------------------

    def join(self, table: Table, name: object, seat: int | None,
             invitation: str | None) -> JSONObject:
        """``name`` takes a free seat (the one its invitation names, or ``seat``, or the
        first free one); the seat's token."""
        table_id = table.table_id
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

    def manage(self, table: Table, host: object, seat: int | None, revoke: bool,
               bot: str | None) -> JSONObject:
        """The host revokes ``seat``'s invitation or seats a bot there (a person there
        loses the seat: their token is void)."""
        table_id = table.table_id
        self._read(host, table_id, "host")
        self.check_seat(table, seat)
        assert seat is not None
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

    def _read(self, token: object, table_id: str, *roles: Role) -> Pass:
        try:
            return self.tokens.read(token, table_id, *roles)
        except ValueError as exc:
            raise LobbyError(str(exc), 403) from exc


def _seat(value: object) -> int | None:
    return value if type(value) is int else None


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _speaker(table: Table, seat: int | None) -> str:
    if seat is None:
        return "spectator"
    return table.seats[seat].name or f"seat {seat}"


def rows_host(rows: Sequence[SeatRow]) -> str | None:
    """The creator's name (the person seated at set-up), if any."""
    return next((row.name for row in rows if row.kind == "person"), None)


def _finished_summary(row: TableRow) -> JSONObject:
    return {"table": row.table_id, "game": row.game,
            "players": row.options.get("players"), "over": True, "created": row.created}
