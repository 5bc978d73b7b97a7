"""The reward of the environments at the end of a game: each seat's share of the win
(1/k for each of k winners, 0 for the others), from the game's result."""

from __future__ import annotations

from bohnen.core.result import Result


def win_shares(result: Result) -> list[float]:
    """Each seat's share of the win."""
    share = 1.0 / len(result.winners) if result.winners else 0.0
    return [share if seat in result.winners else 0.0 for seat in range(len(result.scores))]
