"""The position builder: Bohnanza states set up exactly, for tests, bug reports, puzzles
and teaching."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bohnen.bohnanza.beans import (
    ALL_BEANS,
    BEAN_COUNT,
    CODES,
    DECK_SIZE,
    Bean,
    parse_bean,
    standard_deck,
)


def _bean(card: object) -> Bean:
    """A card given by its code, name or index."""
    if isinstance(card, int) and not isinstance(card, bool):
        if not 0 <= card < BEAN_COUNT:
            raise ValueError(f"no bean {card}; beans are 0 to {BEAN_COUNT - 1}")
        return ALL_BEANS[card]
    return parse_bean(str(card))


def deck_order(deck: Sequence[object]) -> list[Bean]:
    """A full deck order (top first) of bean names, codes or indices, checked."""
    cards = [_bean(d) for d in deck]
    if sorted(cards) != standard_deck():
        raise ValueError(f"a deck must hold the {DECK_SIZE} Bohnanza cards exactly "
                         f"(got {len(cards)} cards)")
    return cards


def stacked_deck(top: Sequence[object], seed: int = 0) -> list[str]:
    """A full deck (codes, top first) whose first cards are ``top`` (codes, names or
    indices), the rest shuffled by ``seed``: it deals exactly the hands and draws a
    situation needs."""
    wanted = [_bean(b) for b in top]
    rest = standard_deck()
    for b in wanted:
        rest.remove(b)
    random.Random(seed).shuffle(rest)
    return [CODES[b] for b in wanted + rest]
