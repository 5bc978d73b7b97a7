"""The PettingZoo environment's conveniences (issue 37): truncation by ``max_cycles``,
``state()`` for centralised critics, and the legal actions in ``info``."""

from __future__ import annotations

import random
import warnings
from importlib import import_module

import numpy as np
import pettingzoo
import pytest
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

import bohnen.rl  # noqa: F401  (enters the environments in PettingZoo's registry)
from bohnen.rl.aec import BohnenAEC
from bohnen.rl.encoding import engine_legal
from bohnen.rl.encodings import GAMES
from bohnen.rl.envs import aec_env

# the module: pettingzoo.test names its function state_test after it
state_checks = import_module("pettingzoo.test.state_test")

# every game, Bohnanza in both trading modes: (game, options)
CASES = [("ndb", None), ("bohnanza", {"trading": "turn_based"}),
         ("bohnanza", {"trading": "open"}), ("hansa", None)]
CASE_IDS = ["ndb", "bohnanza-turn_based", "bohnanza-open", "hansa"]


def first_legal(observation: dict[str, np.ndarray]) -> int:
    return int(np.flatnonzero(observation["action_mask"])[0])


@pytest.mark.parametrize("game", GAMES)
def test_max_cycles_truncates_every_agent_after_as_many_cycles(game: str) -> None:
    """A cycle is a step of each agent: after 50 cycles (200 steps at four seats) every
    agent is truncated, none terminated, and each steps out with None."""
    env = pettingzoo.make("aec", f"bohnen/{game}-v0", max_cycles=50)
    assert isinstance(env, BohnenAEC) and env.max_cycles == 50
    env.reset(seed=3)
    steps, dead = 0, []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert truncated and not terminated and not observation["action_mask"].any()
            assert info == {} and reward == 0.0
            dead.append(agent)
            env.step(None)
        else:
            steps += 1
            env.step(first_legal(observation))
    assert steps == 50 * 4 and sorted(dead) == env.possible_agents
    assert not env.table.state.is_over and env.agents == []


def test_no_truncation_without_max_cycles_and_bad_bounds_refused() -> None:
    env = aec_env("ndb", 3)
    env.reset(seed=1)
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        assert not truncated
        env.step(None if terminated else first_legal(observation))
    assert env.table.state.is_over
    for bad in (0, -1, 2.5, True, "50"):
        with pytest.raises(ValueError, match="max_cycles"):
            aec_env("ndb", max_cycles=bad)  # type: ignore[arg-type]


def test_a_game_that_ends_before_max_cycles_terminates() -> None:
    env = aec_env("ndb", 3, max_cycles=100_000)
    env.reset(seed=2)
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        assert not truncated
        env.step(None if terminated else first_legal(observation))
    assert env.table.state.is_over


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
def test_state_passes_pettingzoos_state_checks(game: str, options: dict[str, str] | None,
                                               ) -> None:
    """PettingZoo's own state checks; its unmasked sampler plays illegal ids, which the
    classic environments' wrapper turns into the end of the game."""
    env = aec_env(game, options=options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state_checks.test_state_space(env)
        state_checks.test_state(TerminateIllegalWrapper(env, illegal_reward=-1), num_cycles=100)
    env.reset(seed=4)
    assert env.state_space.contains(env.state())


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
def test_state_is_every_seats_own_vector(game: str, options: dict[str, str] | None) -> None:
    env = aec_env(game, options=options)
    env.reset(seed=5)
    rng = random.Random(5)
    size = env.encoding.observation_size
    for _ in range(60):
        if not env.agents or env.terminations[env.agent_selection]:
            break
        state = env.state()
        assert state.shape == env.state_space.shape and env.state_space.contains(state)
        for seat, agent in enumerate(env.possible_agents):
            own = env.observe(agent)["observation"]
            np.testing.assert_array_equal(state[seat * size:(seat + 1) * size], own)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
def test_info_carries_the_legal_actions_as_the_engines_json(
        game: str, options: dict[str, str] | None) -> None:
    env = aec_env(game, options=options)
    env.reset(seed=6)
    rng = random.Random(6)
    for _ in range(60):
        agent = env.agent_selection
        observation, _, terminated, _, info = env.last()
        if terminated:
            assert info == {}
            break
        seat = env.possible_agents.index(agent)
        legal = engine_legal(env.table.state, seat)
        assert info == {"legal": list(legal.actions), "terms": legal.terms}
        assert all(env.infos[a] == {} for a in env.agents if a != agent)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
