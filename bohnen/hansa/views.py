"""What each seat of Bohn Hansa sees.

Public: positions, money (and the ledger), loans, every aid's beans, the ladders and
the supply, the cards on the table, the travel cards discarded for good, hand sizes,
the contract discard pile, the Neue-Ernte cards revealed and those lying before a
player, the sizes of the piles, the trade floor and the proposal awaiting an answer.
Hidden: the content and order of the other hands, the contract pile, the Neue-Ernte
pile and its two reserve cards (nobody sees them).
"""

from __future__ import annotations

from typing import Any

from bohnen.core.files import excerpt
from bohnen.hansa.board import BEAN_TYPES, CODES, card_text
from bohnen.hansa.data import OVER, PHASE_NAMES, TRADE, HansaData
from bohnen.hansa.events import deal_json
from bohnen.hansa.flow import result
from bohnen.hansa.serialize import ladders_json

JSON = dict[str, Any]


def _prices(state: HansaData, city: int) -> JSON:
    slot = state.price_slot if state.phase == TRADE and city == state.positions[state.active] \
        else state.free_slot(city)
    return {CODES[b]: state.price(city, slot, b) for b in state.board.city_beans[city]}


def view(state: HansaData, seat: int | None) -> JSON:
    """What ``seat`` may see (``None``: a spectator, who sees only what is public)."""
    n = state.player_count
    if seat is not None and not (type(seat) is int and 0 <= seat < n):
        raise ValueError(f"no seat {excerpt(seat)} in a {n}-player game")
    board = state.board
    beans = board.beans
    return {
        "game": "hansa",
        "seat": seat,
        "options": state.options.to_json(),
        "board": {"name": board.name, "title": board.title,
                  "reconstruction": board.reconstruction},
        "phase": PHASE_NAMES[state.phase],
        "active": state.active,
        "turn": state.turn,
        "to_act": list(state.to_act()),
        "cities": [{"code": code, "prices": _prices(state, c),
                    "free_slot": state.free_slot(c) + 1}
                   for c, code in enumerate(board.city_codes)],
        "ladders": ladders_json(state),
        "supply": {CODES[b]: state.supply[b] for b in beans},
        "players": [{
            "seat": s,
            "colour": board.colours[s],
            "city": board.city_codes[state.positions[s]],
            "money": state.money[s],
            "earned": state.earned[s],
            "spent": state.spent[s],
            "loans": state.loans[s],
            "beans": {CODES[b]: state.storage[s * BEAN_TYPES + b] for b in beans},
            "hand": [card_text(c) for c in state.hands[s]] if s == seat else None,
            "hand_size": len(state.hands[s]),
            "waste": [card_text(c) for c in state.waste[s]],
            "harvest_before": [f"H{c + 1}" for c in state.harvest_before[s]],
        } for s in range(n)],
        "table": [card_text(c) for c in state.table],
        "played": [card_text(c) for c in state.played],
        "contract_pile": len(state.contract_pile),
        "contract_discard": [f"C{c}" for c in state.contract_discard],
        "harvest_pile": len(state.harvest_pile),
        "harvest_reserve": len(state.harvest_reserve),
        "harvest_discard": [f"H{c + 1}" for c in state.harvest_discard],
        "trigger": f"H{state.trigger + 1}" if state.trigger >= 0 else None,
        "last_round": state.last_round,
        "last_seat": state.last_seat,
        "due": state.customs_due,
        "fixed": state.price_slot + 1,
        "floor": state.floor,
        "quiet": state.passes,
        "made": list(state.proposals_made),
        "proposals_left": [state.proposals_left(s) for s in range(n)],
        "pending": deal_json(state.pending) if state.pending is not None else None,
        "next_pid": state.next_pid,
        "closing": list(state.closing),
        "result": result(state).to_json() if state.phase == OVER else None,
    }
