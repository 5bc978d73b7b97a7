"""Options of Nicht die Bohne!: the player count (3 to 6) and the number of rounds."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class NdbOptions:
    """- ``players``: 3 to 6; the whole deck is dealt (20 / 15 / 12 / 10 cards each).
    - ``rounds``: rounds ("manches") in a game; the text plays three.
    """

    players: int = 4
    rounds: int = 3

    def __post_init__(self) -> None:
        for name, low, high in (("players", 3, 6), ("rounds", 1, 12)):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"option {name} must be a whole number, not {value!r}")
            if not low <= value <= high:
                raise ValueError(f"option {name} must be from {low} to {high}, not {value}")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> NdbOptions:
        if not isinstance(data, dict):
            raise ValueError(f"options must be an object, not {data!r}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(unknown)}; "
                             f"options are {', '.join(sorted(known))}")
        return cls(**data)
