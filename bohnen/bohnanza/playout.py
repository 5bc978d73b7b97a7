"""The playout policy of Bohnanza for search bots: a few rules of thumb, fast.

A random playout harvests at random (a harvest is legal at almost every step), so
it says little about a position. This policy plays as a careful beginner does:

- plant the front card into its own field, else an empty one; harvest only when a
  card has nowhere to go, then the field that pays most (of equals, the smaller);
- plant the second card only when it grows a field;
- buy the third field as soon as it can be paid, while the draw pile has not run
  out yet;
- trade only by gifts, as the heuristic players do with cards they cannot use: the
  active player gives each face-up card it does not grow to the next seat that grows
  it, and a seat accepts a gift of beans it grows; it declines every other offer,
  passes, and the active player then closes the trading;
- plant traded and face-up cards like the front card.

It reads the full sampled state, as a playout may, and returns legal moves only.

A playout stops after ``PLAYOUT_TURNS`` turns (or at the end of the game): each
seat's score is then estimated from its talers and its fields (:func:`estimate`).
The turns further on would add more chance than sense to what the search weighs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bohnen.bohnanza import legal as L
from bohnen.bohnanza.actions import Accept, BohnanzaAction, Decline, Propose
from bohnen.bohnanza.beans import ALL_BEANS, DECK_SIZE, MAX_FIELD, PAYOUT, Bean, next_step
from bohnen.bohnanza.data import OVER, PLANT, PLANT_TRADED, TRADE, BohnanzaData, Proposal
from bohnen.bohnanza.events import BohnanzaEvent
from bohnen.bohnanza.flow import actor, may_propose
from bohnen.bohnanza.rules import APPLY, harvestable, plantable
from bohnen.bohnanza.state import BohnanzaState
from bohnen.core.result import Result

PLAYOUT_TURNS = 8


def playout(state: BohnanzaState, rng: random.Random) -> Result:
    """Play ``state`` by :func:`playout_move` for ``PLAYOUT_TURNS`` turns, then the
    estimate (or the result, if the game ended first).

    The policy's moves are taken from the rules' own listings (its tables of legal
    actions, the rules' predicates), so they are legal by construction
    (``test_only_legal_moves_in_complete_games`` checks every one of them with the
    rules): the playout makes their effects (``rules.APPLY``) without checking each
    again, as ``apply`` must for a move that comes from outside. Search bots spend
    most of their time here."""
    stop = state.turn + PLAYOUT_TURNS
    events: list[BohnanzaEvent] = []  # the effects' events, which nobody reads here
    while state.phase is not OVER and state.turn < stop:
        action = running_move(state, rng)
        APPLY[type(action)](state, action, events)
        events.clear()
    return state.result() if state.phase is OVER else estimate(state)


def estimate(state: BohnanzaData) -> Result:
    """Each seat's talers plus what its fields are worth, in tenths of a taler; the
    highest wins. A field is worth what it pays now, plus half the next beanometer
    step when that step is one or two beans away (a field left to grow is worth more
    than one sold early)."""
    fbean, fcount = state.field_beans, state.field_counts
    scores = []
    for seat in range(state.players):
        worth = 10 * len(state.taler_cards[seat])
        for i in range(seat * 3, seat * 3 + 3):
            if fcount[i]:
                worth += FIELD_WORTH[fbean[i]][fcount[i]]
        scores.append(worth)
    best = max(scores)
    return Result(tuple(scores), tuple(s for s in range(state.players) if scores[s] == best),
                  "the playout's estimate")


def _field_worth(bean: Bean, count: int) -> int:
    worth = 10 * PAYOUT[bean][count]
    step = next_step(bean, count)
    if step is not None and step[0] - count <= 2:
        worth += 5 * (step[1] - PAYOUT[bean][count])
    return worth


# FIELD_WORTH[bean][count]: a field's worth in tenths of a taler (see estimate).
FIELD_WORTH = tuple(tuple(_field_worth(b, c) for c in range(MAX_FIELD + DECK_SIZE))
                    for b in ALL_BEANS)


def playout_move(state: BohnanzaState, rng: random.Random) -> BohnanzaAction | None:
    """The policy's move in ``state`` (None once the game is over)."""
    return None if state.phase is OVER else running_move(state, rng)


def running_move(state: BohnanzaState, rng: random.Random) -> BohnanzaAction:
    """The policy's move in ``state``, a game not over."""
    phase = state.phase
    if phase is PLANT:
        return _plant_phase(state, state.active)
    if phase is TRADE:
        return _trade_phase(state)
    if phase is PLANT_TRADED:
        seat = state.floor if state.turn_based else _planting_seat(state)
        bean = state.trade_areas[seat][0]
        return _place(state, seat, bean, L.TRADED_ACTS[seat][bean])
    raise ValueError("the game is over: no playout move")


def _plant_phase(state: BohnanzaData, seat: int) -> BohnanzaAction:
    hand = state.hands[seat]
    if not hand:
        return L.END_ACTS[seat] if state.planted == 1 else _best_harvest(state, seat)
    if state.planted == 1:
        if _grows(state, seat, hand[0]):
            return L.PLANT_ACTS[seat][_own_field(state, seat, hand[0])]
        return L.END_ACTS[seat]
    if (state.fields_owned[seat] == 2 and len(state.taler_cards[seat]) >= state.field_cost
            and state.runouts == 0):
        return L.BUY_ACTS[seat]
    return _place(state, seat, hand[0], L.PLANT_ACTS[seat])


def _trade_phase(state: BohnanzaData) -> BohnanzaAction:
    if state.turn_based:
        seat = actor(state)
        for p in state.open_proposals:
            if p.to == seat:
                if _welcome_gift(state, seat, p):
                    return Accept(seat, p.pid)
                return Decline(seat, p.pid)
        if seat == state.active:
            gift = _gift(state, seat)
            return gift if gift is not None else L.CLOSE_ACTS[seat]
        return L.PASS_ACTS[seat]
    return L.CLOSE_ACTS[state.active]


def _gift(state: BohnanzaData, seat: int) -> Propose | None:
    """The active player's gift of a face-up card it does not grow to the next seat
    that grows it, while proposals are left; None if there is none to make."""
    if not may_propose(state, seat):
        return None
    n = state.players
    for index, bean in enumerate(state.face_up):
        if _grows(state, seat, bean):
            continue
        for k in range(1, n):
            other = (seat + k) % n
            if _grows(state, other, bean):
                return Propose(seat, other, face_up=(index,))
    return None


def _welcome_gift(state: BohnanzaData, seat: int, p: Proposal) -> bool:
    """Whether proposal ``p`` asks nothing and gives only beans ``seat`` grows."""
    if p.wants or p.wants_talers or not (p.hand_beans or p.face_beans):
        return False
    return (all(_grows(state, seat, bean) for bean in p.hand_beans)
            and all(_grows(state, seat, bean) for bean in p.face_beans))


def _planting_seat(state: BohnanzaData) -> int:
    """Open trading: a seat that still has traded cards to plant."""
    for seat in range(state.players):
        if state.trade_areas[seat]:
            return seat
    raise RuntimeError("phase 3 with no traded card left")


def _grows(state: BohnanzaData, seat: int, bean: Bean) -> bool:
    """Whether one of ``seat``'s fields holds ``bean``."""
    base = seat * 3
    return bean in state.field_beans[base:base + state.fields_owned[seat]]


def _own_field(state: BohnanzaData, seat: int, bean: Bean) -> int:
    """The first of ``seat``'s fields that holds ``bean`` (one must)."""
    beans = state.field_beans
    base = seat * 3
    for field in range(state.fields_owned[seat]):
        if beans[base + field] == bean:
            return field
    raise ValueError(f"seat {seat} grows no {bean}")


def _place(state: BohnanzaData, seat: int, bean: Bean,
           acts: Sequence[BohnanzaAction]) -> BohnanzaAction:
    """Plant ``bean`` (``acts[field]``) into its own field, else an empty one; if it
    fits nowhere, harvest the field that pays most."""
    fields = plantable(state, seat, bean)
    if fields:
        base = seat * 3
        for field in fields:
            if state.field_beans[base + field] == bean:
                return acts[field]
        return acts[fields[0]]
    return _best_harvest(state, seat)


def _best_harvest(state: BohnanzaData, seat: int) -> BohnanzaAction:
    base = seat * 3
    counts, beans = state.field_counts, state.field_beans
    best, best_pay, best_count = -1, -1, 0
    for field in harvestable(state, seat):  # the best pay, then the fewest beans
        count = counts[base + field]
        pay = PAYOUT[beans[base + field]][count]
        if pay > best_pay or (pay == best_pay and count < best_count):
            best, best_pay, best_count = field, pay, count
    return L.HARVEST_ACTS[seat][best]
