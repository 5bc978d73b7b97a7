"""A result's reason is words: results are equal by their scores and winners, so a record
whose reason was worded otherwise ("1 rounds played") still replays to its result."""

from __future__ import annotations

from bohnen.core.result import Result


def test_results_with_other_words_for_the_reason_are_equal() -> None:
    assert Result((3, 1), (0,), "1 rounds played") == Result((3, 1), (0,), "1 round played")


def test_results_with_other_scores_or_winners_differ() -> None:
    assert Result((3, 1), (0,), "x") != Result((3, 2), (0,), "x")
    assert Result((3, 3), (0,), "x") != Result((3, 3), (0, 1), "x")
