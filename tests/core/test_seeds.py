"""Seeds: a whole number from 0 to 2**64 - 1, refused otherwise, never folded into range.

The state carries a 64-bit integer; a seed past that range used to be masked, so that
seeds equal modulo 2**64 (-1 and 2**64 - 1, 7 and 2**64 + 7) gave the same game.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bohnen.cli import main
from bohnen.core import game_names, get_game
from bohnen.core.rng import MAX_SEED, derive, seed_state

BAD_SEEDS: list[Any] = [-1, -(2**64) + 7, 2**64, 2**64 + 7, 10**5000, True, False, 1.5, 7.0,
                        "7", None, [7]]


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("seed", BAD_SEEDS, ids=range(len(BAD_SEEDS)))
def test_new_game_refuses_a_seed_out_of_range_and_names_it(name: str, seed: Any) -> None:
    game = get_game(name)
    with pytest.raises(ValueError, match="seed must be a whole number from 0 to 2") as caught:
        game.new_game(game.options(game.min_players), seed)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("name", game_names())
def test_the_seeds_at_both_ends_of_the_range_are_games_of_their_own(name: str) -> None:
    game = get_game(name)
    options = game.options(game.min_players)
    ends = [game.new_game(options, seed).to_json() for seed in (0, MAX_SEED)]
    assert ends[0] != ends[1]
    assert game.new_game(options, MAX_SEED).to_json() == ends[1]


def test_derive_refuses_seeds_and_parts_out_of_range() -> None:
    bad: Any
    for bad in (-1, 2**64, True, 1.5):
        with pytest.raises(ValueError, match="seed"):
            derive(bad, 1)
        with pytest.raises(ValueError, match="part"):
            derive(7, bad)
        with pytest.raises(ValueError, match="seed"):
            seed_state(bad)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, MAX_SEED), parts=st.lists(st.integers(0, MAX_SEED), max_size=4))
def test_derived_seeds_are_seeds(seed: int, parts: list[int]) -> None:
    derived = derive(seed, *parts)
    assert 0 <= derived <= MAX_SEED
    assert derive(derived, 0) >= 0  # a derived seed is a seed like any other


@pytest.mark.parametrize("argv", [
    ["simulate", "ndb", "--games", "1"],
    ["tournament", "ndb", "--bots", "random,random,random", "--games", "3"],
    ["play", "ndb", "--hotseat"],
])
@pytest.mark.parametrize("seed", ["-1", str(2**64)])
def test_the_command_line_refuses_a_seed_out_of_range_in_one_line(
        argv: list[str], seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main([*argv, "--seed", seed])
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err, (code, out, err)
    assert err.count("\n") == 1 and err.startswith("bohnen: error: ") and "seed" in err, err
