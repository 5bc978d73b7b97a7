"""Illegal and malformed attempts at a position, built from its own legal actions."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from bohnen.core.conformance.attempts import (
    apply_not_an_action,
    attempt,
    parse_json,
    parse_text,
)
from bohnen.core.conformance.context import Context
from bohnen.core.conformance.mutations import (
    GARBAGE_JSON,
    NOT_ACTIONS,
    WEIRD,
    garbage_text,
    mutate_json,
    mutate_notation,
    same_kind,
)
from bohnen.core.conformance.settings import Report, Settings
from bohnen.core.errors import GameError
from bohnen.core.protocol import Action, AnyState


def probe(ctx: Context, state: AnyState, rng: random.Random, settings: Settings,
          report: Report) -> None:
    """One illegal, malformed or doubtful attempt; see :func:`attempt` for what must hold."""
    report.probes += 1
    pool = _candidates(ctx, state, rng)
    kind = rng.randrange(7)
    if kind == 0:
        _probe_not_an_action(ctx, state, rng, report)
        return
    if not pool:
        _probe_garbage_text(ctx, state, rng, report)
        return
    base = pool[rng.randrange(len(pool))]
    if kind == 1:
        _probe_wrong_seat(ctx, state, rng, base, report)
    elif kind == 2:
        _probe_json(ctx, state, rng, base, pool, report)
    elif kind == 3:
        _probe_notation(ctx, state, rng, base, pool, report)
    elif kind == 4:
        _probe_fields(ctx, state, rng, base, report, settings.malformed_fields)
    elif kind == 5:
        _probe_garbage_text(ctx, state, rng, report)
    else:
        _probe_garbage_json(ctx, state, rng, report)


def _candidates(ctx: Context, state: AnyState, rng: random.Random) -> list[Action]:
    """Actions to start from: every seat's legal actions and a few proposals."""
    out: list[Action] = []
    for seat in range(state.options.players):
        out.extend(state.legal_actions(seat))
        props = state.proposals(seat)
        for _ in range(min(2, len(props))):
            p = props[rng.randrange(len(props))]
            ctx.proposal_kinds.add(type(p))
            out.append(p)
    return out


def _probe_not_an_action(ctx: Context, state: AnyState, rng: random.Random,
                         report: Report) -> None:
    thing = NOT_ACTIONS[rng.randrange(len(NOT_ACTIONS))]
    apply_not_an_action(ctx, state, thing, report)


def _reseat(ctx: Context, action: Action, seat: int) -> Action | None:
    """``action`` made by ``seat`` instead, through its JSON form (or its fields)."""
    data = action.to_json()
    if "seat" in data:
        data["seat"] = seat
        try:
            moved: Action = ctx.game.action_from_json(data)
            return moved
        except GameError:
            return None
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        return dataclasses.replace(action, seat=seat)
    return None


def _probe_wrong_seat(ctx: Context, state: AnyState, rng: random.Random, base: Action,
                      report: Report) -> None:
    """Another seat's action: refused when that seat is not to act."""
    players = state.options.players
    seat = rng.randrange(players)
    moved = _reseat(ctx, base, seat)
    if moved is None:
        return
    attempt(ctx, state, moved, report, must_fail=seat not in state.to_act())


def _probe_json(ctx: Context, state: AnyState, rng: random.Random, base: Action,
                pool: Sequence[Action], report: Report) -> None:
    data = mutate_json(base.to_json(), rng, pool)
    action = parse_json(ctx, data, report)
    if action is not None:
        attempt(ctx, state, action, report)


def _probe_notation(ctx: Context, state: AnyState, rng: random.Random, base: Action,
                    pool: Sequence[Action], report: Report) -> None:
    action = parse_text(ctx, mutate_notation(str(base), rng, pool), report)
    if action is not None:
        attempt(ctx, state, action, report)


def _probe_fields(ctx: Context, state: AnyState, rng: random.Random, base: Action,
                  report: Report, malformed: bool) -> None:
    """A dataclass action with one field set to a value out of range (or of a wrong type)."""
    if not dataclasses.is_dataclass(base) or isinstance(base, type):
        return
    names = [f.name for f in dataclasses.fields(base)]
    name = names[rng.randrange(len(names))]
    weird = WEIRD[rng.randrange(len(WEIRD))]
    value = weird if malformed else same_kind(getattr(base, name), rng)
    try:
        action = dataclasses.replace(base, **{name: value})
    except (GameError, TypeError, ValueError):
        return  # the action type refuses to be built with it: fine
    attempt(ctx, state, action, report)


def _probe_garbage_text(ctx: Context, state: AnyState, rng: random.Random,
                        report: Report) -> None:
    action = parse_text(ctx, garbage_text(rng), report)
    if action is not None:
        attempt(ctx, state, action, report)


def _probe_garbage_json(ctx: Context, state: AnyState, rng: random.Random,
                        report: Report) -> None:
    action = parse_json(ctx, GARBAGE_JSON[rng.randrange(len(GARBAGE_JSON))], report)
    if action is not None:
        attempt(ctx, state, action, report)
