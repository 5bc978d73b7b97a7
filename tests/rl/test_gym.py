"""The Gymnasium environment: Gymnasium's checker, whole games against bots, seeding,
illegal ids."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from bohnen.rl.gym import BohnenGym
from bohnen.rl.ndb import NdbEncoding


def gym(players: int = 4, **kwargs: Any) -> BohnenGym:
    return BohnenGym(NdbEncoding(players), **kwargs)


def episode(env: BohnenGym, seed: int) -> tuple[list[int], float]:
    """A whole episode with random legal ids: the ids and the return."""
    rng = random.Random(seed)
    obs, _ = env.reset(seed=seed)
    ids, total, done = [], 0.0, False
    while not done:
        ids.append(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        obs, reward, done, truncated, info = env.step(ids[-1])
        assert not truncated and info == {}
        total += reward
    assert not obs["action_mask"].any()
    return ids, total


def test_gymnasium_check_env() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gym(seat=2, bots="random", render_mode="ansi"))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_whole_game_against_bots(players: int) -> None:
    env = gym(players, seat=players - 1, bots="heuristic")
    _, total = episode(env, seed=players)
    result = env.table.result()
    assert env.table.state.is_over
    assert total == (1 / len(result.winners) if players - 1 in result.winners else 0.0)


def test_the_learner_acts_only_at_its_seat() -> None:
    env = gym(5, seat=3, bots=["random", "heuristic", "random", "heuristic"])
    obs, _ = env.reset(seed=1)
    rng = random.Random(1)
    for _ in range(30):
        assert env.table.acting == 3 and obs["action_mask"].any()
        obs, *_ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_same_seed_same_episode() -> None:
    assert episode(gym(bots="heuristic"), 11) == episode(gym(bots="heuristic"), 11)
    env = gym(reward="score")
    _, total = episode(env, 12)
    assert total == env.table.result().scores[0]


def test_an_illegal_id_ends_the_episode_and_changes_nothing() -> None:
    env = gym()
    obs, _ = env.reset(seed=2)
    before = env.table.state.to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, done, truncated, info = env.step(illegal)
    assert (reward, done, truncated) == (-1.0, True, False)
    assert f"action {illegal}" in info["illegal"]
    assert env.table.state.to_json() == before
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_illegal_ids_may_raise_instead() -> None:
    env = gym(illegal="raise")
    obs, _ = env.reset(seed=2)
    before = env.table.state.to_json()
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert env.table.state.to_json() == before
    with pytest.raises(ValueError, match="out of range"):
        env.step(57)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        gym(seat=4)
    with pytest.raises(ValueError, match="3 bots are needed"):
        gym(bots=["random"])
    with pytest.raises(ValueError, match="unknown bot"):
        gym(bots="genius")
    with pytest.raises(ValueError, match="illegal"):
        gym(illegal="ignore")
