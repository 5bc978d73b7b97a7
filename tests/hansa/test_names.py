"""The seats by name in the words of Bohn Hansa (issue 35: the online table's log names
people, not "seat 2"): every event's text and every legal move's words, for every viewer,
with the seats' names are the words without them with each seat's number written as
its name, and nothing else changes (:mod:`names_check`)."""

from __future__ import annotations

import re

import pytest
from names_check import check_names, texts

from .helpers import GAME


@pytest.mark.parametrize("players", [3, 4])
def test_the_words_name_the_seats_and_change_nothing_else(players: int) -> None:
    for seed in range(3):
        state = GAME.new_game(GAME.options(players), seed)
        assert check_names(GAME, state, 400, seed) > 0


def test_the_events_name_the_beans_as_the_board_does() -> None:
    """One language a page (issue 35): the log names a bean by the board's name
    ("Saubohne"), never by its code ("SA"), and a city by its name ("Köln", not "KOE"),
    as the moves' words do."""
    said = texts(GAME.new_game(GAME.options(4), 2), 600, 2)
    codes = re.compile(r"\b(BL|FE|SA|BR|SO|AU|RO|GA)\b")
    assert [line for line in said if "Saubohne" in line or "Blaue Bohne" in line]
    assert not [line for line in said if codes.search(line)]
    assert not [line for line in said if re.search(r" to [A-Z]{3}\b", line)]  # a city's code
