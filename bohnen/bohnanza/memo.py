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
from bohnen.bohnanza.data import BohnanzaData


def forget(state: BohnanzaData) -> None:
    """Drop what ``state`` remembers (its position changed)."""
    state.seen_to_act = state.seen_must = None
    state.seen_lists = None
    state.seen_spaces = None
    state.seen_values = None


def seen_list(state: BohnanzaData, index: int) -> list[BohnanzaAction] | None:
    """The list remembered at ``index`` (a seat's legal actions at ``seat``, its
    any-time actions at ``players + seat``), None if not asked for this position."""
    lists = state.seen_lists
    return None if lists is None else lists[index]


def remember_list(state: BohnanzaData, index: int, actions: list[BohnanzaAction]) -> None:
    """Keep ``actions`` (the state's own list, never handed out) at ``index``."""
    lists = state.seen_lists
    if lists is None:
        lists = state.seen_lists = [None] * (2 * state.players)
    lists[index] = actions


def listed(state: BohnanzaData, action: object) -> bool:
    """Whether ``action`` is one of the objects ``state`` listed for its position: in the
    legal or any-time list of its seat, or the proposal its seat's proposal space built
    last. Such an action needs no check."""
    lists = state.seen_lists
    spaces = state.seen_spaces
    if lists is None and spaces is None:
        return False
    seat = getattr(action, "seat", None)
    if type(seat) is not int or not 0 <= seat < state.players:
        return False
    if lists is not None:
        known = lists[seat]  # _among, inlined for the commonest case
        if known is not None:
            for a in known:
                if a is action:
                    return True
        if _among(lists[state.players + seat], action):
            return True
    if spaces is not None:
        space = spaces[seat]
        if space is not None and space.last is action and action is not None:
            return True
    return False


def _among(known: list[BohnanzaAction] | None, action: object) -> bool:
    """Whether ``action`` is one of the objects of ``known`` (by identity)."""
    if known is not None:
        for a in known:
            if a is action:
                return True
    return False
