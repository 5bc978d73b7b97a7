"""The outcome of a finished game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bohnen.core.files import excerpt


@dataclass(frozen=True, slots=True)
class Result:
    """Scores per seat, the winning seats (several on a shared win) and why it ended."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), "reason": self.reason}

    @classmethod
    def from_json(cls, data: Any) -> Result:
        try:
            return cls(
                scores=tuple(int(x) for x in data["scores"]),
                winners=tuple(int(x) for x in data["winners"]),
                reason=str(data["reason"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"bad result {excerpt(data)}: {excerpt(str(exc))}") from exc
