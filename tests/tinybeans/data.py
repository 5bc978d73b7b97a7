"""The slots of a Tiny Beans position, its phases and its version (it imports only the
cards and the options).

The protocol's methods live on the thin state (``state.py``), a subclass of
:class:`TinyData`; the rules, views and the rest read and write these fields.
"""

from __future__ import annotations

from enum import IntEnum

from tinybeans.cards import Card
from tinybeans.options import TinyOptions

VERSION = 1  # the game's version: in its records, views and saved states


class Phase(IntEnum):
    """``play``: the seats play a card face down; ``keep``: the trick's winner keeps a
    card of it; ``over``: the hands are empty. JSON and views write ``name.lower()``."""

    PLAY = 0
    KEEP = 1
    OVER = 2


class TinyData:
    """Everything a position holds (hidden cards included)."""

    __slots__ = ("discard", "draw_pile", "hands", "kept", "options", "phase", "played",
                 "players", "turn", "winner")

    options: TinyOptions
    players: int
    phase: Phase
    turn: int  # tricks begun (1 at the start)
    hands: list[tuple[Card, ...]]  # per seat, sorted
    played: list[Card | None]  # per seat, its card in this trick (face down until all play)
    draw_pile: tuple[Card, ...]  # face down, the top first
    discard: tuple[Card, ...]  # face up, in the order thrown
    kept: list[tuple[Card, ...]]  # per seat, the cards it kept, in order
    winner: int | None  # in the keep phase, the seat that won the trick

    def copy_into(self, other: TinyData) -> None:
        """Make ``other`` the same position (the tuples are shared: they never change)."""
        other.options = self.options
        other.players = self.players
        other.phase = self.phase
        other.turn = self.turn
        other.hands = self.hands[:]
        other.played = self.played[:]
        other.draw_pile = self.draw_pile
        other.discard = self.discard
        other.kept = self.kept[:]
        other.winner = self.winner
