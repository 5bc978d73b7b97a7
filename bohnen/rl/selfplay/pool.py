"""The opponents of self-play: a pool of the policy's past checkpoints and heuristic
bots, drawn anew for every seat of every training game, and the environment that seats
them around the learner.

A checkpoint plays as the bot ``policy:model=PATH`` (:mod:`bohnen.rl.policy_bot`, its
most likely id), so that the learner meets what it played before, and the heuristic
(``heuristic_share`` of the seats) keeps it from drifting to play that only beats
itself. The learner's seat is drawn anew for every game, as in the training example.
"""

from __future__ import annotations

from collections.abc import Sequence

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from bohnen.bots.registry import make_bot
from bohnen.rl.aec import Info
from bohnen.rl.encoding import Encoding, Observation
from bohnen.rl.gym import BohnenGym
from bohnen.rl.rewards import Potential, final_rewards

HEURISTIC = "heuristic"


class Pool:
    """The bots a training game draws its opponents from: the last ``size`` checkpoints
    (as ``policy:model=PATH`` specs, oldest first) and the heuristic."""

    def __init__(self, size: int, heuristic_share: float,
                 checkpoints: Sequence[str] = ()) -> None:
        if size < 1:
            raise ValueError(f"a pool holds 1 checkpoint or more, not {size}")
        if not 0.0 <= heuristic_share <= 1.0:
            raise ValueError(f"the heuristic's share is 0 to 1, not {heuristic_share}")
        self.size = size
        self.heuristic_share = heuristic_share
        self.checkpoints: list[str] = list(checkpoints)[-size:]

    def add(self, path: str) -> None:
        """A new checkpoint in the pool (the oldest leaves once it holds ``size``)."""
        self.checkpoints = [*self.checkpoints, path][-self.size:]

    def draw(self, rng: np.random.Generator) -> str:
        """One opponent's spec: the heuristic with ``heuristic_share``, else a checkpoint
        drawn evenly (the heuristic where there is none yet)."""
        if not self.checkpoints or rng.random() < self.heuristic_share:
            return HEURISTIC
        return f"policy:model={self.checkpoints[int(rng.integers(len(self.checkpoints)))]}"


class PoolGym(gymnasium.Env[Observation, np.int64]):
    """The learner at a seat drawn for each game, opponents drawn from ``pool`` for each
    game; a Box observation and ``action_masks()`` for MaskablePPO. ``info["win"]`` at
    the end: the learner's win share (1, shared on a tie)."""

    def __init__(self, encoding: Encoding, pool: Pool, potential: Potential | None = None,
                 shaping: float = 0.0) -> None:
        self.encoding = encoding
        self.pool = pool
        self.seats = [BohnenGym(encoding, seat=seat, bots=HEURISTIC, illegal="raise",
                                potential=potential if shaping else None, shaping=shaping)
                      for seat in range(encoding.players)]
        low, high = encoding.bounds()
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(encoding.action_count)
        self._env = self.seats[0]
        self._mask = np.zeros(encoding.action_count, dtype=bool)
        self.opponents: list[str] = []
        self._finished = 0

    def reset(self, *, seed: int | None = None,
              options: dict[str, object] | None = None) -> tuple[Observation, Info]:
        super().reset(seed=seed)
        self._env = self.seats[int(self.np_random.integers(len(self.seats)))]
        game = self._env.table.game
        self.opponents = []
        for seat in self._env.bots:
            spec = self.pool.draw(self.np_random)
            self._env.bots[seat] = make_bot(spec, game)
            self.opponents.append(spec)
        obs, info = self._env.reset(seed=int(self.np_random.integers(2**63)))
        self._mask = obs["action_mask"].astype(bool)
        return obs["observation"], {**info, "seat": self._env.seat}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, Info]:
        obs, reward, terminated, truncated, info = self._env.step(action)
        self._mask = obs["action_mask"].astype(bool)
        if terminated:
            table = self._env.table
            info["win"] = final_rewards(table.result(), table.players, "win")[self._env.seat]
            self._finished += 1
        return obs["observation"], reward, terminated, truncated, info

    def finished_games(self) -> int:
        """The games finished since the last call (the run counts its training games)."""
        count, self._finished = self._finished, 0
        return count

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The ids legal now (MaskablePPO asks before every step)."""
        return self._mask
