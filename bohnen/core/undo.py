"""Taking back a move: when the rules let a person take back their own last move.

One rule for the terminal's take-back (:mod:`bohnen.tui.session`) and the online
table's undo (:mod:`bohnen.server.table`), as the online platforms (Board Game Arena)
have it: a person may take back their last move while no other seat has moved since
and neither it nor anything it set off brought chance or hidden cards into play (a
card drawn, turned up, dealt or shuffled: an event whose ``reveals`` is true). Taken
back, it may be followed by the move before it, under the same rule. So nobody can
look at a card and then choose again, nor take back what others have answered.

Only the person's own moves count as theirs (``own``): a move the table's clock made
for the seat when its time ran out, or one a bot made while standing in for the
person, is not theirs to take back, and it stands between the person and their move
before it as another seat's would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Step:
    """What one move of a game did, as far as taking it back cares: who made it, whether
    one of its events brought chance or hidden cards into play, whether the seat's
    person made it (not the clock, not a bot standing in), and what to call it."""

    seat: int
    reveals: bool
    own: bool = True
    move: str = ""  # the move, for a refusal ("end-planting")


def take_back_refusal(steps: Sequence[Step], seat: int,
                      name: Callable[[int], str] = lambda seat: f"seat {seat}",
                      ) -> str | None:
    """Why ``seat``'s person cannot take back their last move of ``steps`` (the game's
    moves in order) now, in words (``name``: how to call a seat); None: they can, and
    it is the last of ``steps``. Read from the end: a long game costs no more."""
    later: Step | None = None  # the move after theirs
    for step in reversed(steps):
        if step.seat == seat and step.own:
            break
        later = step
    else:
        return "you have made no move to take back"
    if later is not None:
        if later.seat == seat:
            return "cannot take back: the clock or a stand-in has moved for you since"
        return f"cannot take back: {name(later.seat)} has moved since"
    if step.reveals:
        what = f" {step.move}" if step.move else ""
        return f"cannot take back{what}: it drew or revealed cards"
    return None


def may_take_back(steps: Sequence[Step], seat: int) -> bool:
    """Whether ``seat``'s person may take back the last of ``steps`` now: exactly when
    :func:`take_back_refusal` gives no refusal, read from the last step alone."""
    return bool(steps) and take_back_refusal(steps[-1:], seat) is None
