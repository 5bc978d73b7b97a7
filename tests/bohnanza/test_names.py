"""The seats by name in the words of Bohnanza (issue 35: the online table's log names
people, not "seat 2"): every event's text and every legal move's words, for every viewer,
with the seats' names are the words without them with each seat's number written as
its name, and nothing else changes (:mod:`names_check`)."""

from __future__ import annotations

import pytest
from names_check import check_names

from .helpers import GAME


@pytest.mark.parametrize("players", [3, 5])
def test_the_words_name_the_seats_and_change_nothing_else(players: int) -> None:
    for seed in range(3):
        state = GAME.new_game(GAME.options(players), seed)
        assert check_names(GAME, state, 400, seed) > 0
