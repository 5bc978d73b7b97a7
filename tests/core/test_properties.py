"""Hypothesis over random action sequences, legal and not, for every registered game.

A position is reached by a seeded random prefix; then hypothesis draws steps: an
index into the legal actions or the proposals of a seat of ``to_act()``, an action
given to another seat, a legal action's notation or JSON mutated, or arbitrary
text and JSON. Legal moves never raise and keep the audit; anything refused raises
``IllegalActionError``/``InvalidActionError`` and leaves ``to_json()`` unchanged.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bohnen.core import GameError, InvalidActionError, game_names, get_game
from bohnen.core.conformance import (
    NOTATION_NOISE,
    Context,
    Report,
    attempt,
    check_applied,
    check_step,
    choose,
    proposal_kinds,
)
from bohnen.core.game import AnyGame
from bohnen.core.protocol import AnyState

JSONValue = Any
json_values: st.SearchStrategy[JSONValue] = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "seat", "field", "pid", "to", "hand", "wants", "bean", "x"]),
        inner, max_size=5),
    max_leaves=10,
)

Step = tuple[str, Any]
steps: st.SearchStrategy[Step] = st.one_of(
    st.tuples(st.just("legal"), st.integers(0, 1000)),
    st.tuples(st.just("proposal"), st.integers(0, 10**6)),
    st.tuples(st.just("reseat"), st.tuples(st.integers(0, 1000), st.integers(0, 7))),
    st.tuples(st.just("notation"), st.tuples(st.integers(0, 1000), st.integers(0, 40),
                                             st.sampled_from(NOTATION_NOISE))),
    st.tuples(st.just("json"), st.tuples(st.integers(0, 1000), json_values)),
    st.tuples(st.just("text"), st.text(max_size=30)),
    st.tuples(st.just("object"), json_values),
)


@st.composite
def positions(draw: st.DrawFn) -> tuple[AnyGame, Any, int, int]:
    """A game, one of its option sets, a seed and the length of the random prefix."""
    game = get_game(draw(st.sampled_from(game_names())))
    players = draw(st.integers(game.min_players, game.max_players))
    sets = game.option_sets(players)
    options = sets[draw(st.integers(0, len(sets) - 1))]
    return game, options, draw(st.integers(0, 2**32)), draw(st.integers(0, 500))


def _start(game: AnyGame, options: Any, seed: int, prefix: int) -> AnyState:
    state: AnyState = game.new_game(options, seed)
    rng = random.Random(seed)
    for _ in range(prefix):
        if state.is_over:
            break
        action = choose(state, rng, 0.3)
        assert action is not None
        state.apply(action)
    return state


def _acting(state: AnyState, index: int) -> list[Any]:
    """The legal actions of the seat ``index`` picks among ``to_act()``."""
    seats = state.to_act()
    return state.legal_actions(seats[index % len(seats)]) if seats else []


def _any_action(state: AnyState, index: int) -> Any | None:
    """One legal action of any seat (they are the raw material of the mutations)."""
    pool = [a for seat in range(state.options.players) for a in state.legal_actions(seat)]
    return pool[index % len(pool)] if pool else None


def _parsed(parse: Any, data: Any) -> Any | None:
    """The action ``parse`` makes of ``data``, or None if it is refused cleanly."""
    try:
        return parse(data)
    except InvalidActionError:
        return None


def _reseated(game: AnyGame, state: AnyState, index: int, seat: int) -> Any | None:
    action = _any_action(state, index)
    if action is None:
        return None
    data = action.to_json()
    data["seat"] = seat % state.options.players
    return _parsed(game.action_from_json, data)


def _mutated(game: AnyGame, state: AnyState, arg: tuple[int, int, str]) -> Any | None:
    index, at, noise = arg
    action = _any_action(state, index)
    if action is None:
        return None
    words = str(action).split(" ")
    words[at % len(words)] = noise
    return _parsed(game.parse_action, " ".join(words))


def _json_mutated(game: AnyGame, state: AnyState, arg: tuple[int, Any]) -> Any | None:
    index, value = arg
    action = _any_action(state, index)
    if action is None:
        return None
    data = action.to_json()
    keys = sorted(data)
    data[keys[index % len(keys)]] = value
    return _parsed(game.action_from_json, data)


def _candidate(game: AnyGame, state: AnyState, step: Step) -> tuple[Any | None, bool]:
    """The action a step tries, and whether it is certainly legal."""
    kind, arg = step
    if kind == "legal":
        legal = _acting(state, arg)
        return (legal[arg % len(legal)] if legal else None), True
    if kind == "proposal":
        seats = state.to_act()
        props = state.proposals(seats[arg % len(seats)]) if seats else ()
        return (props[arg % len(props)] if props else None), True
    if kind == "reseat":
        return _reseated(game, state, *arg), False
    if kind == "notation":
        return _mutated(game, state, arg), False
    if kind == "json":
        return _json_mutated(game, state, arg), False
    if kind == "text":
        return _parsed(game.parse_action, arg), False
    return _parsed(game.action_from_json, arg), False


def _run(game: AnyGame, options: Any, seed: int, prefix: int, sequence: list[Step]) -> None:
    state = _start(game, options, seed, prefix)
    ctx = Context(game, options, seed, prefix, proposal_kinds=set(proposal_kinds(game)))
    report = Report()
    for step in sequence:
        action, legal = _candidate(game, state, step)
        if action is None:
            continue
        if legal:
            check_applied(ctx, action)
            state.apply(action)  # a listed action or a generated proposal never raises
            ctx.index, ctx.last = ctx.index + 1, str(action)
        elif attempt(ctx, state, action, report):
            state.apply(action)
            ctx.index, ctx.last = ctx.index + 1, str(action)
        check_step(ctx, state)


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(position=positions(), sequence=st.lists(steps, max_size=40))
def test_random_sequences_keep_the_state_sound(position: tuple[AnyGame, Any, int, int],
                                               sequence: list[Step]) -> None:
    _run(*position, sequence)


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(game_names()), data=json_values, text=st.text(max_size=40))
def test_parsers_raise_invalid_action_or_give_an_action(name: str, data: JSONValue,
                                                        text: str) -> None:
    game = get_game(name)
    for parse, value in ((game.action_from_json, data), (game.parse_action, text)):
        try:
            action = parse(value)
        except InvalidActionError:
            continue
        assert str(action) and isinstance(action.to_json(), dict)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position=positions(), garbage=json_values)
def test_anything_but_an_action_is_refused(position: tuple[AnyGame, Any, int, int],
                                           garbage: JSONValue) -> None:
    game, options, seed, prefix = position
    state = _start(game, options, seed, prefix)
    before = state.to_json()
    for thing in (garbage, str(garbage)):
        try:
            state.apply(thing)
        except GameError:
            pass
        else:
            raise AssertionError(f"apply({thing!r}) accepted something that is not an action")
        assert state.to_json() == before
