"""N games in one process, stepped together: a Gymnasium ``VectorEnv`` of the
single-agent environment (:mod:`bohnen.rl.gym`), with masks.

Each slot is a :class:`~bohnen.rl.gym.BohnenGym`: the learner at ``seat``, bots at the
other seats, every keyword the same as the single-agent env's. ``step(actions)`` takes
one id per slot (shape ``(num_envs,)``) and returns the slots' observations batched
(``{"observation": (N, size) float32, "action_mask": (N, ids) int8}``), rewards,
terminations and truncations as arrays of N, and the infos as Gymnasium batches them
(a key per info key, with its ``_key`` mask of the slots that have it; each value kept
whole in an object array: the legal actions, the proposal terms, or None).
``action_masks()`` is the masks of the last observations as booleans, ``(N, ids)``.

**Autoreset**: next step (``metadata["autoreset_mode"]`` is
``AutoresetMode.NEXT_STEP``, Gymnasium's default): the step after a slot's episode ends
resets that slot, ignores its action and returns the new game's first observation with
reward 0. While a slot's game is over every id is allowed in its mask, as in the
single-agent env, so that a masked sampler has something to draw.

**Seeding**: ``reset(seed=s)`` plays the game of seed ``s + i`` in slot ``i`` (a list
gives each slot's seed), as Gymnasium's ``SyncVectorEnv`` seeds its copies; a slot's
later games follow its own series, so that the slots play exactly what N single-agent
envs reset with the same seeds and given the same ids play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymnasiumVectorEnv
from gymnasium.vector.utils import batch_space

from bohnen.rl.aec import ObsDict
from bohnen.rl.encodings import make_encoding
from bohnen.rl.gym import BohnenGym
from bohnen.rl.rewards import Potential

BatchObs = dict[str, npt.NDArray[Any]]  # "observation": (N, size), "action_mask": (N, ids)
Actions = npt.NDArray[np.int64]


class VectorEnv(GymnasiumVectorEnv[BatchObs, Actions, npt.NDArray[Any]]):
    """``num_envs`` games of ``game`` (see the module); the other keywords are
    :class:`~bohnen.rl.gym.BohnenGym`'s."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (VectorEnv's own)
        "autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, game: str, num_envs: int, players: int | None = None, seat: int = 0,
                 bots: str | Sequence[str] = "heuristic",
                 options: Mapping[str, object] | None = None, reward: str = "win",
                 potential: Potential | None = None, shaping: float = 1.0,
                 illegal: str = "end", illegal_reward: float = -1.0) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs is a whole number from 1, not {num_envs!r}")
        encoding = make_encoding(game, players)
        self.envs = [BohnenGym(encoding, seat, bots, options, reward, potential, shaping,
                               illegal, illegal_reward) for _ in range(num_envs)]
        self.encoding = encoding
        self.num_envs = num_envs
        self.single_observation_space = self.envs[0].observation_space
        self.single_action_space = self.envs[0].action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._vectors = np.zeros((num_envs, encoding.observation_size), np.float32)
        self._masks = np.zeros((num_envs, encoding.action_count), np.int8)
        self._autoreset = np.zeros(num_envs, np.bool_)
        self._started = False

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[BatchObs, dict[str, Any]]:
        """Every slot's new game (see the module for the seeds); ``options`` are passed
        to each slot's reset."""
        seeds = self._seeds(seed)
        super().reset(seed=seed if isinstance(seed, int) else None)
        infos: dict[str, Any] = {}
        for i, (env, slot_seed) in enumerate(zip(self.envs, seeds, strict=True)):
            obs, info = env.reset(seed=slot_seed, options=options)
            self._write(i, obs)
            self._info(infos, info, i)
        self._autoreset[:] = False
        self._started = True
        return self._batch(), infos

    def _seeds(self, seed: int | Sequence[int | None] | None) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, int):
            return [seed + i for i in range(self.num_envs)]
        if len(seed) != self.num_envs:
            raise ValueError(f"{self.num_envs} seeds are needed (one per slot), "
                             f"not {len(seed)}")
        return list(seed)

    def step(self, actions: Actions | Sequence[int]) -> tuple[
            BatchObs, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_],
            dict[str, Any]]:
        """One id per slot (ignored in a slot being reset: see the module)."""
        if not self._started:
            raise RuntimeError("reset the environment before stepping it")
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {ids.shape}")
        rewards = np.zeros(self.num_envs, np.float64)
        terminations = np.zeros(self.num_envs, np.bool_)
        truncations = np.zeros(self.num_envs, np.bool_)
        infos: dict[str, Any] = {}
        for i, env in enumerate(self.envs):
            if self._autoreset[i]:
                obs, info = env.reset()
            else:
                obs, rewards[i], terminations[i], truncations[i], info = env.step(ids[i])
            self._write(i, obs)
            if info:
                self._info(infos, info, i)
        np.logical_or(terminations, truncations, out=self._autoreset)
        return self._batch(), rewards, terminations, truncations, infos

    def _info(self, infos: dict[str, Any], info: Mapping[str, object], slot: int) -> None:
        """Add a slot's info to the batch: each key's values in an object array (the
        slots' infos need not share their nesting: terms are None or an object) beside
        its ``_key`` mask."""
        for key, value in info.items():
            if key not in infos:
                infos[key] = np.full(self.num_envs, None, object)
                infos[f"_{key}"] = np.zeros(self.num_envs, np.bool_)
            infos[key][slot] = value
            infos[f"_{key}"][slot] = True

    def _write(self, slot: int, obs: ObsDict) -> None:
        self._vectors[slot] = obs["observation"]
        self._masks[slot] = obs["action_mask"]

    def _batch(self) -> BatchObs:
        return {"observation": self._vectors.copy(), "action_mask": self._masks.copy()}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The masks of the last observations as booleans, ``(num_envs, ids)``."""
        return self._masks.astype(bool)
