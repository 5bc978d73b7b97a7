"""Every legal action of a seat, except proposals (see :mod:`~bohnen.bohnanza.proposal_space`),
and the seats the game waits on.

The listing states no rule of its own: it asks the predicates of
:mod:`~bohnen.bohnanza.rules` and :mod:`~bohnen.bohnanza.trading` (the ``*_refusal``
functions the checks raise on), and reads the tables the checks consult
(``tables.PLANTABLE`` and ``tables.HARVESTABLE``) with the same keys. Simple actions
are made once per seat and field and shared, so listing them costs no allocation
beyond the list itself.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Final

from bohnen.bohnanza.actions import (
    Accept,
    BohnanzaAction,
    BuyThirdField,
    CloseTrading,
    EndPlanting,
    Harvest,
    Pass,
    Plant,
    PlantTraded,
)
from bohnen.bohnanza.beans import ALL_BEANS
from bohnen.bohnanza.data import OVER, PLANT, PLANT_TRADED, TRADE, BohnanzaData, Proposal
from bohnen.bohnanza.flow import may_propose
from bohnen.bohnanza.makers import accept, decline, withdraw
from bohnen.bohnanza.rules import (
    end_planting_refusal,
    plant_refusal,
    plant_traded_refusal,
)
from bohnen.bohnanza.tables import CAP, HARVESTABLE, PLANTABLE, plant_key
from bohnen.bohnanza.trading import (
    answer_refusal,
    close_refusal,
    gives_face_up,
    may_pass,
    payment_refusal,
    withdraw_refusal,
)

# ``Final``: the compiled build reads these from C statics, not the module's dictionary
# (as ``data``'s phases).
MAX_SEATS: Final = 8
PLANT_ACTS: Final = [[Plant(s, f) for f in range(3)] for s in range(MAX_SEATS)]
HARVEST_ACTS: Final = [[Harvest(s, f) for f in range(3)] for s in range(MAX_SEATS)]
TRADED_ACTS: Final = [[[PlantTraded(s, b, f) for f in range(3)] for b in ALL_BEANS]
                      for s in range(MAX_SEATS)]
END_ACTS: Final = [EndPlanting(s) for s in range(MAX_SEATS)]
BUY_ACTS: Final = [BuyThirdField(s) for s in range(MAX_SEATS)]
PASS_ACTS: Final = [Pass(s) for s in range(MAX_SEATS)]
CLOSE_ACTS: Final = [CloseTrading(s) for s in range(MAX_SEATS)]
# PLANTS[seat][two_fields_of_a_bean][key] and TRADED[seat][bean][...][key]: the planting
# actions of tables.PLANTABLE (the fields rules.plantable gives).
PLANTS: Final = [[tuple(tuple(PLANT_ACTS[s][f] for f in fields) for fields in table)
                  for table in PLANTABLE] for s in range(MAX_SEATS)]
TRADED: Final = [[[tuple(tuple(TRADED_ACTS[s][b][f] for f in fields) for fields in table)
                   for table in PLANTABLE] for b in ALL_BEANS] for s in range(MAX_SEATS)]
# HARVESTS[seat][protection][key]: the harvest actions of tables.HARVESTABLE (the fields
# rules.harvestable gives).
HARVESTS: Final = [[tuple(tuple(HARVEST_ACTS[s][f] for f in fields) for fields in table)
                    for table in HARVESTABLE] for s in range(MAX_SEATS)]
# ONE_SEAT[seat]: the tuple (seat,), which to_act and must_act answer in turn-based play
# without building it anew at every move.
ONE_SEAT: Final = tuple((s,) for s in range(MAX_SEATS))


def to_act(state: BohnanzaData) -> tuple[int, ...]:
    """The seats the game waits on: in turn-based play the one seat to act; in open
    trading every seat with a legal move (in phase 2 also those with a proposal left)."""
    phase = state.phase
    if phase is OVER:
        return ()
    if not state.turn_based:
        seats = range(state.players)
        if phase is TRADE:  # a seat with proposals left may propose (to or as the active)
            return tuple(s for s in seats if may_propose(state, s) or legal_actions(state, s))
        return tuple(s for s in seats if legal_actions(state, s))
    return ONE_SEAT[state.mover]  # actor(), kept by the effects


def must_act(state: BohnanzaData) -> tuple[int, ...]:
    """The seats the game cannot go on without: in turn-based play the one seat to act;
    in open trading the active player in phases 1 and 2 (only its planting, and only its
    close, move the game on), every seat with cards in its trade area in phase 3 (not the
    seats that could only harvest, buy a field, propose or answer)."""
    phase = state.phase
    if phase is OVER:
        return ()
    if state.turn_based:
        return ONE_SEAT[state.mover]  # actor(), kept by the effects
    if phase is PLANT_TRADED:
        return tuple(s for s, area in enumerate(state.trade_areas) if area)
    return (state.active,)


def legal_actions(state: BohnanzaData, seat: int) -> list[BohnanzaAction]:
    """Every legal action of ``seat`` now, except proposals."""
    phase = state.phase
    if phase is OVER or not 0 <= seat < state.players:
        return []
    out: list[BohnanzaAction] = []
    if state.turn_based and seat != state.mover:  # actor(), kept by the effects
        _any_time(state, seat, out)  # out of turn: only what is open at any moment
        return out
    if phase is PLANT:
        if plant_refusal(state, seat) is None:
            key = plant_key(state.field_beans, seat * 3, state.fields_owned[seat],
                            state.hands[seat][0])
            out.extend(PLANTS[seat][state.two_fields][key])
        if end_planting_refusal(state, seat) is None:
            out.append(END_ACTS[seat])
    elif phase is TRADE:
        _trading(state, seat, out)
    elif phase is PLANT_TRADED:
        area = state.trade_areas[seat]
        # The rule allows any bean of the area (in any order): asked of its first bean,
        # it answers for all of them.
        if area and plant_traded_refusal(state, seat, area[0]) is None:
            seen = 0
            two = state.two_fields
            for card in area:
                bean: int = card  # an int: compiled, the shifts and indexing below are native
                if not seen >> bean & 1:
                    seen |= 1 << bean
                    key = plant_key(state.field_beans, seat * 3, state.fields_owned[seat],
                                    bean)
                    out.extend(TRADED[seat][bean][two][key])
    _any_time(state, seat, out)
    return out


def any_time_actions(state: BohnanzaData, seat: int) -> list[BohnanzaAction]:
    """The harvests and the purchase of the third field open to ``seat`` now, whether it
    is to act or not."""
    out: list[BohnanzaAction] = []
    if state.phase is not OVER and 0 <= seat < state.players:
        _any_time(state, seat, out)
    return out


def _any_time(state: BohnanzaData, seat: int, out: list[BohnanzaAction]) -> None:
    """Harvests (``rules.harvestable``) and buying the third field (``rules.may_buy``)."""
    counts = state.field_counts
    base = seat * 3
    key = CAP[counts[base]] * 9 + CAP[counts[base + 1]] * 3 + CAP[counts[base + 2]]  # inlined:
    if key:  # the key rules.harvestable reads the table with
        out.extend(HARVESTS[seat][state.protection][key])
    # rules.may_buy, inlined
    if state.fields_owned[seat] == 2 and len(state.taler_cards[seat]) >= state.field_cost:
        out.append(BUY_ACTS[seat])


def _trading(state: BohnanzaData, seat: int, out: list[BohnanzaAction]) -> None:
    for p in state.open_proposals:
        if answer_refusal(seat, p) is None:
            out.extend(acceptances(state, p))
            out.append(decline(seat, p.pid))
        elif withdraw_refusal(seat, p) is None:
            out.append(withdraw(seat, p.pid))
    if may_pass(state, seat):  # pass_refusal is None, without building its reason
        out.append(PASS_ACTS[seat])
    if close_refusal(state, seat) is None:
        out.append(CLOSE_ACTS[seat])


def acceptances(state: BohnanzaData, p: Proposal) -> list[Accept]:
    """Every way for the receiver to pay the beans ``p`` wants (by position)."""
    seat = p.to
    if payment_refusal(state, p) is not None:
        return []
    hand = state.hands[seat]
    face = state.face_up if gives_face_up(state, seat) else ()
    wants = p.wants
    if len(wants) == 1:  # the common case: one bean wanted, any card of it
        bean, pid = wants[0], p.pid
        out1 = [accept(seat, pid, (i,), ()) for i, c in enumerate(hand) if c == bean]
        out1 += [accept(seat, pid, (), (i,)) for i, c in enumerate(face) if c == bean]
        return out1
    need: dict[int, int] = {}
    for b in p.wants:
        need[b] = need.get(b, 0) + 1
    choices_per_bean = []
    for wanted, k in need.items():
        refs = [(0, i) for i, c in enumerate(hand) if c == wanted]
        refs += [(1, i) for i, c in enumerate(face) if c == wanted]
        if len(refs) < k:
            return []
        choices_per_bean.append(list(combinations(refs, k)))
    out = []
    for pick in product(*choices_per_bean):
        refs = [r for group in pick for r in group]
        hand_pos = tuple(sorted(i for src, i in refs if src == 0))
        face_pos = tuple(sorted(i for src, i in refs if src == 1))
        out.append(accept(seat, p.pid, hand_pos, face_pos))
    return out
