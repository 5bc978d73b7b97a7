"""The engine fuzz: malformed actions of every kind, at real positions of every game.

Hypothesis draws a position (random play from a seeded game, any player count, any of
the game's option sets) and a series of attempts at it:

- a listed action of any seat given to another seat (the wrong seat, or one not to act);
- a stale action: listed at an earlier position of the same game, maybe no longer legal;
- an action of another game (a Bohnanza ``Plant`` given to a Nicht die Bohne state...);
- a listed action with one field replaced (``dataclasses.replace``) by an integer out of
  range, negative or of thousands of digits, a bool, None, text, a float, a tuple or a
  list of the wrong length, a structure nested too deeply;
- anything that is no action (None, numbers, text, dicts, lists, objects);
- text (hypothesis's text strategy, and listed actions' notation with a word changed)
  through ``parse_action``, and JSON trees (``st.recursive``, and listed actions' JSON
  with a value changed) through ``action_from_json``.

What must hold is the conformance suite's (``bohnen.core.conformance.attempts``): a
parser raises ``InvalidActionError`` or gives an action; ``check`` and ``apply`` agree;
a refused action raises ``IllegalActionError`` or ``InvalidActionError`` with a message
and leaves ``to_json()`` as it was; an accepted one is listed (or of a proposal kind)
and applies cleanly to a clone. The state under test is never changed.

The default run is short; ``HYPOTHESIS_PROFILE=fuzz`` (tests/conftest.py) runs it long.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bohnen.core import GameError, InvalidActionError, game_names, get_game
from bohnen.core.conformance import Context, Report, attempt, play_random, proposal_kinds
from bohnen.core.conformance.attempts import apply_not_an_action, parse_json, parse_text
from bohnen.core.conformance.mutations import GARBAGE_JSON, NOT_ACTIONS, NOTATION_NOISE, WEIRD
from bohnen.core.game import AnyGame
from bohnen.core.protocol import AnyState

LONG = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"


def runs(examples: int) -> settings:
    """``examples`` in the default run; the profile's count in the long one."""
    return settings(max_examples=settings().max_examples if LONG else examples,
                    deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _deep(levels: int) -> Any:
    nest: Any = ()
    for _ in range(levels):
        nest = (nest,)
    return nest


# Field values beyond those hypothesis draws: what no notation can write.
HUGE: tuple[Any, ...] = (10**5000, -(10**5000), 2**64, -(2**63), (10**5000,), _deep(50_000),
                         "x" * 100_000, tuple(range(10_000)), float("nan"), float("inf"))

json_values: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "seat", "field", "pid", "to", "hand", "wants", "bean", "card",
                         "owner", "path", "give", "want", "buy", "slot", "contract", "x"])
        | st.text(max_size=4), inner, max_size=6),
    max_leaves=12,
)
field_values: st.SearchStrategy[Any] = st.one_of(
    st.integers(-3, 12), st.integers(), st.booleans(), st.none(), st.floats(),
    st.text(max_size=6), st.sampled_from(WEIRD), st.sampled_from(HUGE),
    st.tuples(), st.tuples(st.integers(-2, 9)), st.lists(st.integers(-2, 9), max_size=4),
    st.tuples(st.text(max_size=3), st.text(max_size=3)),
    st.lists(st.sampled_from(["BL", "RO", "FE", "SO", "x", ""]), max_size=3).map(tuple),
)

Spec = tuple[str, Any]
specs: st.SearchStrategy[Spec] = st.one_of(
    st.tuples(st.just("reseat"), st.tuples(st.integers(0, 10**6),
                                           st.integers(-2, 8) | st.sampled_from(HUGE[:4]))),
    st.tuples(st.just("stale"), st.integers(0, 10**6)),
    st.tuples(st.just("foreign"), st.tuples(st.sampled_from(game_names()),
                                            st.integers(0, 10**6))),
    st.tuples(st.just("field"), st.tuples(st.integers(0, 10**6), st.integers(0, 20),
                                          field_values)),
    st.tuples(st.just("object"), json_values | st.sampled_from(NOT_ACTIONS)
              | st.sampled_from(GARBAGE_JSON) | st.sampled_from(HUGE)),
    st.tuples(st.just("text"), st.text(max_size=40)),
    st.tuples(st.just("notation"), st.tuples(st.integers(0, 10**6), st.integers(0, 30),
                                             st.sampled_from(NOTATION_NOISE)
                                             | st.text(max_size=6))),
    st.tuples(st.just("json"), json_values),
    st.tuples(st.just("json_field"), st.tuples(st.integers(0, 10**6), st.integers(0, 20),
                                               json_values)),
)


@st.composite
def positions(draw: st.DrawFn) -> tuple[AnyGame, Any, int, int, int]:
    """A game, one of its option sets, a seed, the moves to an earlier position and the
    moves on from it to the position under test."""
    game = get_game(draw(st.sampled_from(game_names())))
    players = draw(st.integers(game.min_players, game.max_players))
    sets = game.option_sets(players)
    options = sets[draw(st.integers(0, len(sets) - 1))]
    seed = draw(st.integers(0, 2**64 - 1))
    earlier = draw(st.sampled_from((0, 5, 20, 60, 120, 200, 350, 500))) + draw(st.integers(0, 9))
    later = draw(st.sampled_from((1, 2, 5, 15, 40)))
    return game, options, seed, earlier, later


