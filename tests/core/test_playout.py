"""Playouts of search bots: the default random policy and the default ``Game.playout``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnen.core import get_game
from bohnen.core.game import AnyGame
from bohnen.core.playout import random_move, shuffle
from bohnen.core.search import Search

GAMES = [get_game("bohnanza"), get_game("ndb")]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_random_moves_are_legal_and_close_negotiations(game: AnyGame) -> None:
    for seed in range(5):
        state: Any = game.new_game(game.options(4), seed)
        rng = random.Random(seed)
        while (action := random_move(state, rng)) is not None:
            state.check(action)
            if state.legal_actions(action.seat) and any(
                    getattr(a, "ends_trading", False) for a in state.legal_actions(action.seat)):
                assert getattr(action, "ends_trading", False)
            state.apply(action)
        assert state.is_over


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_default_playout_plays_to_the_end(game: AnyGame) -> None:
    state: Any = game.new_game(game.options(4), 3)
    result = Search.playout(game.search, state, random.Random(3))
    assert state.is_over
    assert result == state.result()


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 60, 129])
def test_search_shuffle_draws_as_random_shuffle(size: int) -> None:
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, reference = list(range(size)), list(range(size))
        shuffle(ours, mine)
        theirs.shuffle(reference)
        assert mine == reference
        assert ours.getstate() == theirs.getstate()  # the same draws, no more


def test_search_shuffle_leaves_a_subclass_to_its_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: Any) -> None:
            x.reverse()

    items = [1, 2, 3]
    shuffle(Reversing(1), items)
    assert items == [3, 2, 1]
