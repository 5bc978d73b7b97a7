"""The outcome of a finished game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from bohnen.core.files import excerpt


class ResultJSON(TypedDict):
    """A result as JSON: each seat's score, the winning seats, why the game ended."""

    scores: list[int]
    winners: list[int]
    reason: str


@dataclass(frozen=True, slots=True)
class Result:
    """Scores per seat, the winning seats (several on a shared win) and why it ended.

    Two results are equal when their scores and winners are: the reason is words, which
    a later version may put better ("1 round played" for "1 rounds played"), so a record
    replays to its stored result whatever its reason's wording."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str = field(compare=False)

    def to_json(self) -> ResultJSON:
        return {"scores": list(self.scores), "winners": list(self.winners), "reason": self.reason}

    @classmethod
    def from_json(cls, data: object) -> Result:
        """The result of :meth:`to_json`; ``ValueError`` naming a missing or mistyped field."""
        if not isinstance(data, dict):
            raise ValueError(f"bad result {excerpt(data)}: not an object")
        for key in ("scores", "winners"):
            value = data.get(key)
            if not isinstance(value, list) or not all(_whole(x) for x in value):
                raise ValueError(f"bad result: {key} must be a list of whole numbers, "
                                 f"not {excerpt(value)}")
        if not isinstance(data.get("reason"), str):
            raise ValueError(f"bad result: reason must be a text, not "
                             f"{excerpt(data.get('reason'))}")
        return cls(tuple(data["scores"]), tuple(data["winners"]), data["reason"])


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
