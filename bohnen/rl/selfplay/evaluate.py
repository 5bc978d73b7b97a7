"""The win share of a policy against heuristic bots on fixed seeds: the points of the
self-play curve.

Game ``g`` of an evaluation is the engine's game of seed ``seed + g`` with the policy at
seat ``g % players`` (the seats rotated, as ``bohnen tournament`` does) and the
heuristic at every other seat; the policy plays its most likely legal id, as the
``policy:`` bot does. The same seeds at every point, so that the points differ by the
policy alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from bohnen.rl.encoding import Encoding, Observation
from bohnen.rl.gym import BohnenGym
from bohnen.rl.rewards import final_rewards
from bohnen.sim.ratings import wilson_interval

EVALUATION_SEED = 1_000_000  # far from the training games' seeds


class Predictor(Protocol):
    """What an evaluation asks of a model: MaskablePPO's ``predict``, asked by keyword,
    the mask as booleans; it answers the id (an array of one) and a recurrent state."""

    def predict(self, observation: Observation, *, deterministic: bool,
                action_masks: npt.NDArray[np.bool_]) -> tuple[npt.ArrayLike, object]: ...


@dataclass(frozen=True)
class Evaluation:
    """The policy's win share over ``games`` games (a tie shared) and its 95 % Wilson
    interval."""

    games: int
    win_share: float
    low: float
    high: float


def evaluate(model: Predictor, encoding: Encoding, games: int, opponent: str = "heuristic",
             seed: int = EVALUATION_SEED) -> Evaluation:
    """``model`` (anything with MaskablePPO's ``predict``) at one seat, ``opponent`` at the
    others, ``games`` games (see the module)."""
    envs = [BohnenGym(encoding, seat=seat, bots=opponent, illegal="raise")
            for seat in range(encoding.players)]
    wins = 0.0
    for game in range(games):
        env = envs[game % encoding.players]
        obs, _ = env.reset(seed=seed + game)
        done = False
        while not done:
            action, _ = model.predict(obs["observation"], deterministic=True,
                                      action_masks=obs["action_mask"].astype(bool))
            obs, _, done, _, _ = env.step(int(np.asarray(action)))
        wins += final_rewards(env.table.result(), encoding.players, "win")[env.seat]
    low, high = wilson_interval(wins, games)
    return Evaluation(games, wins / games, low, high)
