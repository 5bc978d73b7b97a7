"""The take-back rule (bohnen/core/undo.py) that the terminal and the online table
share: one's own last move, while nobody else has moved since, unless it turned up
chance or hidden cards; a move the clock or a stand-in made is not one's own."""

from __future__ import annotations

from bohnen.core.undo import Step, may_take_back, take_back_refusal

NAMES = {0: "Ada", 1: "Bea"}


def refusal(steps: list[Step], seat: int = 0) -> str | None:
    return take_back_refusal(steps, seat, NAMES.__getitem__)


def test_ones_own_last_move_is_taken_back_then_the_one_before() -> None:
    steps = [Step(1, False), Step(0, False, move="plant 0"), Step(0, False)]
    assert refusal(steps) is None and may_take_back(steps, 0)
    assert refusal(steps[:2]) is None  # pressed again: the move before it
    assert refusal(steps[:1]) == "you have made no move to take back"
    assert refusal([]) == "you have made no move to take back"
    assert not may_take_back([], 0)


def test_a_move_that_turned_up_cards_is_not_taken_back() -> None:
    steps = [Step(0, True, move="end-planting")]
    assert refusal(steps) == "cannot take back end-planting: it drew or revealed cards"
    assert refusal([Step(0, True)]) == "cannot take back: it drew or revealed cards"
    assert not may_take_back(steps, 0)


def test_nor_a_move_after_another_seat_or_the_clock_or_a_stand_in_moved() -> None:
    assert refusal([Step(0, False), Step(1, False)]) == "cannot take back: Bea has moved since"
    forced = [Step(0, False), Step(0, False, own=False)]
    assert refusal(forced) == ("cannot take back: the clock or a stand-in has moved for you "
                               "since")
    assert refusal([Step(0, False, own=False)]) == "you have made no move to take back"
    assert not may_take_back(forced, 0)
    assert take_back_refusal([Step(0, False), Step(1, False)], 0) == (
        "cannot take back: seat 1 has moved since")  # the terminal's names


def test_may_take_back_says_what_the_refusal_says() -> None:
    kinds = [Step(s, r, o) for s in (0, 1) for r in (False, True) for o in (False, True)]
    for a in kinds:
        for b in kinds:
            for seat in (0, 1):
                assert may_take_back([a, b], seat) == (
                    take_back_refusal([a, b], seat) is None), (a, b, seat)
