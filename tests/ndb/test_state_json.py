"""A saved Nicht die Bohne! state the engine cannot play on is refused, not loaded to fail.

Issue 22: values of the right type, in their range, that no play reaches: rows of
unequal lengths in the taking (the next trick ended with rows the audit refused), a
taker whose card was not the last taken, every card taken but the token holder's
(nobody left to act), a round past the game's last (the game never ended), and numbers given
as text or floats (``int()`` took them).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest

from bohnen.core import RecordError, get_game
from bohnen.core.conformance import choose
from bohnen.ndb.state import TAKE, NdbState

GAME = get_game("ndb")
JSON = dict[str, Any]


def reach(test: Callable[[NdbState], bool], players: int = 4, rounds: int = 3) -> NdbState:
    """The first position of a random game that passes ``test``."""
    for seed in range(50):
        state: NdbState = GAME.new_game(GAME.options(players, rounds=rounds), seed)
        rng = random.Random(seed)
        while not state.is_over:
            if test(state):
                return state
            state.apply(choose(state, rng, 0.3))
    raise AssertionError("no such position in 50 games")


def refused(data: JSON, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        GAME.state_from_json(data)


def _taking(taken: int) -> NdbState:
    return reach(lambda s: s.phase == TAKE and bin(s.taken).count("1") == taken and
                 len(s.rows[0]) > 1, players=5)


def test_rows_of_unequal_lengths_in_the_taking_are_refused() -> None:
    data = _taking(0).to_json()
    data["rows"][1].append(data["rows"][0].pop())
    refused(data, "seat 0 has taken")


def test_a_taker_whose_card_was_not_the_last_taken_is_refused() -> None:
    state = _taking(1)
    data = state.to_json()
    data["taker"] = next(s for s in range(5) if s not in (state.taker, state.leader)
                         and not state.taken >> s & 1)
    refused(data, "takes, but its card was not the last taken")


def test_a_taking_with_no_card_left_to_take_is_refused() -> None:
    """Every card taken but the token holder's, which the engine gives: nobody could act."""
    state = _taking(1)
    data = state.to_json()
    chain = [state.taker, *(s for s in range(5) if s not in (state.leader, state.taker))]
    for taker, owner in pairwise(chain):
        data["rows"][taker].append(data["table"][owner])
    data["taken"], data["taker"] = sorted(chain), chain[-1]
    refused(data, f"seat {chain[-1]} is to take, but no card is left to it")


def test_a_round_past_the_last_of_the_game_is_refused() -> None:
    state = reach(lambda s: s.turn == 3, rounds=1)
    data = state.to_json()
    data["round"] = 2
    data["sheet"] = [[[0, 0, 0]] * 4]  # one round on the sheet, as round 2 needs
    refused(data, "round must be a whole number from 1 to 1, not 2")


@pytest.mark.parametrize(("key", "value"), [
    ("rng", "5"), ("rng", -1), ("rng", 2**64), ("round", 1.0), ("round", "1"),
    ("trick", True), ("dealer", 3.0), ("taken", [0, 0]), ("taken", {"0": 1}),
    ("hands", [["R7"], 5, [], []]), ("table", [None, None, None, 7]),
    ("sheet", [[[1, 2, "x"]] * 4]), ("phase", ["lead"]),
])
def test_fields_of_the_wrong_type_are_refused_with_a_short_message(key: str,
                                                                   value: Any) -> None:
    data = reach(lambda s: s.turn == 3).to_json()
    data[key] = value
    with pytest.raises(RecordError) as caught:
        GAME.state_from_json(data)
    assert len(str(caught.value)) < 300
