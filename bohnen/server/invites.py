"""Seats for invited friends: a seat left for a friend at set-up (``invite``) is kept
for its invitation's link.

Each seat left open at set-up gets an invitation (a token naming the seat and its
generation). A seat set up as ``open`` may be taken by anybody, from the lobby or by
its link (the link names the seat); a seat set up as ``invite`` is **reserved**: only
its invitation takes it, the lobby lists it as reserved (not free), and a join that
names it, or asks for any free seat, passes it by. The reservation stays with the
seat (``setup["invited"]``: :mod:`bohnen.server.table_setup`): if the friend leaves,
or the host revokes the link, the seat is open and reserved again, and the host's
revoke gives the new link.
"""

from __future__ import annotations

from bohnen.server.logbase import SeatRow
from bohnen.server.refusals import LobbyError
from bohnen.server.table import Table
from bohnen.server.table_setup import invited_seats
from bohnen.server.tokens import Pass


def invited_seat(table: Table, invited: Pass) -> SeatRow:
    """The open seat an invitation names; ``LobbyError`` (403) if it was used or
    revoked (the seat's generation is not the invitation's)."""
    seat = invited.seat
    if seat is None or not 0 <= seat < len(table.seats):
        raise LobbyError("the token is not a token of this table", 403)
    row = table.seats[seat]
    if row.kind != "open" or row.generation != invited.generation:
        raise LobbyError("this invitation has been used or revoked", 403)
    return row


def free_seat(table: Table, seat: int | None) -> SeatRow:
    """The open seat ``seat`` (None: the first) that nobody's invitation keeps;
    ``LobbyError`` (403 for a reserved seat, 409 for none free)."""
    reserved = invited_seats(table.setup)
    if seat in reserved and table.seats[seat].kind == "open":
        raise LobbyError(f"seat {seat} is kept for an invited friend: only its "
                         "invitation's link takes it", 403)
    free = [row for row in table.seats if row.kind == "open" and row.seat not in reserved]
    if seat is not None:
        free = [row for row in free if row.seat == seat]
    if not free:
        where = f"seat {seat} is" if seat is not None else "every seat is"
        kept = " or kept for an invited friend" if seat is None and reserved else ""
        raise LobbyError(f"{where} taken{kept} at table {table.table_id}", 409)
    return free[0]

