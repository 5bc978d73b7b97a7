"""The record of a checked game replays to the same result and final state."""

from __future__ import annotations

import json

from bohnen.core.conformance.context import Context
from bohnen.core.conformance.settings import Trace
from bohnen.core.errors import GameError
from bohnen.core.records import GameRecord, replay


def check_record(ctx: Context, trace: Trace) -> None:
    """The game's record, through JSON text, replays to the same result and state."""
    game = ctx.game
    record = GameRecord(game.name, game.version, ctx.options.to_json(), ctx.seed,
                        list(trace.actions), None, trace.result)
    loaded = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    try:
        final = replay(loaded)
    except GameError as exc:
        raise ctx.fail(f"the record does not replay: {exc}") from None
    if final.result() != trace.result or final.to_json() != trace.final:
        raise ctx.fail("the record replays to another result or final state")
