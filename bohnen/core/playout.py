"""The default playout policy of search bots: a random legal move, trading closed at once.

A playout plays a sampled state to its end, many thousand times a move, so its policy
must be cheap. This one knows nothing of any game: it takes the legal actions of the
seat to act (a random one of them where several may act), closes a negotiation at
once where it can (it never proposes), and otherwise picks at random. A game may give
a better policy through ``Game.playout_move``. :func:`shuffle` (from :mod:`bohnen.core.rng`)
is ``random.shuffle`` without its call per card, for the samplers of search bots.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, TypeVar

from bohnen.core.protocol import Action, AnyState
from bohnen.core.result import Result
from bohnen.core.rng import shuffle as shuffle  # the samplers' shuffle, kept here by name

S = TypeVar("S", bound=AnyState)

_CLOSES: Final[dict[type, bool]] = {}  # action type -> whether it closes a negotiation


def closing(actions: list[Action]) -> Action | None:
    """The action among ``actions`` that closes a negotiation, if any. A list (the legal
    lists are): compiled, a list is walked natively, any other sequence through Python's
    iteration."""
    for action in actions:
        kind = type(action)
        # not a bound ``get`` kept aside: compiled, that is a Python method object called
        # generically; this is a direct C call of the dictionary's lookup
        flag = _CLOSES.get(kind)
        if flag is None:
            flag = _CLOSES[kind] = bool(getattr(kind, "ends_trading", False))
        if flag:
            return action
    return None


def seat_actions(state: AnyState, rng: random.Random) -> list[Action]:
    """The legal actions of the seat to act (a random one with a choice where several
    may act); empty once the game is over."""
    seats = state.to_act()
    if not seats:
        return []
    if len(seats) == 1:
        actions = state.legal_actions(seats[0])
    else:
        start = int(rng.random() * len(seats))
        actions = []
        for k in range(len(seats)):
            actions = state.legal_actions(seats[(start + k) % len(seats)])
            if actions:
                break
    if not actions:
        raise RuntimeError(f"no seat of {seats} has a legal action")
    return actions


def random_move(state: AnyState, rng: random.Random) -> Action | None:
    """A random legal move of a seat to act, or the closing of a negotiation; None once
    the game is over."""
    actions = seat_actions(state, rng)
    if not actions:
        return None
    action = closing(actions)
    if action is None:
        action = actions[int(rng.random() * len(actions))]
    return action


def truncated(state: S, rng: random.Random, move: Callable[[S, random.Random], Action],
              turns: int, estimate: Callable[[S], Result]) -> Result:
    """Play ``state`` by ``move`` for ``turns`` turns (``state.turn`` counts them), then
    ``estimate`` it; the true result if the game ends first."""
    stop = state.turn + turns
    while not state.is_over and state.turn < stop:
        state.advance(move(state, rng))
    if state.is_over:
        result: Result = state.result()
        return result
    return estimate(state)
