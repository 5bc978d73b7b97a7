"""The position builder (``bohnen.ndb.build``): what is named is where it was put,
everything else is dealt and accounted for, the position plays on, and a description
that is no position of the game is refused naming the fault."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bohnen.core import RecordError
from bohnen.ndb import NdbState, build
from bohnen.ndb.cards import CODES, full_deck

from .helpers import GAME, hand, play_randomly, public, rows

DECK = Counter(CODES[c] for c in full_deck())


def every_card(state: NdbState) -> Counter[str]:
    """The cards of the state JSON: hands, rows and the cards on the table not taken."""
    full = GAME.state_from_json(state.to_json()).to_json()
    cards: Counter[str] = Counter()
    for seat in range(full["options"]["players"]):
        cards.update(full["hands"][seat])
        cards.update(full["row_cards"][seat])
        if full["table"][seat] is not None and seat not in full["taken"]:
            cards[full["table"][seat]] += 1
    return cards


def test_what_is_named_is_there_and_the_rest_is_dealt() -> None:
    state = build(3, hands={2: "R7 B-"}, rows={0: "G0 G5"}, table=["R8", "?", None])
    assert every_card(state) == DECK
    assert {"R7", "B-"} <= set(hand(state, 2)) and len(hand(state, 2)) == 18
    assert sorted(rows(state, 0)[0]) == ["G0", "G5"]
    assert [sum(map(len, rows(state, s))) for s in range(3)] == [2, 2, 2]
    view = public(state)
    assert (view["phase"], view["turn"], view["token"], view["to_act"]) == ("play", 3, 0, [2])
    assert state.view(1)["table"][1] is not None  # seat 1's face-down card was dealt


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_built_position_plays_on_to_the_end(players: int) -> None:
    state = build(players, rows={0: "R1 R2"}, round=2, rounds=2, seed=players)
    play_randomly(state, random.Random(players), each=lambda s, a, e: s.audit())
    assert state.is_over and len(public(state)["sheet"]) == 2


def test_in_the_taking_the_chain_is_made() -> None:
    state = build(4, table=["R8", "G1", "Y2", "B3"], taken=[2], token=0)
    view = public(state)
    assert (view["phase"], view["taker"], view["taken"]) == ("take", 2, [2])
    assert rows(state, 0)[2] == ["Y2"]  # the token holder took seat 2's yellow 2
    assert {str(a) for a in state.legal_actions(2)} == {"2: take 1", "2: take 3"}


@pytest.mark.parametrize(("description", "fault"), [
    ({"players": 3, "table": ["R8", "?", "?"], "taken": [1], "token": 0},
     "only seat 2's card is left to it: the engine makes that take"),
    ({"players": 4, "table": ["R8", "?", "?", "?"], "taken": [1, 2], "token": 0},
     "only seat 3's card is left to it"),
    ({"players": 3, "table": ["R8", "?", "?"], "taken": [1, 2], "token": 0},
     "no card is left to it"),
    ({"players": 3, "round": 2, "sheet": [[(1, 2)] * 3]},
     "a line is three whole numbers (plus, minus, total), not (1, 2)"),
    ({"players": 3, "round": 2, "sheet": [[(1, 2, 5)] * 3]},
     "is not plus, minus, plus - minus"),
    ({"players": 4, "table": [None, "R1", None, None], "token": 0},
     "the token holder has played and somebody has not"),
    ({"players": 3, "hands": {0: "R1"}, "rows": {1: "R1"}},
     "more copies named than the deck holds: R1"),
    ({"players": 3, "hands": {5: "R1"}}, "hands: no seat 5 in a 3-player game"),
    ({"players": 3, "round": 4}, "round must be from 1 to 3, not 4"),
    ({"players": 3, "hands": {0: "R11"}}, "hands of seat 0: unknown card"),
])
def test_a_description_that_is_no_position_is_refused(description: dict[str, object],
                                                      fault: str) -> None:
    with pytest.raises(ValueError) as error:
        build(**description)  # type: ignore[arg-type]
    assert fault in str(error.value)


def test_a_saved_state_with_a_take_left_to_make_is_refused() -> None:
    """The engine makes a take with one card possible: a saved state waiting on one is
    not a state of the game."""
    state = build(4, table=["R8", "G1", "Y2", "B3"], taken=[2], token=0)
    data = state.to_json()
    data["taken"], data["taker"] = [2, 1], 1
    data["row_cards"][2] = [*data["row_cards"][2], "G1"]
    with pytest.raises(RecordError, match="only seat 3's card is left to it"):
        GAME.state_from_json(data)
