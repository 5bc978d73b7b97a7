"""The SPRT of two entrants: bounds, LLR and game scores against hand computations, and
``--sprt`` values refused with a message."""

from __future__ import annotations

import pytest

from bohnen.sim.sprt import (
    H0,
    H1,
    LEAST_UNITS,
    Sprt,
    expected_score,
    game_score,
    llr_of,
    parse_sprt,
)
from bohnen.sim.tournament import GameOutcome

TEST = Sprt(0, 10, 0.05, 0.05)


def test_bounds_by_hand() -> None:
    # a = ln(0.05 / 0.95) = -2.944439, b = ln(0.95 / 0.05) = 2.944439
    assert (TEST.lower, TEST.upper) == pytest.approx((-2.944439, 2.944439), abs=1e-6)
    # a = ln(0.2 / 0.9) = -1.504077, b = ln(0.8 / 0.1) = 2.079442
    other = Sprt(-5, 5, 0.1, 0.2)
    assert (other.lower, other.upper) == pytest.approx((-1.504077, 2.079442), abs=1e-6)


def test_expected_score_by_hand() -> None:
    # 1 / (1 + 10 ** (-10 / 400)) = 1 / 1.944061 = 0.514387
    assert expected_score(10) == pytest.approx(0.514387, abs=1e-6)
    assert expected_score(0) == 0.5


def test_trinomial_llr_by_hand() -> None:
    # 30 wins, 10 draws, 20 losses: score (30 + 5) / 60 = 0.583333; variance
    # 0.5 * 0.416667**2 + 0.166667 * 0.083333**2 + 0.333333 * 0.583333**2 = 0.201389;
    # LLR = 60 * (0.514387 - 0.5) * (2 * 0.583333 - 0.5 - 0.514387) / (2 * 0.201389)
    #     = 60 * 0.014387 * 0.152279 / 0.402778 = 0.326365
    scores = [1.0] * 30 + [0.5] * 10 + [0.0] * 20
    assert llr_of(TEST, scores) == pytest.approx(0.326365, abs=1e-5)
    assert TEST.verdict(llr_of(TEST, scores)) is None


def test_pentanomial_llr_by_hand() -> None:
    # Ten deals of two games scored 0, 1/4 (twice), 1/2 (3), 3/4 (3), 1: mean 0.525,
    # variance (0.275625 + 2 * 0.075625 + 3 * 0.000625 + 3 * 0.050625 + 0.225625) / 10
    # = 0.080625; LLR = 10 * 0.014387 * (1.05 - 1.014387) / 0.16125 = 0.031775
    scores = [0.0, 0.25, 0.25, 0.5, 0.5, 0.5, 0.75, 0.75, 0.75, 1.0]
    assert llr_of(TEST, scores) == pytest.approx(0.031775, abs=1e-5)


def test_a_variance_of_zero_is_taken_as_the_least() -> None:
    # ten wins: variance 0, taken as 0.001: 10 * 0.014387 * 0.985613 / 0.002 = 70.9010
    assert llr_of(TEST, [1.0] * 10) == pytest.approx(70.9010, abs=1e-3)
    assert TEST.verdict(70.9) == H1
    assert llr_of(TEST, [0.0] * 10) < TEST.lower
    assert TEST.verdict(-3.0) == H0


def test_fewer_than_ten_units_give_no_llr() -> None:
    # two units whose variance is small by chance would give 2 * 0.014387 *
    # (2 * 0.555 - 1.014387) / (2 * 0.001) = 1.38 and decide at once a wider test
    assert LEAST_UNITS == 10
    assert llr_of(TEST, [0.55, 0.56]) == 0.0
    assert llr_of(TEST, [1.0] * 9) == 0.0
    assert llr_of(TEST, []) == 0.0


def test_verdict_at_the_bounds() -> None:
    assert TEST.verdict(TEST.upper) == H1
    assert TEST.verdict(TEST.lower) == H0
    assert TEST.verdict(0.0) is None


def outcome(seats: tuple[int, ...], scores: tuple[int, ...],
            winners: tuple[int, ...]) -> GameOutcome:
    return GameOutcome(0, 0, seats, scores, winners, "end", 1, 1)


def test_game_score_sets_each_seat_of_one_against_each_of_the_other() -> None:
    pooled = [0, 1, 1, 1]  # bots a, b, b, b
    # a second of four (behind one b, ahead of two): 1/3 + ... = (0 + 1 + 1) / 3
    second = outcome((1, 0, 2, 3), (9, 7, 3, 5), (0,))
    assert game_score(second, pooled, 0, 1) == pytest.approx(2 / 3)
    # a shares the win with one b: a draw with it, ahead of the others
    shared = outcome((0, 1, 2, 3), (9, 9, 3, 5), (0, 1))
    assert game_score(shared, pooled, 0, 1) == pytest.approx((0.5 + 1 + 1) / 3)
    # one seat each: the classic win, draw or loss
    duel = [0, 1, 2]
    assert game_score(outcome((0, 1, 2), (5, 3, 1), (0,)), duel, 0, 1) == 1.0
    assert game_score(outcome((0, 1, 2), (3, 3, 9), (2,)), duel, 0, 1) == 0.5
    assert game_score(outcome((0, 1, 2), (1, 3, 9), (2,)), duel, 0, 1) == 0.0
    assert game_score(outcome((0, 2, 2), (1, 3, 9), (2,)), duel, 0, 1) is None


def test_parse_sprt_reads_four_values() -> None:
    assert parse_sprt("0, 10, 0.05, 0.1") == Sprt(0, 10, 0.05, 0.1)


@pytest.mark.parametrize(("text", "named"), [
    ("0,5,0.05", "give four values, elo0,elo1,alpha,beta"),
    ("0,5,0.05,0.05,1", "not 5"),
    ("0,five,0.05,0.05", "elo1 'five' is not a number"),
    ("0,5,nan,0.05", "alpha must be a finite number"),
    ("5,5,0.05,0.05", "elo0 (5) must be below elo1 (5)"),
    ("0,5,1.5,0.05", "alpha must be between 0 and 1, not 1.5"),
    ("0,5,0.05,0", "beta must be between 0 and 1, not 0"),
    ("0,5,0.6,0.5", "alpha + beta must be below 1"),
])
def test_parse_sprt_refuses_bad_values(text: str, named: str) -> None:
    with pytest.raises(ValueError, match="--sprt") as caught:
        parse_sprt(text)
    assert named in str(caught.value)
