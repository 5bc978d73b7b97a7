"""Precomputed answers to the two questions asked at every move: where may a bean be
planted, and which fields may be harvested. Both depend only on a few small codes of a
seat's three field slots, so they are looked up instead of worked out.
"""

from __future__ import annotations

from itertools import product
from typing import Final

from bohnen.bohnanza.beans import DECK_SIZE

# Field codes for planting a given bean: 0 empty (and owned), 1 holds that bean,
# 2 holds another bean or is not owned (no third field).
EMPTY_SLOT: Final = 0
SAME: Final = 1
BLOCKED: Final = 2


def _plantable(codes: tuple[int, ...], two_fields_of_a_bean: bool) -> tuple[int, ...]:
    same = tuple(f for f, c in enumerate(codes) if c == SAME)
    if same and not two_fields_of_a_bean:
        return same[:1]
    return tuple(f for f, c in enumerate(codes) if c != BLOCKED)


# PLANTABLE[two_fields_of_a_bean][key] with key = code0 * 9 + code1 * 3 + code2.
PLANTABLE: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(_plantable(codes, allowed) for codes in product(range(3), repeat=3))
    for allowed in (False, True)
)


def plant_key(fbean: list[int], base: int, fields: int, bean: int) -> int:
    """The PLANTABLE key of a seat's slots ``fbean[base:base+3]`` for ``bean``."""
    x = fbean[base]
    key = 0 if x < 0 else (1 if x == bean else 2)
    x = fbean[base + 1]
    key = key * 3 + (0 if x < 0 else (1 if x == bean else 2))
    if fields == 3:
        x = fbean[base + 2]
        return key * 3 + (0 if x < 0 else (1 if x == bean else 2))
    return key * 3 + 2


# Bean counts capped at 2: what bean protection needs to know of a field (``Final``, as
# the tables above: the compiled build reads them from C statics).
CAP: Final[tuple[int, ...]] = tuple(min(c, 2) for c in range(DECK_SIZE + 1))


def _harvestable(caps: tuple[int, ...], protection: bool) -> tuple[int, ...]:
    if protection and 2 in caps:
        return tuple(f for f, c in enumerate(caps) if c == 2)
    return tuple(f for f, c in enumerate(caps) if c)


# HARVESTABLE[protection][key] with key = CAP[c0] * 9 + CAP[c1] * 3 + CAP[c2]; a slot
# that is not owned is always empty, so it needs no code of its own.
HARVESTABLE: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(_harvestable(caps, protection) for caps in product(range(3), repeat=3))
    for protection in (False, True)
)
