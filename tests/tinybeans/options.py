"""The options of Tiny Beans: the player count, the hand size, which card wins."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from bohnen.core.options import check_int, options_from_json


@dataclass(frozen=True, slots=True)
class TinyOptions:
    """- ``players``: 2 to 4.
    - ``hand_size``: 2 or 3 cards dealt to each player.
    - ``lowest_wins``: the lowest card wins a trick instead of the highest.
    """

    players: int = 3
    hand_size: int = 3
    lowest_wins: bool = False

    def __post_init__(self) -> None:
        check_int("players", self.players, 2, 4)
        check_int("hand_size", self.hand_size, 2, 3)
        if not isinstance(self.lowest_wins, bool):
            raise ValueError(f"option lowest_wins must be true or false, not "
                             f"{self.lowest_wins!r}")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> TinyOptions:
        return options_from_json(cls, data)
