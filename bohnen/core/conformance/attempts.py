"""Trying one doubtful action or input: ``check``, ``apply`` and the parsers must agree."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from bohnen.core.conformance.context import Context, unchanged
from bohnen.core.conformance.settings import JSON, Report
from bohnen.core.errors import GameError, InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.protocol import Action, AnyState


def attempt(ctx: Context, state: AnyState, action: object, report: Report,
            must_fail: bool = False) -> bool:
    """Try ``action`` on ``state`` without changing it; True if it is legal.

    ``check`` and ``apply`` must agree. A refused action raises a ``GameError`` and
    leaves ``to_json()`` unchanged; an accepted one must be listed among the seat's
    legal actions unless it is of a proposal kind, and applies cleanly to a clone.
    ``must_fail``: the action is given to a seat not in ``to_act()``, which may take
    only its (listed) any-time actions.
    """
    before = state.to_json()
    seat = getattr(action, "seat", None)
    listed = type(seat) is int and _listed(action, state.legal_actions(seat))
    try:
        state.check(action)
    except GameError as exc:
        _refused(ctx, state, action, before, listed, exc, report)
        return False
    except Exception as exc:
        raise ctx.fail(f"check({_shown(action)}) raised {type(exc).__name__}: {exc}") from None
    unchanged(ctx, state, before, f"check({_shown(action)})")
    if must_fail and not listed:  # an idle seat may take only its listed any-time actions
        raise ctx.fail(f"{_shown(action)} by a seat not in to_act() {state.to_act()} passes check")
    if not listed and type(action) not in ctx.proposal_kinds:
        raise ctx.fail(f"{_shown(action)} passes check but is not among the legal actions")
    copy = state.clone()
    try:
        copy.apply(action)
        copy.audit()
    except (GameError, AssertionError) as exc:
        raise ctx.fail(f"{_shown(action)} passes check but apply fails: {exc}") from None
    report.accepted_probes += 1
    return True


def _listed(action: object, legal: Sequence[Action]) -> bool:
    """``action`` is among ``legal`` (``repr`` tells ``False`` from ``0``, equal in Python)."""
    return any(a == action and repr(a) == repr(action) for a in legal)


def _refused(ctx: Context, state: AnyState, action: object, before: JSON, listed: bool,
             exc: GameError, report: Report) -> None:
    if listed:
        raise ctx.fail(f"legal action {action} fails check: {exc}")
    if not str(exc):
        raise ctx.fail(f"check({_shown(action)}) raised {type(exc).__name__} without a message")
    unchanged(ctx, state, before, f"check({_shown(action)})")
    try:
        state.apply(action)
    except GameError:
        pass
    except Exception as err:
        raise ctx.fail(f"apply({_shown(action)}) raised {type(err).__name__}: {err}") from None
    else:
        raise ctx.fail(f"check refuses {_shown(action)} ({exc}) but apply accepts it")
    unchanged(ctx, state, before, f"the refused apply({_shown(action)})")
    report.rejected += 1


def parse_json(ctx: Context, data: object, report: Report) -> Action | None:
    """The action ``data`` stands for, or ``None`` when refused (as it must be)."""
    try:
        action: Action = ctx.game.action_from_json(data)
        return action
    except InvalidActionError:
        report.rejected += 1
        return None
    except Exception as exc:
        raise ctx.fail(f"action_from_json({_shown(data)}) raised {type(exc).__name__}, "
                       f"not InvalidActionError: {exc}") from None


def parse_text(ctx: Context, text: object, report: Report) -> Action | None:
    """The action ``text`` stands for, or ``None`` when refused (as it must be)."""
    try:
        # garbage on purpose: anything, not only text, must be refused cleanly
        parsed: Action = ctx.game.parse_action(cast(str, text))
        return parsed
    except InvalidActionError:
        report.rejected += 1
        return None
    except Exception as exc:
        raise ctx.fail(f"parse_action({_shown(text)}) raised {type(exc).__name__}, "
                       f"not InvalidActionError: {exc}") from None


def apply_not_an_action(ctx: Context, state: AnyState, thing: object, report: Report) -> None:
    """``apply`` of something that is no action raises ``InvalidActionError``, harmlessly."""
    before = state.to_json()
    try:
        state.apply(thing)
    except InvalidActionError:
        report.rejected += 1
    except Exception as exc:
        raise ctx.fail(f"apply({_shown(thing)}) raised {type(exc).__name__}, not "
                       f"InvalidActionError: {exc}") from None
    else:
        raise ctx.fail(f"apply({_shown(thing)}) accepted something that is not an action")
    unchanged(ctx, state, before, f"apply({_shown(thing)})")


def _shown(value: object) -> str:
    """``repr(value)`` for a message, cut short, never failing (an attempt may hold an
    integer too long to write)."""
    return excerpt(value, 200)
