"""The legal actions of a seat, listed by the rules' own predicates.

A seat lists plays when :func:`~bohnen.ndb.rules.plays_now` says it is to play (its
bit of ``state.playing``, which the rules' effects keep): the rules put no condition
on the card, so every card of its hand is then playable (each distinct card once: the
three "–" of a colour are one action). It lists takes from the mask
:func:`~bohnen.ndb.rules.takeable` gives it. The actions are made once per
seat and card (or set of seats) and shared, so listing costs no allocation beyond the
list itself. The state remembers the last listing of its position (``state.listed``):
listing again costs a copy, and :func:`~bohnen.ndb.rules.apply` does not check again
an action of that listing.
"""

from __future__ import annotations

from typing import Final

from bohnen.ndb.actions import NdbAction, Play, Take
from bohnen.ndb.cards import CARDS, Card
from bohnen.ndb.data import MAX_PLAYERS, TAKE, NdbData
from bohnen.ndb.rules import takeable

# PLAYS[seat][card]: the play of ``card`` by ``seat``.
PLAYS: Final[list[list[Play]]] = [[Play(s, c) for c in CARDS] for s in range(MAX_PLAYERS)]
# TAKE_SETS[seat][mask]: the takes of ``seat`` from the seats whose bits are in ``mask``.
TAKE_SETS: Final[list[list[tuple[Take, ...]]]] = [
    [tuple(Take(s, o) for o in range(MAX_PLAYERS) if mask >> o & 1)
     for mask in range(1 << MAX_PLAYERS)]
    for s in range(MAX_PLAYERS)]


def plays_of(plays: list[Play], hand: tuple[Card, ...]) -> list[NdbAction]:
    """The plays of each distinct card of ``hand`` (sorted: equal cards side by side),
    from the seat's row of :data:`PLAYS`: one pass, a loop that mypyc compiles."""
    listed: list[NdbAction] = []
    last = -1
    for card in hand:
        if card != last:
            listed.append(plays[card])
            last = card
    return listed


def legal_actions(state: NdbData, seat: int) -> list[NdbAction]:
    """Every legal action of ``seat`` now (nothing for a seat not of the game): a new
    list each call, which the caller may change; the state remembers the actions
    (``state.listed``) until its position changes, and lists them again from there."""
    if seat == state.listed_seat:
        return list(state.listed)
    if not 0 <= seat < state.players:
        return []
    state.listed_seat = seat
    if state.phase is TAKE:
        state.listed = TAKE_SETS[seat][takeable(state, seat)]
        return list(state.listed)
    if state.playing >> seat & 1:  # plays_now, inlined: the seat's bit of the mask
        plays = plays_of(PLAYS[seat], state.hands[seat])
        state.listed = tuple(plays)  # the list itself goes to the caller: no second copy
        return plays
    state.listed = ()
    return []
