"""Positions of Nicht die Bohne! for the encoding tests: random legal games, seen at
every step by every seat."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import cast

from bohnen.core.protocol import AnyState, JSONObject
from bohnen.core.registry import get_game
from bohnen.rl.encoding import Legal, engine_legal


def positions(players: int, seed: int, every: int = 1) -> Iterator[AnyState]:
    """The states of one random game at ``players``, every ``every`` moves, the end too."""
    game = get_game("ndb")
    state: AnyState = game.new_game(game.options(players), seed)
    rng = random.Random(seed)
    count = 0
    while not state.is_over:
        if count % every == 0:
            yield state
        seat = rng.choice(state.to_act())
        state.apply(rng.choice(state.legal_actions(seat)))
        count += 1
    yield state


def seat_view(state: AnyState, seat: int) -> JSONObject:
    return cast(JSONObject, state.view(seat))


def legal(state: AnyState, seat: int) -> Legal:
    """What the environments hand an encoding: the seat's legal actions as the engine's
    JSON, with its proposal terms."""
    return engine_legal(state, seat)


def notations(state: AnyState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def relative(view: JSONObject, seat: int) -> int:
    """The seat's place after the viewer in turn order."""
    me: int = view["seat"]
    players = len(view["players"])
    return (seat - me) % players


