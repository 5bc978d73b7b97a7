"""The PettingZoo parallel environment of Nicht die Bohne! (issue 37): PettingZoo's own
parallel tests, seats choosing at once, ignored ids, bad input, truncation, state."""

from __future__ import annotations

import pickle
import random
import warnings
from importlib import import_module
from typing import Any

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

import bohnen.rl  # noqa: F401  (enters the environments in PettingZoo's registry)
from bohnen.rl.encoding import engine_legal
from bohnen.rl.envs import parallel_env
from bohnen.rl.parallel import BohnenParallel

# the module: pettingzoo.test names its function state_test after it
state_checks = import_module("pettingzoo.test.state_test")


def random_actions(observations: dict[str, Any], rng: random.Random) -> dict[str, int]:
    """A random legal id for each agent with a mask (the seats the game waits on)."""
    return {a: int(rng.choice(np.flatnonzero(o["action_mask"])))
            for a, o in observations.items() if o["action_mask"].any()}


def hand_size(state: Any, seat: int) -> int:
    size: int = state.view(None)["players"][seat]["hand_size"]
    return size


def play(env: BohnenParallel, seed: int) -> list[Any]:
    """A whole game by random legal ids: every step's observations, rewards, ends, infos."""
    observations, _ = env.reset(seed=seed)
    rng = random.Random(seed)
    steps: list[Any] = []
    while env.agents:
        step = env.step(random_actions(observations, rng))
        observations = step[0]
        steps.append(step)
    return steps


@pytest.mark.parametrize("players", [3, 6])
def test_pettingzoo_parallel_api_test(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env("ndb", players), num_cycles=1000)


def test_pettingzoo_parallel_seed_test() -> None:
    """Its sampler ignores masks: an illegal id ends the game (``illegal="end"``)."""
    parallel_seed_test(lambda: parallel_env("ndb", illegal="end"), num_cycles=200)


def test_same_seed_same_game_and_another_seed_another() -> None:
    steps = play(parallel_env("ndb", 4), 7)
    again = play(parallel_env("ndb", 4), 7)
    assert len(steps) == len(again)
    for one, two in zip(steps, again, strict=True):
        for agent in one[0]:
            np.testing.assert_array_equal(one[0][agent]["observation"],
                                          two[0][agent]["observation"])
        assert one[1:] == two[1:]
    other = play(parallel_env("ndb", 4), 8)
    assert [s[1:] for s in other] != [s[1:] for s in steps]


def test_made_from_the_registry_and_a_whole_game_rewards_the_winners() -> None:
    env = pettingzoo.make("parallel", "bohnen/ndb-v0", players=5)
    assert isinstance(env, BohnenParallel) and env.metadata["name"] == "bohnen_ndb_v0"
    steps = play(env, 3)
    result = env.game_state.result()
    _, rewards, terminations, truncations, _ = steps[-1]
    assert env.game_state.is_over and env.agents == []
    assert all(terminations.values()) and not any(truncations.values())
    share = 1 / len(result.winners)
    assert rewards == {f"player_{s}": share if s in result.winners else 0.0 for s in range(5)}
    assert all(not any(s[2].values()) for s in steps[:-1])


def test_the_seats_of_a_trick_choose_at_once_in_one_step() -> None:
    env = parallel_env("ndb", 4)
    observations, infos = env.reset(seed=1)
    rng = random.Random(1)
    together = 0
    for _ in range(40):
        state = env.game_state
        waiting = set(state.to_act())
        for seat, agent in enumerate(env.possible_agents):
            assert observations[agent]["action_mask"].any() == (seat in waiting)
            if seat in waiting:
                legal = engine_legal(state, seat)
                assert infos[agent] == {"legal": list(legal.actions), "terms": legal.terms}
            else:
                assert infos[agent] == {}
        if len(waiting) > 1:
            together += 1
            hands = {s: hand_size(state, s) for s in waiting}
        observations, _, _, _, infos = env.step(random_actions(observations, rng))
        if len(waiting) > 1:
            assert all(hand_size(env.game_state, s) == hands[s] - 1 for s in waiting)
    assert together >= 5


def test_ids_of_seats_not_waited_on_are_ignored_or_absent() -> None:
    one, two = parallel_env("ndb", 4), parallel_env("ndb", 4)
    first, _ = one.reset(seed=2)
    two.reset(seed=2)
    waiting = random_actions(first, random.Random(2))
    others = {a: 0 for a in one.possible_agents if a not in waiting}
    assert others
    after_one = one.step({**waiting, **others})
    after_two = two.step(waiting)
    assert one.game_state.to_json() == two.game_state.to_json()
    assert after_one[1:] == after_two[1:]


