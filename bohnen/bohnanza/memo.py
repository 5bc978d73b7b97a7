"""What a Bohnanza state remembers of the lists it handed out for its position.

A state answers ``to_act``, ``must_act``, ``legal_actions``, ``any_time_actions``,
``proposals`` and what each seat sees (:func:`~bohnen.bohnanza.seen.seen`) once per
position: the answers are kept in its ``seen_*`` slots
(:class:`~bohnen.bohnanza.data.BohnanzaData`) until the state changes. Every change of a
state goes through ``rules.effect``, which forgets them; a clone and a loaded state
start with nothing remembered.

The lists it remembers also spare a check: an action that is one of the very objects
the state listed for this position (by identity, not equality) is legal, so ``apply``
and ``advance`` make its effect without checking it again. Anything else, an equal
action parsed from notation included, is checked in full. The lists handed out to
callers are copies, so a caller that changes its list changes neither the memory nor
what is trusted.
"""

from __future__ import annotations

from bohnen.bohnanza.actions import BohnanzaAction
from bohnen.bohnanza.data import BohnanzaData, Offers


def forget(state: BohnanzaData) -> None:
    """Drop what ``state`` remembers (its position changed)."""
    state.seen_to_act = state.seen_must = None
    state.seen_lists = None
    state.seen_spaces = None
    state.seen_values = None


def no_lists() -> list[list[BohnanzaAction] | None]:
    """A blank memory of lists: the slots of each seat's legal list (at ``seat``) and
    any-time list (at ``players + seat``), for up to five players (the options' most).
    Written out, not ``[None] * (2 * players)``: compiled, a list display is built in
    place, a repetition is a generic call (this runs at every position asked)."""
    return [None, None, None, None, None, None, None, None, None, None]


def no_spaces() -> list[Offers | None]:
    """A blank memory of proposal spaces, a slot per seat (up to five: as :func:`no_lists`)."""
    return [None, None, None, None, None]


def seen_list(state: BohnanzaData, index: int) -> list[BohnanzaAction] | None:
    """The list remembered at ``index`` (a seat's legal actions at ``seat``, its
    any-time actions at ``players + seat``), None if not asked for this position."""
    lists = state.seen_lists
    return None if lists is None else lists[index]


def remember_list(state: BohnanzaData, index: int, actions: list[BohnanzaAction]) -> None:
    """Keep ``actions`` (the state's own list, never handed out) at ``index``."""
    lists = state.seen_lists
    if lists is None:
        lists = state.seen_lists = no_lists()
    lists[index] = actions


def listed(state: BohnanzaData, action: object) -> bool:
    """Whether ``action`` is one of the objects ``state`` listed for its position: in a
    legal or any-time list, or the proposal a proposal space built last. Such an action
    needs no check. Every list and space of a seat holds only that seat's actions, so
    the object is looked for in all of them, without reading its seat first (a Python
    attribute read of an interpreted class, dearer than the look)."""
    lists = state.seen_lists
    if lists is not None:
        for known in lists:
            if known is not None:
                for a in known:
                    if a is action:
                        return True
    spaces = state.seen_spaces
    if spaces is not None and action is not None:
        for space in spaces:
            if space is not None and space.last is action:
                return True
    return False
