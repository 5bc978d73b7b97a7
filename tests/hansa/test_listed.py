"""The lists a state hands out, kept per position (``data.Listed``, ``state.py``).

Whom the game waits on, each seat's legal and any-time actions are kept until the state
changes; an action object handed out for the position is applied without a second
check. Each test here would fail with a stale list (one kept across a change, a copy,
a load) or with a check skipped for an object the state did not hand out.
"""

from __future__ import annotations

import random

import pytest

from bohnen.core import IllegalActionError, get_game
from bohnen.hansa import HansaState
from bohnen.hansa.actions import BuyContract, HansaAction
from bohnen.hansa.data import HansaData
from bohnen.hansa.legal import any_time_actions, legal_actions
from bohnen.hansa.rules import check

GAME = get_game("hansa")


Lists = tuple[tuple[int, ...], list[list[HansaAction]], list[list[HansaAction]]]


def fresh(state: HansaState) -> Lists:
    """Every list worked out anew, none kept."""
    seats = range(state.player_count)
    return (HansaData.to_act(state), [legal_actions(state, t) for t in seats],
            [any_time_actions(state, t) for t in seats])


def kept(state: HansaState) -> Lists:
    """Every list as the state hands it out (kept or not)."""
    seats = range(state.player_count)
    return (state.to_act(), [state.legal_actions(t) for t in seats],
            [state.any_time_actions(t) for t in seats])


def moves(state: HansaState, rng: random.Random) -> HansaAction:
    """A random move of the seat to act: a listed action or a proposal."""
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    proposals = state.proposals(seat)
    pick = rng.randrange(len(legal) + (1 if proposals else 0))
    if pick == len(legal):
        return proposals[rng.randrange(len(proposals))]
    return legal[pick]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_lists_kept_are_the_lists_of_the_position_after_every_move(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new_game(GAME.options(players), players)
    step = 0
    while not state.is_over:
        assert kept(state) == fresh(state)
        assert kept(state) == fresh(state)  # asked twice: the kept lists
        action = moves(state, rng)
        if step % 2:
            state.advance(action)
        else:
            state.apply(action)
        assert state.listed is None
        step += 1
    assert kept(state) == fresh(state)


def test_a_list_changed_by_its_caller_changes_nothing_kept() -> None:
    state = GAME.new_game(GAME.options(4), 3)
    seat = state.to_act()[0]
    first = state.legal_actions(seat)
    expected = list(first)
    first.clear()
    first.append(BuyContract(seat, 99))  # type: ignore[arg-type]
    assert state.legal_actions(seat) == expected
    others = state.any_time_actions((seat + 1) % 4)
    others.append(BuyContract(seat, 1))  # type: ignore[arg-type]
    assert state.any_time_actions((seat + 1) % 4) == fresh(state)[2][(seat + 1) % 4]


def playing(players: int, seed: int, steps: int) -> HansaState:
    rng = random.Random(seed)
    state: HansaState = GAME.new_game(GAME.options(players), seed)
    for _ in range(steps):
        state.apply(moves(state, rng))
    return state


def test_a_clone_lists_nothing_and_its_moves_leave_the_original_lists_true() -> None:
    state = playing(4, 5, 60)
    before = kept(state)
    copy = state.clone()
    assert copy.listed is None
    rng = random.Random(1)
    for _ in range(20):
        copy.apply(moves(copy, rng))
    assert kept(copy) == fresh(copy)
    assert kept(state) == before == fresh(state)
    assert state.listed is not None


def test_a_state_loaded_from_json_lists_anew() -> None:
    state = playing(3, 7, 40)
    kept(state)
    loaded = GAME.state_from_json(state.to_json())
    assert loaded.listed is None
    assert kept(loaded) == fresh(loaded) == kept(state)


def test_an_any_time_purchase_out_of_turn_forgets_the_lists() -> None:
    rng = random.Random(11)
    state = GAME.new_game(GAME.options(4), 11)
    bought = 0
    while not state.is_over and bought < 5:
        waiting = state.to_act()[0]
        others = [t for t in range(4) if t != waiting and state.any_time_actions(t)]
        if others:
            seat = others[0]
            before = kept(state)
            state.apply(state.any_time_actions(seat)[0])  # out of turn
            assert state.listed is None
            assert kept(state) == fresh(state) != before
            bought += 1
        state.apply(moves(state, rng))
    assert bought == 5


def test_only_the_objects_handed_out_are_trusted() -> None:
    state = playing(4, 2, 30)
    seat = state.to_act()[0]
    listed = state.legal_actions(seat)
    assert state.listed is not None
    for action in listed:
        assert state.listed.listed(action)
        equal = GAME.parse_action(str(action))
        assert equal == action and equal is not action
        assert not state.listed.listed(equal)  # equal, not the same: checked
    assert not state.listed.listed(None)
    space = state.proposals(seat)
    if space:
        proposal = space[0]
        assert state.listed.listed(proposal)
        assert not state.listed.listed(GAME.parse_action(str(proposal)))


@pytest.mark.parametrize("how", ["apply", "advance"])
def test_an_object_handed_out_before_a_change_is_checked_again(how: str) -> None:
    """Every object listed at one position, offered after the next move: each one the
    rules refuse now is refused, leaving the state as it was."""
    rng = random.Random(4)
    state = GAME.new_game(GAME.options(4), 4)
    refused = 0
    while not state.is_over:
        old = [a for t in range(4) for a in state.legal_actions(t)]
        seat = state.to_act()[0]
        space = state.proposals(seat)
        old += [space[i] for i in range(min(len(space), 3))]
        state.apply(moves(state, rng))
        for action in old:
            try:
                check(state, action)
            except IllegalActionError:
                before = state.to_json()
                with pytest.raises(IllegalActionError):
                    getattr(state, how)(action)
                assert state.to_json() == before
                refused += 1
    assert refused > 100


def test_an_illegal_action_not_listed_is_refused_and_changes_nothing() -> None:
    state = playing(4, 9, 25)
    seat = state.to_act()[0]
    kept(state)
    other = (seat + 1) % 4
    before = state.to_json()
    for text in (f"{other}: end-turn", f"{other}: pass", f"{seat}: fulfil C1",
                 f"{seat}: buy-contract T1"):
        action = GAME.parse_action(text)
        if action in state.legal_actions(action.seat):
            continue
        with pytest.raises(IllegalActionError):
            state.apply(action)
        with pytest.raises(IllegalActionError):
            state.advance(action)
        assert state.to_json() == before


def test_advance_and_apply_reach_the_same_positions() -> None:
    rng = random.Random(8)
    one = GAME.new_game(GAME.options(5), 8)
    two = one.clone()
    while not one.is_over:
        action = moves(one, rng)
        one.apply(action)
        two.advance(GAME.parse_action(str(action)))
        assert one.to_json() == two.to_json()