def test_bad_input_is_refused_before_anything_is_played() -> None:
    env = parallel_env("ndb", 4)
    observations, _ = env.reset(seed=3)
    before = env.game_state.to_json()
    actions = random_actions(observations, random.Random(3))
    agent = next(iter(actions))
    illegal = int(np.flatnonzero(observations[agent]["action_mask"] == 0)[0])
    bad: list[tuple[dict[str, Any], str]] = [
        ({a: i for a, i in actions.items() if a != agent}, "missing"),
        ({**actions, agent: illegal}, "not legal"),
        ({**actions, agent: 57}, "out of range"),
        ({**actions, agent: "play G1"}, "whole number"),
        ({**actions, "player_9": 0}, "unknown agents"),
    ]
    for given, message in bad:
        with pytest.raises(ValueError, match=message):
            env.step(given)
        assert env.game_state.to_json() == before and env.agents == env.possible_agents
    with pytest.raises(ValueError, match="no parallel environment for 'bohnanza'"):
        parallel_env("bohnanza")


def test_an_illegal_id_may_end_the_game_instead() -> None:
    env = parallel_env("ndb", 4, illegal="end")
    observations, _ = env.reset(seed=4)
    before = env.game_state.to_json()
    actions = random_actions(observations, random.Random(4))
    agent = next(iter(actions))
    illegal = int(np.flatnonzero(observations[agent]["action_mask"] == 0)[0])
    _, rewards, terminations, truncations, infos = env.step({**actions, agent: illegal})
    assert rewards == {a: -1.0 if a == agent else 0.0 for a in env.possible_agents}
    assert all(terminations.values()) and not any(truncations.values())
    assert f"action {illegal}" in str(infos[agent]["illegal"]) and env.agents == []
    assert env.game_state.to_json() == before


def test_max_cycles_truncates_every_agent_after_as_many_steps() -> None:
    env = pettingzoo.make("parallel", "bohnen/ndb-v0", max_cycles=6)
    observations, _ = env.reset(seed=5)
    rng = random.Random(5)
    for step in range(1, 7):
        observations, _, terminations, truncations, _ = env.step(
            random_actions(observations, rng))
        assert not any(terminations.values())
        assert all(truncations.values()) == (step == 6) and any(truncations.values()) == (step == 6)
    assert env.agents == [] and not env.game_state.is_over


def test_state_is_every_seats_vector_and_passes_pettingzoos_check() -> None:
    env = parallel_env("ndb", 4)
    state_checks.test_parallel_env(env)
    observations, _ = env.reset(seed=6)
    rng = random.Random(6)
    size = env.encoding.observation_size
    for _ in range(30):
        state = env.state()
        assert env.state_space.contains(state)
        for seat, agent in enumerate(env.possible_agents):
            np.testing.assert_array_equal(state[seat * size:(seat + 1) * size],
                                          observations[agent]["observation"])
        observations, *_ = env.step(random_actions(observations, rng))


def test_a_seat_sees_only_its_own_share() -> None:
    """Two states that differ only in what seat 1 cannot see (determinized for it) give
    it the same observation and info; the hidden cards really differ."""
    env = parallel_env("ndb", 4)
    observations, _ = env.reset(seed=8)
    rng = random.Random(8)
    differed = False
    for _ in range(15):
        twin = parallel_env("ndb", 4)
        twin.reset(seed=8)
        twin._state = env.game_state.determinize(1, random.Random(rng.random()))
        twin._wait()
        differed |= twin.game_state.to_json() != env.game_state.to_json()
        seen = twin._observations()["player_1"]
        np.testing.assert_array_equal(seen["observation"], observations["player_1"]["observation"])
        np.testing.assert_array_equal(seen["action_mask"], observations["player_1"]["action_mask"])
        assert twin._infos()["player_1"] == env._infos()["player_1"]
        observations, *_ = env.step(random_actions(observations, rng))
    assert differed


def test_pickle_round_trip_mid_game() -> None:
    env = parallel_env("ndb", 4)
    observations, _ = env.reset(seed=9)
    rng = random.Random(9)
    for _ in range(5):
        observations, *_ = env.step(random_actions(observations, rng))
    copy = pickle.loads(pickle.dumps(env))
    actions = random_actions(observations, rng)
    one, two = env.step(actions), copy.step(actions)
    assert one[1:] == two[1:]
    assert env.game_state.to_json() == copy.game_state.to_json()
