"""The bounded proposal generator: its size, its bound and its members.

Issue 2: "trade proposals ... come from a generator bounded by size (an option), and
any proposal at all can be checked for legality."
"""

from __future__ import annotations

import random

import pytest

from bohnen.bohnanza import BohnanzaState
from bohnen.core import get_game

GAME = get_game("bohnanza")


def _trade_states(options_kw: dict[str, int], count: int) -> list[BohnanzaState]:
    rng = random.Random(3)
    state: BohnanzaState = GAME.new_game(GAME.options(4, **options_kw), 11)
    found: list[BohnanzaState] = []
    while len(found) < count and not state.is_over:
        seat = state.to_act()[0]
        if state.view(None)["phase"] == "trade":
            found.append(state.clone())
        actions = state.legal_actions(seat)
        space = state.proposals(seat)
        if space and rng.random() < 0.3:
            state.apply(space[rng.randrange(len(space))])
        else:
            state.apply(actions[rng.randrange(len(actions))])
    return found


@pytest.mark.parametrize("size", [0, 1, 2])
def test_generator_truth_length_and_bound_agree(size: int) -> None:
    for state in _trade_states({"proposal_size": size}, 40):
        seat = state.to_act()[0]
        space = state.proposals(seat)
        assert bool(space) == (len(space) > 0)
        for action in space:
            state.check(action)
            given = len(action.hand) + len(action.face_up)
            assert given <= size and len(action.wants) <= size
            assert given or action.wants


def test_a_proposal_larger_than_the_generator_bound_is_still_legal() -> None:
    state = _trade_states({"proposal_size": 1}, 1)[0]
    seat = state.to_act()[0]
    assert seat == state.view(None)["active"]  # the reveal gives the active player the floor
    to = (seat + 1) % 4
    state.check(GAME.parse_action(f"{seat}: propose {to} give h0,h1 want RO,RO,SO"))


def test_open_trading_lists_every_seat_that_may_propose_even_without_a_generator() -> None:
    """Open mode: "anyone may act at any moment" — with proposal_size=0 the generator is
    empty, yet every seat may still propose, so every seat is to act."""
    options = GAME.options(3, trading="open", max_proposals_per_turn=None, proposal_size=0)
    state = GAME.new_game(options, 1)
    for text in ("0: plant 0", "0: end-planting"):
        state.apply(GAME.parse_action(text))
    assert state.to_act() == (0, 1, 2)
    state.check(GAME.parse_action("1: propose 0 give h0"))
