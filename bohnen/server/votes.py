"""The people at a table vote to hand an absent person's seat to a bot; the host's
removal of a person told to everybody.

A person seated at the table sends ``{"vote_standin": seat}`` (a
:class:`~bohnen.server.requests.Vote`): the seat must be another's, held by a person
who is absent (:mod:`bohnen.server.ballots` says what absent is, and how many votes
it takes), while the game goes on. Each new vote is told to everybody as a notice (a
chat line of the table itself: :meth:`~bohnen.server.table.Table.notice`) and in the
seats frames (each absent seat's ``vote``). Once enough have voted, the seat goes to
its stand-in as it does when the clock hands it over (the default bot,
``standin_reason: "vote"``); its person takes it back by any move of their own (or
``{"standin": null}``), and their coming back forgets the votes.
"""

from __future__ import annotations

from dataclasses import replace

from bohnen.server.ballots import absent, needed
from bohnen.server.logbase import SeatRow
from bohnen.server.refusals import LobbyError
from bohnen.server.seating import DEFAULT_BOT
from bohnen.server.table import Table


def vote(table: Table, voter: int, seat: int) -> None:
    """``voter`` (a seat's holder, checked) votes to hand ``seat`` to its stand-in;
    ``LobbyError`` saying why not, if it may not. The notice is logged before the vote
    counts: a vote the log cannot save now changes nothing."""
    row = _votable(table, voter, seat)
    if voter in table.ballots.of(seat):
        raise LobbyError(f"you have voted on seat {seat} already", 409)
    voters = [*table.ballots.of(seat), voter]
    most = needed(table.seats, seat, table.connected(), voters)
    name, count = _name(table, voter), f"{len(voters)} of {most} votes"
    if len(voters) < most:
        table.notice(f"{name} votes to hand {row.name}'s seat ({seat}) to a bot: {count}")
        table.ballots.cast(seat, voter)
        table.show_seats()  # the seats frames show the vote
        return
    table.sit(replace(row, standin=DEFAULT_BOT, standin_reason="vote"))
    also = " too" if len(voters) > 1 else ""
    table.notice(f"{name} votes{also}: a bot plays {row.name}'s seat ({seat}) until "
                 f"{row.name} comes back ({count})")


def _votable(table: Table, voter: int, seat: int) -> SeatRow:
    """The seat ``voter`` may vote on; ``LobbyError`` saying why not."""
    if table.seats[voter].kind != "person":
        raise LobbyError("only the people seated at the table vote", 403)
    if not 0 <= seat < len(table.seats):
        raise LobbyError(f"table {table.table_id} has seats 0 to {len(table.seats) - 1}, "
                         f"not {seat}", 404)
    if seat == voter:
        raise LobbyError("you cannot vote on your own seat: hand it to a bot with "
                         '{"standin": "<spec>"}', 422)
    if not table.started or table.state.is_over:
        raise LobbyError("a vote is only while the game goes on", 409)
    row = table.seats[seat]
    if not absent(row, table.connected()):
        raise LobbyError(f"seat {seat} is not absent: its person is connected, or a bot "
                         "plays it", 409)
    return row


def removed(table: Table, row: SeatRow, now: str) -> None:
    """The host took ``row``'s seat from its person (if a person held it): everybody is
    told, as a notice."""
    if row.kind == "person":
        table.notice(f"The host removed {row.name} from seat {row.seat}: {now}")


def _name(table: Table, seat: int) -> str:
    return table.seats[seat].name or f"seat {seat}"
