"""Every legal action of a seat, except proposals (see ``ProposalSpace``).

Simple actions are made once per seat and field and shared, so listing them costs
no allocation beyond the list itself.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from bohnen.bohnanza import actions as A
from bohnen.bohnanza.state import OVER, PLANT, PLANT_TRADED, TRADE, BohnanzaState, Proposal
from bohnen.bohnanza.tables import CAP, HARVESTABLE, PLANTABLE, plant_key

MAX_SEATS = 8
PLANT_ACTS = [[A.Plant(s, f) for f in range(3)] for s in range(MAX_SEATS)]
HARVEST_ACTS = [[A.Harvest(s, f) for f in range(3)] for s in range(MAX_SEATS)]
TRADED_ACTS = [[[A.PlantTraded(s, b, f) for f in range(3)] for b in range(8)]
               for s in range(MAX_SEATS)]
END_ACTS = [A.EndPlanting(s) for s in range(MAX_SEATS)]
BUY_ACTS = [A.BuyThirdField(s) for s in range(MAX_SEATS)]
PASS_ACTS = [A.Pass(s) for s in range(MAX_SEATS)]
CLOSE_ACTS = [A.CloseTrading(s) for s in range(MAX_SEATS)]
# PLANTS[seat][two_fields_of_a_bean][key] and TRADED[seat][bean][...][key]: the planting
# actions of tables.PLANTABLE.
PLANTS = [[tuple(tuple(PLANT_ACTS[s][f] for f in fields) for fields in table)
           for table in PLANTABLE] for s in range(MAX_SEATS)]
TRADED = [[[tuple(tuple(TRADED_ACTS[s][b][f] for f in fields) for fields in table)
            for table in PLANTABLE] for b in range(8)] for s in range(MAX_SEATS)]
# HARVESTS[seat][protection][key]: the harvest actions of tables.HARVESTABLE.
HARVESTS = [[tuple(tuple(HARVEST_ACTS[s][f] for f in fields) for fields in table)
             for table in HARVESTABLE] for s in range(MAX_SEATS)]


def legal_actions(state: BohnanzaState, seat: int) -> list[Any]:
    phase = state.phase
    if phase == OVER or not 0 <= seat < state.n:
        return []
    turn_based = state.tb
    out: list[Any] = []
    if turn_based and seat != state.actor():
        _any_time(state, seat, out)  # out of turn: only what is open at any moment
        return out
    if phase == PLANT:
        if seat == state.active:
            hand = state.hands[seat]
            if state.planted < 2 and hand:
                bean = hand[0]
                key = plant_key(state.fbean, seat * 3, state.fields[seat], bean)
                out.extend(PLANTS[seat][state.options.same_bean_in_two_fields][key])
            if state.planted == 1:
                out.append(END_ACTS[seat])
    elif phase == TRADE:
        _trading(state, seat, turn_based, out)
    elif phase == PLANT_TRADED:
        seen = 0
        two = state.options.same_bean_in_two_fields
        for bean in state.trade[seat]:
            if not seen >> bean & 1:
                seen |= 1 << bean
                key = plant_key(state.fbean, seat * 3, state.fields[seat], bean)
                out.extend(TRADED[seat][bean][two][key])
    _any_time(state, seat, out)
    return out


def any_time_actions(state: BohnanzaState, seat: int) -> list[Any]:
    """The harvests and the purchase of the third field open to ``seat`` now, whether it
    is to act or not."""
    out: list[Any] = []
    if state.phase != OVER and 0 <= seat < state.n:
        _any_time(state, seat, out)
    return out


def _any_time(state: BohnanzaState, seat: int, out: list[Any]) -> None:
    """Harvests (with bean protection) and buying the third field."""
    base = seat * 3
    fc = state.fcount
    key = CAP[fc[base]] * 9 + CAP[fc[base + 1]] * 3 + CAP[fc[base + 2]]
    if key:
        out.extend(HARVESTS[seat][state.options.bean_protection][key])
    if state.fields[seat] == 2 and len(state.talers[seat]) >= state.cost:
        out.append(BUY_ACTS[seat])


def _trading(state: BohnanzaState, seat: int, turn_based: bool, out: list[Any]) -> None:
    active = state.active
    for p in state.pending:
        if p.to == seat:
            out.extend(acceptances(state, p))
            out.append(A.Decline(seat, p.pid))
        elif p.frm == seat and not turn_based:
            out.append(A.Withdraw(seat, p.pid))
    if turn_based and not state.pending and seat == state.floor and (
            seat != active or state.quiet < state.n - 1):
        out.append(PASS_ACTS[seat])
    if seat == active:
        out.append(CLOSE_ACTS[seat])


def acceptances(state: BohnanzaState, p: Proposal) -> list[A.Accept]:
    """Every way for the receiver to pay the beans ``p`` wants (by position)."""
    seat = p.to
    if p.wants_talers > len(state.talers[seat]) or p.talers > len(state.talers[p.frm]):
        return []
    hand = state.hands[seat]
    face = state.face_up if seat == state.active else ()
    wants = p.wants
    if len(wants) == 1:  # the common case: one bean wanted, any card of it
        bean, pid = wants[0], p.pid
        out1 = [A.Accept(seat, pid, (i,), ()) for i, c in enumerate(hand) if c == bean]
        out1 += [A.Accept(seat, pid, (), (i,)) for i, c in enumerate(face) if c == bean]
        return out1
    need: dict[int, int] = {}
    for b in p.wants:
        need[b] = need.get(b, 0) + 1
    choices_per_bean = []
    for bean, k in need.items():
        refs = [(0, i) for i, c in enumerate(hand) if c == bean]
        refs += [(1, i) for i, c in enumerate(face) if c == bean]
        if len(refs) < k:
            return []
        choices_per_bean.append(list(combinations(refs, k)))
    out = []
    for pick in product(*choices_per_bean):
        refs = [r for group in pick for r in group]
        hand_pos = tuple(sorted(i for src, i in refs if src == 0))
        face_pos = tuple(sorted(i for src, i in refs if src == 1))
        out.append(A.Accept(seat, p.pid, hand_pos, face_pos))
    return out
