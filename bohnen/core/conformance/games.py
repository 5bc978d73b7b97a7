"""Whole games played with every check: one seed (:func:`check_game`) or a series."""

from __future__ import annotations

from collections.abc import Iterable

from bohnen.core.conformance.context import Context
from bohnen.core.conformance.copies import check_same_game, maybe_swap
from bohnen.core.conformance.deep import check_deep
from bohnen.core.conformance.driver import choose_move, play_plain, proposal_kinds, rngs
from bohnen.core.conformance.ending import check_over
from bohnen.core.conformance.record import check_record
from bohnen.core.conformance.reveals import check_reveals
from bohnen.core.conformance.settings import DEFAULT_SETTINGS, Report, Settings, Trace
from bohnen.core.conformance.steps import check_applied, check_events, check_step
from bohnen.core.errors import GameError
from bohnen.core.game import AnyGame
from bohnen.core.protocol import Action, AnyState, Options


def check_game(game: AnyGame, options: Options, seed: int, settings: Settings = DEFAULT_SETTINGS,
               report: Report | None = None) -> Trace:
    """Play the game of ``seed`` with every check; raise :class:`ConformanceError`."""
    report = report if report is not None else Report()
    trace = _play_checked(game, options, seed, settings, report)
    ctx = Context(game, options, seed, len(trace.actions), trace.actions[-1:][0]
                  if trace.actions else "(start)")
    check_same_game(ctx, play_plain(game, options, seed, settings), trace)
    check_record(ctx, trace)
    report.games += 1
    report.results.append(trace.result)
    return trace


def _play_checked(game: AnyGame, options: Options, seed: int, settings: Settings,
                  report: Report) -> Trace:
    chooser, checker = rngs(seed)
    ctx = Context(game, options, seed, proposal_kinds=set(proposal_kinds(game)))
    state: AnyState = game.new_game(options, seed)
    actions: list[str] = []
    turn = state.turn
    while True:
        check_step(ctx, state)
        if state.turn < turn:
            raise ctx.fail(f"the turn went back from {turn} to {state.turn}")
        turn = state.turn
        deep = checker.random() < settings.deep_rate
        if deep:
            check_deep(ctx, state, checker, settings, report)
            state = maybe_swap(ctx, state, checker, settings, report)
        if state.is_over:
            break
        if len(actions) >= settings.max_actions:
            raise ctx.fail(f"the game did not end after {settings.max_actions} actions")
        action, proposal = choose_move(state, chooser, settings.proposal_rate)
        if action is None:
            raise ctx.fail("the chosen seat of to_act() has nothing to do")
        if proposal:
            ctx.proposal_kinds.add(type(action))
            report.proposals_applied += 1
        _apply_checked(ctx, state, action, deep, report)
        actions.append(str(action))
        ctx.index, ctx.last = len(actions), str(action)
    check_deep(ctx, state, checker, settings, report)
    check_over(ctx, state)
    report.actions += len(actions)
    return Trace(actions, state.result(), state.to_json())


def _apply_checked(ctx: Context, state: AnyState, action: Action, deep: bool,
                   report: Report) -> None:
    check_applied(ctx, action, deep)
    kept = state.clone() if deep else None
    kept_json = state.to_json() if deep else None
    try:
        events = state.apply(action)
    except GameError as exc:
        raise ctx.fail(f"chosen action {action} is refused: {exc}") from None
    if kept is not None and kept.to_json() != kept_json:
        raise ctx.fail(f"applying {action} changed a clone taken before it")
    if kept is not None:
        check_events(ctx, state, events)
        check_reveals(ctx, kept, action, events, state, report)


def run_conformance(game: AnyGame, options: Options, seeds: Iterable[int],
                    settings: Settings = DEFAULT_SETTINGS, budget: int | None = None) -> Report:
    """:func:`check_game` for each seed; the summed :class:`Report`.

    With ``budget``, stop after the game that brings the actions played to it (so
    a series costs about the same whatever the length of one game).
    """
    report = Report()
    for seed in seeds:
        check_game(game, options, seed, settings, report)
        if budget is not None and report.actions >= budget:
            break
    return report
