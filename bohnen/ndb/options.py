"""Options of Nicht die Bohne!: the player count (3 to 6) and the number of rounds."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from bohnen.core.options import check_int, options_from_json
from bohnen.core.protocol import JSONObject


@dataclass(frozen=True, slots=True)
class NdbOptions:
    """- ``players``: 3 to 6; the whole deck is dealt (20 / 15 / 12 / 10 cards each).
    - ``rounds``: rounds ("manches") in a game; the text plays three.
    """

    players: int = 4
    rounds: int = 3

    def __post_init__(self) -> None:
        check_int("players", self.players, 3, 6)
        check_int("rounds", self.rounds, 1, 12)

    def to_json(self) -> JSONObject:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> NdbOptions:
        return options_from_json(cls, data)
