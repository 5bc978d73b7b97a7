"""The Gymnasium environment's conveniences (issue 37): ids in Gymnasium's registry,
Gymnasium's TimeLimit, masks in a vector env after a game ends, and the legal actions
in ``info`` (``action_masks()`` for MaskablePPO: test_gym_maskable.py)."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import bohnen.rl  # noqa: F401  (enters the environments in Gymnasium's registry)
from bohnen.rl.encoding import engine_legal
from bohnen.rl.encodings import GAMES
from bohnen.rl.gym import BohnenGym

IDS = {"ndb": "bohnen/Ndb-v0", "bohnanza": "bohnen/Bohnanza-v0", "hansa": "bohnen/Hansa-v0"}


def legal_id(mask: np.ndarray, rng: random.Random) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_make_gives_each_game_and_check_env_passes(game: str) -> None:
    env = gymnasium.make(IDS[game], players=3, seat=1, bots="random")
    assert isinstance(env.unwrapped, BohnenGym)
    assert env.unwrapped.encoding.game == game and env.unwrapped.seat == 1
    assert env.unwrapped.encoding.players == 3
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped)
    obs, _ = env.reset(seed=1)
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize("game", GAMES)
def test_max_episode_steps_truncates_with_gymnasiums_time_limit(game: str) -> None:
    env = gymnasium.make(IDS[game], bots="random", max_episode_steps=5)
    obs, _ = env.reset(seed=2)
    rng = random.Random(2)
    for step in range(1, 6):
        obs, _, terminated, truncated, _ = env.step(legal_id(obs["action_mask"], rng))
        assert not terminated and truncated == (step == 5)
    assert obs["action_mask"].any()


def test_no_all_zero_mask_after_a_game_ends_in_a_vector_env() -> None:
    """Gymnasium's vector env (next-step autoreset) hands the policy the final
    observation of a game, then ignores the action sampled from it and resets: that
    mask allows every id, and the observation after it is the next game's."""
    envs = gymnasium.make_vec("bohnen/Ndb-v0", num_envs=2, vectorization_mode="sync",
                              players=3, bots="random")
    obs, _ = envs.reset(seed=4)
    rng = random.Random(4)
    ended = [0, 0]
    after_end = [False, False]
    for _ in range(400):
        assert obs["action_mask"].any(axis=1).all()
        actions = np.array([legal_id(mask, rng) for mask in obs["action_mask"]])
        obs, _, terminated, _, _ = envs.step(actions)
        for i in range(2):
            if after_end[i]:  # the step after the end: the next game's first observation
                assert not terminated[i] and not obs["action_mask"][i].all()
            after_end[i] = bool(terminated[i])
            ended[i] += int(terminated[i])
        if min(ended) >= 2:
            break
    assert min(ended) >= 2
    envs.close()


@pytest.mark.parametrize("game", GAMES)
def test_info_carries_the_learners_legal_actions_as_the_engines_json(game: str) -> None:
    env = gymnasium.make(IDS[game], bots="random")
    obs, info = env.reset(seed=5)
    rng = random.Random(5)
    table = env.unwrapped.table  # type: ignore[attr-defined]
    for _ in range(30):
        legal = engine_legal(table.state, 0)
        assert info == {"legal": list(legal.actions), "terms": legal.terms}
        obs, _, terminated, _, info = env.step(legal_id(obs["action_mask"], rng))
        if terminated:
            assert info == {}
            break
