"""The legal actions of a seat, listed by the rules' own predicates.

A seat lists plays when :func:`~bohnen.ndb.rules.plays_now` says it is to play (its
bit of ``state.playing``, which the rules' effects keep): the rules put no condition
on the card, so every card of its hand is then playable (each distinct card once: the
three "–" of a colour are one action). It lists takes from the mask
:func:`~bohnen.ndb.rules.takeable` gives it. The actions are made once per
seat and card (or set of seats) and shared, so listing costs no allocation beyond the
list itself.
"""

from __future__ import annotations

from bohnen.ndb.actions import NdbAction, Play, Take
from bohnen.ndb.cards import CARDS
from bohnen.ndb.data import MAX_PLAYERS, TAKE, NdbData
from bohnen.ndb.rules import takeable

# PLAYS[seat][card]: the play of ``card`` by ``seat``.
PLAYS: list[list[Play]] = [[Play(s, c) for c in CARDS] for s in range(MAX_PLAYERS)]
# TAKE_SETS[seat][mask]: the takes of ``seat`` from the seats whose bits are in ``mask``.
TAKE_SETS: list[list[tuple[Take, ...]]] = [
    [tuple(Take(s, o) for o in range(MAX_PLAYERS) if mask >> o & 1)
     for mask in range(1 << MAX_PLAYERS)]
    for s in range(MAX_PLAYERS)]


def legal_actions(state: NdbData, seat: int) -> list[NdbAction]:
    """Every legal action of ``seat`` now (nothing for a seat not of the game)."""
    if not 0 <= seat < state.players:
        return []
    if state.phase is TAKE:
        return list(TAKE_SETS[seat][takeable(state, seat)])
    hand = state.hands[seat]
    if state.playing >> seat & 1:  # plays_now, inlined: the seat's bit of the mask
        return list(map(PLAYS[seat].__getitem__, dict.fromkeys(hand)))
    return []
