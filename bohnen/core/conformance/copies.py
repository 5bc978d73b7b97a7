"""Copies and repeats: clones, JSON round trips, play going on from them, same seed same game."""

from __future__ import annotations

import json
import random

from bohnen.core.conformance.context import Context, texts, unchanged, viewers
from bohnen.core.conformance.driver import choose
from bohnen.core.conformance.settings import JSON, Report, Settings, Trace
from bohnen.core.errors import GameError
from bohnen.core.protocol import AnyState


def check_clone(ctx: Context, state: AnyState, rng: random.Random, before: JSON) -> None:
    """A clone equals the state, and playing on it leaves the state alone."""
    copy = state.clone()
    if copy.to_json() != before:
        raise ctx.fail("clone().to_json() differs from to_json()")
    if state.is_over:
        return
    action = choose(copy, rng, 0.5)
    if action is not None:
        copy.apply(action)
        unchanged(ctx, state, before, f"applying {action} to a clone")


def check_json_round_trip(ctx: Context, state: AnyState, before: JSON) -> None:
    """``state_from_json(to_json())`` is the same position, seen and played the same."""
    try:
        loaded: AnyState = ctx.game.state_from_json(json.loads(json.dumps(before)))
    except GameError as exc:
        raise ctx.fail(f"state_from_json(to_json()) fails: {exc}") from None
    if loaded.to_json() != before:
        raise ctx.fail("state_from_json(to_json()).to_json() differs")
    if loaded.to_act() != state.to_act():
        raise ctx.fail("the state loaded from JSON has another to_act()")
    for viewer in viewers(state):
        if loaded.view(viewer) != state.view(viewer):
            raise ctx.fail(f"the state loaded from JSON shows viewer {viewer} another view")
        if viewer is not None and texts(loaded.legal_actions(viewer)) != texts(
                state.legal_actions(viewer)):
            raise ctx.fail(f"the state loaded from JSON has other actions for seat {viewer}")


def maybe_swap(ctx: Context, state: AnyState, rng: random.Random, settings: Settings,
               report: Report) -> AnyState:
    """Go on from a clone or a JSON copy; the same-seed replay shows what they lost."""
    if rng.random() >= settings.swap_rate:
        return state
    report.swaps += 1
    if rng.random() < 0.5:
        return state.clone()
    copy: AnyState = ctx.game.state_from_json(json.loads(json.dumps(state.to_json())))
    return copy


def check_same_game(ctx: Context, plain: Trace, trace: Trace) -> None:
    """The unchecked game of a seed (``plain``) is the checked one (``trace``)."""
    if plain.actions != trace.actions:
        at = next((i for i, (a, b) in enumerate(zip(plain.actions, trace.actions,
                                                     strict=False)) if a != b),
                  min(len(plain.actions), len(trace.actions)))
        ctx.index = at
        raise ctx.fail(f"the same seed gives another game: action #{at} is "
                       f"{plain.actions[at:at + 1]} unchecked, {trace.actions[at:at + 1]} checked")
    if plain.result != trace.result or plain.final != trace.final:
        raise ctx.fail("the same seed and actions give another result or final state")
