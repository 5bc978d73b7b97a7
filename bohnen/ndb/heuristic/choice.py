"""Choosing among actions by a score."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

A = TypeVar("A")


def best(actions: list[A], score: Callable[[A], float]) -> A:
    """The first action of the highest score."""
    chosen = actions[0]
    best_score = float("-inf")
    for action in actions:
        value = score(action)
        if value > best_score:
            chosen, best_score = action, value
    return chosen
