"""Actions: notation and JSON; illegal and malformed actions change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bohnen.core import InvalidActionError, get_game
from bohnen.ndb.actions import Play, Take

from .helpers import GAME, act, deal, malformed, random_game, refused


@pytest.mark.parametrize("text", ["0: play R7", "2: take 1", "1: play B-", "3: play Gx2",
                                  "5: play Y0", "4: play B10"])
def test_notation_round_trips(text: str) -> None:
    """``"0: play R7"``: seat 0 plays the red 7; ``"2: take 1"``: seat 2 takes the card
    seat 1 played. ``str`` writes what ``parse_action`` reads; JSON likewise."""
    action = GAME.parse_action(text)
    assert str(action) == text
    assert GAME.action_from_json(action.to_json()) == action


def test_notation_accepts_case_and_the_dash() -> None:
    assert str(GAME.parse_action("1: PLAY r7")) == "1: play R7"
    assert str(GAME.parse_action("1: play b–")) == "1: play B-"
    assert str(GAME.parse_action("1: play gX2")) == "1: play Gx2"
    assert GAME.parse_action("2: take 0").to_json() == {"type": "take", "seat": 2, "owner": 0}
    assert GAME.parse_action("2: play B-").to_json() == {"type": "play", "seat": 2,
                                                        "card": "B-"}


@pytest.mark.parametrize("text", ["", "0 play R7", "0: play", "0: play Z7", "0: play R11",
                                  "0: play R7 R8", "0: take x", "0: jump 1", "x: take 1",
                                  "-1: take 0"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidActionError):
        GAME.parse_action(text)


@pytest.mark.parametrize("data", [
    None, [], "0: play R7", {"type": "play", "seat": 0},
    {"type": "play", "seat": 0, "card": "Q3"}, {"type": "take", "seat": 0, "owner": "1"},
    {"type": "take", "seat": -1, "owner": 1}, {"type": "draw", "seat": 0},
    {"type": "take", "seat": 0, "owner": 1, "card": "R7"},
])
def test_bad_json_is_refused(data: Any) -> None:
    with pytest.raises(InvalidActionError):
        GAME.action_from_json(data)


def test_malformed_actions_change_nothing() -> None:
    state = deal(["R7"], players=4)
    act(state, "0: play R7")
    bohnanza = get_game("bohnanza").parse_action("0: plant 0")
    play: Any = Play  # built with values of the wrong type on purpose
    for action in ("0: play R7", None, bohnanza, play(9, 3), Take(4, 1), play(1, 999),
                   play(1, "R7"), Take(1, 7)):
        malformed(state, action)


def test_illegal_actions_change_nothing_in_every_phase() -> None:
    """Each refusal names its reason and leaves ``to_json()`` as it was."""
    state = deal(["R7 R8", "B3", "Y2", "G9"], players=4)
    lead = {"1: play B3": "token", "0: take 1": "turned up", "0: play B3": "not in"}
    for move, reason in lead.items():
        assert reason in refused(state, move)
    act(state, "0: play R7", "2: play Y2")
    play = {"0: play R8": "played", "2: play G9": "played", "1: take 2": "turned up",
            "1: play G9": "not in"}
    for move, reason in play.items():
        assert reason in refused(state, move)
    act(state, "1: play B3", "3: play G9")
    take = {"1: play B5": "taken", "1: take 2": "turn", "0: take 0": "own"}
    for move, reason in take.items():
        assert reason in refused(state, move)
    act(state, "0: take 3")
    for move in ("3: take 0", "3: take 3", "3: take 3", "0: take 1", "3: play R1"):
        refused(state, move)


def test_nothing_is_legal_once_the_game_is_over() -> None:
    state, _ = random_game(3, seed=4)
    assert "over" in refused(state, "0: play R7")
    assert "over" in refused(state, "1: take 2")


def test_legal_actions_pass_the_check_and_others_do_not() -> None:
    """``legal_actions`` lists exactly the actions ``check`` accepts (each distinct card
    once: the three "–" of a colour are one action)."""
    state = deal(["G- G- R7", "B3", "Y2", "G9"], players=4)
    plays = [str(a) for a in state.legal_actions(0)]
    assert len(plays) == len(set(plays)) == 14
    for seat in range(4):
        for action in state.legal_actions(seat):
            state.check(action)
    act(state, "0: play R7", "1: play B3", "2: play Y2", "3: play G9")
    for owner in range(4):
        for seat in range(4):
            text = f"{seat}: take {owner}"
            if text in {"0: take 1", "0: take 2", "0: take 3"}:
                state.check(GAME.parse_action(text))
            else:
                refused(state, text)


def test_seats_and_owners_must_be_whole_numbers() -> None:
    """A seat written ``True`` or ``1.0`` is malformed, even where seat 1 is to act."""
    state = deal(["R7", "B3", "Y2", "G9"], players=4)
    act(state, "0: play R7", "1: play B3", "2: play Y2", "3: play G9", "0: take 1")
    assert state.to_act() == (1,)
    take: Any = Take  # built with values of the wrong type on purpose
    for action in (take(True, 2), take(1.0, 2), take(1, True), take(1, 2.0)):
        malformed(state, action)
    fresh = deal(["R7"], players=4)
    play: Any = Play
    for action in (play(False, 6), play(0.0, 6), play(0, 6.0)):
        malformed(fresh, action)
