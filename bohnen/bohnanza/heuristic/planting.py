"""Planting, harvesting and the third field: phases 1 and 3, and the moves open at any time.

Each candidate move is played out on the seat's fields (then the rest of what must be
planted, and the front of the hand) and the one worth most is taken. Harvests are
candidates only when a bean has nowhere else to go, or when a field can grow no more.
"""

from __future__ import annotations

from typing import TypeVar

from bohnen.bohnanza.actions import (
    BohnanzaAction,
    BuyThirdField,
    EndPlanting,
    Harvest,
    Plant,
    PlantTraded,
)
from bohnen.bohnanza.beans import PAYOUT, Bean, next_step
from bohnen.bohnanza.heuristic.model import value
from bohnen.bohnanza.heuristic.scene import Scene

PLANT_FIRST = 1e-6  # of two moves worth the same, plant rather than harvest

Act = BohnanzaAction
P = TypeVar("P", Plant, PlantTraded)
T = TypeVar("T")


def _after_harvest(scene: Scene, field: int) -> tuple[list[int], list[int], int]:
    beans, counts = scene.beans[:], scene.counts[:]
    pay = PAYOUT[beans[field]][counts[field]]
    beans[field], counts[field] = -1, 0
    return beans, counts, pay


def _harvest_worth(scene: Scene, field: int, cards: tuple[int, ...],
                   hand: tuple[int, ...]) -> float:
    beans, counts, pay = _after_harvest(scene, field)
    return pay + value(scene.out, beans, counts, cards, hand) - PLANT_FIRST


def _plant_worth(scene: Scene, bean: int, field: int, cards: tuple[int, ...],
                 hand: tuple[int, ...]) -> float:
    beans, counts = scene.beans[:], scene.counts[:]
    beans[field] = bean
    counts[field] += 1
    return value(scene.out, beans, counts, cards, hand)


def is_full_grown(scene: Scene, field: int) -> bool:
    """A field that no bean can make pay more."""
    count = scene.counts[field]
    return count > 0 and next_step(scene.beans[field], count) is None


def own_fields(scene: Scene, plants: list[P], bean: int) -> list[P]:
    """Of the plantings of ``bean``, those into its own field if it has one (with two
    fields of a bean allowed, a second one only splits the beans to come)."""
    own = [a for a in plants if scene.counts[a.field] and scene.beans[a.field] == bean]
    return own or plants


def _best(scored: list[tuple[float, T]]) -> T:
    return max(scored, key=lambda item: item[0])[1]


def phase1(scene: Scene, actions: list[Act]) -> Act | None:
    """Plant the front card where it is worth most; harvest only when it must go somewhere;
    plant the second card only when it grows a field or has a field ready for it."""
    plants = [a for a in actions if type(a) is Plant]
    harvests = [a for a in actions if type(a) is Harvest]
    end = next((a for a in actions if type(a) is EndPlanting), None)
    buy = next((a for a in actions if type(a) is BuyThirdField), None)
    if end is not None:
        if plants and plants_second(scene):
            return _choose_plant(scene, plants, scene.hand[0], scene.hand[1:])
        return end
    if buy is not None and wants_third_field(scene, scene.hand[:1]):
        return buy
    bean, rest = scene.hand[0], scene.hand[1:]
    plants = own_fields(scene, plants, bean)
    scored: list[tuple[float, Act]] = [(_plant_worth(scene, bean, a.field, (), rest), a)
                                       for a in plants]
    for a in harvests:
        if not plants or is_full_grown(scene, a.field):
            scored.append((_harvest_worth(scene, a.field, (bean,), rest), a))
    return _best(scored) if scored else None


def _choose_plant(scene: Scene, plants: list[Plant], bean: int,
                  rest: tuple[int, ...]) -> Plant:
    plants = own_fields(scene, plants, bean)
    return _best([(_plant_worth(scene, bean, a.field, (), rest), a) for a in plants])


def plants_second(scene: Scene) -> bool:
    """The second card goes in if it grows a field, or if it takes an empty field while
    another stays empty or more of its bean follow in the hand."""
    bean = scene.hand[0]
    if any(c and b == bean for b, c in zip(scene.beans, scene.counts, strict=True)):
        return True
    empty = scene.counts.count(0)
    if empty == 0:
        return False
    return empty >= 2 or bean in scene.hand[1:3]


def phase3(scene: Scene, actions: list[Act]) -> Act | None:
    """Plant the traded cards in the order that wastes least."""
    plants = [a for a in actions if type(a) is PlantTraded]
    harvests = [a for a in actions if type(a) is Harvest]
    buy = next((a for a in actions if type(a) is BuyThirdField), None)
    cards = scene.trade
    if not plants and buy is not None and wants_third_field(scene, cards):
        return buy
    scored: list[tuple[float, Act]] = []
    plants = [a for b in set(cards)
              for a in own_fields(scene, [p for p in plants if p.bean == b], b)]
    for a in plants:
        rest = list(cards)
        rest.remove(a.bean)
        scored.append((_plant_worth(scene, a.bean, a.field, tuple(rest), scene.hand), a))
    for h in harvests:
        if not plants or is_full_grown(scene, h.field):
            scored.append((_harvest_worth(scene, h.field, cards, scene.hand), h))
    return _best(scored) if scored else None


def wants_third_field(scene: Scene, cards: tuple[Bean, ...]) -> bool:
    """Buy the third field while enough of the game is left for it to pay back, or when
    it saves a harvest that would cost about as much as the field."""
    if len(scene.counts) != 2 or scene.talers < scene.field_cost:
        return False
    left = scene.turns_left
    if left >= scene.tuning.field_turns:
        return True
    if left < 1:
        return False
    now = scene.value(cards)
    beans, counts = [*scene.beans, -1], [*scene.counts, 0]
    later = value(scene.out, beans, counts, cards, scene.hand)
    return later - now >= scene.field_cost - left / 2


def least_harm(scene: Scene, actions: list[Act]) -> Act | None:
    """Made to move with nothing to gain (open trading): the harvest that loses least,
    or the third field if it is worth buying now."""
    buy = next((a for a in actions if type(a) is BuyThirdField), None)
    if buy is not None and wants_third_field(scene, scene.to_plant):
        return buy
    harvests = [a for a in actions if type(a) is Harvest]
    if not harvests:
        return buy
    cards, hand = scene.to_plant, scene.hand
    return _best([(_harvest_worth(scene, a.field, cards, hand), a) for a in harvests])
