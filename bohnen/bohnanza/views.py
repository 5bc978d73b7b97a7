"""What each seat sees: its own hand in order, of others only sizes, all that is public.

Public (decisions.md 13): fields, talers, hand sizes, the discard pile, the size of
the draw pile, run-outs, face-up cards, trade areas, third fields, open proposals
(the beans offered, not their hand positions). Private: a hand's content and order
(its owner sees it) and a proposer's hand positions. Nobody sees the draw pile.
"""

from __future__ import annotations

from typing import cast

from bohnen.bohnanza.beans import BEANS, CODES, next_step, payout
from bohnen.bohnanza.data import (
    OVER,
    PHASE_NAMES,
    TRADE,
    VERSION,
    BohnanzaData,
    Closed,
    Proposal,
)
from bohnen.bohnanza.flow import proposals_left, result
from bohnen.bohnanza.legal import to_act
from bohnen.bohnanza.rules import may_buy
from bohnen.bohnanza.view_types import (
    BeanLegend,
    ClosedView,
    FieldView,
    OptionsJSON,
    PlayerView,
    ProposalView,
    SeatView,
    SpectatorView,
    TradingView,
)
from bohnen.core.files import excerpt

BohnanzaView = SeatView | SpectatorView

# Each bean once, shared by every view (a view is read-only).
LEGEND: list[BeanLegend] = [
    {"code": b.code, "name": b.name, "cards": b.cards, "beanometer": list(b.beanometer)}
    for b in BEANS]


def _codes(beans: tuple[int, ...] | list[int]) -> list[str]:
    return [CODES[b] for b in beans]


def _field_view(state: BohnanzaData, seat: int, f: int) -> FieldView:
    i = seat * 3 + f
    bean, count = state.field_beans[i], state.field_counts[i]
    if count == 0:
        return {"bean": None, "count": 0, "talers": 0, "next": None}
    nxt = next_step(bean, count)
    return {"bean": CODES[bean], "count": count, "talers": payout(bean, count),
            "next": None if nxt is None else {"count": nxt[0], "talers": nxt[1]}}


def _proposal_view(p: Proposal, viewer: int | None) -> ProposalView:
    # Others hear which beans are offered, not where they sit: sorted by bean.
    mine = viewer == p.proposer
    beans = p.hand_beans if mine else tuple(sorted(p.hand_beans))
    return {"pid": p.pid, "from": p.proposer, "to": p.to, "hand_beans": _codes(beans),
            "hand": list(p.hand) if mine else None, "face_up": list(p.face_up),
            "face_up_beans": _codes(p.face_beans), "wants": _codes(p.wants),
            "talers": p.talers, "wants_talers": p.wants_talers}


def _closed_view(c: Closed) -> ClosedView:
    return {"pid": c.pid, "from": c.proposer, "to": c.to, "hand_beans": _codes(c.hand_beans),
            "face_up_beans": _codes(c.face_beans), "wants": _codes(c.wants),
            "talers": c.talers, "wants_talers": c.wants_talers, "how": c.how}


def _player_view(state: BohnanzaData, s: int, viewer: int | None) -> PlayerView:
    return {
        "seat": s,
        "hand": _codes(state.hands[s]) if s == viewer else None,
        "hand_size": len(state.hands[s]),
        "fields": [_field_view(state, s, f) for f in range(state.fields_owned[s])],
        "third_field": state.fields_owned[s] == 3,
        "may_buy_third_field": state.phase is not OVER and may_buy(state, s),
        "talers": len(state.taler_cards[s]),
        "taler_cards": _codes(state.taler_cards[s]),
        "trade_area": _codes(state.trade_areas[s]),
        "proposals_made": state.proposals_made[s],
        "proposals_left": proposals_left(state, s),
    }


def _trading_view(state: BohnanzaData, seat: int | None) -> TradingView:
    return {
        "floor": state.floor if state.options.turn_based else None,
        "proposals": [_proposal_view(p, seat) for p in state.open_proposals],
        "closed": [_closed_view(c) for c in state.closed_proposals],
        "passes_since_proposal": state.passes_since_proposal,
    }


def view(state: BohnanzaData, seat: int | None) -> BohnanzaView:
    """What ``seat`` may see (``None``: a spectator, who sees only what is public)."""
    if seat is not None and not (type(seat) is int and 0 <= seat < state.players):
        raise ValueError(f"no seat {excerpt(seat)} in a {state.players}-player game")
    over = state.phase is OVER
    data: SeatView = {
        "game": "bohnanza",
        "version": VERSION,
        "seat": 0,  # set below (SeatView or SpectatorView)
        "options": cast(OptionsJSON, state.options.to_json()),
        "phase": PHASE_NAMES[state.phase],
        "turn": state.turn,
        "to_act": list(to_act(state)),
        "active": state.active,
        "planted": state.planted,
        "draw_pile_size": len(state.draw_pile),
        "runouts": state.runouts,
        "last_runout_reached": state.last_runout_reached,
        "discard": _codes(state.discard),
        "face_up": _codes(state.face_up),
        "third_field_cost": state.field_cost,
        "next_pid": state.next_pid,
        "players": [_player_view(state, s, seat) for s in range(state.players)],
        "legend": LEGEND,
        "trading": _trading_view(state, seat) if state.phase is TRADE else None,
        "result": result(state).to_json() if over else None,
    }
    if seat is None:
        spectator = cast(SpectatorView, data)
        spectator["seat"] = None
        return spectator
    data["seat"] = seat
    return data
