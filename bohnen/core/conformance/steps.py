"""The cheap checks of every step: invariants, the applied action, its events."""

from __future__ import annotations

from collections.abc import Sequence

from bohnen.core.conformance.context import Context, json_ready, viewers
from bohnen.core.errors import GameError
from bohnen.core.protocol import Action, AnyState, Event


def check_step(ctx: Context, state: AnyState) -> None:
    """The cheap invariants, checked after every action."""
    try:
        state.audit()
    except AssertionError as exc:
        raise ctx.fail(f"audit failed: {exc}") from None
    waiting = state.to_act()
    if state.is_over != (not waiting):
        raise ctx.fail(f"is_over is {state.is_over} but to_act() is {waiting}")
    for seat in waiting:
        if not state.legal_actions(seat) and not state.proposals(seat):
            raise ctx.fail(f"seat {seat} is to act but has no legal action or proposal")
    needed = state.must_act()
    if not set(needed) <= set(waiting) or (waiting and not needed):
        raise ctx.fail(f"must_act() {needed} is not a part of to_act() {waiting} "
                       "(and empty only at the end)")


def check_applied(ctx: Context, action: Action, deep: bool = True) -> None:
    """The notation and the JSON form (JSON-ready if ``deep``) of an action read back."""
    text = str(action)
    try:
        parsed = ctx.game.parse_action(text)
    except GameError as exc:
        raise ctx.fail(f"notation {text!r} does not parse: {exc}") from None
    if parsed != action:
        raise ctx.fail(f"notation {text!r} parses to {parsed!r}, not {action!r}")
    data = action.to_json()
    if deep:
        json_ready(ctx, data, f"the JSON of {text!r}")
    try:
        back = ctx.game.action_from_json(data)
    except GameError as exc:
        raise ctx.fail(f"JSON {data} of {text!r} does not load: {exc}") from None
    if back != action:
        raise ctx.fail(f"JSON {data} loads as {back!r}, not {action!r}")


def check_events(ctx: Context, state: AnyState, events: Sequence[Event]) -> None:
    """Every event has a JSON form and a text for every viewer."""
    for event in events:
        for viewer in viewers(state):
            json_ready(ctx, event.to_json(viewer), f"event {event!r} for viewer {viewer}")
            text = event.text(viewer)
            if not isinstance(text, str) or not text:
                raise ctx.fail(f"event {event!r} has no text for viewer {viewer}")
