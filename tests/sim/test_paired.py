"""Paired deals: the schedule deals each block once, and the paired difference and its
t interval agree with a hand computation."""

from __future__ import annotations

import math

import pytest

from bohnen.core.rng import derive
from bohnen.sim.paired import (
    deal_figures,
    paired_differences,
    t95,
    t_interval,
    whole_deals,
)
from bohnen.sim.ratings import entrants
from bohnen.sim.schedule import schedule
from bohnen.sim.tournament import GameOutcome


def test_a_paired_block_is_one_deal_played_in_every_rotation() -> None:
    games = schedule(7, 4, 12, paired=True)
    for block in range(3):
        mine = games[4 * block:4 * block + 4]
        assert {game.seed for game in mine} == {derive(7, block)}
        for seat in range(4):  # every bot once in every seat of the deal
            assert sorted(game.seats[seat] for game in mine) == [0, 1, 2, 3]
    unpaired = schedule(7, 4, 12)
    assert [g.seats for g in unpaired] == [g.seats for g in games]
    assert len({g.seed for g in unpaired}) == 12


def test_a_longer_schedule_begins_with_the_shorter_one() -> None:
    for paired in (False, True):
        assert schedule(3, 3, 15, paired)[:9] == schedule(3, 3, 9, paired)


def test_entrants_pool_a_spec_given_for_several_seats() -> None:
    assert entrants(["a", "b", "b", "a:x=1"]) == (["a", "b", "a:x=1"], [0, 1, 1, 2])


def game(index: int, seats: tuple[int, ...], scores: tuple[int, ...],
         winners: tuple[int, ...]) -> GameOutcome:
    return GameOutcome(index, 0, seats, scores, winners, "end", 10, 50)


# Bots "a", "b", "b": entrant a is bot 0, entrant b bots 1 and 2. Two whole deals and
# the first game of a third (left out: its rotations were not all played).
DEAL_0 = [game(0, (0, 1, 2), (10, 5, 3), (0,)),     # a wins alone
          game(1, (1, 2, 0), (8, 8, 4), (0, 1)),    # the two b share the win
          game(2, (2, 0, 1), (2, 9, 9), (1, 2))]    # a and a b share the win
DEAL_1 = [game(3, (0, 1, 2), (1, 5, 3), (1,)),
          game(4, (1, 2, 0), (6, 2, 2), (0,)),
          game(5, (2, 0, 1), (4, 0, 7), (2,))]
CUT = [game(6, (0, 1, 2), (9, 0, 0), (0,))]


def test_deal_figures_by_hand() -> None:
    # a: wins 1 + 0 + 1/2 over 3 seats = 0.5; talers 10 + 4 + 9 = 23 over 3.
    # b: wins 0 + (1/2 + 1/2) + 1/2 over 6 seats = 0.25; 5+3+8+8+2+9 = 35 over 6.
    (a_win, a_score), (b_win, b_score) = deal_figures(DEAL_0, [0, 1, 1], 2)
    assert (a_win, b_win) == (0.5, 0.25)
    assert a_score == pytest.approx(23 / 3) and b_score == pytest.approx(35 / 6)
    # deal 1: a wins none, talers 1 + 2 + 0; b wins 3 of 6 seats, 5+3+6+2+4+7 = 27.
    assert deal_figures(DEAL_1, [0, 1, 1], 2) == [(0.0, 1.0), (0.5, 4.5)]


def test_whole_deals_leave_out_a_deal_cut_short() -> None:
    assert whole_deals([*CUT, *DEAL_1, *DEAL_0], 3) == [DEAL_0, DEAL_1]


def test_paired_difference_and_its_t_interval_by_hand() -> None:
    (difference,) = paired_differences([*DEAL_0, *DEAL_1, *CUT], ("a", "b", "b"))
    assert (difference.first, difference.second, difference.deals) == ("a", "b", 2)
    # win share differences 0.5 - 0.25 = 0.25 and 0 - 0.5 = -0.5: mean -0.125, sample
    # standard deviation sqrt(2 * 0.375**2 / 1) = 0.53033, standard error 0.375,
    # t(1 degree of freedom) = 12.7062: half width 4.764825.
    assert difference.win_share.mean == pytest.approx(-0.125)
    assert difference.win_share.low == pytest.approx(-0.125 - 4.764825, abs=1e-6)
    assert difference.win_share.high == pytest.approx(-0.125 + 4.764825, abs=1e-6)
    # talers: 23/3 - 35/6 = 11/6 and 1 - 4.5 = -3.5: mean -5/6, deviations +-8/3,
    # standard error 8/3, half width 12.7062 * 8/3 = 33.88320.
    assert difference.score.mean == pytest.approx(-5 / 6)
    assert difference.score.high == pytest.approx(-5 / 6 + 33.8832, abs=1e-4)
    data = difference.to_json()
    assert data["win_share_difference"] == -0.125
    assert data["win_share_difference_95"] == [-4.8898, 4.6398]


def test_t_interval_by_hand() -> None:
    # 0.5, 0.25, 0, 0.25: mean 0.25, squares of deviations 0.125 over 3 = 0.041667,
    # standard error sqrt(0.041667 / 4) = 0.102062, t(3) = 3.1824: half 0.324802.
    interval = t_interval([0.5, 0.25, 0.0, 0.25])
    assert interval.mean == 0.25
    assert (interval.low, interval.high) == pytest.approx((0.25 - 0.324802, 0.25 + 0.324802),
                                                          abs=1e-6)
    one = t_interval([0.3])
    assert one.mean == 0.3 and math.isnan(one.low) and math.isnan(one.high)


@pytest.mark.parametrize(("freedom", "quantile"), [
    (1, 12.7062), (10, 2.2281), (30, 2.0423),
    (31, 2.0395), (60, 2.0003), (120, 1.9799), (1000, 1.9623),  # published tables
])
def test_t95_matches_the_tables(freedom: int, quantile: float) -> None:
    assert t95(freedom) == pytest.approx(quantile, abs=1e-4)


def test_t95_needs_a_degree_of_freedom() -> None:
    with pytest.raises(ValueError, match="degrees of freedom"):
        t95(0)
