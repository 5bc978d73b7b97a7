"""What every game's options share: checked whole numbers, and options made from JSON or
from keywords, where an unknown option is named with the known ones (never as an
argument of an internal class)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from dataclasses import fields
from typing import TypeVar

from bohnen.core.files import capped, excerpt

T = TypeVar("T")


def check_int(name: str, value: object, low: int, high: int) -> None:
    """``ValueError`` naming option ``name`` unless ``value`` is a whole number in range."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"option {name} must be a whole number, not {excerpt(value)}")
    if not low <= value <= high:
        raise ValueError(f"option {name} must be from {low} to {high}, not {excerpt(value)}")


def check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    """``ValueError`` naming option ``name`` unless ``value`` is one of ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"option {name} must be one of {', '.join(choices)}, "
                         f"not {excerpt(value)}")


def options_from_json(cls: type[T], data: object) -> T:
    """Options of dataclass ``cls`` from a JSON object; unknown keys are named."""
    if not isinstance(data, dict):
        raise ValueError(f"options must be an object, not {excerpt(data)}")
    check_known(cls, data)
    return cls(**data)


def options_with(cls: type[T], players: int, overrides: Mapping[str, object]) -> T:
    """Options of dataclass ``cls`` for ``players`` with ``overrides`` (a game's
    ``options(players, **overrides)``); an unknown one is named with the known ones."""
    check_known(cls, overrides, {"players"})
    return cls(**{"players": players, **overrides})


def check_known(cls: type, keys: Iterable[object], fixed: Set[str] = frozenset()) -> None:
    """``ValueError`` naming every key that is not an option of dataclass ``cls`` (or is
    one of ``fixed``, given otherwise), with the options there are."""
    known = {f.name for f in fields(cls)} - fixed
    unknown = sorted(_name(key) for key in keys if key not in known)
    if unknown:
        raise ValueError(f"unknown option(s) {capped(unknown, separator=', ')}; "
                         f"options are {', '.join(sorted(known))}")


def _name(key: object) -> str:
    """An option's name as given, for a message (an odd or long one quoted short)."""
    if isinstance(key, str) and key.isprintable() and len(key) <= 40:
        return key
    return excerpt(key)
