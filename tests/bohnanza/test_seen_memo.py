"""What a Bohnanza state remembers of what each seat sees (bohnen/bohnanza/seen.py, kept
in its ``seen_values``): the same value handed out again within a position, the players'
part shared by the seats, and everything forgotten at every change (apply, advance, an
any-time action out of turn), never carried into a clone, a determinization or a
loaded state, and kept through a refused action (the state did not change)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnen.bohnanza.actions import Harvest
from bohnen.bohnanza.seen import BohnanzaSeen, seen
from bohnen.bohnanza.state import BohnanzaState
from bohnen.core import GameError, get_game

GAME = get_game("bohnanza")
OPTIONS = [GAME.options(4), GAME.options(5, trading="open", max_proposals_per_turn=3),
           GAME.options(3, expert_taler_trading=True, proposal_size=2)]


def move(state: Any, rng: random.Random) -> Any:
    """A random move of a seat to act: a legal action, or now and then a proposal from
    its proposal space (in open trading a seat to act may have only any-time actions)."""
    seat = rng.choice(state.to_act())
    space = state.proposals(seat)
    actions = state.legal_actions(seat) or [
        a for s in range(state.players) for a in state.any_time_actions(s)]
    if space and (not actions or rng.random() < 0.3):
        return space[rng.randrange(len(space))]
    return rng.choice(actions)


def anew(state: BohnanzaState, seat: int) -> BohnanzaSeen:
    """What ``seat`` sees, read from a copy that remembers nothing."""
    copy = state.clone()
    assert copy.seen_values is None
    return seen(copy, seat)


def asked(state: BohnanzaState) -> list[BohnanzaSeen]:
    """Every seat's value asked twice of the state: the second is the first, kept."""
    values = [seen(state, s) for s in range(state.players)]
    for s, value in enumerate(values):
        assert seen(state, s) is value
        assert value.players is values[0].players  # read once for every seat
    return values


def out_of_turn(state: BohnanzaState) -> Any:
    for seat in range(state.players):
        if seat not in state.to_act():
            found = state.any_time_actions(seat)
            if found:
                return found[0]
    return None


@pytest.mark.parametrize("options", OPTIONS, ids=["turn-based", "open", "expert"])
def test_what_each_seat_sees_is_kept_per_position_and_forgotten_at_every_change(
        options: Any) -> None:
    rng = random.Random(3)
    for seed in range(2):
        state = GAME.new_game(options, seed)
        step = 0
        while not state.is_over:
            values = asked(state)
            assert values == [anew(state, s) for s in range(state.players)]
            other = out_of_turn(state)
            if other is not None and rng.random() < 0.3:
                state.apply(other)
                assert asked(state) == [anew(state, s) for s in range(state.players)]
            if step % 9 == 0:
                seat = rng.randrange(state.players)
                for copy in (state.clone(), GAME.state_from_json(state.to_json()),
                             state.determinize(seat, rng)):
                    assert copy.seen_values is None
                    assert asked(copy) == [anew(copy, s) for s in range(state.players)]
                    assert seen(copy, seat) == seen(state, seat)
            action = move(state, rng)
            if step % 2:
                state.advance(action)
            else:
                state.apply(action)
            step += 1


def test_a_refused_action_keeps_what_was_seen() -> None:
    state = GAME.new_game(GAME.options(4), 11)
    seat = state.to_act()[0]
    values = asked(state)
    with pytest.raises(GameError):
        state.advance(Harvest(seat, 2))  # no third field
    assert [seen(state, s) for s in range(4)] == values
    assert all(seen(state, s) is v for s, v in enumerate(values))
