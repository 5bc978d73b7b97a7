"""What every game's options share: checked whole numbers and loading from JSON."""

from __future__ import annotations

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
    known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(_name(key) for key in data if key not in known)
    if unknown:
        raise ValueError(f"unknown option(s) {capped(unknown, separator=', ')}; "
                         f"options are {', '.join(sorted(known))}")
    return cls(**data)


def _name(key: object) -> str:
    """An option's name as given, for a message (an odd or long one quoted short)."""
    if isinstance(key, str) and key.isprintable() and len(key) <= 40:
        return key
    return excerpt(key)