def pool(state: AnyState, proposals: int = 3) -> list[Any]:
    """Every seat's listed actions and a few of its proposals (the raw material)."""
    out: list[Any] = []
    for seat in range(state.options.players):
        out.extend(state.legal_actions(seat))
        generated = state.proposals(seat)
        step = max(1, len(generated) // proposals)
        out.extend(generated[i] for i in range(0, len(generated), step))
    return out


_FOREIGN: dict[str, list[Any]] = {}


def foreign(name: str) -> list[Any]:
    """Actions of game ``name`` from a few of its positions (cached)."""
    if name not in _FOREIGN:
        game = get_game(name)
        options = game.option_sets(game.min_players)[0]
        _FOREIGN[name] = [a for moves in (0, 10, 40, 90)
                          for a in pool(play_random(game, options, 7, moves))]
    return _FOREIGN[name]


def _pick(items: Sequence[Any], index: int) -> Any | None:
    return items[index % len(items)] if items else None


def _reseated(action: Any, seat: Any) -> Any | None:
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return None
    return dataclasses.replace(action, seat=seat)


def _with_field(action: Any, which: int, value: Any) -> Any | None:
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return None
    names = [f.name for f in dataclasses.fields(action)]
    return dataclasses.replace(action, **{names[which % len(names)]: value})


def _notation(ctx: Context, action: Any, at: int, word: str, report: Report) -> Any | None:
    if action is None:
        return None
    words = str(action).split(" ")
    words[at % len(words)] = word
    return parse_text(ctx, " ".join(words), report)


def _json_field(ctx: Context, action: Any, which: int, value: Any, report: Report) -> Any | None:
    if action is None:
        return None
    data = action.to_json()
    keys = sorted(data)
    data[keys[which % len(keys)]] = value
    return parse_json(ctx, data, report)


def refuse_not_an_action(ctx: Context, state: AnyState, thing: Any, report: Report) -> None:
    """``check`` and ``apply`` of something that is no action: ``InvalidActionError``."""
    before = state.to_json()
    try:
        state.check(thing)
    except InvalidActionError:
        pass
    else:
        raise ctx.fail(f"check accepted {type(thing).__name__}, which is no action")
    assert state.to_json() == before
    apply_not_an_action(ctx, state, thing, report)


def candidate(ctx: Context, state: AnyState, spec: Spec, here: list[Any], stale: list[Any],
              report: Report) -> Any | None:
    """The action ``spec`` makes at ``state`` (None: nothing left to try after parsing)."""
    kind, arg = spec
    if kind == "reseat":
        return _reseated(_pick(here, arg[0]), arg[1])
    if kind == "stale":
        return _pick(stale, arg)
    if kind == "foreign":
        return _pick(foreign(arg[0]), arg[1])
    if kind == "field":
        return _with_field(_pick(here, arg[0]), arg[1], arg[2])
    if kind == "text":
        return parse_text(ctx, arg, report)
    if kind == "notation":
        return _notation(ctx, _pick(here, arg[0]), arg[1], arg[2], report)
    if kind == "json":
        return parse_json(ctx, arg, report)
    return _json_field(ctx, _pick(here, arg[0]), arg[1], arg[2], report)


@runs(2000)
@given(position=positions(), attempts=st.lists(specs, min_size=1, max_size=12))
def test_malformed_actions_are_refused_and_leave_the_state_unchanged(
        position: tuple[AnyGame, Any, int, int, int], attempts: list[Spec]) -> None:
    game, options, seed, earlier, later = position
    before = play_random(game, options, seed, earlier)
    stale = pool(before)
    state = play_random(game, options, seed, earlier + later)
    here = pool(state)
    ctx = Context(game, options, seed, earlier + later,
                  proposal_kinds=set(proposal_kinds(game)))
    report = Report()
    saved = state.to_json()
    for spec in attempts:
        event(f"{game.name}: {spec[0]}")
        if spec[0] == "object":
            refuse_not_an_action(ctx, state, spec[1], report)
            continue
        action = candidate(ctx, state, spec, here, stale, report)
        if action is not None:
            attempt(ctx, state, action, report)
    assert state.to_json() == saved


@runs(500)
@given(name=st.sampled_from(game_names()), text=st.text(), data=json_values)
def test_parsers_raise_invalid_action_error_for_anything_else(name: str, text: str,
                                                              data: Any) -> None:
    game = get_game(name)
    for parse, value in ((game.parse_action, text), (game.action_from_json, data)):
        try:
            action = parse(value)
        except InvalidActionError as exc:
            assert 0 < len(str(exc)) < 500
            continue
        except GameError as exc:
            raise AssertionError(f"{type(exc).__name__}, not InvalidActionError") from exc
        assert game.parse_action(str(action)) == action
