"""What each seat sees: its own hand in order, of others only sizes, all that is public.

Public (decisions.md 13): fields, talers, hand sizes, the discard pile, the size of
the draw pile, run-outs, face-up cards, trade areas, third fields, open proposals
(the beans offered, not their hand positions). Private: a hand's content and order
(its owner sees it) and a proposer's hand positions. Nobody sees the draw pile.
"""

from __future__ import annotations

from typing import Any

from bohnen.bohnanza.beans import NAMES, next_step, payout
from bohnen.bohnanza.state import OVER, PHASE_NAMES, TRADE, BohnanzaState, Closed, Proposal
from bohnen.core.files import excerpt

JSON = dict[str, Any]


def _names(beans: tuple[int, ...] | list[int]) -> list[str]:
    return [NAMES[b] for b in beans]


def _field_view(state: BohnanzaState, seat: int, f: int) -> JSON:
    i = seat * 3 + f
    bean, count = state.fbean[i], state.fcount[i]
    if count == 0:
        return {"bean": None, "count": 0, "talers": 0, "next": None}
    nxt = next_step(bean, count)
    return {"bean": NAMES[bean], "count": count, "talers": payout(bean, count),
            "next": None if nxt is None else {"count": nxt[0], "talers": nxt[1]}}


def _proposal_view(p: Proposal, viewer: int | None) -> JSON:
    # Others hear which beans are offered, not where they sit: sorted by bean.
    beans = p.hand_beans if viewer == p.frm else tuple(sorted(p.hand_beans))
    data: JSON = {"pid": p.pid, "from": p.frm, "to": p.to,
                  "hand_beans": _names(beans), "face_up": list(p.face_up),
                  "face_up_beans": _names(p.face_beans), "wants": _names(p.wants),
                  "talers": p.talers, "wants_talers": p.wants_talers}
    if viewer == p.frm:
        data["hand"] = list(p.hand)
    return data


def _closed_view(c: Closed) -> JSON:
    return {"pid": c.pid, "from": c.frm, "to": c.to, "hand_beans": _names(c.hand_beans),
            "face_up_beans": _names(c.face_beans), "wants": _names(c.wants),
            "talers": c.talers, "wants_talers": c.wants_talers, "how": c.how}


def view(state: BohnanzaState, seat: int | None) -> JSON:
    """What ``seat`` may see (``None``: a spectator, who sees only what is public)."""
    if seat is not None and not (type(seat) is int and 0 <= seat < state.n):
        raise ValueError(f"no seat {excerpt(seat)} in a {state.n}-player game")
    players = []
    for s in range(state.n):
        players.append({
            "seat": s,
            "hand": _names(state.hands[s]) if s == seat else None,
            "hand_size": len(state.hands[s]),
            "fields": [_field_view(state, s, f) for f in range(state.fields[s])],
            "third_field": state.fields[s] == 3,
            "talers": len(state.talers[s]),
            "taler_beans": _names(state.talers[s]),
            "trade_area": _names(state.trade[s]),
        })
    data: JSON = {
        "game": "bohnanza",
        "seat": seat,
        "options": state.options.to_json(),
        "turn": state.turn,
        "active": state.active,
        "phase": PHASE_NAMES[state.phase],
        "to_act": list(state.to_act()),
        "planted": state.planted,
        "draw_pile": len(state.draw),
        "runouts": state.runouts,
        "last_runout_reached": state.ending,
        "discard": _names(state.discard),
        "face_up": _names(state.face_up),
        "players": players,
        "next_proposal": state.next_pid,
        "trading": None,
        "result": None,
    }
    if state.phase == TRADE:
        data["trading"] = {
            "floor": state.floor if state.options.turn_based else None,
            "proposals": [_proposal_view(p, seat) for p in state.pending],
            "closed": [_closed_view(c) for c in state.closed],
            "proposals_made": list(state.made),
            "proposals_left": [state.proposals_left(s) for s in range(state.n)],
            "passes_since_proposal": state.quiet,
        }
    if state.phase == OVER:
        data["result"] = state.result().to_json()
    return data
