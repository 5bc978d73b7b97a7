"""What every game's options share: checked whole numbers and loading from JSON."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

from bohnen.core.files import capped, excerpt

T = TypeVar("T")


def check_int(name: str, value: Any, low: int, high: int) -> None:
    """``ValueError`` naming option ``name`` unless ``value`` is a whole number in range."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"option {name} must be a whole number, not {excerpt(value)}")
    if not low <= value <= high:
        raise ValueError(f"option {name} must be from {low} to {high}, not {excerpt(value)}")


def options_from_json(cls: type[T], data: Any) -> T:
    """Options of dataclass ``cls`` from a JSON object; unknown keys are named."""
    if not isinstance(data, dict):
        raise ValueError(f"options must be an object, not {excerpt(data)}")
    known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - known)
    if unknown:
        named = capped((_name(key) for key in unknown), separator=", ")
        raise ValueError(f"unknown option(s) {named}; options are {', '.join(sorted(known))}")
    return cls(**data)


def _name(key: str) -> str:
    """An option's name as given, or a short excerpt of a long or odd one."""
    return key if len(key) <= 40 and key.isprintable() else excerpt(key)
