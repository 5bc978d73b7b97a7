"""The ISMCTS bot plays as recorded: same seed, same samples, same playouts, same move.

Each case of ``search_record.CASES`` (every game; the default search, MAST, paired
rounds, a bot playout, a prior) is searched again and compared with
``search_record.json``: the chosen move and every root action's visits. A change that
only makes the search faster leaves them as they are.
"""

from __future__ import annotations

import pytest

from .search_record import CASES, POSITIONS, recorded, search_case


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_search_plays_as_recorded(name: str) -> None:
    expected = recorded()[name]
    assert len(expected) == POSITIONS
    assert search_case(name) == expected


def test_record_covers_every_case() -> None:
    assert sorted(recorded()) == sorted(c[0] for c in CASES)
