"""The text environment (:mod:`bohnen.rl.text`) in the shape of TextArena's (0.7.4):
``reset(num_players, seed)``, ``get_observation() -> (player_id, observation)``,
``step(action) -> (done, step_info)``, ``close() -> (rewards, game_info)``, so that a
harness written for TextArena can drive bohnen's games. It has TextArena's shape only:
TextArena itself is not needed.

Where it differs from TextArena's raw environments, on purpose:

* ``get_observation`` does not drain: it returns the same text until the seat answers,
  and that text is built only from the seat's view (nothing broadcast to everyone);
* ``reset`` takes the seed of the game (``None``: seed 0), never the global random;
* a refused answer is retried, up to ``max_tries`` for one decision, then the
  environment plays the decision's default (no seat is eliminated);
* the rewards of ``close`` are 1 for each winner and -1 for the others (0 for every
  seat if the game was closed before its end); ``game_info`` gives each seat its
  score, whether it won, its refused answers and the game's reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bohnen.rl.text import MAX_TRIES, TextEnv


class TextArenaEnv:
    """A game of ``game`` for text agents, in TextArena's shape."""

    def __init__(self, game: str, *, options: Mapping[str, object] | None = None,
                 names: Sequence[str] | None = None, max_tries: int = MAX_TRIES) -> None:
        self.game = game
        self.options = dict(options or {})
        self.names = names
        self.max_tries = max_tries
        self._env: TextEnv | None = None

    @property
    def env(self) -> TextEnv:
        """The text environment of the game under way."""
        if self._env is None:
            raise ValueError("no game: call reset(num_players, seed) first")
        return self._env

    def reset(self, num_players: int, seed: int | None = None) -> None:
        """A new game of ``num_players`` dealt from ``seed``."""
        self._env = TextEnv(self.game, num_players, 0 if seed is None else seed,
                            options=self.options, names=self.names, max_tries=self.max_tries)

    def get_observation(self) -> tuple[int, str]:
        """The seat to answer and its observation."""
        seat = self.env.seat
        if seat is None:
            raise ValueError("the game is over: call close()")
        return seat, self.env.observation()

    def step(self, action: str) -> tuple[bool, dict[str, Any]]:
        """The seat to answer answers ``action``; whether the game is over, and what
        became of the answer."""
        answered = self.env.step(action)
        info = {"player_id": answered.seat, "accepted": answered.accepted,
                "played": answered.played, "feedback": answered.feedback,
                "defaulted": answered.defaulted,
                "invalid_moves": self.env.invalid[answered.seat]}
        return answered.done, info

    def close(self) -> tuple[dict[int, float], dict[int, dict[str, Any]]]:
        """Each seat's reward and what it did."""
        env = self.env
        seats = range(len(env.invalid))
        if not env.done:
            rewards = dict.fromkeys(seats, 0.0)
            scores: Sequence[int | None] = [None] * len(env.invalid)
            winners: tuple[int, ...] = ()
            reason = "closed before the end of the game"
        else:
            result = env.result()
            winners, scores, reason = result.winners, result.scores, result.reason
            rewards = {s: 1.0 if s in winners else -1.0 for s in seats}
        info = {s: {"score": scores[s], "winner": s in winners, "reason": reason,
                    "invalid_move": env.invalid[s] > 0, "invalid_moves": env.invalid[s],
                    "turn_count": env.answers[s]} for s in seats}
        return rewards, info
