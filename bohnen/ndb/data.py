"""The slots of a Nicht die Bohne! position and the constants they use.

:class:`NdbData` holds a position and nothing else: the rules (:mod:`bohnen.ndb.rules`)
change it, the other modules read it, and the thin state (:mod:`bohnen.ndb.state`)
adds the protocol's methods. Field names are the keys of the state JSON
(:mod:`bohnen.ndb.serialize`) and, where a seat may see them, of the views.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple, Self, TypeVar

from bohnen.ndb.actions import NdbAction
from bohnen.ndb.cards import Card
from bohnen.ndb.options import NdbOptions

# The version of the game: of the state JSON, the views and the records. 2: readable
# field names, the state JSON versioned, the views typed (issue 23); version 1 records
# replay the same.
VERSION: Final = 2
MAX_PLAYERS: Final = 6
NONE: Final = Card(-1)  # no card: on the table, a seat that has not played in this trick


class Phase(IntEnum):
    """Where a trick stands; JSON and views write ``phase.name.lower()``."""

    LEAD = 0  # the token holder plays a card face up
    PLAY = 1  # the others play a card face down, in any order
    TAKE = 2  # the chain of taking
    OVER = 3  # the game has ended


LEAD: Final = Phase.LEAD
PLAY: Final = Phase.PLAY
TAKE: Final = Phase.TAKE
OVER: Final = Phase.OVER
PHASE_NAMES: Final[tuple[str, ...]] = tuple(p.name.lower() for p in Phase)


class SheetLine(NamedTuple):
    """One player's line for one round: "Spiel +", "Spiel –" and "Summe"."""

    plus: int  # sum of the positive rows
    minus: int  # sum of the negative rows, as a positive number
    total: int  # plus - minus


class NdbData:
    """A position of Nicht die Bohne!: the slots, and copying them.

    The class has no ``__init__``: ``cls()`` makes a blank position (:func:`blank`), in
    Python as in a build compiled with mypyc (where ``object.__new__`` cannot make a
    native class), and the rules or a loader fill its slots.
    """

    __slots__ = ("dealer", "hands", "listed", "listed_seat", "options", "phase", "players",
                 "playing", "rng", "round", "row_cards", "sheet", "table", "taken",
                 "taken_mask", "taker", "token", "turn")

    options: NdbOptions
    players: int  # the player count (options.players)
    rng: int  # the carried random-number integer (bohnen.core.rng)
    round: int  # 0-based round ("manche") being played
    dealer: int
    token: int  # the token holder, who leads the trick
    phase: Phase
    hands: list[tuple[Card, ...]]  # per seat, sorted by colour
    table: list[Card]  # per seat, the card played in this trick, or NONE
    # a bit per seat to play a card now: the token holder in the lead, in the play those
    # that have not played (rules.seats_to_play); kept by the rules' effects, not saved
    playing: int
    taken: tuple[int, ...]  # the seats whose card has been taken in this trick, in order
    taken_mask: int  # the same seats, a bit each
    taker: int  # the seat to take next (the token holder outside the taking)
    row_cards: list[tuple[Card, ...]]  # per seat, the cards taken this round, in order
    sheet: list[tuple[SheetLine, ...]]  # per finished round, a line per seat
    turn: int  # tricks begun in the whole game
    # The legal actions last listed (bohnen.ndb.legal) for the seat ``listed_seat`` in
    # this position; none while ``listed_seat`` is -1. Every change of the position
    # forgets them (``rules.act`` before each effect); a copy and a loaded or built
    # state start without them. ``apply`` skips the check of an action of this tuple
    # (by identity): the listing asked the rules' predicates in this very position.
    listed_seat: int
    listed: tuple[NdbAction, ...]

    def forget(self) -> None:
        """Forget the listing: the position has changed (or may, in a loader's hands)."""
        self.listed_seat = -1
        self.listed = ()

    def clone(self) -> Self:
        """A copy sharing nothing mutable with this position (nor its listing)."""
        c = self.__class__()
        c.options = self.options
        c.players = self.players
        c.rng = self.rng
        c.round = self.round
        c.dealer = self.dealer
        c.token = self.token
        c.phase = self.phase
        c.hands = self.hands[:]
        c.table = self.table[:]
        c.playing = self.playing
        c.taken = self.taken
        c.taken_mask = self.taken_mask
        c.taker = self.taker
        c.row_cards = self.row_cards[:]
        c.sheet = self.sheet[:]
        c.turn = self.turn
        c.listed_seat = -1
        c.listed = ()
        return c


D = TypeVar("D", bound=NdbData)


def blank(cls: type[D]) -> D:
    """A position of class ``cls`` with no slot set yet but the listing (none), for a
    builder to fill."""
    state = cls()
    state.forget()
    return state
