"""Every game's state pickles and deep-copies to the same position, in the pure build
and the compiled one alike (compiled, a class whose constructor takes arguments has no
default pickling: OpenSpiel pickles states, users deep-copy them)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from bohnen.core import get_game
from bohnen.core.protocol import AnyState

GAMES = ("ndb", "bohnanza", "hansa")


def played(name: str, moves: int) -> AnyState:
    """A four-player game of ``name`` after ``moves`` random moves (fewer if it ends)."""
    game = get_game(name)
    state: AnyState = game.new_game(game.options(4), 7)
    rng = random.Random(7)
    for _ in range(moves):
        seats = state.to_act()
        if not seats:
            break
        seat = seats[0]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randrange(len(legal))] if legal else state.proposals(seat)[0])
    return state


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("moves", [0, 40])
def test_a_state_pickles_and_deep_copies_to_the_same_position(name: str, moves: int) -> None:
    state = played(name, moves)
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert type(copied) is type(state)
        assert copied.to_json() == state.to_json()
        assert copied.to_act() == state.to_act()
        for seat in range(4):
            assert copied.legal_actions(seat) == state.legal_actions(seat)
            assert copied.view(seat) == state.view(seat)
