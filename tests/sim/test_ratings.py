"""Standings from hand-made results: win shares, Wilson intervals, places, openskill ratings."""

from __future__ import annotations

import pytest

from bohnen.sim.ratings import (
    Rating,
    Standing,
    by_win_share,
    entrant_names,
    entrants,
    fit_ratings,
    seat_ranks,
    standings,
    wilson_interval,
)
from bohnen.sim.tournament import GameOutcome

# Six games of three bots: bot 0 (a) wins two and is last in the others, bot 2 (c) wins
# four and is last in the others, bot 1 (b) is second every time. By hand: a 2 wins
# of 6 (1/3), b none (0), c 4 of 6 (2/3); b's steady second places rate it above a.
WIN_SHARE_GAMES = [(0, 1, 2), (2, 1, 0), (2, 1, 0), (0, 1, 2), (2, 1, 0), (2, 1, 0)]


def outcome(index: int, seats: tuple[int, ...], scores: tuple[int, ...],
            winners: tuple[int, ...]) -> GameOutcome:
    return GameOutcome(index, index, seats, scores, winners, "end", 10, 100)


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    (5, 10, 0.2366, 0.7634),   # the textbook values of Wilson's interval
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (1, 4, 0.0456, 0.6994),
    (50, 100, 0.4038, 0.5962),
])
def test_wilson_interval(wins: float, games: int, low: float, high: float) -> None:
    got = wilson_interval(wins, games)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_takes_split_wins_and_no_games() -> None:
    low, high = wilson_interval(2.5, 10)
    assert low < 0.25 < high
    assert wilson_interval(2.5, 10) != wilson_interval(2, 10)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("scores", "winners", "places"), [
    ((5, 9, 3), (1,), [2, 1, 3]),
    ((5, 9, 9), (1, 2), [3, 1, 1]),
    ((7, 7, 2, 7), (3,), [2, 2, 4, 1]),  # the tie-break winner first, the equal scores tied
    ((0, 0, 0), (0, 1, 2), [1, 1, 1]),
])
def test_seat_ranks(scores: tuple[int, ...], winners: tuple[int, ...],
                    places: list[int]) -> None:
    assert seat_ranks(scores, winners) == places


def test_a_bot_that_always_wins_is_rated_above_one_that_always_loses() -> None:
    # Bot 0 always first, bot 1 always second, bot 2 always last, from every seat.
    games = [outcome(i, seats, tuple(30 - 10 * bot for bot in seats), (seats.index(0),))
             for i, seats in enumerate([(0, 1, 2), (1, 2, 0), (2, 0, 1)] * 4)]
    ratings = fit_ratings(games, 3)
    assert ratings[0].mu > ratings[1].mu > ratings[2].mu
    assert ratings[0].ordinal > ratings[2].high
    assert all(r.sigma < 25 / 3 for r in ratings)  # every game made them surer


def test_no_games_leave_the_default_rating() -> None:
    (rating,) = fit_ratings([], 1)
    assert rating.mu == pytest.approx(25.0)
    assert rating.sigma == pytest.approx(25 / 3)


def test_ratings_follow_the_order_of_the_games_given() -> None:
    first = outcome(0, (0, 1), (5, 3), (0,))
    second = outcome(1, (1, 0), (9, 1), (0,))
    assert fit_ratings([first, second], 2) == fit_ratings([first, second], 2)
    assert fit_ratings([first, second], 2) != fit_ratings([second, first], 2)


def test_standings_count_games_split_wins_and_mean_scores() -> None:
    games = [
        outcome(0, (0, 1, 2), (10, 6, 4), (0,)),
        outcome(1, (1, 2, 0), (8, 8, 2), (0, 1)),  # bots 1 and 2 share the win
        outcome(2, (2, 0, 1), (3, 12, 5), (1,)),  # bot 0 wins from seat 1
    ]
    table = standings(games, ["a", "b", "c"])
    assert [s.name for s in table] == ["a", "b", "c"]
    assert [s.games for s in table] == [3, 3, 3]
    assert [s.wins for s in table] == [2.0, 0.5, 0.5]
    assert table[0].win_share == pytest.approx(2 / 3)
    assert (table[0].win_low, table[0].win_high) == wilson_interval(2, 3)
    assert [s.mean_score for s in table] == pytest.approx([8.0, 19 / 3, 5.0])
    assert table[2].scores == (4, 8, 3)
    assert table[0].rating.mu > table[1].rating.mu


def test_standings_without_games() -> None:
    (standing,) = standings([], ["a"])
    assert standing.games == 0
    assert standing.win_share is None
    assert standing.mean_score is None


