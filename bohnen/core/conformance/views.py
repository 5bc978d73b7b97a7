"""Views and determinization: what a viewer sees is kept, what is hidden is re-dealt."""

from __future__ import annotations

import random

from bohnen.core.conformance.context import Context, json_ready, texts, viewers
from bohnen.core.conformance.driver import choose
from bohnen.core.conformance.settings import Report
from bohnen.core.errors import GameError
from bohnen.core.protocol import AnyState, View


def check_views(ctx: Context, state: AnyState, rng: random.Random, report: Report) -> None:
    """Views are JSON; determinizing keeps what a viewer sees and re-deals the rest."""
    public = state.view(None)
    for viewer in viewers(state):
        seen = state.view(viewer)
        json_ready(ctx, seen, f"view({viewer})")
        seed_a, seed_b = rng.getrandbits(64), rng.getrandbits(64)
        one = state.determinize(viewer, random.Random(seed_a))
        two = state.determinize(viewer, random.Random(seed_b))
        again = state.determinize(viewer, random.Random(seed_a))
        report.determinizations += 2
        for name, other in (("one", one), ("two", two)):
            _check_determinized(ctx, state, other, viewer, seen, public, name)
        if again.to_json() != one.to_json():
            raise ctx.fail(f"determinize({viewer}) with the same rng gives other states")
        if one.to_json() != two.to_json():
            report.hidden_differences += 1
    _play_on(ctx, state.determinize(None, rng), rng)


def _check_determinized(ctx: Context, state: AnyState, other: AnyState, viewer: int | None,
                        seen: View, public: View, name: str) -> None:
    where = f"determinize({viewer}) [{name}]"
    try:
        other.audit()
    except AssertionError as exc:
        raise ctx.fail(f"{where} fails its audit: {exc}") from None
    if other.view(viewer) != seen:
        raise ctx.fail(f"{where} shows viewer {viewer} another view: "
                       f"{first_difference(seen, other.view(viewer))}")
    if other.view(None) != public:
        raise ctx.fail(f"{where} shows the spectator another view: "
                       f"{first_difference(public, other.view(None))}")
    if other.to_act() != state.to_act():
        raise ctx.fail(f"{where} has another to_act()")
    if viewer is not None:
        if texts(other.legal_actions(viewer)) != texts(state.legal_actions(viewer)):
            raise ctx.fail(f"{where} gives seat {viewer} other legal actions")
        if len(other.proposals(viewer)) != len(state.proposals(viewer)):
            raise ctx.fail(f"{where} gives seat {viewer} another number of proposals")


def first_difference(a: object, b: object, path: str = "") -> str:
    """Where two JSON values first differ, for a readable message."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path or 'top'}: {a!r} != {b!r}"


def _play_on(ctx: Context, state: AnyState, rng: random.Random) -> None:
    """A determinized state is a real position: a few random moves keep it sound."""
    for _ in range(3):
        if state.is_over:
            return
        action = choose(state, rng, 0.3)
        if action is None:
            raise ctx.fail("a determinized state has a seat to act with nothing to do")
        try:
            state.apply(action)
            state.audit()
        except (GameError, AssertionError) as exc:
            raise ctx.fail(f"playing {action} on a determinized state: {exc}") from None
