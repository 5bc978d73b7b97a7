"""The seating of a tournament: every bot in every seat equally often, from the seed alone."""

from __future__ import annotations

from collections import Counter

import pytest

from bohnen.core.rng import derive
from bohnen.sim.schedule import Pairing, chunks, rounded_games, schedule


@pytest.mark.parametrize(("requested", "bots", "total"),
                         [(0, 4, 0), (1, 4, 4), (4, 4, 4), (10, 3, 12), (11, 5, 15)])
def test_games_are_rounded_up_to_whole_rotations(requested: int, bots: int, total: int) -> None:
    assert rounded_games(requested, bots) == total
    assert len(schedule(1, bots, requested)) == total


@pytest.mark.parametrize("bots", [3, 4, 5, 6])
def test_each_block_seats_every_bot_once_in_every_seat(bots: int) -> None:
    pairings = schedule(7, bots, 6 * bots)
    for start in range(0, len(pairings), bots):
        block = pairings[start:start + bots]
        for seat in range(bots):
            assert sorted(p.seats[seat] for p in block) == list(range(bots))
        for pairing in block:
            assert sorted(pairing.seats) == list(range(bots))
    seats = Counter((bot, seat) for p in pairings for seat, bot in enumerate(p.seats))
    assert set(seats.values()) == {6}


def test_neighbours_change_between_blocks() -> None:
    pairings = schedule(3, 4, 4 * 20)
    orders = {tuple(p.seats) for p in pairings[::4]}
    assert len(orders) > 1


def test_game_i_has_the_seed_derived_from_the_tournament_seed() -> None:
    pairings = schedule(42, 3, 9)
    assert [p.index for p in pairings] == list(range(9))
    assert [p.seed for p in pairings] == [derive(42, i) for i in range(9)]


def test_the_schedule_depends_on_the_seed_only() -> None:
    assert schedule(5, 4, 40) == schedule(5, 4, 40)
    assert schedule(5, 4, 40) != schedule(6, 4, 40)
    assert schedule(5, 4, 40)[:8] == schedule(5, 4, 8)


def test_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="--games must be 0 or more"):
        rounded_games(-1, 4)
    with pytest.raises(ValueError, match="at least one bot"):
        rounded_games(4, 0)


def test_chunks_keep_every_pairing_in_order() -> None:
    pairings = schedule(1, 3, 10)
    pieces = chunks(pairings, 4)
    assert [len(piece) for piece in pieces] == [4, 4, 4]
    flat: list[Pairing] = [p for piece in pieces for p in piece]
    assert flat == pairings
    with pytest.raises(ValueError):
        chunks(pairings, 0)
