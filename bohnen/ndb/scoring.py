"""How a row of one colour scores, and a round's line on the score sheet.

decisions.md (Nicht die Bohne 4): a "Nicht die Bohne" card makes the row 0; otherwise
the sum of the values, negative if the row holds one or three "–" cards, then
doubled if it holds the "x2" card.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from bohnen.ndb.cards import COLOURS, DOUBLE, KINDS, MINUS, NDB, Card, value
from bohnen.ndb.data import SheetLine

_new: Final = tuple.__new__  # a SheetLine built without its Python-level __new__


def row_score(cards: Iterable[int]) -> int:
    """Points of one colour's row."""
    total = minus = 0
    doubled = False
    for card in cards:
        k = card % KINDS
        if k == NDB:
            return 0
        if k == MINUS:
            minus += 1
        elif k == DOUBLE:
            doubled = True
        else:
            total += value(card)
    if minus % 2:
        total = -total
    return total * 2 if doubled else total


def rows_of(cards: Iterable[Card]) -> list[list[Card]]:
    """The cards taken, in one row per colour (specials at the head of each row)."""
    rows: list[list[Card]] = [[] for _ in COLOURS]
    for card in cards:
        rows[card // KINDS].append(card)
    for row in rows:
        row.sort(key=lambda c: (c % KINDS < MINUS, c))
    return rows


def sheet_line(cards: Iterable[int]) -> SheetLine:
    """The score-sheet line of the cards a player took in a round: each colour's row
    scored as :func:`row_score` scores it, in one pass over the cards (a bit per colour
    for a "Nicht die Bohne", an odd count of "–" and an "x2"; the values summed per
    colour)."""
    values = [0] * len(COLOURS)
    nil = odd = doubled = 0
    for card in cards:
        c, k = card // KINDS, card % KINDS
        if k == NDB:
            nil |= 1 << c
        elif k == MINUS:
            odd ^= 1 << c
        elif k == DOUBLE:
            doubled |= 1 << c
        else:
            values[c] += k + 1  # value(card)
    plus = minus = 0
    for c in range(len(COLOURS)):
        if nil >> c & 1:
            continue  # the row is worth 0
        points = values[c] * 2 if doubled >> c & 1 else values[c]
        if odd >> c & 1:
            minus += points
        else:
            plus += points
    return _new(SheetLine, (plus, minus, plus - minus))


__all__ = ["SheetLine", "row_score", "rows_of", "sheet_line"]
