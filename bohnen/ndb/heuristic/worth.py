"""What a card is worth to a row: the row's score now plus its outlook.

A row is worth its score now (``row_score``) plus what it may still become: a row
without a "Nicht die Bohne" card will gather more cards of its colour, so an "x2"
makes it worth more, a "–" turns that future into a loss (the owner will dodge
the colour, so a loss weighs less than a gain), and a "Nicht die Bohne" card ends
it. The outlook shrinks with the value points of the colour still to come (not in
a row, not in the bot's hand, whose cards all go to others).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bohnen.ndb.cards import COLOURS, DOUBLE, KINDS, MINUS, NDB, Card, value
from bohnen.ndb.heuristic.scene import Rows
from bohnen.ndb.scoring import row_score

_MASS = sum(range(1, 11))  # value points of one colour


def row_value(row: Sequence[int], future: float, gain: float, loss: float) -> float:
    """A row's score plus its outlook: ``future`` (0..1, the share of the colour's value
    points still to come) times ``gain`` for a row that counts up, ``loss`` for one
    that counts down, doubled by an "x2"; nothing for a row with a "Nicht die Bohne"
    card."""
    minus = 0
    doubled = False
    for card in row:
        k = card % KINDS
        if k == NDB:
            return 0.0
        if k == MINUS:
            minus += 1
        elif k == DOUBLE:
            doubled = True
    outlook = -loss if minus % 2 else gain
    return row_score(row) + future * outlook * (2 if doubled else 1)


def future(rows: Rows, hand: list[Card], table: Iterable[Card]) -> list[float]:
    """Per colour, the share of its value points that may still come to the bot: not
    in a row, not in its hand (those go to others), not on the table."""
    left = [float(_MASS)] * len(COLOURS)
    for seen in (hand, table, *(c for r in rows for c in r)):
        for card in seen:
            left[card // KINDS] -= value(card)
    return [v / _MASS for v in left]


@dataclass(frozen=True, slots=True)
class Worth:
    """The bot's valuation: ``gain`` / ``loss`` the points a row counting up / down is
    expected to gather over a whole round; ``deny`` how much of a card's worth to the
    others counts when taking it."""

    gain: float
    loss: float
    deny: float

    def gift(self, card: Card, rows: list[list[Card]], future: list[float]) -> float:
        """What ``card`` adds to the rows ``rows`` of one player."""
        row = rows[card // KINDS]
        fut = future[card // KINDS]
        before = row_value(row, fut, self.gain, self.loss)
        return row_value([*row, card], fut, self.gain, self.loss) - before

    def others(self, seat: int, card: Card, rows: Rows, future: list[float]) -> float:
        """What ``card`` adds, on average, to the rows of the players other than ``seat``."""
        total = 0.0
        for other, their in enumerate(rows):
            if other != seat:
                total += self.gift(card, their, future)
        return total / (len(rows) - 1)
