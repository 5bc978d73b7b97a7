"""Which card of a trick won to keep: the one with most beans."""

from __future__ import annotations

from tinybeans.actions import Keep
from tinybeans.cards import beans


def choose_keep(actions: list[Keep]) -> Keep:
    """The card with most beans (of equals, the lowest card)."""
    return max(actions, key=lambda keep: (beans(keep.card), -keep.card))
