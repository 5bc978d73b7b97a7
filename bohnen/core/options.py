"""What every game's options share: checked whole numbers and loading from JSON."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


def check_int(name: str, value: Any, low: int, high: int) -> None:
    """``ValueError`` naming option ``name`` unless ``value`` is a whole number in range."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"option {name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"option {name} must be from {low} to {high}, not {value}")


def options_from_json(cls: type[T], data: Any) -> T:
    """Options of dataclass ``cls`` from a JSON object; unknown keys are named."""
    if not isinstance(data, dict):
        raise ValueError(f"options must be an object, not {data!r}")
    known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(unknown)}; "
                         f"options are {', '.join(sorted(known))}")
    return cls(**data)
