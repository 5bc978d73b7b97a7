"""The greedy take of Nicht die Bohne!'s playouts reckons a take's gain from a row's
summary, read in one pass: the gain is the rules' own (``row_score``)."""

from __future__ import annotations

import random

from bohnen.ndb import playout
from bohnen.ndb.cards import CARD_IDS, KINDS
from bohnen.ndb.scoring import row_score


def test_take_gain_is_what_the_row_score_gains() -> None:
    rng = random.Random(5)
    for _ in range(600):
        row = tuple(rng.randrange(CARD_IDS) for _ in range(rng.randrange(0, 25)))
        card = rng.randrange(CARD_IDS)
        mine = [c for c in row if c // KINDS == card // KINDS]
        expected = row_score([*mine, card]) - row_score(mine)
        assert playout.take_gain(playout.row_summary(row), card) == expected
