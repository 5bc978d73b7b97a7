"""Bad input to every game's parsers and rules: the project's errors, short messages.

``parse_action`` raises ``InvalidActionError`` for any text that is not an action
(digits that are not ASCII, numbers of thousands of digits, control characters, text
too long, no text at all), quoting only a short excerpt of it; ``action_from_json``
likewise for any JSON. A seat out of range is well formed: it parses, and ``check``
and ``apply`` refuse it. Action objects whose fields hold what no notation can write
(an integer of thousands of digits, a structure nested too deeply) are refused by
``check`` and ``apply`` with a ``GameError``, the state unchanged.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bohnen.core import GameError, InvalidActionError, game_names, get_game
from bohnen.core.conformance import play_random
from bohnen.core.inputs import MAX_NOTATION

GAMES = game_names()
SHORT = 400  # characters: a message quoting a long input quotes an excerpt

# Valid notation of each game, seat 0 (the base of the odd variants below).
SAMPLE = {"bohnanza": "0: harvest 1", "ndb": "0: take 1", "hansa": "0: accept 1"}

BAD_TEXT = [
    "0: take ²", "²: pass", "٣: pass", "0: harvest ٣", "0: accept ²", "0: buy BL ²",
    "0: propose 1 give t²", "0: plant ¹", "1_0: pass", "+1: pass", "-1: pass", "0x1: pass",
    "", " ", "\t", "\n", ":", "0:", "0: ", "0:\tpass", "0:\x1cpass", "0: pass\x00",
    "0\x00: pass", "0:\u2028pass", "0: take\u00a01", "\ud800: pass",
    "1" * 10_000 + ": pass", "0: take " + "1" * 10_000, "0: harvest " + "9" * 4301,
    "0: accept " + "7" * 5000, "0: " + "x" * (MAX_NOTATION + 1),
    "0: propose 1 give " + ",".join(["h0"] * 2000),
]
NOT_TEXT: list[Any] = [None, 0, 10**5000, b"0: pass", ["0: pass"], {"seat": 0}, 1.5, True]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", BAD_TEXT, ids=range(len(BAD_TEXT)))
def test_bad_notation_raises_invalid_action_with_a_short_message(name: str, text: str) -> None:
    with pytest.raises(InvalidActionError) as caught:
        get_game(name).parse_action(text)
    assert 0 < len(str(caught.value)) < SHORT


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("thing", NOT_TEXT, ids=range(len(NOT_TEXT)))
def test_notation_must_be_text(name: str, thing: Any) -> None:
    with pytest.raises(InvalidActionError, match="must be text") as caught:
        get_game(name).parse_action(thing)
    assert len(str(caught.value)) < SHORT


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_out_of_range_parses_and_is_refused_by_the_rules(name: str) -> None:
    game = get_game(name)
    state = play_random(game, game.options(4), 11, 20)
    before = state.to_json()
    for seat in (4, 99, 999_999_999):
        text = SAMPLE[name].replace("0:", f"{seat}:", 1)
        action = game.parse_action(text)
        assert action.seat == seat
        for attempt in (state.check, state.apply):
            with pytest.raises(GameError):
                attempt(action)
        assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_numbers_of_more_than_nine_digits_are_refused(name: str) -> None:
    game = get_game(name)
    assert game.parse_action(SAMPLE[name].replace("0:", "123456789:", 1)).seat == 123456789
    with pytest.raises(InvalidActionError, match="too large"):
        game.parse_action(SAMPLE[name].replace("0:", "1234567890:", 1))


BAD_JSON: list[Any] = [
    None, 0, "0: pass", [], {}, {"type": None}, {"type": ["play"]}, {"type": {}},
    {"type": "x" * 100_000, "seat": 0}, {"seat": 10**5000}, [[[[[]]]]],
    {"type": "pass", "seat": "0"}, {"type": "pass", "seat": True}, {"type": "pass", "seat": -1},
    {"type": "pass", "seat": 1.0}, {"type": "pass", "seat": None},
    {"type": "pass", "seat": 0, "x" * 100_000: 1},
    {"type": "take", "seat": 0, "owner": "1"}, {"type": "play", "seat": 0, "card": 7},
    {"type": "play", "seat": 0, "card": ["R7"]}, {"type": "harvest", "seat": 0, "field": -1},
    {"type": "propose", "seat": 0, "to": 1, "wants": {"RO": 1}},
    {"type": "propose", "seat": 0, "to": 1, "wants": "RO"},
    {"type": "propose", "seat": 0, "to": 1, "hand": "01"},
    {"type": "plant-traded", "seat": 0, "bean": 3, "field": 0},
    {"type": "plant-traded", "seat": 0, "bean": ["RO"], "field": 0},
    {"type": "accept", "seat": 0, "pid": 10**30, "hand": [10**5000]},
    {"type": "go", "seat": 0, "path": "ROS"}, {"type": "go", "seat": 0, "path": [1]},
    {"type": "buy", "seat": 0, "bean": "BL", "slot": "1"},
]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("data", BAD_JSON, ids=range(len(BAD_JSON)))
def test_bad_json_raises_invalid_action_with_a_short_message(name: str, data: Any) -> None:
    with pytest.raises(InvalidActionError) as caught:
        get_game(name).action_from_json(data)
    assert 0 < len(str(caught.value)) < SHORT


def _deep() -> Any:
    nest: Any = ()
    for _ in range(100_000):
        nest = (nest,)
    return nest


ODD_FIELDS: list[Any] = [10**5000, -(10**5000), (10**5000,), _deep(), "x" * 100_000,
                         tuple(range(100_000)), {"a": 1}, [0], 2**64, -1, 1.5, None, True]


@pytest.mark.parametrize("name", GAMES)
def test_actions_with_fields_no_notation_can_write_are_refused(name: str) -> None:
    game = get_game(name)
    tried = 0
    for seed in range(6):
        state = play_random(game, game.option_sets(4)[0], seed, 15 * seed)
        before = state.to_json()
        pool = [a for seat in range(4) for a in state.legal_actions(seat)]
        pool += [p for seat in range(4) for p in list(state.proposals(seat))[:2]]
        for action in pool:
            for field in dataclasses.fields(action):
                for value in ODD_FIELDS:
                    odd = dataclasses.replace(action, **{field.name: value})
                    for attempt in (state.check, state.apply):
                        try:
                            attempt(odd)
                        except GameError as exc:
                            assert len(str(exc)) < SHORT, str(exc)[:SHORT]
                        else:
                            assert value is not value, f"{odd!r} passes {attempt.__name__}"
                        tried += 1
                    if state.to_json() != before:  # a legal odd action (e.g. True for 1)
                        state = game.state_from_json(before)
    assert tried > 200
