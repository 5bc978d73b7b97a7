"""The greedy take of Nicht die Bohne!'s playouts reckons a take's gain from a row's
summary, kept in a cache of the rows met: the gain is the rules' own (``row_score``),
whether the summary is fresh or cached, and the cache empties itself when full."""

from __future__ import annotations

import random

import pytest

from bohnen.ndb import playout
from bohnen.ndb.cards import CARD_IDS, KINDS
from bohnen.ndb.scoring import row_score


def _random_row(rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randrange(CARD_IDS) for _ in range(rng.randrange(0, 25)))


def test_take_gain_is_what_the_row_score_gains() -> None:
    rng = random.Random(5)
    for _ in range(400):
        row = _random_row(rng)
        card = rng.randrange(CARD_IDS)
        mine = [c for c in row if c // KINDS == card // KINDS]
        expected = row_score([*mine, card]) - row_score(mine)
        fresh = playout.take_gain(playout.row_summary(row), card)
        cached = playout.take_gain(playout.row_summary(row), card)  # from the cache now
        assert fresh == cached == expected


def test_row_cache_empties_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playout, "_ROWS", {})
    monkeypatch.setattr(playout, "MAX_ROWS", 3)
    rows = [(0,), (1,), (2,), (3,)]
    for row in rows[:3]:
        playout.row_summary(row)
    assert len(playout._ROWS) == 3
    summary = playout.row_summary(rows[3])  # full: emptied, then this row kept
    assert list(playout._ROWS) == [rows[3]]
    assert summary == playout._summarise(rows[3])
