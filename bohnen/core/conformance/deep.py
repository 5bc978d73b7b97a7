"""The full check of one position: lists, copies, views and probes together."""

from __future__ import annotations

import random

from bohnen.core.conformance.context import Context, json_ready, unchanged
from bohnen.core.conformance.copies import check_clone, check_json_round_trip
from bohnen.core.conformance.legal import check_legal_lists
from bohnen.core.conformance.moves import check_moves
from bohnen.core.conformance.probes import probe
from bohnen.core.conformance.settings import Report, Settings
from bohnen.core.conformance.views import check_views
from bohnen.core.protocol import AnyState


def check_deep(ctx: Context, state: AnyState, rng: random.Random, settings: Settings,
               report: Report) -> None:
    """Everything of the package's docstring about one state; the state is left unchanged."""
    report.deep_checks += 1
    before = state.to_json()
    json_ready(ctx, before, "to_json()")
    check_legal_lists(ctx, state)
    check_moves(ctx, state, report)
    check_clone(ctx, state, rng, before)
    check_json_round_trip(ctx, state, before)
    check_views(ctx, state, rng, report)
    unchanged(ctx, state, before, "view or determinize")
    for _ in range(settings.probes):
        probe(ctx, state, rng, settings, report)
    unchanged(ctx, state, before, "the probes")
