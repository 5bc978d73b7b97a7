"""The eight beans of Bohnanza: how many cards each has and its beanometer.

A bean is an ``int`` 0..7 in the order of this table (most cards first). Facts from
``decisions.md``; the beanometer lists how many beans of a field pay 1, 2, 3 and 4
talers (``None`` where the card shows no step: the Gartenbohne pays 2 for two
beans and 3 for three or more, and nothing for one).
"""

from __future__ import annotations

from typing import NamedTuple

from bohnen.core.files import excerpt


class Bean(NamedTuple):
    name: str  # German name, as on the card
    code: str  # two-letter code used in the notation
    cards: int
    beanometer: tuple[int | None, int | None, int | None, int | None]


BEANS: tuple[Bean, ...] = (
    Bean("Blaue", "BL", 20, (4, 6, 8, 10)),
    Bean("Feuer", "FE", 18, (3, 6, 8, 9)),
    Bean("Sau", "SA", 16, (3, 5, 7, 8)),
    Bean("Brech", "BR", 14, (3, 5, 6, 7)),
    Bean("Soja", "SO", 12, (2, 4, 6, 7)),
    Bean("Augen", "AU", 10, (2, 4, 5, 6)),
    Bean("Rote", "RO", 8, (2, 3, 4, 5)),
    Bean("Garten", "GA", 6, (None, 2, 3, None)),
)

BEAN_COUNT = len(BEANS)
DECK_SIZE = sum(b.cards for b in BEANS)  # 104
NAMES: tuple[str, ...] = tuple(b.name for b in BEANS)
CODES: tuple[str, ...] = tuple(b.code for b in BEANS)
MAX_FIELD = 24  # no field can hold more beans than this in any real game; payout table size


def _payout_row(meter: tuple[int | None, ...]) -> tuple[int, ...]:
    row = []
    for count in range(MAX_FIELD + DECK_SIZE):
        pay = 0
        for talers, need in enumerate(meter, start=1):
            if need is not None and count >= need:
                pay = talers
        row.append(pay)
    return tuple(row)


# PAYOUT[bean][count]: talers for a field of ``count`` beans (capped at 4 by the table).
PAYOUT: tuple[tuple[int, ...], ...] = tuple(_payout_row(b.beanometer) for b in BEANS)


def payout(bean: int, count: int) -> int:
    """Talers that a field of ``count`` beans of ``bean`` is worth."""
    return PAYOUT[bean][count]


def next_step(bean: int, count: int) -> tuple[int, int] | None:
    """(beans needed, talers) of the next beanometer step above ``count``, or None."""
    now = PAYOUT[bean][count]
    for talers, need in enumerate(BEANS[bean].beanometer, start=1):
        if need is not None and need > count and talers > now:
            return need, talers
    return None


def standard_deck() -> list[int]:
    """The 104 cards in table order (unshuffled)."""
    deck: list[int] = []
    for bean, info in enumerate(BEANS):
        deck.extend([bean] * info.cards)
    return deck


_LOOKUP: dict[str, int] = {}
for _i, _b in enumerate(BEANS):
    for _key in (_b.name, _b.code, _b.name + "bohne", str(_i)):
        _LOOKUP[_key.lower()] = _i
_LOOKUP["saubohne"] = 2
_LOOKUP["augenbohne"] = 5


def parse_bean(text: str) -> int:
    """A bean from its name ("Rote", "Rote Bohne", "Rotebohne"), code ("RO") or index."""
    key = text.strip().lower().replace(" ", "").replace("-", "")
    if key.endswith("bohnen"):
        key = key[:-1]
    if key in _LOOKUP:
        return _LOOKUP[key]
    raise ValueError(f"unknown bean {excerpt(text)}; beans are {', '.join(CODES)} "
                     f"or {', '.join(NAMES)}")
