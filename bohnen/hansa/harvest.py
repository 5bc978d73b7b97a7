"""Placing a Neue-Ernte card: each of its piles on the lowest free slot of its city.

« les haricots ... sont placés les uns au-dessus des autres en une petite pile sur la
case libre la plus basse du haricomètre correspondant. » A city whose ladder is full
gets nothing (the circles at the top are never covered). When the supply holds fewer
beans of a kind than the card asks for, « on répartit les haricots restants le mieux
possible »: option ``short_harvest`` — ``even`` deals them one at a time to the piles
of that kind in the card's order, ``card_order`` fills the piles in the card's order.
"""

from __future__ import annotations

from bohnen.hansa.board import Bean
from bohnen.hansa.data import HansaData

Placed = tuple[int, Bean, int, int]  # city, bean, count, slot (-1: no room)


def _shares(wanted: list[int], supply: int, even: bool) -> list[int]:
    """How many of ``supply`` beans each pile gets, piles wanting ``wanted``."""
    if sum(wanted) <= supply:
        return wanted[:]
    got = [0] * len(wanted)
    if not even:
        for i, want in enumerate(wanted):
            got[i] = min(want, supply)
            supply -= got[i]
        return got
    while supply > 0:
        for i, want in enumerate(wanted):
            if supply and got[i] < want:
                got[i] += 1
                supply -= 1
    return got


def place(state: HansaData, card: int) -> list[Placed]:
    """Put the card's beans on the ladders; what went where."""
    entries = state.board.harvests[card]
    free: dict[int, int] = {}
    room: list[bool] = []
    for city, _, _ in entries:
        if city not in free:
            free[city] = state.board.slots(city) - state.free_slot(city)
        room.append(free[city] > 0)
        free[city] -= 1
    counts = [count if ok else 0 for (_, _, count), ok in zip(entries, room, strict=True)]
    even = state.options.short_harvest == "even"
    for bean in {b for _, b, _ in entries}:
        idx = [i for i, (_, b, _) in enumerate(entries) if b == bean]
        shares = _shares([counts[i] for i in idx], state.supply[bean], even)
        for i, share in zip(idx, shares, strict=True):
            counts[i] = share
    placed: list[Placed] = []
    for (city, bean, _), count, ok in zip(entries, counts, room, strict=True):
        if not ok or not count:
            placed.append((city, bean, count, -1) if not ok else (city, bean, 0, -1))
            continue
        slot = state.free_slot(city)
        ladder = list(state.ladders[city])
        ladder[slot] = (bean, count)
        state.ladders[city] = tuple(ladder)
        state.supply[bean] -= count
        placed.append((city, bean, count, slot))
    return placed
