"""The Gymnasium environment: Gymnasium's checker, whole games against bots, seeding,
illegal ids."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from bohnen.core.registry import get_game
from bohnen.rl.encodings import GAMES, make_encoding, player_range
from bohnen.rl.gym import BohnenGym
from bohnen.rl.ndb import NdbEncoding

# every game, Bohnanza in both trading modes: (game, options)
CASES = [("ndb", None), ("bohnanza", {"trading": "turn_based"}),
         ("bohnanza", {"trading": "open"}), ("hansa", None)]
CASE_IDS = ["ndb", "bohnanza-turn_based", "bohnanza-open", "hansa"]


def gym(players: int = 4, **kwargs: Any) -> BohnenGym:
    return BohnenGym(NdbEncoding(players), **kwargs)


def game_gym(game: str, players: int | None = None, **kwargs: Any) -> BohnenGym:
    return BohnenGym(make_encoding(game, players), **kwargs)


def episode(env: BohnenGym, seed: int) -> tuple[list[int], float]:
    """A whole episode with random legal ids: the ids and the return."""
    rng = random.Random(seed)
    obs, _ = env.reset(seed=seed)
    ids, total, done = [], 0.0, False
    while not done:
        ids.append(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        obs, reward, done, truncated, info = env.step(ids[-1])
        assert not truncated and (info == {}) == done
        total += reward
    assert obs["action_mask"].all()  # the game is over: any id, ignored
    return ids, total


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_gymnasium_check_env(game: str, options: dict[str, str] | None, bots: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(game_gym(game, seat=2, bots=bots, options=options, render_mode="ansi"))


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("end", ["fewest", "most"])
def test_a_whole_game_of_every_game_against_bots(game: str, options: dict[str, str] | None,
                                                 end: str) -> None:
    players = player_range(game)[0 if end == "fewest" else 1]
    bots = "heuristic" if end == "fewest" else "random"  # a few seconds at most
    env = game_gym(game, players, seat=1, bots=bots, options=options)
    ids, total = episode(env, seed=players)
    result = env.table.result()
    assert env.table.state.is_over and ids
    assert total == (1 / len(result.winners) if 1 in result.winners else 0.0)
    again = game_gym(game, players, seat=1, bots=bots, options=options)
    assert episode(again, seed=players) == (ids, total)


@pytest.mark.parametrize("game", GAMES)
def test_the_render_is_the_learners_board_in_words(game: str) -> None:
    env = game_gym(game, seat=1, bots="random", render_mode="ansi")
    env.reset(seed=3)
    view = env.table.state.view(1)
    words = get_game(game).describe(view, 1, [f"player_{i}" for i in range(4)])
    assert env.render() == f"{get_game(game).title}: player_1 to act\n{words}"


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
def test_the_learner_of_every_game_acts_only_at_its_seat(
        game: str, options: dict[str, str] | None) -> None:
    env = game_gym(game, seat=2, bots="random", options=options)
    obs, _ = env.reset(seed=1)
    rng = random.Random(1)
    for _ in range(30):
        if env.table.over:
            break
        assert env.table.acting == 2 and obs["action_mask"].any()
        obs, *_ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
def test_an_illegal_id_of_every_game_ends_the_episode_and_changes_nothing(
        game: str, options: dict[str, str] | None) -> None:
    env = game_gym(game, bots="random", options=options)
    obs, _ = env.reset(seed=2)
    before = env.table.state.to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, done, truncated, info = env.step(illegal)
    assert (reward, done, truncated) == (-1.0, True, False)
    assert f"action {illegal}" in str(info["illegal"])
    assert env.table.state.to_json() == before
    raising = game_gym(game, bots="random", options=options, illegal="raise")
    obs, _ = raising.reset(seed=2)
    for bad in (illegal, raising.encoding.action_count, -1):
        with pytest.raises(ValueError, match=r"not legal|out of range"):
            raising.step(bad)
        assert raising.table.state.to_json() == before


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
    assert f"action {illegal}" in str(info["illegal"])
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
