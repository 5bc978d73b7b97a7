"""The playouts of Nicht die Bohne! for search bots: greedy takes, random plays, one round.

A seat to take takes the card that adds most to its own row of that colour now (of
equals, the first); a seat to play plays a random card of its hand. It reads the
full sampled state, as a playout may, and returns legal moves only.

A playout stops at the end of the round: what is played now changes only this
round's score, and the later rounds, dealt afresh, would add chance and nothing else.
Its outcome is the score sheet's totals then, the highest winning.
"""

from __future__ import annotations

import random

from bohnen.core.result import Result
from bohnen.ndb.actions import NdbAction, Take
from bohnen.ndb.cards import KINDS
from bohnen.ndb.data import LEAD, OVER, PLAY, TAKE, NdbData
from bohnen.ndb.legal import PLAYS, TAKE_SETS
from bohnen.ndb.rules import apply, result, takeable, totals
from bohnen.ndb.scoring import row_score


def playout(state: NdbData, rng: random.Random) -> Result:
    """Play ``state`` by :func:`playout_move` to the end of its round; the totals then."""
    start = state.round
    while state.phase is not OVER and state.round == start:
        move = playout_move(state, rng)
        if move is None:
            break
        apply(state, move)
    if state.phase is OVER:
        return result(state)
    scores = totals(state)
    best = max(scores)
    return Result(scores, tuple(s for s in range(state.players) if scores[s] == best),
                  "the playout's round ended")


def playout_move(state: NdbData, rng: random.Random) -> NdbAction | None:
    """The policy's move in ``state`` (None once the game is over)."""
    phase = state.phase
    if phase is TAKE:
        return _greedy_take(state, state.taker)
    if phase is LEAD:
        seat = state.token
    elif phase is PLAY:
        waiting = [s for s, card in enumerate(state.table) if card < 0]
        seat = waiting[int(rng.random() * len(waiting))]
    else:
        return None
    hand = state.hands[seat]
    return PLAYS[seat][hand[int(rng.random() * len(hand))]]


def _greedy_take(state: NdbData, seat: int) -> Take:
    row = state.row_cards[seat]
    takes = TAKE_SETS[seat][takeable(state, seat)]
    best = takes[0]
    best_gain = -10**9
    for take in takes:
        card = state.table[take.owner]
        colour = card // KINDS
        mine = [c for c in row if c // KINDS == colour]
        gain = row_score([*mine, card]) - row_score(mine)
        if gain > best_gain:
            best, best_gain = take, gain
    return best
