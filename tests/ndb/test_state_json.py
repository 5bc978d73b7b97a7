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
from bohnen.ndb import NdbState
from bohnen.ndb.data import LEAD, TAKE

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
    return reach(lambda s: s.phase == TAKE and len(s.taken) == taken and
                 len(s.row_cards[0]) > 1, players=5)


def test_rows_of_unequal_lengths_in_the_taking_are_refused() -> None:
    data = _taking(0).to_json()
    data["row_cards"][1].append(data["row_cards"][0].pop())
    refused(data, "seat 0 has taken")


def test_a_taker_whose_card_was_not_the_last_taken_is_refused() -> None:
    state = _taking(1)
    data = state.to_json()
    data["taker"] = next(s for s in range(5) if s not in (state.taker, state.token)
                         and s not in state.taken)
    refused(data, "takes, but its card was not the last taken")


def test_a_taking_with_no_card_left_to_take_is_refused() -> None:
    """Every card taken but the token holder's, which the engine gives: nobody could act."""
    state = _taking(1)
    data = state.to_json()
    chain = [state.taker, *(s for s in range(5) if s not in (state.token, state.taker))]
    for taker, owner in pairwise(chain):
        data["row_cards"][taker].append(data["table"][owner])
    data["taken"], data["taker"] = chain, chain[-1]
    refused(data, f"seat {chain[-1]} is to take, but no card is left to it")


def test_a_round_past_the_last_of_the_game_is_refused() -> None:
    state = reach(lambda s: s.turn == 3, rounds=1)
    data = state.to_json()
    data["round"] = 2
    data["sheet"] = [[{"plus": 0, "minus": 0, "total": 0}] * 4]  # as round 2 needs
    refused(data, "round must be a whole number from 1 to 1, not 2")


@pytest.mark.parametrize(("key", "value"), [
    ("rng", "5"), ("rng", -1), ("rng", 2**64), ("round", 1.0), ("round", "1"),
    ("turn", True), ("dealer", 3.0), ("taken", [0, 0]), ("taken", {"0": 1}),
    ("hands", [["R7"], 5, [], []]), ("table", [None, None, None, 7]),
    ("sheet", [[{"plus": 1, "minus": 2, "total": "x"}] * 4]), ("sheet", [[[1, 2, -1]] * 4]),
    ("phase", ["lead"]), ("taker", 1), ("row_cards", None),
])
def test_fields_of_the_wrong_type_are_refused_with_a_short_message(key: str,
                                                                   value: Any) -> None:
    data = reach(lambda s: s.turn == 3).to_json()
    data[key] = value
    with pytest.raises(RecordError) as caught:
        GAME.state_from_json(data)
    assert len(str(caught.value)) < 300


def test_the_keys_are_the_fields_and_the_view_keys() -> None:
    """The state JSON names what the views name the same way (issue 23): the trick
    number is ``turn``, the sheet lines are objects, the seat to take is null outside
    the taking, and ``taken`` lists the seats in the order their cards were taken."""
    state = _taking(2)
    data = state.to_json()
    view = state.view(None)
    for key in ("round", "turn", "dealer", "token", "phase", "taker", "taken", "table",
                "sheet", "options"):
        assert data[key] == view[key], key
    assert data["version"] == view["version"] == GAME.version
    assert len(data["taken"]) == 2 and data["taker"] == data["taken"][-1]
    lead = reach(lambda s: s.phase == LEAD and s.turn > 2).to_json()
    assert lead["taker"] is None and lead["taken"] == []


def test_an_unknown_field_is_refused_by_name() -> None:
    data = reach(lambda s: s.turn == 3).to_json()
    data["trick"] = 3  # the name of version 1
    refused(data, "unknown field.*trick")
