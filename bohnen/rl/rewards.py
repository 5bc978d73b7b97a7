"""Rewards of the environments.

**At the end of the game** each seat gets, from ``state.result()``:

- ``"win"`` (the default): ``1 / k`` to each of the ``k`` winners (ties share the win),
  0 to the others; the rewards of a game add up to 1;
- ``"score"``: the seat's score (``result.scores``: the game's points or talers).

No reward is given before the end, unless a *shaped* reward is asked for (off by
default): a ``potential(view, seat)`` read from the spectator's view (public only),
times ``weight``. After each move of the game every seat gets the change of its
potential; at the end the potential counts as 0, so the shaped rewards of a game add
up to 0 and the return is the end reward exactly (potential-based shaping, which keeps
the best policies the same: Ng, Harada and Russell, 1999). For ndb,
``bohnen.rl.ndb.running_score`` (the seat's score if the round ended now) is one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from bohnen.core.protocol import AnyState, JSONObject
from bohnen.core.result import Result

REWARDS = ("win", "score")
Potential = Callable[[JSONObject, int], float]


def check_reward(mode: str) -> str:
    if mode not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {mode!r}")
    return mode


def final_rewards(result: Result, players: int, mode: str) -> list[float]:
    """Each seat's reward at the end of the game (see the module)."""
    if mode == "score":
        return [float(score) for score in result.scores]
    share = 1.0 / len(result.winners) if result.winners else 0.0
    return [share if seat in result.winners else 0.0 for seat in range(players)]


class Shaping:
    """The shaped reward: changes of ``weight * potential`` (see the module)."""

    def __init__(self, potential: Potential, weight: float = 1.0) -> None:
        self.potential = potential
        self.weight = weight
        self._last: list[float] = []

    def _values(self, state: AnyState, players: int) -> list[float]:
        if state.is_over:
            return [0.0] * players
        view = cast(JSONObject, state.view(None))
        return [self.weight * self.potential(view, seat) for seat in range(players)]

    def reset(self, state: AnyState, players: int) -> None:
        self._last = self._values(state, players)

    def step(self, state: AnyState, players: int) -> list[float]:
        """Each seat's shaped reward for the move just made."""
        now = self._values(state, players)
        deltas = [b - a for a, b in zip(self._last, now, strict=True)]
        self._last = now
        return deltas
