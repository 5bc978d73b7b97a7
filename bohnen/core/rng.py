"""Seeded randomness carried in a state as a single integer.

A state never reads the global ``random`` module. It carries a 64-bit integer; every
chance event derives a fresh ``random.Random`` from it and then advances it, so a
state is cloned by copying one int and the same seed always gives the same game.
"""

from __future__ import annotations

import random

MASK64 = (1 << 64) - 1


def mix(value: int) -> int:
    """SplitMix64 finaliser: a well-spread 64-bit integer from any integer."""
    z = (value + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """The carried RNG integer for a game seed."""
    return mix(seed & MASK64)


def step(rng: int) -> tuple[random.Random, int]:
    """A generator for one chance event and the advanced carried integer."""
    return random.Random(rng), mix(rng)


def derive(seed: int, *parts: int) -> int:
    """A seed derived from another, e.g. per game of a series: derive(seed, index)."""
    value = seed_state(seed)
    for part in parts:
        value = mix(value ^ (part & MASK64))
    return value
