"""What each seat sees: its own hand in order, of others only sizes, all that is public.

Public (decisions.md 13): fields, talers, hand sizes, the discard pile, the size of
the draw pile, run-outs, face-up cards, trade areas, third fields, open proposals
(the beans offered, not their hand positions). Private: a hand's content and order
(its owner sees it) and a proposer's hand positions. Nobody sees the draw pile.
"""

from __future__ import annotations

from typing import Any

from bohnen.bohnanza.beans import NAMES, next_step, payout
from bohnen.bohnanza.data import OVER, PHASE_NAMES, TRADE, BohnanzaData, Closed, Proposal
from bohnen.bohnanza.flow import proposals_left, result
from bohnen.bohnanza.legal import to_act
from bohnen.core.files import excerpt

JSON = dict[str, Any]
BohnanzaView = JSON


def _names(beans: tuple[int, ...] | list[int]) -> list[str]:
    return [NAMES[b] for b in beans]


def _field_view(state: BohnanzaData, seat: int, f: int) -> JSON:
    i = seat * 3 + f
    bean, count = state.field_beans[i], state.field_counts[i]
    if count == 0:
        return {"bean": None, "count": 0, "talers": 0, "next": None}
    nxt = next_step(bean, count)
    return {"bean": NAMES[bean], "count": count, "talers": payout(bean, count),
            "next": None if nxt is None else {"count": nxt[0], "talers": nxt[1]}}


def _proposal_view(p: Proposal, viewer: int | None) -> JSON:
    # Others hear which beans are offered, not where they sit: sorted by bean.
    beans = p.hand_beans if viewer == p.proposer else tuple(sorted(p.hand_beans))
    data: JSON = {"pid": p.pid, "from": p.proposer, "to": p.to,
                  "hand_beans": _names(beans), "face_up": list(p.face_up),
                  "face_up_beans": _names(p.face_beans), "wants": _names(p.wants),
                  "talers": p.talers, "wants_talers": p.wants_talers}
    if viewer == p.proposer:
        data["hand"] = list(p.hand)
    return data


def _closed_view(c: Closed) -> JSON:
    return {"pid": c.pid, "from": c.proposer, "to": c.to, "hand_beans": _names(c.hand_beans),
            "face_up_beans": _names(c.face_beans), "wants": _names(c.wants),
            "talers": c.talers, "wants_talers": c.wants_talers, "how": c.how}


def view(state: BohnanzaData, seat: int | None) -> JSON:
    """What ``seat`` may see (``None``: a spectator, who sees only what is public)."""
    if seat is not None and not (type(seat) is int and 0 <= seat < state.players):
        raise ValueError(f"no seat {excerpt(seat)} in a {state.players}-player game")
    players = []
    for s in range(state.players):
        players.append({
            "seat": s,
            "hand": _names(state.hands[s]) if s == seat else None,
            "hand_size": len(state.hands[s]),
            "fields": [_field_view(state, s, f) for f in range(state.fields_owned[s])],
            "third_field": state.fields_owned[s] == 3,
            "talers": len(state.taler_cards[s]),
            "taler_beans": _names(state.taler_cards[s]),
            "trade_area": _names(state.trade_areas[s]),
        })
    data: JSON = {
        "game": "bohnanza",
        "seat": seat,
        "options": state.options.to_json(),
        "turn": state.turn,
        "active": state.active,
        "phase": PHASE_NAMES[state.phase],
        "to_act": list(to_act(state)),
        "planted": state.planted,
        "draw_pile": len(state.draw_pile),
        "runouts": state.runouts,
        "last_runout_reached": state.last_runout_reached,
        "discard": _names(state.discard),
        "face_up": _names(state.face_up),
        "players": players,
        "next_proposal": state.next_pid,
        "trading": None,
        "result": None,
    }
    if state.phase is TRADE:
        data["trading"] = {
            "floor": state.floor if state.options.turn_based else None,
            "proposals": [_proposal_view(p, seat) for p in state.open_proposals],
            "closed": [_closed_view(c) for c in state.closed_proposals],
            "proposals_made": list(state.proposals_made),
            "proposals_left": [proposals_left(state, s) for s in range(state.players)],
            "passes_since_proposal": state.passes_since_proposal,
        }
    if state.phase is OVER:
        data["result"] = result(state).to_json()
    return data
