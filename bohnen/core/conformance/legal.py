"""The listed actions of a position: legal by ``check``, distinct, for the right seats;
the any-time actions open to every seat, which never change whose move it is."""

from __future__ import annotations

from bohnen.core.conformance.context import Context, unchanged
from bohnen.core.errors import GameError
from bohnen.core.protocol import Action, AnyState


def check_legal_lists(ctx: Context, state: AnyState) -> None:
    """Listed actions pass ``check`` and are distinct; a seat not in ``to_act()`` has only
    its any-time actions (and no proposal); every seat's any-time actions are among its
    legal actions, marked ``any_time``, and leave the other seats of ``to_act()`` as they
    were."""
    waiting = state.to_act()
    for seat in range(state.options.players):
        legal = state.legal_actions(seat)
        props = state.proposals(seat)
        any_time = state.any_time_actions(seat)
        _check_any_time(ctx, state, seat, legal, any_time)
        if seat not in waiting and (props or _texts(legal) != _texts(any_time)):
            raise ctx.fail(f"seat {seat} is not in to_act() {waiting} but has actions "
                           "other than its any-time ones")
        texts = [str(a) for a in legal]
        if len(set(texts)) != len(texts):
            raise ctx.fail(f"seat {seat} has duplicate legal actions: {texts}")
        sample = [props[i] for i in sample_indices(len(props), 3)]
        if sample:
            ctx.proposal_kinds.add(type(sample[0]))
        for action in [*legal, *sample]:
            if action.seat != seat:
                raise ctx.fail(f"{action} is listed for seat {seat}")
            try:
                state.check(action)
            except GameError as exc:
                raise ctx.fail(f"listed action {action} fails check: {exc}") from None


def _check_any_time(ctx: Context, state: AnyState, seat: int, legal: list[Action],
                    any_time: list[Action]) -> None:
    """The seat's any-time actions: legal, marked, and taken without changing whose
    move it is (tried on a clone): the other seats to act stay the same."""
    listed = set(_texts(legal))
    for action in any_time:
        if str(action) not in listed:
            raise ctx.fail(f"any-time action {action} is not among seat {seat}'s legal actions")
        if not getattr(action, "any_time", False):
            raise ctx.fail(f"{action} is listed as an any-time action but not marked so")
    for action in any_time[:1]:
        before_json = state.to_json()
        copy = state.clone()
        try:
            copy.apply(action)
        except GameError as exc:
            raise ctx.fail(f"any-time action {action} fails: {exc}") from None
        unchanged(ctx, state, before_json, f"applying {action} to a clone")
        before = [s for s in state.to_act() if s != seat]
        after = [s for s in copy.to_act() if s != seat]
        if before != after:
            raise ctx.fail(f"seat {seat}'s any-time action {action} changed to_act() from "
                           f"{state.to_act()} to {copy.to_act()}")


def _texts(actions: list[Action]) -> list[str]:
    return sorted(str(a) for a in actions)


def sample_indices(size: int, count: int) -> list[int]:
    """A few spread indices into a sequence of ``size`` (first, last, middle)."""
    if size <= count:
        return list(range(size))
    step = (size - 1) / (count - 1) if count > 1 else 0
    return sorted({round(i * step) for i in range(count)})
