"""A finished game: nobody acts, the result is sound, and every action is refused."""

from __future__ import annotations

import json

from bohnen.core.conformance.attempts import attempt
from bohnen.core.conformance.context import Context
from bohnen.core.conformance.settings import Report
from bohnen.core.protocol import AnyState
from bohnen.core.result import Result


def check_over(ctx: Context, state: AnyState) -> None:
    """A finished game: nobody acts, a sound result, every action refused."""
    players = state.options.players
    for seat in range(players):
        if state.legal_actions(seat) or state.proposals(seat):
            raise ctx.fail(f"seat {seat} has actions after the end")
    result = state.result()
    if len(result.scores) != players:
        raise ctx.fail(f"result has {len(result.scores)} scores for {players} seats")
    winners = result.winners
    if not winners or list(winners) != sorted(set(winners)) or not all(
            0 <= w < players for w in winners):
        raise ctx.fail(f"result names odd winners {winners}")
    if not result.reason:
        raise ctx.fail("the result gives no reason for the end")
    if Result.from_json(json.loads(json.dumps(result.to_json()))) != result:
        raise ctx.fail("the result does not round-trip through JSON")
    if ctx.last != "(start)":
        last = ctx.game.parse_action(ctx.last)
        attempt(ctx, state, last, Report(), must_fail=True)
