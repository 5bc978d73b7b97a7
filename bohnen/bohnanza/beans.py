"""The eight beans of Bohnanza: how many cards each has and its beanometer.

A bean is a :class:`Bean`, an ``IntEnum`` 0..7 in the order of this table (most cards
first): an ``int`` on the hot paths, a code (``BL`` … ``GA``) in notation, JSON and
views. Facts from ``decisions.md``; the beanometer lists how many beans of a field pay
1, 2, 3 and 4 talers (``None`` where the card shows no step: the Gartenbohne pays 2 for
two beans and 3 for three or more, and nothing for one).

A leaf module: it imports nothing else of the game.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple

from bohnen.core.files import excerpt


class Bean(IntEnum):
    """One of the eight beans (its value indexes the tables of this module)."""

    BLAUE = 0
    FEUER = 1
    SAU = 2
    BRECH = 3
    SOJA = 4
    AUGEN = 5
    ROTE = 6
    GARTEN = 7


Meter = tuple[int | None, int | None, int | None, int | None]


class BeanInfo(NamedTuple):
    """What the card of a bean says."""

    name: str  # German name, as on the card
    code: str  # two-letter code used in the notation, JSON and views
    cards: int  # cards of it in the deck
    beanometer: Meter  # beans a field needs for 1, 2, 3 and 4 talers (None: no step)


BEANS: Final[tuple[BeanInfo, ...]] = (
    BeanInfo("Blaue", "BL", 20, (4, 6, 8, 10)),
    BeanInfo("Feuer", "FE", 18, (3, 6, 8, 9)),
    BeanInfo("Sau", "SA", 16, (3, 5, 7, 8)),
    BeanInfo("Brech", "BR", 14, (3, 5, 6, 7)),
    BeanInfo("Soja", "SO", 12, (2, 4, 6, 7)),
    BeanInfo("Augen", "AU", 10, (2, 4, 5, 6)),
    BeanInfo("Rote", "RO", 8, (2, 3, 4, 5)),
    BeanInfo("Garten", "GA", 6, (None, 2, 3, None)),
)

# ``Final``: the compiled build reads these from C statics, not the module's dictionary.
BEAN_COUNT: Final = len(BEANS)
ALL_BEANS: Final[tuple[Bean, ...]] = tuple(Bean)
DECK_SIZE: Final = sum(b.cards for b in BEANS)  # 104
NAMES: Final[tuple[str, ...]] = tuple(b.name for b in BEANS)
CODES: Final[tuple[str, ...]] = tuple(b.code for b in BEANS)
MAX_FIELD: Final = 24  # no field can hold more beans than this in any real game; payout table size


def _payout_row(meter: Meter) -> tuple[int, ...]:
    row = []
    for count in range(MAX_FIELD + DECK_SIZE):
        pay = 0
        for talers, need in enumerate(meter, start=1):
            if need is not None and count >= need:
                pay = talers
        row.append(pay)
    return tuple(row)


# PAYOUT[bean][count]: talers for a field of ``count`` beans (capped at 4 by the table).
PAYOUT: Final[tuple[tuple[int, ...], ...]] = tuple(_payout_row(b.beanometer) for b in BEANS)


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


def standard_deck() -> list[Bean]:
    """The 104 cards in table order (unshuffled)."""
    deck: list[Bean] = []
    for bean in ALL_BEANS:
        deck.extend([bean] * BEANS[bean].cards)
    return deck


_LOOKUP: dict[str, Bean] = {}
for _bean in ALL_BEANS:
    _info = BEANS[_bean]
    for _key in (_info.name, _info.code, _info.name + "bohne", str(int(_bean))):
        _LOOKUP[_key.lower()] = _bean
_LOOKUP["saubohne"] = Bean.SAU
_LOOKUP["augenbohne"] = Bean.AUGEN
_BY_CODE: dict[str, Bean] = {code: bean for bean, code in zip(ALL_BEANS, CODES, strict=True)}


def parse_bean(text: str) -> Bean:
    """A bean from its name ("Rote", "Rote Bohne", "Rotebohne"), code ("RO") or index."""
    key = text.strip().lower().replace(" ", "").replace("-", "")
    if key.endswith("bohnen"):
        key = key[:-1]
    if key in _LOOKUP:
        return _LOOKUP[key]
    raise ValueError(f"unknown bean {excerpt(text)}; beans are {', '.join(CODES)} "
                     f"or {', '.join(NAMES)}")


def bean_of_code(code: str) -> Bean | None:
    """The bean written ``code`` (exactly, as JSON and views write it), None if none."""
    return _BY_CODE.get(code)
