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
from bohnen.ndb.cards import COLOURS, DOUBLE, KINDS, MINUS
from bohnen.ndb.data import LEAD, MAX_PLAYERS, OVER, PLAY, TAKE, NdbData
from bohnen.ndb.legal import PLAYS, TAKE_SETS
from bohnen.ndb.rules import result, takeable, totals
from bohnen.ndb.state import NdbState

# Per card: its colour, and what it adds to a row of its colour (value, "–", "x2", the
# "Nicht die Bohne" card): read by the greedy take without a division per card.
_COLOUR: tuple[int, ...] = tuple(c // KINDS for c in range(len(COLOURS) * KINDS))
_KIND: tuple[int, ...] = tuple(c % KINDS for c in range(len(COLOURS) * KINDS))
# _SEATS[mask]: the seats whose bits are in ``mask`` (``state.playing``), in order.
_SEATS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(MAX_PLAYERS) if mask >> s & 1) for mask in range(1 << MAX_PLAYERS))


def playout(state: NdbState, rng: random.Random) -> Result:
    """Play ``state`` by :func:`playout_move` to the end of its round; the totals then
    (moves made by ``advance``: a playout reads no events)."""
    start = state.round
    advance = state.advance
    while state.phase is not OVER and state.round == start:
        move = playout_move(state, rng)
        if move is None:
            break
        advance(move)
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
        waiting = _SEATS[state.playing]  # those still to play, in seat order
        seat = waiting[int(rng.random() * len(waiting))]
    else:
        return None
    hand = state.hands[seat]
    return PLAYS[seat][hand[int(rng.random() * len(hand))]]


def _greedy_take(state: NdbData, seat: int) -> Take:
    """The take that adds most to ``seat``'s row of the card's colour now (of equals,
    the first), reckoned from the row's summary (:func:`row_summary`)."""
    rows = row_summary(state.row_cards[seat])
    takes = TAKE_SETS[seat][takeable(state, seat)]
    table = state.table
    best = takes[0]
    best_gain = -10**9
    for take in takes:
        gain = take_gain(rows, table[take.owner])
        if gain > best_gain:
            best, best_gain = take, gain
    return best


# A row summed up, per colour: its sum of values, its "–" cards, whether it holds the
# "x2" and whether it holds the "Nicht die Bohne" card. (Not cached: measured, the
# searches of a move meet a row again only about one time in five.)
RowSums = tuple[list[int], list[int], list[bool], list[bool]]


def row_summary(row: tuple[int, ...]) -> RowSums:
    """Each colour's summary of ``row`` (a seat's taken cards), read in one pass."""
    colours = len(COLOURS)
    sums = [0] * colours
    minus = [0] * colours
    doubled = [False] * colours
    zero = [False] * colours
    colour_of, kind_of = _COLOUR, _KIND
    for card in row:
        colour, kind = colour_of[card], kind_of[card]
        if kind < MINUS:
            sums[colour] += kind + 1
        elif kind == MINUS:
            minus[colour] += 1
        elif kind == DOUBLE:
            doubled[colour] = True
        else:
            zero[colour] = True
    return sums, minus, doubled, zero


def take_gain(rows: RowSums, card: int) -> int:
    """What taking ``card`` adds to the score of its colour's row (``rows``: the
    summary of :func:`row_summary`), as ``scoring.row_score`` reckons a row."""
    kind, colour = _KIND[card], _COLOUR[card]
    sums, minus, doubled, zero = rows
    total, odd, twice, nil = sums[colour], minus[colour] % 2, doubled[colour], zero[colour]
    before = _score(total, odd, twice, nil)
    if kind < MINUS:
        total += kind + 1
    elif kind == MINUS:
        odd = 1 - odd
    elif kind == DOUBLE:
        twice = True
    else:
        nil = True
    return _score(total, odd, twice, nil) - before


def _score(total: int, odd: int, doubled: bool, nil: bool) -> int:
    """A row's points from its sum of values, the parity of its "–" cards, its "x2" and
    its "Nicht die Bohne" card (as ``scoring.row_score`` reckons them)."""
    if nil:
        return 0
    if odd:
        total = -total
    return total * 2 if doubled else total
