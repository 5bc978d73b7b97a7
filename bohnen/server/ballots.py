"""The votes of a table's people to hand an absent person's seat to a bot: who may be
voted on, who has voted, and how many votes it takes (carried out by
:mod:`bohnen.server.votes`).

A seat is **absent** while a person holds it, no bot stands in for them, and no
client of theirs is connected to the table (the seats frames say ``connected:
false``): their page is closed, or their connection lost. The people at the other
seats may each vote once to hand it to its stand-in; it takes a **majority of the
others present**: more than half of the people at the other seats who are connected,
counting every voter as present. Three friends, one gone: both others must vote; two
friends and bots: one vote. A seat's votes are forgotten when its person comes back
(connects again or acts), when the seat changes hands, and when it is handed over;
a voter's vote when the voter's seat changes hands. The votes are the table's owner's
(kept in memory, not in the log): a server that restarts forgets them, and so they
are bounded by the seats (one per voter per seat).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TypedDict

from bohnen.server.logbase import SeatRow


class VoteJSON(TypedDict):
    """An absent seat's vote: the seats voting to hand it to a bot, and how many
    votes hand it over."""

    voters: list[int]
    needed: int


class Ballots:
    """Per seat, the seats voting to hand it to its stand-in."""

    def __init__(self) -> None:
        self._votes: dict[int, set[int]] = {}

    def cast(self, seat: int, voter: int) -> bool:
        """``voter`` votes for ``seat``'s hand-over; False if it had already."""
        votes = self._votes.setdefault(seat, set())
        if voter in votes:
            return False
        votes.add(voter)
        return True

    def of(self, seat: int) -> list[int]:
        """The seats voting for ``seat``'s hand-over."""
        return sorted(self._votes.get(seat, ()))

    def clear(self, seat: int) -> None:
        """The votes for ``seat`` forgotten (its person came back, or it was handed)."""
        self._votes.pop(seat, None)

    def forget(self, seat: int) -> None:
        """``seat`` changed hands: the votes for it, and its holder's votes, forgotten."""
        self.clear(seat)
        for votes in self._votes.values():
            votes.discard(seat)


def absent(row: SeatRow, connected: Collection[int]) -> bool:
    """Whether ``row``'s person is absent (see the module)."""
    return row.kind == "person" and row.standin is None and row.seat not in connected


def needed(seats: Sequence[SeatRow], seat: int, connected: Collection[int],
           voters: Collection[int]) -> int:
    """The votes that hand ``seat`` over: a majority of the people present at the other
    seats (each voter counted present)."""
    present = {row.seat for row in seats if row.seat != seat and row.kind == "person"
               and (row.seat in connected or row.seat in voters)}
    return len(present) // 2 + 1


def vote_json(seats: Sequence[SeatRow], seat: int, connected: Collection[int],
              ballots: Ballots) -> VoteJSON | None:
    """The vote on ``seat`` if it is absent (its voters and the votes needed), else
    None."""
    if not absent(seats[seat], connected):
        return None
    voters = ballots.of(seat)
    return {"voters": voters, "needed": needed(seats, seat, connected, voters)}
