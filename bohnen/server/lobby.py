"""The lobby of one server process: its tables, who sits where, and the tokens that
say so.

A creator sets up a table (the game, the player count, rule options, a clock, and for
each seat: the creator, a bot spec, or open) and gets a host token, its own seat's
token and an invitation per open seat. Anybody may join a free seat of a listed table
with a name; an invitation takes its own seat, and only it a seat kept for a friend
(:mod:`bohnen.server.invites`). The host may revoke an invitation (a new one voids
it) or seat a bot at an open seat or in place of a person who left. A person may hand
the seat to a bot and take it back, or leave it. Set-up options:
:mod:`bohnen.server.table_setup`; the votes on an absent seat, and the host's removal
of a person told to everybody: :mod:`bohnen.server.votes`.

Every change of a table (an action, a chat line, a seat) is a request to the table's
owner through the cluster (:mod:`bohnen.server.cluster`): with SQLite this process
keeps every table; with PostgreSQL the owner may be another process, and this one
keeps a replica of the table for its own clients, brought up to date from the log
when the cluster says it changed. The lobby is the cluster's host: it adopts the
tables it keeps (their writer runs here), releases them, carries out the requests
for them (:meth:`Lobby.handle`) and brings its replicas up to date.

Every change of a seat goes through :meth:`Table.sit` (logged, then told to the
table's clients and to its bots). Names are short printable text, and differ at a
table (:mod:`bohnen.server.text`: "ada" cannot sit where "Ada" sits); each bot seated
gets a name of its own ("Bot Ida (heuristic)"). A bot spec is read into its structure
and allowed only if the server offers every bot in it, its numbers bounded
(:mod:`bohnen.server.offer`).

What clients make the lobby keep is bounded (``lobby.limits``): at most
``max_tables`` unfinished tables (in the whole cluster, as far as this process
knows); a finished table is rebuilt only when asked for, without a writer, and the
last :data:`FINISHED_KEPT` asked for are kept (a finished table kept here moves there
once nobody has watched it for :data:`LINGER_SECONDS`); nothing finished is rebuilt
at start. A table nobody has touched (no move, seat change or chat line; its set-up
counts) for ``expire_hours`` is closed by its owner (:meth:`Lobby.expire_idle`, run
at start and then every :data:`UPKEEP_SECONDS` by :meth:`Lobby.upkeep`): marked
expired in the log, its writer, bots and clock stopped, dropped from memory, its
clients told and disconnected; it is listed as expired and has no replay. The list of
tables is built from memory a page at a time (:mod:`bohnen.server.listing`), never by
rebuilding a table.

A table whose log cannot be rebuilt (tampered with, damaged) is set aside
(:mod:`bohnen.server.audit`): one line in the server's log, nothing written to it, and
every request for it refused (409) saying why; the other tables serve. A change the
log cannot save now (a full disk: :class:`~bohnen.server.logbase.LogUnwritable`) is
refused with the cause (503), the table as it was.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Literal

from bohnen.bots.registry import spec_name
from bohnen.core.files import excerpt
from bohnen.core.registry import get_game
from bohnen.server import audit, votes
from bohnen.server.answers import Created, FinishedSummary, Listing, TableSummary
from bohnen.server.attendants import Attendants
from bohnen.server.catalog import refused_options
from bohnen.server.cluster import Change, Cluster, NoAnswer, Solo
from bohnen.server.frames import closed_frame
from bohnen.server.invites import free_seat, invited_seat
from bohnen.server.limits import Limits
from bohnen.server.listing import (
    LISTS,
    PAGE,
    Directory,
    Listed,
    ListName,
    finished_cursor,
    finished_summary,
    page,
)
from bohnen.server.logbase import Log, LogConflict, LogUnwritable, SeatRow, TableRow
from bohnen.server.lru import Lru
from bohnen.server.offer import BotRefused, Offer, ServerBot
from bohnen.server.refusals import LobbyError as LobbyError
from bohnen.server.requests import (
    Act,
    AnswerT,
    AnyRequest,
    Chat,
    Done,
    Hosted,
    Join,
    Leave,
    Manage,
    Refusal,
    Rehost,
    Reply,
    Request,
    Said,
    Seated,
    Standin,
    Stepped,
    Undo,
    Vote,
)
from bohnen.server.table import Table
from bohnen.server.table_setup import invited_seats, is_private, spectators_chat
from bohnen.server.text import TextRefused, bot_name, name_key, typed_line
from bohnen.server.thinkers import Thinkers
from bohnen.server.tokens import Pass, Role, Tokens, nonce

MAX_NAME = 40
SeatChoice = Literal["me", "open", "invite", "bot"]
FINISHED_KEPT = 32  # finished tables kept rebuilt (besides those somebody watches)
LINGER_SECONDS = 600.0  # a finished table kept here, unwatched this long, is let go
UPKEEP_SECONDS = 60.0  # between two checks for idle tables (at most expire_hours / 4)

logger = logging.getLogger(__name__)


class SetAside(LobbyError):
    """A request for a table set aside (its log cannot be rebuilt)."""

    def __init__(self, table_id: str, reason: str) -> None:
        super().__init__(f"table {table_id} is set aside: {reason}", 409)


def check_name(name: object) -> str:
    """A player's name: printable text of 1 to ``MAX_NAME`` characters, no character in
    it hidden (:func:`~bohnen.server.text.typed_line`)."""
    if not isinstance(name, str) or not name.strip():
        raise LobbyError("a name is needed to sit at a table")
    try:
        return typed_line(name, "a name", MAX_NAME)
    except TextRefused as exc:
        raise LobbyError(str(exc)) from None


def check_name_free(rows: Sequence[SeatRow], name: str, seat: int) -> None:
    """``LobbyError`` (409) naming the name taken if somebody at another seat than
    ``seat`` has the same name (:func:`~bohnen.server.text.name_key`)."""
    key = name_key(name)
    for row in rows:
        if row.seat != seat and row.name is not None and name_key(row.name) == key:
            raise LobbyError(f'the name "{row.name}" is taken at this table (seat '
                             f'{row.seat}): choose another', 409)


def name_bots(rows: Sequence[SeatRow]) -> list[SeatRow]:
    """``rows``, each bot's named (:func:`~bohnen.server.text.bot_name`): no two bots
    alike, none like a person there."""
    names = [row.name for row in rows if row.name is not None]
    named = []
    for row in rows:
        if row.kind == "bot" and row.name is None and row.bot is not None:
            row = replace(row, name=bot_name(spec_name(row.bot), names))
            names.append(row.name or "")
        named.append(row)
    return named


class Lobby:
    """The tables of one server process (kept here, or replicas), their log, the
    cluster of processes and the signer of their tokens."""

    def __init__(self, log: Log, tokens: Tokens, cluster: Cluster | None = None,
                 thinkers: Thinkers | None = None, limits: Limits | None = None,
                 bots: Mapping[str, str] | Iterable[ServerBot] | None = None) -> None:
        self.log = log
        self.tokens = tokens
        self.limits = limits or Limits()
        self.offer = Offer(self.limits, bots)  # the bots seated here (bohnen serve --bot)
        self.cluster: Cluster = cluster or Solo(log)
        self.thinkers = thinkers  # where the bots think (None: no bot plays, no clock runs)
        self.tables: dict[str, Table] = {}  # unfinished (kept here, or replicas) or just over
        self.attendants: dict[str, Attendants] = {}
        self.finished: Lru[str, Table] = Lru(FINISHED_KEPT, held=_watched)
        self.directory = Directory(log, self.cluster.owns)  # the tables kept elsewhere
        self.touched: dict[str, float] = {}  # per table kept here: when last touched
        self.clock: Callable[[], float] = time.time  # the time of touches and expiry
        self.set_aside: dict[str, str] = {}  # tables whose log cannot be rebuilt: why

    def _keep(self, table: Table) -> None:
        """The table is kept here: its writer runs, its bots and its clock too."""
        table.start()
        if self._touch not in table.listeners:
            table.listeners.append(self._touch)
        if table.table_id not in self.touched:
            self.touched[table.table_id] = self._last_touch(table)
        if self.thinkers is not None and table.table_id not in self.attendants:
            self.attendants[table.table_id] = Attendants.attach(table, self.thinkers,
                                                                self.offer)

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
        brought up to date) and its writer started. A finished table has nothing to
        write: it is rebuilt when asked for (:meth:`table`)."""
        table = self.tables.get(table_id)
        if table is None:
            if table_id in self.set_aside:
                return  # said in the server's log when it was set aside
            row = self._row(table_id)
            if row.finished:
                return
            try:
                table = self.tables[table_id] = self._rebuild(row)
            except SetAside:
                return  # said in the server's log; the other tables serve
        else:
            self._catch_up(table)
        if table.end_due:
            table.record_end()  # the end of a game the log could not save before
        self.directory.drop(table_id)
        self._keep(table)

    async def release(self, table_id: str) -> None:
        """Another process keeps the table now: its writer, bots and clock stop here
        (it stays a replica for the clients watching it)."""
        table = self.tables.get(table_id)
        if table is not None:
            await self._let_go(table)
            self.touched.pop(table_id, None)
            if not table.state.is_over:
                self.directory.put(Listed(table_id, table.game.name,
                                          table.state.options.players, table.created,
                                          list(table.seats), table.seq,
                                          is_private(table.setup),
                                          invited_seats(table.setup)))

    async def changed(self, change: Change) -> None:
        """The log of a table kept elsewhere changed: its replica catches up (every
        replica after a ``resync``), and so does the directory of the tables kept
        elsewhere. A replica of a table its owner closed as expired tells its clients
        and is dropped."""
        self.directory.changed(change)
        ids = list(self.tables) if change.kind == "resync" else [change.table_id]
        for table_id in ids:
            table = self.tables.get(table_id)
            if table is not None and not self.cluster.owns(table_id):
                self._catch_up(table)
                if change.kind in ("over", "resync"):
                    self._drop_if_expired(table)

    def _drop_if_expired(self, table: Table) -> None:
        row = self.log.table(table.table_id)
        if row is not None and row.expired and self.tables.get(table.table_id) is table:
            del self.tables[table.table_id]
            _close_watchers(table, self._expired(table.table_id))

    def _catch_up(self, table: Table) -> None:
        for logged in self.log.entries(table.table_id, after=table.seq):
            table.follow(logged)
        seats = self.log.seats(table.table_id)
        if seats != table.seats:
            table.follow_seats(seats)
        table.follow_chat(self.log.chat(table.table_id, after=table.chat_seen))

    def _row(self, table_id: str) -> TableRow:
        row = self.log.table(table_id)
        if row is None:
            raise LookupError(f"there is no table {table_id}")
        return row

    def _rebuild(self, row: TableRow) -> Table:
        """The table of ``row`` rebuilt from the log; :class:`SetAside` if its log
        cannot make a table (set aside the first time, with a line in the server's
        log)."""
        table_id = row.table_id
        reason = self.set_aside.get(table_id)
        if reason is not None:
            raise SetAside(table_id, reason)
        try:
            table = audit.rebuild(self.log, row)
        except audit.BadTable as exc:
            self.set_aside[table_id] = exc.reason
            logger.warning("table %s is set aside (nothing is written to it, requests "
                           "for it are refused): %s", table_id, exc.reason)
            raise SetAside(table_id, exc.reason) from None
        table.end_due = table.state.is_over and not row.finished
        return table

    async def handle(self, table_id: str, request: AnyRequest) -> Reply:
        """A request for a table kept here (made here or forwarded by another process):
        its answer, or a :class:`~bohnen.server.requests.Refusal`. Carried out, it
        touches the table."""
        try:
            table = self.table(table_id)
            if isinstance(request, Act | Undo) and table_id not in self.tables:
                raise LobbyError("the game is over")  # a finished table has no writer
            answer = await self._carry_out(table, request)
        except LobbyError as exc:
            return _refusal(str(exc), exc.status)
        except LogUnwritable as exc:  # a chat line or a seat: the table as it was
            return _refusal(str(exc), 503)
        if "error" not in answer and table_id in self.touched:  # a refusal touches nothing
            self.touched[table_id] = self.clock()
        return answer

    async def request(self, table_id: str, request: Request[AnswerT]) -> AnswerT:
        """``request`` carried out by the table's owner, wherever it is; its answer, or
        ``LobbyError`` saying why it was refused."""
        read_answer = request.answer  # before the type of ``request`` is narrowed
        if not isinstance(request, AnyRequest):
            raise TypeError(f"{type(request).__name__} is not a request of the lobby")
        try:
            reply = await self.cluster.call(table_id, request)
        except LookupError as exc:
            raise LobbyError(f"no table {excerpt(table_id)}", 404) from exc
        except (NoAnswer, LogConflict, LogUnwritable) as exc:
            raise LobbyError(str(exc), 503) from exc
        error = reply.get("error")
        if error is not None:
            status = reply.get("status", 422)
            raise LobbyError(str(error), status if isinstance(status, int) else 422)
        return read_answer(reply)

    async def _carry_out(self, table: Table, request: AnyRequest) -> Reply:
        match request:
            case Join():
                return self.join(table, request.name, request.seat, request.invitation)
            case Manage():
                return self.manage(table, request.host, request.seat, request.revoke,
                                   request.bot)
            case Rehost():
                return self.rehost(table, request.host)
        seat = request.sender.seat
        if seat is not None:
            self.check_holder(Pass(table.table_id, "seat", seat, request.sender.generation,
                                   request.sender.nonce), table)
        if isinstance(request, Chat):
            if seat is None and not spectators_chat(table.setup):
                raise LobbyError("spectators watch and do not chat at this table (its "
                                 "host did not allow it)", 403)
            line = table.say(seat, _speaker(table, seat), request.text)
            return Said(n=line.n)
        if seat is None:
            raise LobbyError("a spectator makes no move")
        match request:
            case Vote():
                votes.vote(table, seat, request.seat)
            case Act():
                self.come_back(table, seat)
                reply = await table.submit(seat, request.action)
                if reply.seq is not None:
                    return Stepped(seq=reply.seq)
                return _refusal(reply.error or "refused", 503 if reply.unsaved else 422)
            case Undo():
                reply = await table.submit_undo(seat, request.step)
                if reply.seq is not None:
                    return Stepped(seq=reply.seq)
                return _refusal(reply.error or "refused", 503 if reply.unsaved else 422)
            case Standin():
                self.stand_in(table, seat, request.bot)
            case Leave():
                self.leave(table, seat)
        return Done()

    # --- setting up ---------------------------------------------------------------------

    async def create(self, game_name: str, players: int, options: Mapping[str, object],
                     seed: int | None, name: str | None,
                     seats: Sequence[tuple[SeatChoice, str | None]] | None,
                     clock: dict[str, object] | None, practice: bool = False,
                     private: bool = False, spectator_chat: bool = False) -> Created:
        """A new table (see the module); its id and tokens (``private``: listed
        nowhere; ``spectator_chat``: its spectators may chat). Its seed is drawn by the
        server from a cryptographic source and told to nobody before the end (from the
        seed every hand and the draw pile follow); only a ``practice`` table may be
        given a ``seed``, and then every seat is told it."""
        if seed is not None and not practice:
            raise LobbyError("seed: a seed may be chosen only for a practice table "
                             "(practice: true), where every seat is told it")
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
        if not self.limits.bot_tables and all(row.kind == "bot" for row in rows):
            raise LobbyError("this server does not set up tables of bots alone: sit at "
                             "one seat, or leave one open for a person", 403)
        self._check_room()
        table_id = secrets.token_urlsafe(8)
        if not await self.cluster.claim(table_id):
            raise LobbyError("the table's id is taken: try again", 503)
        setup: dict[str, object] = {
            "clock": clock, "host": rows_host(rows), "practice": practice,
            "private": private, "spectator_chat": spectator_chat,
            "invited": [seat for seat, (kind, _) in enumerate(choices) if kind == "invite"]}
        host = nonce()
        table = Table.create(self.log, table_id, game.name, opts.to_json(),
                             seed if seed is not None else secrets.randbits(63), rows, setup,
                             host)
        self.tables[table_id] = table
        self.touched[table_id] = self.clock()
        self._keep(table)
        me = next((r for r in rows if r.kind == "person"), None)
        answer: Created = {
            "table": table_id, "game": game.name, "practice": practice,
            "host": self.tokens.make(table_id, "host", nonce=host),
            "me": None if me is None else {"seat": me.seat, "token": self._seat_token(
                table_id, me)},
            "invitations": [self._invitation(table_id, r) for r in rows if r.kind == "open"],
            "reserved": sorted(invited_seats(setup)),
            "spectator": self.tokens.make(table_id, "spectator")}
        if practice:
            answer["seed"] = table.seed
        return answer

    def _seat_token(self, table_id: str, row: SeatRow) -> str:
        return self.tokens.make(table_id, "seat", row.seat, row.generation, row.nonce)

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
                rows.append(SeatRow(seat, "person", name=check_name(name), nonce=nonce()))
            elif kind == "bot":
                rows.append(SeatRow(seat, "bot", bot=self.check_bot(bot, game_name),
                                    nonce=nonce()))
            else:
                rows.append(SeatRow(seat, nonce=nonce()))
        return name_bots(rows)

    def _invitation(self, table_id: str, row: SeatRow) -> Seated:
        return {"seat": row.seat,
                "token": self.tokens.make(table_id, "invite", row.seat, row.generation)}

    # --- finding ------------------------------------------------------------------------

    def table(self, table_id: str) -> Table:
        """The table, from the log if it is not here yet: an unfinished one kept here
        (with its writer) or a replica of one kept by another process; a finished one
        rebuilt without a writer and kept among the last :data:`FINISHED_KEPT`.
        ``LobbyError`` for no such table, or one that expired."""
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            return table
        try:
            row = self._row(table_id)
        except LookupError as exc:
            raise LobbyError(f"no table {excerpt(table_id)}", 404) from exc
        if row.expired:
            raise LobbyError(self._expired(table_id), 410)
        table = self._rebuild(row)
        if row.finished:
            self.finished.put(table_id, table)
        else:
            self.tables[table_id] = table
            if self.cluster.owns(table_id):
                self._keep(table)
        return table

    def summary(self, table: Table) -> TableSummary:
        return {"table": table.table_id, "game": table.game.name,
                "players": table.state.options.players, "seats": table.seats_json(),
                "seq": table.seq, "started": table.started, "over": table.state.is_over,
                "created": table.created}

    def listing(self, which: ListName | None = None, after: str | None = None,
                limit: int = PAGE) -> Listing:
        """A page of ``limit`` tables of each list (open, playing, finished), or of list
        ``which`` after cursor ``after``, and under ``next`` the cursor of each list's
        next page (None: no more). Built from memory and one bounded query of the log
        (:mod:`bohnen.server.listing`): no table is rebuilt."""
        answer: Listing = {}
        following: dict[str, str | None] = {}
        for name in LISTS if which is None else (which,):
            try:
                if name == "finished":
                    answer["finished"], following[name] = self._finished(after, limit)
                else:
                    answer[name], following[name] = self._page(name == "playing", after,
                                                               limit)
            except ValueError as exc:
                raise LobbyError(str(exc)) from exc
        answer["next"] = following
        return answer

    def _finished(self, after: str | None,
                  limit: int) -> tuple[list[FinishedSummary], str | None]:
        before = None if after is None else finished_cursor(after)
        rows = self.log.finished(limit + 1, before)
        more = rows[limit - 1].table_id if len(rows) > limit else None
        return [finished_summary(row) for row in rows[:limit]
                if not is_private(row.setup)], more

    def _page(self, started: bool, after: str | None,
              limit: int) -> tuple[list[TableSummary], str | None]:
        chosen, more = page(((item.created, item.table_id, item)
                             for item in self._unfinished() if item.started == started),
                            after, limit)
        return [self.summary(item) if isinstance(item, Table) else item.summary()
                for item in chosen], more

    def _unfinished(self) -> Iterator[Table | Listed]:
        """The unfinished tables: kept here (or replicas), then those kept elsewhere."""
        for table in self.tables.values():
            if not table.state.is_over and not is_private(table.setup):
                yield table
        for entry in self.directory.listed():
            if entry.table_id not in self.tables and not entry.private:
                yield entry

    def unfinished_count(self) -> int:
        """The unfinished tables this process knows of: those it keeps, and those the
        other processes keep."""
        here = sum(not table.state.is_over and self.cluster.owns(table_id)
                   for table_id, table in self.tables.items())
        return here + len(self.directory.listed())

    def _check_room(self) -> None:
        """``LobbyError`` (503) if there are ``max_tables`` unfinished tables."""
        most = self.limits.max_tables
        if self.unfinished_count() >= most:
            raise LobbyError(f"this server has {most} tables whose game is not over, its "
                             "most: a new table can be set up once one of them ends", 503)

    # --- idle tables --------------------------------------------------------------------

    async def upkeep(self) -> None:
        """Check for idle tables at once and then now and then, until cancelled (the
        app runs this as a task)."""
        while True:
            try:
                await self.expire_idle(self.clock())
            except Exception as exc:  # the check goes on whatever one of its runs met
                logger.warning("the check for idle tables failed: %s", exc)
            await asyncio.sleep(min(UPKEEP_SECONDS, self.limits.expire_hours * 900))

    async def expire_idle(self, now: float) -> list[str]:
        """Close every unfinished table kept here that nobody touched for
        ``limits.expire_hours`` before ``now`` (see the module); the ids of those
        closed. Then the finished tables kept here that nobody watched for
        :data:`LINGER_SECONDS` move to the finished ones rebuilt on demand."""
        cutoff = now - self.limits.expire_hours * 3600
        closed = []
        for table in list(self.tables.values()):
            if self._idle(table, cutoff) and await self._expire(table):
                closed.append(table.table_id)
        await self._retire(now - LINGER_SECONDS)
        return closed

    def _idle(self, table: Table, cutoff: float) -> bool:
        """Whether ``table`` is unfinished, kept here and untouched since ``cutoff``."""
        table_id = table.table_id
        return (self.tables.get(table_id) is table and self.cluster.owns(table_id)
                and not table.state.is_over
                and self.touched.get(table_id, table.created) <= cutoff)

    async def _expire(self, table: Table) -> bool:
        """Close the idle ``table`` (see the module); False if another process keeps it
        now, or the log cannot write now (the next check tries again)."""
        table_id = table.table_id
        try:
            self.log.expire(table_id)
        except (LogConflict, LogUnwritable):  # kept elsewhere now, or a full disk: later
            return False
        del self.tables[table_id]
        self.touched.pop(table_id, None)
        await table.stop()  # first: no queued action is taken after the log says expired
        await self._let_go(table)
        _close_watchers(table, self._expired(table_id))
        logger.info("table %s expired: nobody touched it for %g hours", table_id,
                    self.limits.expire_hours)
        return True

    async def _retire(self, cutoff: float) -> None:
        """The finished tables kept here, unwatched and untouched since ``cutoff``: their
        writer, bots and clock stopped, and kept among the finished rebuilt ones."""
        for table_id, table in list(self.tables.items()):
            if (self.tables.get(table_id) is table and table.state.is_over
                    and not table.watchers
                    and self.touched.get(table_id, _last_step(table)) <= cutoff):
                del self.tables[table_id]
                self.touched.pop(table_id, None)
                await self._let_go(table)
                self.finished.put(table_id, table)

    def _touch(self, table: Table, seq: int) -> None:
        """A listener of the tables kept here: a step or a seat change touches it."""
        if table.table_id in self.touched:
            self.touched[table.table_id] = self.clock()

    def _last_touch(self, table: Table) -> float:
        """When a table rebuilt from the log was last touched, as the log tells: its
        set-up, its last step or its last chat line (a seat change keeps no time)."""
        lines = self.log.chat(table.table_id, max(table.chat_seen - 1, 0))
        return max([table.created, *table.times[-1:], *(line.at for line in lines)])

    def _expired(self, table_id: str) -> str:
        return (f"table {table_id} is closed: nobody played, sat down or chatted there "
                f"for {self.limits.expire_hours:g} hours")

    # --- seats --------------------------------------------------------------------------

    def join(self, table: Table, name: object, seat: int | None,
             invitation: str | None) -> Seated:
        """``name`` takes a free seat (the one its invitation names, or ``seat``, or the
        first free one); the seat's token."""
        table_id = table.table_id
        name = check_name(name)
        if invitation is not None:
            row = invited_seat(table, self._read(invitation, table_id, "invite"))
        else:
            row = free_seat(table, seat)
        check_name_free(table.seats, name, row.seat)
        taken = SeatRow(row.seat, "person", name=name, generation=row.generation + 1,
                        nonce=nonce())
        table.sit(taken)
        return {"seat": taken.seat, "token": self._seat_token(table_id, taken)}

    def manage(self, table: Table, host: object, seat: int | None, revoke: bool,
               bot: str | None) -> Seated:
        """The host revokes ``seat``'s invitation or seats a bot there (a person there
        loses the seat: their token is void, their connections closed, and everybody
        told by a notice)."""
        table_id = table.table_id
        self.check_host(host, table)
        self.check_seat(table, seat)
        assert seat is not None
        row = table.seats[seat]
        if bot is not None:
            spec = self.check_bot(bot, table.game.name)
            others = [r.name for r in table.seats if r.seat != seat and r.name is not None]
            table.sit(SeatRow(seat, "bot", name=bot_name(spec_name(spec), others), bot=spec,
                              generation=row.generation + 1, nonce=nonce()))
            votes.removed(table, row, "a bot plays it now")
            return {"seat": seat}
        if not revoke:
            raise LobbyError('say {"revoke": true} or {"bot": "<spec>"}')
        opened = SeatRow(seat, generation=row.generation + 1, nonce=nonce())
        table.sit(opened)
        votes.removed(table, row, "the seat is open")
        return self._invitation(table_id, opened)

    def rehost(self, table: Table, host: object) -> Hosted:
        """The host's token replaced by a new one (the old one, and any copy of it, is
        void from now on); the new token."""
        self.check_host(host, table)
        renewed = nonce()
        table.set_host(renewed)
        return {"host": self.tokens.make(table.table_id, "host", nonce=renewed)}

    def check_host(self, token: object, table: Table) -> None:
        """``LobbyError`` unless ``token`` is the table's host token now."""
        granted = self._read(token, table.table_id, "host")
        if granted.nonce != table.host:
            raise LobbyError("this host token has been replaced by a newer one", 403)

    def stand_in(self, table: Table, seat: int, spec: str | None) -> None:
        """The person at ``seat`` hands it to bot ``spec`` (None: takes it back, whoever
        put the stand-in there)."""
        row = table.seats[seat]
        checked = None if spec is None else self.check_bot(spec, table.game.name)
        table.sit(replace(row, standin=checked, standin_reason=None))

    @staticmethod
    def come_back(table: Table, seat: int) -> None:
        """The person at ``seat`` sent an action (whether the table takes it or not):
        they are back, and a stand-in the server put there (the clock, after turns in a
        row out of time) is taken away first. A stand-in the person chose stays."""
        row = table.seats[seat]
        table.ballots.clear(seat)
        if row.standin is not None and row.standin_reason is not None:
            table.sit(replace(row, standin=None, standin_reason=None))

    def leave(self, table: Table, seat: int) -> None:
        """The person at ``seat`` leaves: the seat is open again (their token void)."""
        table.sit(SeatRow(seat, generation=table.seats[seat].generation + 1, nonce=nonce()))

    def check_bot(self, spec: object, game_name: str) -> str:
        """A bot spec this server seats (:meth:`~bohnen.server.offer.Offer.check`), as it
        is kept; ``LobbyError`` saying what is not allowed."""
        try:
            return self.offer.check(spec, get_game(game_name))
        except BotRefused as exc:
            raise LobbyError(str(exc)) from exc

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
            row = table.seats[granted.seat]
            if row.generation != granted.generation or row.nonce != granted.nonce:
                raise LobbyError("this seat has been given to someone else", 403)

    def _read(self, token: object, table_id: str, *roles: Role) -> Pass:
        try:
            return self.tokens.read(token, table_id, *roles)
        except ValueError as exc:
            raise LobbyError(str(exc), 403) from exc


def _refusal(error: str, status: int) -> Refusal:
    return {"error": error, "status": status}


def _speaker(table: Table, seat: int | None) -> str:
    if seat is None:
        return "spectator"
    return table.seats[seat].name or f"seat {seat}"


def rows_host(rows: Sequence[SeatRow]) -> str | None:
    """The creator's name (the person seated at set-up), if any."""
    return next((row.name for row in rows if row.kind == "person"), None)


def _watched(table: Table) -> bool:
    return bool(table.watchers)


def _last_step(table: Table) -> float:
    return table.times[-1] if table.times else table.created


def _close_watchers(table: Table, reason: str) -> None:
    """Every client of ``table`` gets a ``closed`` frame saying ``reason``, after which
    its connection is closed (:mod:`bohnen.server.session`)."""
    frame = closed_frame(table.table_id, reason)
    for watcher in list(table.watchers):
        watcher.close(frame)
