"""The seats by name in the words of Nicht die Bohne! (issue 35: the online table's log names
people, not "seat 2"): every event's text and every legal move's words, for every viewer,
with the seats' names are the words without them with each seat's number written as
its name, and nothing else changes (:mod:`names_check`)."""

from __future__ import annotations

import re

import pytest
from names_check import check_names, texts

from .helpers import GAME


@pytest.mark.parametrize("players", [3, 6])
def test_the_words_name_the_seats_and_change_nothing_else(players: int) -> None:
    for seed in range(3):
        state = GAME.new_game(GAME.options(players), seed)
        assert check_names(GAME, state, 400, seed) > 0


def test_the_events_name_the_cards_in_english_words() -> None:
    """One language a page (issue 35): the log names a card "red 7", as the moves' words
    do, never in French ("rouge 7") nor by its code ("R7")."""
    said = texts(GAME.new_game(GAME.options(4), 2), 400, 2)
    assert [line for line in said if re.search(r"\b(green|red|yellow|blue) ", line)]
    assert not [line for line in said if re.search(r"\b(vert|rouge|jaune|bleu)\b", line)]
    assert not [line for line in said if re.search(r"\b[GRYB](10|[1-9]|-|x2|0)\b", line)]
