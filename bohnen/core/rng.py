"""Seeded randomness carried in a state as a single integer.

A state never reads the global ``random`` module. It carries a 64-bit integer; every
chance event derives a fresh ``random.Random`` from it and then advances it, so a
state is cloned by copying one int and the same seed always gives the same game.

A seed is a whole number from 0 to ``MAX_SEED`` (2**64 - 1): the state's integer has 64
bits, so a seed outside that range would give the game of another seed. Such a seed
is refused (:func:`check_seed`), never folded into range. :func:`shuffle` shuffles as
``random.Random.shuffle`` does, draw for draw, at a fraction of its cost.
"""

from __future__ import annotations

import random
from typing import TypeVar

from bohnen.core.files import excerpt

T = TypeVar("T")

MASK64 = (1 << 64) - 1
MAX_SEED = MASK64


def mix(value: int) -> int:
    """SplitMix64 finaliser: a well-spread 64-bit integer from any integer."""
    z = (value + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def check_seed(seed: object, what: str = "seed") -> int:
    """``seed`` if it is a whole number from 0 to ``MAX_SEED``; ``ValueError`` naming
    ``what`` otherwise."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"{what} must be a whole number from 0 to 2**64 - 1 "
                         f"({MAX_SEED:,}), not {excerpt(seed)}")
    return seed


def seed_state(seed: int) -> int:
    """The carried RNG integer for a game seed (``ValueError`` for a seed out of range)."""
    return mix(check_seed(seed))


def step(rng: int) -> tuple[random.Random, int]:
    """A generator for one chance event and the advanced carried integer."""
    return random.Random(rng), mix(rng)


def derive(seed: int, *parts: int) -> int:
    """A seed derived from another, e.g. per game of a series: derive(seed, index).

    The seed and each part are whole numbers from 0 to ``MAX_SEED`` (``ValueError``
    otherwise); the result is one too, a seed like any other."""
    value = seed_state(seed)
    for part in parts:
        value = mix(value ^ check_seed(part, "a part of a derived seed"))
    return value


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does (the same draws
    of ``rng``, the same order), without a Python-level call per card (``random.shuffle`` calls
    ``_randbelow`` for each): the deals of the engines and the samplers of search bots,
    which shuffle the unseen cards at every iteration. A subclass of ``random.Random``
    (which may draw otherwise) is left to its own ``shuffle``."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1  # Random._randbelow_with_getrandbits(n), inlined
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
