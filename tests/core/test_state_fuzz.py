"""Saved states tampered with: ``state_from_json`` refuses them, or plays them.

A real position of every game (random play from a seeded game, with several option
sets and player counts) is written with ``to_json()``; hypothesis then changes its
JSON: a number one up or down, a value out of range or of the wrong type, a list
shortened or lengthened, two fields or two entries swapped, a key dropped. The game's
``state_from_json`` must raise ``RecordError``, or give a state that the engine can
play: ``to_act``, ``legal_actions``, a few ``proposals``, every seat's and the
spectator's ``view``, ``clone``, ``to_json`` and ``audit`` work, and a listed legal
action applies and leaves a state that passes its audit. Only the project's errors
may be raised on the way.

``HYPOTHESIS_PROFILE=fuzz`` (see tests/conftest.py) runs it long.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bohnen.core import GameError, RecordError, game_names, get_game
from bohnen.core.conformance import play_random
from bohnen.core.game import AnyGame
from bohnen.core.protocol import AnyState

LONG = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"


def runs(examples: int) -> settings:
    """``examples`` in the default run; the profile's count in the long one."""
    return settings(max_examples=settings().max_examples if LONG else examples,
                    deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# Values out of range or of the wrong type for any field of a saved state.
ODD: tuple[Any, ...] = (
    None, True, False, -1, 0, 1, 2, 3, 5, 7, 99, 10**6, 2**64, -(2**64), 10**30, 1.5, -0.5,
    float("nan"), "", "x", "0", "1", "H1", "H99", "C1", "C61", "T1", "T8", "R7", "BL", "RO",
    "over", "trade", [], [0], [None], [[]], {}, {"x": 1},
)
MOVES = (0, 10, 30, 60, 100, 150, 220, 300, 400)  # random moves from the start (then 0-9 more)
OPS = ("step", "step", "step", "odd", "shorten", "lengthen", "swap_keys", "swap_items",
       "swap_items", "drop", "copy")


@st.composite
def positions(draw: st.DrawFn) -> tuple[AnyGame, AnyState]:
    """A game and a real position of it: mid-game, or sometimes over."""
    game = get_game(draw(st.sampled_from(game_names())))
    players = draw(st.integers(game.min_players, game.max_players))
    sets = game.option_sets(players)
    options = sets[draw(st.integers(0, len(sets) - 1))]
    seed = draw(st.integers(0, 2**32))
    moves = draw(st.sampled_from(MOVES)) + draw(st.integers(0, 9))
    return game, play_random(game, options, seed, moves)


def _paths(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree (the root excluded), in a fixed order."""
    out: list[tuple[Any, ...]] = []
    items: list[tuple[Any, Any]] = []
    if isinstance(node, dict):
        items = sorted(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    for key, child in items:
        out.append((*at, key))
        out.extend(_paths(child, (*at, key)))
    return out


def _at(node: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        node = node[key]
    return node


def _fits(op: str, parent: Any, value: Any) -> bool:
    """Whether the place (its parent, its value) is one ``op`` can change."""
    if op == "step":
        return type(value) is int
    if op in ("shorten", "lengthen"):
        return isinstance(value, list)
    if op in ("swap_keys", "drop"):
        return isinstance(parent, dict)
    if op == "swap_items":
        return isinstance(parent, list)
    return True


def mutate(saved: Any, data: st.DataObject) -> Any:
    """``saved`` (a copy) with one change that hypothesis chooses: the kind of change
    first, then a place it fits."""
    draw = data.draw
    out = json.loads(json.dumps(saved))
    places = _paths(out)
    op = draw(st.sampled_from(OPS))
    fitting = [p for p in places if _fits(op, _at(out, p[:-1]), _at(out, p))] or places
    path = fitting[draw(st.integers(0, len(fitting) - 1))]
    parent, key = _at(out, path[:-1]), path[-1]
    value = parent[key]
    if op == "step" and type(value) is int:
        parent[key] = value + draw(st.sampled_from((-1, 1, -2, 2)))
    elif op == "shorten" and isinstance(value, list) and value:
        del value[draw(st.integers(0, len(value) - 1))]
    elif op == "lengthen" and isinstance(value, list):
        extra = value[draw(st.integers(0, len(value) - 1))] if value else None
        if draw(st.booleans()):
            extra = draw(st.sampled_from(ODD))
        value.insert(draw(st.integers(0, len(value))), extra)
    elif op == "swap_keys" and isinstance(parent, dict):
        other = sorted(parent)[draw(st.integers(0, len(parent) - 1))]
        parent[key], parent[other] = parent[other], parent[key]
    elif op == "swap_items" and isinstance(parent, list):
        other = draw(st.integers(0, len(parent) - 1))
        parent[key], parent[other] = parent[other], parent[key]
    elif op == "drop" and isinstance(parent, dict):
        del parent[key]
    elif op == "copy":  # a value from elsewhere in the state: the right type, the wrong place
        source = places[draw(st.integers(0, len(places) - 1))]
        parent[key] = json.loads(json.dumps(_at(out, source)))
    else:
        parent[key] = draw(st.sampled_from(ODD))
    return out


def play_on(state: AnyState, rng: random.Random) -> None:
    """Everything a layer does with a loaded state; only the project's errors may rise."""
    players = state.options.players
    seats = state.to_act()
    for seat in range(players):
        state.legal_actions(seat)
        proposals = state.proposals(seat)
        for _ in range(min(3, len(proposals))):
            proposals[rng.randrange(len(proposals))]
    for viewer in (None, *range(players)):
        json.dumps(state.view(viewer))
    json.dumps(state.clone().to_json())
    state.audit()
    for seat in seats:
        legal = state.legal_actions(seat)
        if not legal:
            continue
        copy = state.clone()
        try:
            copy.apply(legal[rng.randrange(len(legal))])
        except GameError:
            return
        copy.audit()
        copy.to_act()
        for viewer in (None, *range(players)):
            copy.view(viewer)
        return


@runs(600)
@given(position=positions(), data=st.data())
def test_tampered_states_are_refused_or_playable(position: tuple[AnyGame, AnyState],
                                                 data: st.DataObject) -> None:
    game, state = position
    saved = state.to_json()
    tampered = saved
    for _ in range(data.draw(st.integers(1, 3))):
        tampered = mutate(tampered, data)
    try:
        loaded: AnyState = game.state_from_json(tampered)
    except RecordError:
        event(f"{game.name}: refused")
        return
    event(f"{game.name}: loaded{'' if tampered == saved else ' (changed)'}")
    play_on(loaded, random.Random(0))

