"""The seating of a tournament: seat-rotated games, every bot in every seat equally often.

The games come in blocks of ``n`` (the number of bots, which is also the number of
seats). A block takes an order of the bots round the table, shuffled from the
tournament seed so that neighbours change between blocks, and plays its ``n``
rotations: in each block every bot sits once in every seat. Game ``i`` is played
with the seed ``derive(seed, i)``; in a tournament of paired deals (``paired``) every
game of block ``b`` is played with the seed ``derive(seed, b)``, so that block is one
deal played with the seats rotated: every bot gets every seat's cards. The schedule
depends on the seed alone, never on how or where the games are played, and a longer
tournament begins with the games of a shorter one of the same seed (``--extend``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from bohnen.core.rng import derive

SCHEDULE_SALT = 0x5EA7_0000_0000  # keeps the seating draws apart from the game seeds


@dataclass(frozen=True, slots=True)
class Pairing:
    """Game ``index`` of a tournament: its seed and the bot (by number) in each seat."""

    index: int
    seed: int
    seats: tuple[int, ...]


def rounded_games(requested: int, bots: int) -> int:
    """``requested`` rounded up to a whole number of blocks of ``bots`` rotations."""
    if bots < 1:
        raise ValueError("a tournament needs at least one bot")
    if requested < 0:
        raise ValueError(f"--games must be 0 or more, not {requested}")
    return -(-requested // bots) * bots


def block_order(seed: int, block: int, bots: int) -> list[int]:
    """The order of the bots round the table in ``block``, drawn from ``seed``."""
    order = list(range(bots))
    random.Random(derive(seed, SCHEDULE_SALT, block)).shuffle(order)
    return order


def rotation(order: list[int], shift: int) -> tuple[int, ...]:
    """The bot in each seat when ``order`` is turned by ``shift`` seats."""
    size = len(order)
    return tuple(order[(seat + shift) % size] for seat in range(size))


def schedule(seed: int, bots: int, games: int, paired: bool = False) -> list[Pairing]:
    """The pairings of ``games`` games (rounded up to whole blocks) between ``bots`` bots;
    ``paired``: the games of a block share their deal (seed)."""
    total = rounded_games(games, bots)
    pairings: list[Pairing] = []
    for block in range(total // bots):
        order = block_order(seed, block, bots)
        for shift in range(bots):
            index = block * bots + shift
            deal = derive(seed, block if paired else index)
            pairings.append(Pairing(index, deal, rotation(order, shift)))
    return pairings


def incomplete_blocks(indices: Iterable[int], bots: int) -> int:
    """How many blocks have some of their games played but not all: in such a block
    the bots did not sit equally often in every seat."""
    counts = Counter(index // bots for index in indices)
    return sum(1 for count in counts.values() if count < bots)


def chunks(pairings: list[Pairing], size: int) -> list[list[Pairing]]:
    """``pairings`` cut into consecutive pieces of at most ``size``."""
    if size < 1:
        raise ValueError(f"chunk size must be 1 or more, not {size}")
    return [pairings[start:start + size] for start in range(0, len(pairings), size)]
