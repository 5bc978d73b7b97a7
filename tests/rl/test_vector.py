"""The batched environment (:mod:`bohnen.rl.vector`): Gymnasium's spaces and autoreset
metadata, whole games in every slot, the same play as N single-agent envs given the same
seeds and ids, masks, next-step autoreset, bad input."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from gymnasium.wrappers.vector import RecordEpisodeStatistics

from bohnen.rl.envs import gym_env
from bohnen.rl.vector import VectorEnv

CASES = [("ndb", 4, {}), ("bohnanza", 3, {"trading": "turn_based"}), ("hansa", 3, {})]


def random_ids(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One id per slot, drawn among those its mask allows."""
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks], np.int64)


def test_spaces_and_metadata_are_gymnasiums() -> None:
    env = VectorEnv("ndb", 3, players=4, bots="random")
    single = gym_env("ndb", 4, bots="random")
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert env.single_observation_space == single.observation_space
    assert env.observation_space == batch_space(single.observation_space, 3)
    assert env.action_space == spaces.MultiDiscrete([env.encoding.action_count] * 3)
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert obs["observation"].shape == (3, env.encoding.observation_size)
    assert env.action_masks().shape == (3, env.encoding.action_count)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_same_seeds_play_as_separate_envs_whole_games_and_autoreset(
        game: str, players: int, options: dict[str, object]) -> None:
    n = 3
    env = VectorEnv(game, n, players=players, bots="random", options=options)
    singles = [gym_env(game, players, bots="random", options=options) for _ in range(n)]
    obs, _ = env.reset(seed=5)
    firsts = [s.reset(seed=5 + i)[0] for i, s in enumerate(singles)]
    assert data_equivalence(obs, {k: np.stack([f[k] for f in firsts])
                                  for k in ("observation", "action_mask")})
    rng = np.random.default_rng(5)
    ended = [0] * n
    pending = [False] * n
    steps = 0
    while min(ended) < 2 and steps < 20_000:
        masks = env.action_masks()
        assert np.array_equal(masks, obs["action_mask"].astype(bool))
        assert masks.any(axis=1).all()
        ids = random_ids(masks, rng)
        obs, rewards, terms, truncs, _ = env.step(ids)
        for i, single in enumerate(singles):
            if pending[i]:  # next-step autoreset: the action is ignored
                expected, _ = single.reset()
                assert rewards[i] == 0 and not terms[i] and not truncs[i]
            else:
                expected, reward, term, trunc, _ = single.step(int(ids[i]))
                assert (rewards[i], terms[i], truncs[i]) == (reward, term, trunc)
            assert data_equivalence({k: v[i] for k, v in obs.items()}, expected)
            pending[i] = bool(terms[i] or truncs[i])
            ended[i] += pending[i]
        steps += 1
    assert min(ended) >= 2  # every slot played whole games and was reset


def test_masks_are_the_slots_legal_ids() -> None:
    env = VectorEnv("ndb", 2, players=3, bots="random")
    obs, _ = env.reset(seed=1)
    for i, single in enumerate(env.envs):
        legal = single.table.observe(single.seat)[1]
        assert np.array_equal(env.action_masks()[i], legal.astype(bool))
        assert np.array_equal(obs["action_mask"][i], legal)
    illegal = np.array([int(np.flatnonzero(row == 0)[0]) for row in env.action_masks()])
    _, rewards, terms, _, infos = env.step(illegal)
    assert terms.all() and (rewards == -1.0).all() and infos["_illegal"].all()


def test_gymnasiums_episode_statistics_run_on_it() -> None:
    env = RecordEpisodeStatistics(VectorEnv("ndb", 2, players=3, bots="random"))
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    episodes = 0
    for _ in range(2000):
        obs, _, terms, truncs, infos = env.step(random_ids(obs["action_mask"], rng))
        episodes += int(np.sum(terms | truncs))
        if episodes >= 2:
            break
    assert episodes >= 2 and "episode" in infos


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="num_envs"):
        VectorEnv("ndb", 0)
    env = VectorEnv("ndb", 2, players=3, bots="random")
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.zeros(2, np.int64))
    env.reset(seed=0)
    with pytest.raises(ValueError, match="shape"):
        env.step(np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="seeds"):
        env.reset(seed=[1, 2, 3])
    obs, _ = env.reset(seed=[7, None])
    assert data_equivalence({k: v[0] for k, v in obs.items()},
                            gym_env("ndb", 3, bots="random").reset(seed=7)[0])
