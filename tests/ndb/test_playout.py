"""The Nicht die Bohne! playouts of search bots (``Game.playout_move``, ``Game.playout``)."""

from __future__ import annotations

import random
from typing import Any

from bohnen.ndb.actions import Play, Take

from .helpers import GAME, act, deal


def test_takes_the_card_that_adds_most_to_its_own_row() -> None:
    # Seat 0 leads R7; the others play B3, Y2, G9; seat 0 takes first.
    state = deal(["R7", "B3 G5", "Y2", "G9"], players=4, seed=2)
    act(state, "0: play R7", "1: play B3", "2: play Y2", "3: play G9")
    for seed in range(10):
        assert GAME.search.playout_move(state, random.Random(seed)) == Take(0, 3)  # G9: 9 points


def test_plays_a_card_of_the_hand_of_a_seat_still_to_play() -> None:
    state = deal(["R7", "B3 G5", "Y2", "G9"], players=4, seed=2)
    act(state, "0: play R7")
    for seed in range(20):
        action = GAME.search.playout_move(state, random.Random(seed))
        assert type(action) is Play and action.seat in (1, 2, 3)
        state.check(action)


def test_only_legal_moves_in_complete_games() -> None:
    for players in (3, 4, 5, 6):
        for seed in range(10):
            state: Any = GAME.new_game(GAME.options(players), seed)
            rng = random.Random(seed)
            while (action := GAME.search.playout_move(state, rng)) is not None:
                state.check(action)
                state.apply(action)
            assert state.is_over
            state.audit()


def test_ndb_playouts_stop_at_the_end_of_the_round() -> None:
    game = GAME
    state: Any = game.new_game(game.options(4), 5)
    result = game.search.playout(state, random.Random(5))
    assert not state.is_over and state.round == 1 and len(state.sheet) == 1
    assert result.scores == state.totals()
    assert result.winners == tuple(s for s in range(4) if result.scores[s] == max(result.scores))
    last: Any = game.new_game(game.options(4, rounds=1), 5)
    assert game.search.playout(last, random.Random(5)) == last.result()