def win_share_outcomes() -> list[GameOutcome]:
    """The games of ``WIN_SHARE_GAMES``, the winner in seat 0, b always in seat 1."""
    return [outcome(index, seats, (9, 5, 1), (0,))
            for index, seats in enumerate(WIN_SHARE_GAMES)]


def test_standings_are_shown_by_win_share_not_by_rating() -> None:
    table = standings(win_share_outcomes(), ["a", "b", "c"])
    assert [s.wins for s in table] == [2.0, 0.0, 4.0]
    assert [s.win_share for s in table] == pytest.approx([1 / 3, 0.0, 2 / 3])
    assert table[1].rating.mu > table[0].rating.mu  # the best rating first put b above a
    assert [s.name for s in by_win_share(table)] == ["c", "a", "b"]


def hand_standing(name: str, games: int, wins: float, mu: float) -> Standing:
    """A standing with only what the order reads filled in meaningfully."""
    return Standing(0, name, games, wins, 0.0, 1.0, None, (), Rating(mu, 1.0))


def test_equal_win_shares_go_by_rating_then_by_name_and_no_games_last() -> None:
    table = [hand_standing("idle", 0, 0.0, 40.0), hand_standing("zed", 4, 2.0, 25.0),
             hand_standing("amy", 2, 1.0, 25.0), hand_standing("max", 8, 4.0, 30.0),
             hand_standing("low", 4, 0.0, 20.0)]
    assert [s.name for s in by_win_share(table)] == ["max", "amy", "zed", "low", "idle"]


def test_entrant_names_are_the_specs_so_that_repeated_specs_are_one_entrant() -> None:
    assert entrant_names(["a", "b"]) == ["a", "b"]
    assert entrant_names(["random", "x", "random", "random"]) == ["random", "x", "random", "random"]
    assert entrants(["random", "x", "random", "random"]) == (["random", "x"], [0, 1, 0, 0])


# Three games of the positions h, h, r (one entrant "h" in two seats of every game).
POOLED_GAMES = [
    outcome(0, (0, 1, 2), (10, 6, 4), (0,)),  # h (seat 0) wins alone
    outcome(1, (1, 2, 0), (8, 8, 2), (0, 1)),  # h (seat 0) and r (seat 1) share the win
    outcome(2, (2, 0, 1), (3, 12, 5), (1,)),  # h (seat 1) wins alone
]


def test_one_spec_in_two_seats_is_one_entrant_counted_per_seat_game() -> None:
    # By hand: h holds 2 seats of 3 games, 6 seat-games; wins 1 + 0.5 + 1 = 2.5; its
    # scores 10 + 6 + 8 + 2 + 12 + 5 = 43. r: 3 seat-games, 0.5 wins, scores 4, 8, 3.
    h, r = standings(POOLED_GAMES, ["h", "h", "r"])
    assert (h.name, h.games, h.wins, h.scores) == ("h", 6, 2.5, (10, 6, 8, 2, 12, 5))
    assert h.mean_score == pytest.approx(43 / 6)
    assert (h.win_low, h.win_high) == wilson_interval(2.5, 6)
    assert (r.name, r.games, r.wins, r.mean_score) == ("r", 3, 0.5, 5.0)
    assert h.wins + r.wins == pytest.approx(3)  # one win per game, whoever holds the seats


def test_a_pooled_entrant_moves_by_the_sum_of_its_seats_moves() -> None:
    # One game: h first and third, r second. By hand from openskill's own update of
    # three fresh players: h's mu moves by both its seats' moves, its variance by the
    # product of their factors.
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    first, second, third = (team[0] for team in model.rate(
        [[model.rating()], [model.rating()], [model.rating()]], ranks=[1.0, 2.0, 3.0]))
    sigma = 25 / 3
    game = outcome(0, (0, 2, 1), (9, 5, 1), (0,))
    h, r = fit_ratings([game], 3, [0, 0, 1])
    assert h.mu == pytest.approx(25 + (first.mu - 25) + (third.mu - 25))
    assert h.sigma == pytest.approx(sigma * (first.sigma / sigma) * (third.sigma / sigma))
    assert (r.mu, r.sigma) == pytest.approx((second.mu, second.sigma))


def test_an_entrant_playing_only_itself_keeps_its_rating() -> None:
    # Its seats' results against each other cancel out: nothing is learnt of its skill.
    (h,) = fit_ratings([outcome(0, (0, 1), (9, 1), (0,))], 2, [0, 0])
    assert h.mu == pytest.approx(25.0)
