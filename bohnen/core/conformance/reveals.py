"""Events say when chance or hidden cards came into play (``Event.reveals``).

The promise checked: every event has a ``bool`` ``reveals``, and when no event of a
move reveals, the seat that moved learned nothing hidden from it: the same move made
in any position that seat cannot tell from the real one (a determinization for it)
shows it the same view afterwards. A move that draws, turns up or shuffles cards
without saying so shows that seat a card that differs between determinizations.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bohnen.core.conformance.context import Context
from bohnen.core.conformance.settings import Report
from bohnen.core.conformance.views import first_difference
from bohnen.core.errors import GameError
from bohnen.core.protocol import Action, AnyState, Event
from bohnen.core.rng import derive


def check_reveals(ctx: Context, before: AnyState, action: Action, events: Sequence[Event],
                  after: AnyState, report: Report) -> None:
    """``before`` (a copy of the position the move was made in), the ``events`` the move
    gave and the position ``after`` it: the events' ``reveals`` tell the truth."""
    for event in events:
        if type(getattr(event, "reveals", None)) is not bool:
            raise ctx.fail(f"event {event!r} has no bool 'reveals'")
    if any(event.reveals for event in events):
        return
    seat = action.seat
    rng = random.Random(derive(ctx.seed, ctx.index))
    other = before.determinize(seat, rng)
    try:
        other.apply(action)
    except GameError as exc:
        raise ctx.fail(f"{action} is refused on a determinization for seat {seat}: "
                       f"{exc}") from None
    seen, elsewhere = after.view(seat), other.view(seat)
    if seen != elsewhere:
        raise ctx.fail(f"no event of {action} reveals anything, yet seat {seat} sees "
                       f"another view after it in a position it could not tell from this one: "
                       f"{first_difference(seen, elsewhere)}")
    report.quiet_moves += 1
