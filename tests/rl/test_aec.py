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
from bohnen.rl.aec import BohnenAEC, ObsDict
from bohnen.rl.encodings import GAMES, make_encoding, player_range
from bohnen.rl.envs import aec_env
from bohnen.rl.ndb import running_score

# every game, Bohnanza in both trading modes: (game, options)
CASES = [("ndb", None), ("bohnanza", {"trading": "turn_based"}),
         ("bohnanza", {"trading": "open"}), ("hansa", None)]
CASE_IDS = ["ndb", "bohnanza-turn_based", "bohnanza-open", "hansa"]


def env(players: int = 4, **kwargs: Any) -> BohnenAEC:
    return aec_env("ndb", players=players, **kwargs)


def game_env(game: str, players: int | None = None, options: dict[str, str] | None = None,
             **kwargs: Any) -> BohnenAEC:
    return aec_env(game, players=players, options=options, **kwargs)


def random_id(obs: ObsDict, rng: random.Random) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def play_out(e: BohnenAEC, rng: random.Random) -> dict[str, float]:
    """Play to the end with random legal ids; each agent's return."""
    returns = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        returns[agent] += reward
        e.step(None if terminated or truncated else random_id(obs, rng))
    return returns


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
def test_pettingzoo_api_test(game: str, options: dict[str, str] | None) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(game_env(game, options=options), num_cycles=1000)


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("end", ["fewest", "most"])
def test_pettingzoo_seed_test(game: str, options: dict[str, str] | None, end: str) -> None:
    players = player_range(game)[0 if end == "fewest" else 1]
    seed_test(lambda: game_env(game, players, options), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_render_test(game: str) -> None:
    render_test(lambda render_mode=None: game_env(game, render_mode=render_mode))


@pytest.mark.parametrize("game", GAMES)
def test_the_render_is_the_board_in_words_of_the_acting_seat(game: str) -> None:
    e = game_env(game, render_mode="ansi")
    e.reset(seed=1)
    rng = random.Random(1)
    for _ in range(40):
        seat = e.table.acting
        assert seat is not None
        words = get_game(game).describe(e.table.state.view(seat), seat,
                                        [f"player_{i}" for i in range(4)])
        text = e.render()
        assert isinstance(text, str)
        assert text == f"{get_game(game).title}: player_{seat} to act\n{words}"
        e.step(random_id(e.observe(e.agent_selection), rng))
    play_out(e, rng)
    text = e.render()
    assert isinstance(text, str) and "game over" in text.splitlines()[0]


def test_the_render_never_shows_another_seats_hand() -> None:
    """Nicht die Bohne!: the acting seat's hand is in words; no other seat's is."""
    e = game_env("ndb", 4, render_mode="ansi")
    e.reset(seed=2)
    rng = random.Random(2)
    for _ in range(12):
        seat = e.table.acting
        assert seat is not None
        text = e.render()
        assert isinstance(text, str)
        hands = [get_game("ndb").describe(e.table.state.view(s), s, [f"player_{i}"
                 for i in range(4)]).splitlines()[-1] for s in range(4)]
        assert all(h.startswith("Your hand") for h in hands)
        assert text.splitlines()[-1] == hands[seat]
        assert all(h not in text for s, h in enumerate(hands) if h != hands[seat])
        e.step(random_id(e.observe(e.agent_selection), rng))


@pytest.mark.parametrize("game", GAMES)
def test_made_from_the_registry(game: str) -> None:
    low, high = player_range(game)
    e = pettingzoo.make("aec", f"bohnen/{game}-v0", players=high)
    assert isinstance(e, BohnenAEC) and e.possible_agents[-1] == f"player_{high - 1}"
    assert e.encoding.game == game and e.metadata["name"] == f"bohnen_{game}_v0"
    assert f"bohnen/{game}-v0" in pettingzoo.aec_registry
    e.reset(seed=low)
    assert play_out(e, random.Random(low)) and e.table.state.is_over


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


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("end", ["fewest", "most"])
def test_a_whole_game_of_every_game_by_the_masks(game: str, options: dict[str, str] | None,
                                                 end: str) -> None:
    """Random legal ids to the end: every observation in its space, the end rewards."""
    players = player_range(game)[0 if end == "fewest" else 1]
    e = game_env(game, players, options)
    e.reset(seed=players)
    rng = random.Random(players)
    returns = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(max_iter=20_000):
        obs, reward, terminated, truncated, _ = e.last()
        assert e.observation_space(agent).contains(obs)
        returns[agent] += reward
        e.step(None if terminated or truncated else random_id(obs, rng))
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


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
def test_only_the_agent_to_act_has_a_mask(game: str, options: dict[str, str] | None) -> None:
    e = game_env(game, 5, options)
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


def test_writing_into_an_observed_mask_makes_no_id_legal() -> None:
    e = env()
    e.reset(seed=2)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    mask[:] = 1  # the caller's copy: the table checks ids against its own
    with pytest.raises(ValueError, match=f"action {illegal} .* not legal"):
        e.step(illegal)


BAD_IDS = ["count", -1, 1.0, "3", True, np.int64(999)]


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("bad", BAD_IDS, ids=[repr(b) for b in BAD_IDS])
def test_bad_ids_are_refused_and_change_nothing(game: str, options: dict[str, str] | None,
                                               bad: object) -> None:
    e = game_env(game, options=options)
    e.reset(seed=4)
    rng = random.Random(4)
    for _ in range(25):  # into the game, drafts under way
        e.step(random_id(e.observe(e.agent_selection), rng))
    if bad == "count":
        bad = e.encoding.action_count
    obs = e.observe(e.agent_selection)
    before = pickle.dumps(e.table)  # the game, the drafts, whose turn
    agent = e.agent_selection
    with pytest.raises(ValueError, match="action"):
        e.step(bad)  # type: ignore[arg-type]
    assert pickle.dumps(e.table) == before and e.agent_selection == agent
    after = e.observe(agent)
    assert all(np.array_equal(obs[k], after[k]) for k in ("observation", "action_mask"))


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
def test_an_illegal_id_is_refused_and_changes_nothing(game: str,
                                                      options: dict[str, str] | None) -> None:
    e = game_env(game, options=options)
    e.reset(seed=4)
    rng = random.Random(5)
    for step in range(60):
        mask = e.observe(e.agent_selection)["action_mask"]
        illegal = int(np.flatnonzero(mask == 0)[0])
        seat = e.table.acting
        before, state = pickle.dumps(e.table), e.table.state.to_json()
        with pytest.raises(ValueError, match=f"action {illegal} .* not legal for seat {seat}"):
            e.step(illegal)
        assert pickle.dumps(e.table) == before
        assert e.table.state.to_json() == state
        legal = np.flatnonzero(mask)
        e.step(np.int32(rng.choice(legal)) if step % 2 else int(rng.choice(legal)))


def test_an_illegal_id_moves_nothing_and_a_legal_one_does() -> None:
    e = env()
    e.reset(seed=4)
    mask = e.observe(e.agent_selection)["action_mask"]
    before = e.table.state.to_json()
    with pytest.raises(ValueError, match="not legal for seat 0"):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    e.step(np.int32(np.flatnonzero(mask)[0]))  # numpy integers are ids too
    assert e.table.state.to_json() != before


@pytest.mark.parametrize("game", GAMES)
def test_none_is_only_for_an_agent_whose_game_is_over(game: str) -> None:
    e = game_env(game)
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


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
def test_pickle_round_trip_mid_game(game: str, options: dict[str, str] | None) -> None:
    e = game_env(game, 5, options)
    e.reset(seed=8)
    rng = random.Random(8)
    for _ in range(37):
        e.step(random_id(e.observe(e.agent_selection), rng))
    copy = pickle.loads(pickle.dumps(e))
    assert copy.table.state.to_json() == e.table.state.to_json()
    rng1, rng2 = random.Random(9), random.Random(9)
    assert play_out(copy, rng1) == play_out(e, rng2)
    assert copy.table.result() == e.table.result()


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
def test_pickle_before_reset_as_pettingzoo_does(game: str,
                                                options: dict[str, str] | None) -> None:
    e1 = game_env(game, 3, options)
    e2 = pickle.loads(pickle.dumps(e1))
    e1.reset(seed=42)
    e2.reset(seed=42)
    assert np.array_equal(e1.observe("player_0")["observation"],
                          e2.observe("player_0")["observation"])


@pytest.mark.parametrize("game", GAMES)
def test_score_rewards_are_the_results_scores(game: str) -> None:
    e = game_env(game, 4, reward="score")
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


@pytest.mark.parametrize("shaped", [False, True], ids=["plain", "shaped"])
def test_rewards_are_the_last_steps_and_accumulate_until_the_agent_acts(
        shaped: bool) -> None:
    """PettingZoo's contract, checked at every step of a whole game: ``rewards`` are
    what the last step gave (nothing, but a shaped reward after a move and the end
    rewards), and an agent's ``_cumulative_rewards`` are the rewards given since it last
    acted (zeroed as it acts), whichever steps the environment skips its bookkeeping in."""
    e = env(4, **({"potential": running_score, "shaping": 0.01} if shaped else {}))
    e.reset(seed=5)
    rng, moves, rewarded = random.Random(5), 0, 0
    while e.agents:
        agent = e.agent_selection
        obs, _, terminated, truncated, _ = e.last()
        before = dict(e._cumulative_rewards)
        moved_before = e._moves
        e.step(None if terminated or truncated else random_id(obs, rng))
        if terminated or truncated:
            continue  # PettingZoo's own dead step
        gave = {a: r for a, r in e.rewards.items() if r != 0}
        if e._moves == moved_before or not (shaped or e.table.over):
            assert gave == {}, "a step that gives nothing leaves no reward"
        rewarded += bool(gave)
        moves += e._moves - moved_before
        for other in e.agents:
            start = 0.0 if other == agent else before[other]
            assert e._cumulative_rewards[other] == start + e.rewards[other]
    assert e.table.over and moves > 0
    assert rewarded > (1 if shaped else 0) and (shaped or rewarded == 1)


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="reward"):
        env(reward="money")
    with pytest.raises(ValueError, match="render_mode"):
        env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="no encoding for the game"):
        make_encoding("chess")
    with pytest.raises(ValueError, match="rounds"):
        env(options={"rounds": 0})
