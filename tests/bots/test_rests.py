"""``bohnen.core.bots.Rests``: a bot that answered ``Wait`` rests until its seconds have
passed or the table changes, as the online table rests it; times are given, never
measured."""

from __future__ import annotations

from bohnen.core.bots import Rests, Wait


def test_a_wait_of_seconds_ends_when_they_have_passed() -> None:
    rests = Rests(10.0)
    rests.rest(1, Wait(2.0), 10.5)
    assert rests.resting(1, 12.4)
    assert not rests.resting(1, 12.5)  # 10.5 + 2.0
    assert not rests.resting(2, 10.5)  # never asked to wait
    assert rests.wake() == 12.5


def test_a_wait_without_seconds_lasts_until_the_table_changes() -> None:
    rests = Rests(0.0)
    rests.rest(3, Wait(), 1.0)
    assert rests.resting(3, 1_000.0)
    assert rests.wake() is None  # nothing to wake it but a step
    rests.step(1_000.0)
    assert not rests.resting(3, 1_000.0)


def test_a_step_wakes_every_bot_and_restarts_the_count() -> None:
    rests = Rests(0.0)
    rests.rest(1, Wait(5.0), 1.0)
    rests.rest(2, Wait(3.0), 2.0)
    assert rests.wake() == 5.0  # the first of 6.0 and 5.0
    assert rests.waited(4.0) == 4.0
    rests.step(4.0)
    assert rests.wake() is None
    assert not rests.resting(1, 4.0) and not rests.resting(2, 4.0)
    assert rests.waited(4.5) == 0.5
    assert rests.waited(3.0) == 0.0  # never negative
