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
from typing import Any

from bohnen.bohnanza import legal as L
from bohnen.bohnanza.actions import Accept, Decline, Propose
from bohnen.bohnanza.beans import BEAN_COUNT, DECK_SIZE, MAX_FIELD, PAYOUT, next_step
from bohnen.bohnanza.state import PLANT, PLANT_TRADED, TRADE, BohnanzaState
from bohnen.core.playout import random_move, truncated
from bohnen.core.result import Result

PLAYOUT_TURNS = 8


def playout(state: BohnanzaState, rng: random.Random) -> Result:
    """Play ``state`` by :func:`playout_move` for ``PLAYOUT_TURNS`` turns, then the
    estimate (or the result, if the game ended first)."""
    return truncated(state, rng, playout_move, PLAYOUT_TURNS, estimate)


def estimate(state: BohnanzaState) -> Result:
    """Each seat's talers plus what its fields are worth, in tenths of a taler; the
    highest wins. A field is worth what it pays now, plus half the next beanometer
    step when that step is one or two beans away (a field left to grow is worth more
    than one sold early)."""
    fbean, fcount = state.fbean, state.fcount
    scores = []
    for seat in range(state.n):
        worth = 10 * len(state.talers[seat])
        for i in range(seat * 3, seat * 3 + 3):
            if fcount[i]:
                worth += FIELD_WORTH[fbean[i]][fcount[i]]
        scores.append(worth)
    best = max(scores)
    return Result(tuple(scores), tuple(s for s in range(state.n) if scores[s] == best),
                  "the playout's estimate")


def _field_worth(bean: int, count: int) -> int:
    worth = 10 * PAYOUT[bean][count]
    step = next_step(bean, count)
    if step is not None and step[0] - count <= 2:
        worth += 5 * (step[1] - PAYOUT[bean][count])
    return worth


# FIELD_WORTH[bean][count]: a field's worth in tenths of a taler (see estimate).
FIELD_WORTH = tuple(tuple(_field_worth(b, c) for c in range(MAX_FIELD + DECK_SIZE))
                    for b in range(BEAN_COUNT))


def playout_move(state: BohnanzaState, rng: random.Random) -> Any:
    """The policy's move in ``state`` (None once the game is over)."""
    phase = state.phase
    if phase == PLANT:
        return _plant_phase(state, state.active)
    if phase == TRADE:
        return _trade_phase(state)
    if phase == PLANT_TRADED:
        seat = state.floor if state.tb else _planting_seat(state)
        bean = state.trade[seat][0]
        return _place(state, seat, bean, L.TRADED_ACTS[seat][bean])
    return random_move(state, rng)  # over: None


def _plant_phase(state: BohnanzaState, seat: int) -> Any:
    hand = state.hands[seat]
    if not hand:
        return L.END_ACTS[seat] if state.planted == 1 else _best_harvest(state, seat)
    if state.planted == 1:
        if hand and _grows(state, seat, hand[0]):
            return L.PLANT_ACTS[seat][_own_field(state, seat, hand[0])]
        return L.END_ACTS[seat]
    if (state.fields[seat] == 2 and len(state.talers[seat]) >= state.cost
            and state.runouts == 0):
        return L.BUY_ACTS[seat]
    return _place(state, seat, hand[0], L.PLANT_ACTS[seat])


def _trade_phase(state: BohnanzaState) -> Any:
    if state.tb:
        seat = state.actor()
        for p in state.pending:
            if p.to == seat:
                if _welcome_gift(state, seat, p):
                    return Accept(seat, p.pid)
                return Decline(seat, p.pid)
        if seat == state.active:
            gift = _gift(state, seat)
            return gift if gift is not None else L.CLOSE_ACTS[seat]
        return L.PASS_ACTS[seat]
    return L.CLOSE_ACTS[state.active]


def _gift(state: BohnanzaState, seat: int) -> Propose | None:
    """The active player's gift of a face-up card it does not grow to the next seat
    that grows it, while proposals are left; None if there is none to make."""
    if not state.may_propose(seat):
        return None
    n = state.n
    for index, bean in enumerate(state.face_up):
        if _grows(state, seat, bean):
            continue
        for k in range(1, n):
            other = (seat + k) % n
            if _grows(state, other, bean):
                return Propose(seat, other, face_up=(index,))
    return None


def _welcome_gift(state: BohnanzaState, seat: int, p: Any) -> bool:
    """Whether proposal ``p`` asks nothing and gives only beans ``seat`` grows."""
    if p.wants or p.wants_talers or not (p.hand_beans or p.face_beans):
        return False
    return all(_grows(state, seat, bean) for bean in (*p.hand_beans, *p.face_beans))


def _planting_seat(state: BohnanzaState) -> int:
    """Open trading: a seat that still has traded cards to plant."""
    for seat in range(state.n):
        if state.trade[seat]:
            return seat
    raise RuntimeError("phase 3 with no traded card left")


def _grows(state: BohnanzaState, seat: int, bean: int) -> bool:
    base = seat * 3
    return any(state.fbean[base + f] == bean for f in range(state.fields[seat]))


def _own_field(state: BohnanzaState, seat: int, bean: int) -> int:
    base = seat * 3
    return next(f for f in range(state.fields[seat]) if state.fbean[base + f] == bean)


def _place(state: BohnanzaState, seat: int, bean: int, acts: list[Any]) -> Any:
    """Plant ``bean`` (``acts[field]``) into its own field, else an empty one; if it
    fits nowhere, harvest the field that pays most."""
    fields = state.plantable_fields(seat, bean)
    if fields:
        base = seat * 3
        for field in fields:
            if state.fbean[base + field] == bean:
                return acts[field]
        return acts[fields[0]]
    return _best_harvest(state, seat)


def _best_harvest(state: BohnanzaState, seat: int) -> Any:
    base = seat * 3
    best, best_key = -1, (-1, 0)
    for field in range(state.fields[seat]):
        if state.harvestable(seat, field) is None:
            count = state.fcount[base + field]
            key = (PAYOUT[state.fbean[base + field]][count], -count)
            if key > best_key:
                best, best_key = field, key
    return L.HARVEST_ACTS[seat][best]
