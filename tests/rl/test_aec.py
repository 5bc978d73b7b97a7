"""The PettingZoo environment: PettingZoo's own tests, whole games, seeding, pickling,
bad input, rewards and whose turn it is."""

from __future__ import annotations

import pickle
import random
import warnings
from typing import Any

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import bohnen.rl  # noqa: F401  (enters the environments in PettingZoo's registry)
from bohnen.core.registry import get_game
from bohnen.rl.aec import BohnenAEC
from bohnen.rl.encodings import make_encoding
from bohnen.rl.envs import aec_env
from bohnen.rl.ndb import running_score


def env(players: int = 4, **kwargs: Any) -> BohnenAEC:
    return aec_env("ndb", players=players, **kwargs)


def random_id(obs: dict[str, np.ndarray], rng: random.Random) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def play_out(e: BohnenAEC, rng: random.Random) -> dict[str, float]:
    """Play to the end with random legal ids; each agent's return."""
    returns = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        returns[agent] += reward
        e.step(None if terminated or truncated else random_id(obs, rng))
    return returns


def test_pettingzoo_api_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(), num_cycles=1000)


@pytest.mark.parametrize("players", [3, 6])
def test_pettingzoo_seed_test(players: int) -> None:
    seed_test(lambda: env(players), num_cycles=500)


def test_pettingzoo_render_test(capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: env(render_mode=render_mode))
    e = env(render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and text.startswith("ndb: seat 0 to act")
    assert '"hand":null' in text and "legend" not in text


def test_made_from_the_registry() -> None:
    e = pettingzoo.make("aec", "bohnen/ndb-v0", players=5)
    assert isinstance(e, BohnenAEC) and e.possible_agents[-1] == "player_4"
    assert "bohnen/ndb-v0" in pettingzoo.aec_registry


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_whole_game_by_the_masks(players: int) -> None:
    e = env(players)
    e.reset(seed=players)
    returns = play_out(e, random.Random(players))
    result = e.table.result()
    assert e.agents == [] and e.table.state.is_over
    share = 1 / len(result.winners)
    assert returns == {f"player_{s}": share if s in result.winners else 0.0
                       for s in range(players)}


def test_the_same_seed_is_the_engines_game() -> None:
    e = env(4)
    e.reset(seed=77)
    game = get_game("ndb")
    assert e.table.state.to_json() == game.new_game(game.options(4), 77).to_json()
    e.reset()
    first = e.table.state.to_json()
    e.reset(seed=77)
    e.reset()
    assert e.table.state.to_json() == first


def test_only_the_agent_to_act_has_a_mask() -> None:
    e = env(5)
    e.reset(seed=3)
    rng = random.Random(3)
    for _ in range(200):
        for agent in e.agents:
            mask = e.observe(agent)["action_mask"]
            assert mask.dtype == np.int8
            assert mask.any() == (agent == e.agent_selection)
        e.step(random_id(e.observe(e.agent_selection), rng))


def test_seats_playing_together_take_turns() -> None:
    """In the play phase every seat but the token holder plays; the turn goes round."""
    e = env(4)
    e.reset(seed=1)
    order = []
    rng = random.Random(0)
    for _ in range(4):
        order.append(e.agent_selection)
        e.step(random_id(e.observe(e.agent_selection), rng))
    assert order == ["player_0", "player_1", "player_2", "player_3"]


def test_observations_are_fresh_arrays() -> None:
    e = env()
    e.reset(seed=2)
    a, b = e.observe("player_0"), e.observe("player_0")
    assert a["observation"] is not b["observation"]
    assert a["action_mask"] is not b["action_mask"]
    assert np.array_equal(a["observation"], b["observation"])


@pytest.mark.parametrize("bad", [57, -1, 1.0, "3", True, np.int64(99)])
def test_bad_ids_are_refused_and_change_nothing(bad: object) -> None:
    e = env()
    e.reset(seed=4)
    before = e.table.state.to_json()
    agent = e.agent_selection
    with pytest.raises(ValueError, match="action"):
        e.step(bad)  # type: ignore[arg-type]
    assert e.table.state.to_json() == before and e.agent_selection == agent


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    e = env()
    e.reset(seed=4)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.table.state.to_json()
    with pytest.raises(ValueError, match=f"action {illegal} .* not legal for seat 0"):
        e.step(illegal)
    assert e.table.state.to_json() == before
    e.step(np.int32(np.flatnonzero(mask)[0]))  # numpy integers are ids too
    assert e.table.state.to_json() != before


def test_none_is_only_for_an_agent_whose_game_is_over() -> None:
    e = env()
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)
    e.reset(seed=5)
    with pytest.raises(ValueError, match="None"):
        e.step(None)
    play_out(e, random.Random(1))
    e.reset(seed=5)
    rng = random.Random(1)
    while not all(e.terminations.values()):
        e.step(random_id(e.observe(e.agent_selection), rng))
    with pytest.raises(ValueError, match="dead"):
        e.step(0)
    e.step(None)
    assert len(e.agents) == 3


def test_pickle_round_trip_mid_game() -> None:
    e = env(5)
    e.reset(seed=8)
    rng = random.Random(8)
    for _ in range(37):
        e.step(random_id(e.observe(e.agent_selection), rng))
    copy = pickle.loads(pickle.dumps(e))
    assert copy.table.state.to_json() == e.table.state.to_json()
    rng1, rng2 = random.Random(9), random.Random(9)
    assert play_out(copy, rng1) == play_out(e, rng2)
    assert copy.table.result() == e.table.result()


def test_pickle_before_reset_as_pettingzoo_does() -> None:
    e1 = env(3)
    e2 = pickle.loads(pickle.dumps(e1))
    e1.reset(seed=42)
    e2.reset(seed=42)
    assert np.array_equal(e1.observe("player_0")["observation"],
                          e2.observe("player_0")["observation"])


def test_score_rewards_are_the_results_scores() -> None:
    e = env(4, reward="score")
    e.reset(seed=6)
    returns = play_out(e, random.Random(6))
    assert list(returns.values()) == [float(s) for s in e.table.result().scores]


def test_shaped_rewards_add_up_to_nothing() -> None:
    """Potential-based: shaped rewards come during the game, the return is unchanged."""
    plain, shaped = env(4), env(4, potential=running_score, shaping=0.01)
    plain.reset(seed=9)
    shaped.reset(seed=9)
    returns = dict.fromkeys(shaped.possible_agents, 0.0)
    during: list[float] = []
    rng = random.Random(9)
    for agent in shaped.agent_iter():
        obs, reward, terminated, truncated, _ = shaped.last()
        returns[agent] += reward
        if not terminated:
            during.append(reward)
        shaped.step(None if terminated or truncated else random_id(obs, rng))
    assert any(r != 0 for r in during)
    assert plain_returns(plain) == pytest.approx(returns)
    assert plain.table.result() == shaped.table.result()


def plain_returns(e: BohnenAEC) -> dict[str, float]:
    return play_out(e, random.Random(9))


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="reward"):
        env(reward="money")
    with pytest.raises(ValueError, match="render_mode"):
        env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="no encoding for the game"):
        make_encoding("chess")
    with pytest.raises(ValueError, match="rounds"):
        env(options={"rounds": 0})
