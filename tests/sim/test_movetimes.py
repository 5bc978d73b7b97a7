"""Time per move from given durations (never measured ones): mean, p99, max, over budget."""

from __future__ import annotations

import pytest

from bohnen.bots import make_bot
from bohnen.core import get_game
from bohnen.sim.figures import entrant_times
from bohnen.sim.movetimes import MoveTimes, budget_of, seats_times_from, times_from, total
from bohnen.sim.runner import play_game
from bohnen.sim.tournament import GameOutcome


def test_mean_p99_max_and_over_budget_by_hand() -> None:
    # 99 moves of 0.01 s and one of 0.5 s, budget 0.05 s. By hand: mean
    # (99 * 0.01 + 0.5) / 100 = 0.0149; p99 is the 99th shortest of 100: 0.01;
    # max 0.5; one move over the budget (1%).
    times = MoveTimes.of([0.01] * 99 + [0.5], budget=0.05)
    assert times.moves == 100
    assert times.mean == pytest.approx(0.0149)
    assert times.p99 == 0.01
    assert times.longest == 0.5
    assert (times.over, times.over_share) == (1, 0.01)


def test_p99_is_the_nearest_rank() -> None:
    # 200 moves: the 99th percentile is the 198th shortest, 0.2 (then 0.3 and 0.4).
    times = MoveTimes.of([0.1] * 197 + [0.4, 0.2, 0.3])
    assert times.p99 == 0.2
    # 10 moves: the rank ceil(9.9) = 10 is the longest.
    assert MoveTimes.of([0.1] * 9 + [0.7]).p99 == 0.7


def test_p99_from_a_bucket_holding_several_durations_errs_upwards_by_under_5_percent() -> None:
    # 1.0 and 1.03 share a bucket (1 to 2^(1/16) = 1.0443): the bucket's longest move
    # stands for its rank, 1.03 where the true 99th percentile is 1.0.
    assert MoveTimes.of([1.0] * 99 + [1.03]).p99 == 1.03
    # 1.05 is in the next bucket: exact again.
    assert MoveTimes.of([1.0] * 99 + [1.05]).p99 == 1.0


def test_a_move_as_long_as_the_budget_is_not_over_it() -> None:
    times = MoveTimes.of([0.05, 0.05, 0.0500001, 0.02], budget=0.05)
    assert times.over == 1
    assert times.over_share == 0.25


def test_without_a_budget_there_is_no_over_count() -> None:
    times = MoveTimes.of([0.3, 0.1])
    assert times.over_share is None
    assert times.to_json()["over"] is None
    assert times.mean == pytest.approx(0.2)


def test_no_moves_have_no_figures() -> None:
    times = MoveTimes(0.05)
    assert (times.mean, times.p99, times.over_share) == (None, None, None)


def test_merged_figures_are_those_of_all_the_durations() -> None:
    first, second = [0.01, 0.02, 0.3], [0.02, 0.05, 0.001, 0.2]
    merged = MoveTimes.of(first, 0.1).merge(MoveTimes.of(second, 0.1))
    whole = MoveTimes.of(first + second, 0.1)
    assert (merged.moves, merged.longest, merged.over, merged.buckets, merged.p99) == (
        whole.moves, whole.longest, whole.over, whole.buckets, whole.p99)
    assert merged.over == 2 and merged.moves == 7
    assert merged.seconds == pytest.approx(0.601)
    assert total([]).moves == 0


def test_figures_timed_against_different_budgets_keep_no_over_count() -> None:
    merged = MoveTimes.of([0.2], 0.1).merge(MoveTimes.of([0.2], 0.5))
    assert merged.budget is None and merged.over_share is None and merged.moves == 2


def test_figures_read_back_from_json_are_the_same() -> None:
    times = MoveTimes.of([0.01, 0.25, 0.125, 0.5], budget=0.2)
    back = times_from(times.to_json())
    assert (back.moves, back.longest, back.over, back.budget, back.buckets, back.p99) == (
        4, 0.5, 2, 0.2, times.buckets, times.p99)
    assert back.seconds == pytest.approx(0.885)


@pytest.mark.parametrize(("data", "message"), [
    ([], "must be a JSON object"),
    ({"moves": 1}, "lack"),
    ({"moves": 1, "seconds": 0.1, "max": 0.1, "budget": None, "over": None,
      "histogram": [[0, 2, 0.1]]}, "does not hold every move"),
    ({"moves": -1, "seconds": 0.1, "max": 0.1, "budget": None, "over": None,
      "histogram": []}, "not a count"),
    ({"moves": 0, "seconds": "x", "max": 0.1, "budget": None, "over": None,
      "histogram": []}, "not a number of seconds"),
    ({"moves": 0, "seconds": 0, "max": 0, "budget": None, "over": None,
      "histogram": [[1.5, 1, 0.1]]}, "not a whole number"),
])
def test_bad_move_times_are_refused_with_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        times_from(data)


def test_an_ismcts_bot_is_held_to_its_own_seconds_and_others_to_the_default() -> None:
    game = get_game("bohnanza")
    assert budget_of(make_bot("ismcts:seconds=0.05", game), 1.0) == 0.05
    assert budget_of(make_bot("ismcts:iterations=10", game), 1.0) == 1.0
    assert budget_of(make_bot("random", game)) is None


def test_a_timed_game_times_every_decision_of_every_seat() -> None:
    game = get_game("bohnanza")
    bots = [make_bot("random", game) for _ in range(3)]
    played = play_game(game, game.options(3), 5, bots, timed=True)
    assert len(played.move_seconds) == 3
    assert sum(len(seat) for seat in played.move_seconds) == played.actions
    assert all(seconds >= 0 for seat in played.move_seconds for seconds in seat)
    assert play_game(game, game.options(3), 5, bots).move_seconds == ()


def test_an_entrant_in_two_seats_pools_their_moves() -> None:
    # positions 0 and 1 are one entrant "h"; by hand: h made 2 + 1 + 3 moves, r 2.
    outcomes = [
        GameOutcome(0, 0, (0, 1, 2), (1, 2, 3), (2,), "end", 1, 8,
                    times=(MoveTimes.of([0.1, 0.2]), MoveTimes.of([0.4]),
                           MoveTimes.of([0.3, 0.3]))),
        GameOutcome(1, 1, (2, 0, 1), (1, 2, 3), (2,), "end", 1, 3,
                    times=(MoveTimes(), MoveTimes(), MoveTimes.of([0.6, 0.1, 0.2]))),
    ]
    h, r = entrant_times(outcomes, ["h", "h", "r"])
    assert (h.moves, h.longest) == (6, 0.6)
    assert h.mean == pytest.approx(1.6 / 6)
    assert (r.moves, r.longest) == (2, 0.3)


def test_a_journal_line_whose_times_are_not_a_list_is_refused() -> None:
    with pytest.raises(ValueError, match="times must be a list, one per seat"):
        seats_times_from(5)
    assert seats_times_from([]) == ()
