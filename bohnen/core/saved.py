"""Reading a saved state's JSON: the checks every game's ``state_from_json`` shares.

A saved state is untrusted input (a file, a record, a tool). Each field is read by
its type, strictly: a number is a JSON integer (not a bool, a float or text), a flag
is true or false, a list is a list of the length the game needs. Each helper raises
``ValueError`` naming the field and quoting a short excerpt of what was there; the
game's loader turns it into a ``RecordError``.
"""

from __future__ import annotations

from bohnen.core.files import excerpt
from bohnen.core.rng import MAX_SEED


def whole(value: object, what: str, low: int = 0, high: int | None = None) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (no bound: None)."""
    if type(value) is not int or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"≥ {low}"
        raise ValueError(f"{what} must be a whole number {span}, not {excerpt(value)}")
    return value


def seat(value: object, players: int, what: str) -> int:
    """``value`` if it is a seat of a game of ``players``."""
    if type(value) is not int or not 0 <= value < players:
        raise ValueError(f"{what} must be a seat from 0 to {players - 1}, not {excerpt(value)}")
    return value


def flag(value: object, what: str) -> bool:
    """``value`` if it is true or false."""
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {excerpt(value)}")
    return value


def text(value: object, what: str) -> str:
    """``value`` if it is a string."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, not {excerpt(value)}")
    return value


def items(value: object, what: str, count: int | None = None) -> list[object]:
    """``value`` if it is a list (of ``count`` items, if given)."""
    if not isinstance(value, list) or (count is not None and len(value) != count):
        size = f" of {count} items" if count is not None else ""
        raise ValueError(f"{what} must be a list{size}, not {excerpt(value)}")
    return value


def rng(value: object) -> int:
    """The carried random-number integer: a whole number from 0 to 2**64 - 1."""
    return whole(value, "rng", 0, MAX_SEED)


def choice(value: object, names: tuple[str, ...], what: str) -> int:
    """The index of ``value`` among ``names``."""
    if not isinstance(value, str) or value not in names:
        raise ValueError(f"{what} must be one of {', '.join(names)}, not {excerpt(value)}")
    return names.index(value)
