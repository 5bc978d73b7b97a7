"""What a seat's fields are worth to the heuristic, and how planting plays out.

A field of ``count`` beans is worth what it would pay if the beans of its kind still
to come reached it as a Poisson stream (so many expected before it must be sold, by
the share of its kind among the unseen cards): its payout now plus ``alpha`` times the
expected gain. Long fields gain most from each bean, so they are worth protecting; at
the end of the game a field is worth its payout. An empty field is worth ``empty``
(room for what comes).

Planting is played out on plain lists: cards to plant (the trade area, in a good
order) then the front of the hand (in order, each later card counting for less),
harvesting whichever field loses least whenever a bean has nowhere to go.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bohnen.bohnanza.beans import BEAN_COUNT, PAYOUT

MAX_COUNT = 40  # field sizes the worth tables cover (a field holds at most 20 beans)
STEPS = 20  # expected beans are rounded to 1/STEPS
_TABLES: dict[tuple[int, int, float], tuple[float, ...]] = {}


def worth_table(bean: int, grow: float, alpha: float) -> tuple[float, ...]:
    """Worth of a field of each size, for ``grow`` more beans expected (cached)."""
    key = (bean, round(grow * STEPS), alpha)
    table = _TABLES.get(key)
    if table is None:
        lam = key[1] / STEPS
        probs = [math.exp(-lam) * lam ** k / math.factorial(k) for k in range(12)]
        row = PAYOUT[bean]
        rows = []
        for c in range(MAX_COUNT):
            expected = sum(p * row[c + k] for k, p in enumerate(probs))
            expected += (1 - sum(probs)) * row[c + len(probs)]
            rows.append(row[c] + alpha * (expected - row[c]) if c else 0.0)
        table = _TABLES[key] = tuple(rows)
    return table


@dataclass(frozen=True, slots=True)
class Outlook:
    """How the heuristic values fields at this moment of the game, and the rules it needs."""

    tables: tuple[tuple[float, ...], ...]  # worth_table of each bean
    empty: float  # worth of an empty field
    weights: tuple[float, ...]  # weight of each hand card planted, front first
    protection: bool  # bean protection (a lone bean is kept while a field holds two)
    # value() of this outlook, by its arguments: the same fields and cards are valued
    # again and again in a turn (each proposal, each answer)
    memo: dict[tuple[tuple[int, ...], ...], float] = field(
        default_factory=dict, compare=False, hash=False, repr=False)


def payout_only(protection: bool) -> Outlook:
    """The outlook at the end of the game: a field is worth its payout."""
    return Outlook(tuple(worth_table(b, 0.0, 0.0) for b in range(BEAN_COUNT)), 0.0, (),
                   protection)


_OUTLOOKS: dict[tuple[object, ...], Outlook] = {}
MAX_OUTLOOKS = 4096  # outlooks kept (with what they valued) before the store is cleared


def kept(key: tuple[object, ...], make: Callable[[], Outlook]) -> Outlook:
    """The outlook made by ``make`` for ``key``, made once and kept, so that its memo
    of values serves every decision with the same outlook (a turn, mostly)."""
    out = _OUTLOOKS.get(key)
    if out is None:
        if len(_OUTLOOKS) >= MAX_OUTLOOKS:
            _OUTLOOKS.clear()
        out = _OUTLOOKS[key] = make()
    return out


def potential(out: Outlook, bean: int, count: int) -> float:
    """A field's worth (see the module's text)."""
    return out.tables[bean][count]


def worth(out: Outlook, beans: list[int], counts: list[int]) -> float:
    """The fields' worth, ``empty`` for an empty field."""
    total = 0.0
    tables = out.tables
    for f, c in enumerate(counts):
        total += tables[beans[f]][c] if c else out.empty
    return total


def harvestable(out: Outlook, counts: list[int]) -> list[int]:
    """Fields that may be harvested (bean protection as the rules have it)."""
    if out.protection and max(counts) >= 2:
        return [f for f, c in enumerate(counts) if c >= 2]
    return [f for f, c in enumerate(counts) if c]


def harvest_loss(out: Outlook, bean: int, count: int, coming: int) -> float:
    """Worth lost by harvesting a field now, with ``coming`` more of its beans on the way."""
    return (potential(out, bean, count + coming) - potential(out, bean, coming)
            - PAYOUT[bean][count])


def cheapest_harvest(out: Outlook, beans: list[int], counts: list[int],
                     coming: Sequence[int]) -> int:
    """The field to harvest that loses least; of equal losses, the one that pays most."""
    best, key = -1, (0.0, 0)
    for f in harvestable(out, counts):
        b = beans[f]
        k = (harvest_loss(out, b, counts[f], coming.count(b)), -PAYOUT[b][counts[f]])
        if best < 0 or k < key:
            best, key = f, k
    return best


def plant_card(out: Outlook, beans: list[int], counts: list[int], bean: int,
               coming: Sequence[int]) -> int:
    """Plant ``bean`` (its field, else an empty one, else harvest); talers earned."""
    for f, c in enumerate(counts):
        if c and beans[f] == bean:
            counts[f] = c + 1
            return 0
    for f, c in enumerate(counts):
        if not c:
            beans[f], counts[f] = bean, 1
            return 0
    f = cheapest_harvest(out, beans, counts, coming)
    pay = PAYOUT[beans[f]][counts[f]]
    beans[f], counts[f] = bean, 1
    return pay


def plant_all(out: Outlook, beans: list[int], counts: list[int], cards: Sequence[int],
              coming: Sequence[int]) -> int:
    """Plant every card of ``cards`` in a good order (fitting beans first, then the bean
    with most copies); talers earned by the harvests it takes."""
    left = list(cards)
    earned = 0
    while left:
        for i, bean in enumerate(left):
            f = _field_of(beans, counts, bean)
            if f >= 0:
                counts[f] += 1
                del left[i]
                break
        else:
            if len(left) == 1:
                bean = left.pop()
            else:
                bean = max(set(left),
                           key=lambda b: (left.count(b), potential(out, b, left.count(b)), b))
                left.remove(bean)
            earned += plant_card(out, beans, counts, bean, [*left, *coming])
    return earned


def _field_of(beans: list[int], counts: list[int], bean: int) -> int:
    for f, c in enumerate(counts):
        if c and beans[f] == bean:
            return f
    return -1


def value(out: Outlook, beans: Sequence[int], counts: Sequence[int], cards: Sequence[int],
          hand: Sequence[int]) -> float:
    """Talers earned plus the fields' worth once ``cards`` are planted, plus the weighted
    gains of planting the front of ``hand`` after them (remembered in ``out.memo``)."""
    weights = out.weights
    window = tuple(hand[:len(weights)])
    key = (tuple(beans), tuple(counts), tuple(cards), window)
    known = out.memo.get(key)
    if known is not None:
        return known
    bs, cs = list(beans), list(counts)
    earned = plant_all(out, bs, cs, cards, window) if cards else 0
    before = worth(out, bs, cs)
    total = earned + before
    for i, bean in enumerate(window):
        earned = plant_card(out, bs, cs, bean, window[i + 1:])
        after = worth(out, bs, cs)
        total += weights[i] * (earned + after - before)
        before = after
    out.memo[key] = total
    return total
