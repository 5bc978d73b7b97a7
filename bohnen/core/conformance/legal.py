"""The listed actions of a position: legal by ``check``, distinct, for the right seats."""

from __future__ import annotations

from bohnen.core.conformance.context import Context
from bohnen.core.errors import GameError
from bohnen.core.protocol import State


def check_legal_lists(ctx: Context, state: State) -> None:
    """Listed actions pass ``check``, are distinct, and idle seats have none."""
    waiting = state.to_act()
    for seat in range(state.options.players):
        legal = state.legal_actions(seat)
        props = state.proposals(seat)
        if seat not in waiting and (legal or props):
            raise ctx.fail(f"seat {seat} is not in to_act() {waiting} but has actions")
        texts = [str(a) for a in legal]
        if len(set(texts)) != len(texts):
            raise ctx.fail(f"seat {seat} has duplicate legal actions: {texts}")
        sample = [props[i] for i in _sample_indices(len(props), 3)]
        if sample:
            ctx.proposal_kinds.add(type(sample[0]))
        for action in [*legal, *sample]:
            if action.seat != seat:
                raise ctx.fail(f"{action} is listed for seat {seat}")
            try:
                state.check(action)
            except GameError as exc:
                raise ctx.fail(f"listed action {action} fails check: {exc}") from None


def _sample_indices(size: int, count: int) -> list[int]:
    """A few spread indices into a sequence of ``size`` (first, last, middle)."""
    if size <= count:
        return list(range(size))
    step = (size - 1) / (count - 1) if count > 1 else 0
    return sorted({round(i * step) for i in range(count)})
