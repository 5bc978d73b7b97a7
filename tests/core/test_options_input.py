"""Every option of every game refuses a value of the wrong kind, naming the option.

A bool where a number is expected, a list, a dict, a float, an integer of thousands of
digits, text where true or false is expected: ``ValueError`` naming the option, with a
short message, never a ``TypeError`` from deep inside (Bohn Hansa's ``board_digest``
that was not text was sliced and raised one).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from bohnen.core import game_names, get_game

ODD: list[Any] = [True, False, None, 0, -1, 3, 2**64, 10**5000, 1.5, 4.0, float("nan"), "",
                  "x", "true", "4", "default", [], [4], {}, {"x": 1}, ("turn_based",)]


@pytest.mark.parametrize("name", game_names())
def test_an_odd_option_is_refused_naming_it_or_makes_a_playable_game(name: str) -> None:
    game = get_game(name)
    players = game.min_players
    fields = [f.name for f in dataclasses.fields(game.options(players))]
    refused = 0
    for field in fields:
        for value in ODD:
            overrides = {field: value} if field != "players" else {}
            try:
                options = game.options(value if field == "players" else players, **overrides)
            except ValueError as exc:
                named = f"option {field}" in str(exc) or (  # a digest of another board
                    field == "board_digest" and "option board: default has changed" in str(exc))
                assert named, (field, value, str(exc))
                assert len(str(exc)) < 300
                refused += 1
                continue
            # accepted: then it is a value the game plays with
            assert game.options_from_json(json.loads(json.dumps(options.to_json()))) == options
            game.new_game(options, 0).to_json()
    assert refused > len(fields) * len(ODD) // 2


def test_a_hansa_board_digest_that_is_not_text_is_refused() -> None:
    game = get_game("hansa")
    for digest in (5, ["x"], {"sha": 1}, 1.5, True):
        with pytest.raises(ValueError, match="option board_digest"):
            game.options(4, board_digest=digest)
    with pytest.raises(ValueError, match="option board: default has changed"):
        game.options(4, board_digest="0" * 64)


@pytest.mark.parametrize("name", game_names())
def test_an_unknown_option_by_keyword_is_named_with_the_known_ones(name: str) -> None:
    game = get_game(name)
    options_class = type(game.options(game.min_players))
    with pytest.raises(ValueError) as refused:
        game.options(game.min_players, nope=1, **{"also-not": True})
    message = str(refused.value)
    assert message.startswith("unknown option(s) also-not, nope; options are ")
    known = {field.name for field in dataclasses.fields(options_class)} - {"players"}
    assert message.endswith(", ".join(sorted(known)))
    assert options_class.__name__ not in message and "__init__" not in message
