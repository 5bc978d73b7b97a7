"""The invariants of a Bohn Hansa state: beans, cards and money accounted for, a playable turn.

A state that breaks one cannot be reached by play, and the engine may not be able to
play it on (a price slot past the top of the ladder, a seat in the set-up without its
three contracts, customs owed by a seat with nothing to choose): :func:`audit` refuses
it, and ``state_from_json`` runs it on every state it loads.
"""

from __future__ import annotations

from bohnen.hansa.board import BEAN_TYPES, BEANS, CODES, CONTRACT, STORAGE
from bohnen.hansa.data import (
    CLOSING,
    CUSTOMS,
    OVER,
    PHASE_NAMES,
    SETUP,
    START_CONTRACTS,
    TRADE,
    TRAVEL_CARDS,
    HansaData,
)


def audit(state: HansaData) -> None:
    """Raise ``AssertionError`` unless beans, cards and money are all accounted for and the
    turn can be played on."""
    _audit_beans(state)
    _audit_money(state)
    _audit_cards(state)
    _audit_harvests(state)
    _audit_flow(state)
    _audit_setup(state)
    _audit_customs(state)
    _audit_closing(state)


def _audit_beans(state: HansaData) -> None:
    board = state.board
    nb = BEAN_TYPES
    store = state.storage
    total = [state.supply[b] + sum(store[b::nb]) for b in BEANS]
    for ladder in state.ladders:
        for bean, count in ladder:
            if count:
                total[bean] += count
    if total != list(board.tokens) or min(state.supply) < 0:
        b = next((b for b in BEANS if total[b] != board.tokens[b]), BEANS[0])
        raise AssertionError(f"{total[b]} {CODES[b]} tokens accounted for, not "
                             f"{board.tokens[b]} (supply {state.supply})")
    if min(store) < 0 or any(sum(store[s * nb:(s + 1) * nb]) > STORAGE
                             for s in range(state.player_count)):
        raise AssertionError(f"an aid holds a negative count or more than {STORAGE} beans: "
                             f"{store}")
    trading = state.positions[state.active] if state.phase == TRADE else -1
    for c, ladder in enumerate(state.ladders):
        sold = board.city_beans[c]
        seen_empty = False
        gaps = False
        for bean, n in ladder:
            if n and bean not in sold:
                raise AssertionError(f"{board.city_codes[c]} holds {CODES[bean]}, "
                                     f"which it does not sell")
            if (n == 0) != (bean < 0):
                raise AssertionError(f"a slot of {board.city_codes[c]} is ({bean}, {n})")
            gaps = gaps or (seen_empty and n > 0)
            seen_empty = seen_empty or n == 0
        if gaps and c != trading:
            raise AssertionError(f"the ladder of {board.city_codes[c]} has a gap outside a "
                                 f"trade phase in that city")


def _audit_money(state: HansaData) -> None:
    for s in range(state.player_count):
        if state.money[s] != state.earned[s] - state.spent[s]:
            raise AssertionError(f"seat {s} has {state.money[s]} talers, but the ledger says "
                                 f"{state.earned[s]} received - {state.spent[s]} paid")
        if state.money[s] < 0 and state.phase != OVER:
            raise AssertionError(f"seat {s} has {state.money[s]} talers")


def _audit_cards(state: HansaData) -> None:
    board = state.board
    contracts: list[int] = [*state.contract_pile, *state.contract_discard,
                            *(c - CONTRACT for c in state.table)]
    for s in range(state.player_count):
        hand = state.hands[s]
        contracts += [c - CONTRACT for c in hand if c > CONTRACT]
        travel = sorted([c for c in hand if c < CONTRACT] + list(state.waste[s])
                        + (list(state.played) if s == state.active else []))
        if travel != list(range(1, TRAVEL_CARDS + 1)):
            raise AssertionError(f"seat {s}'s travel cards are {travel}, not 1..{TRAVEL_CARDS}")
        if any(state.kind(s, c) != "travel" for c in state.waste[s]):
            raise AssertionError(f"seat {s} has discarded its Zoll or Nachschub card for good")
    if sorted(contracts) != list(range(1, len(board.contracts) + 1)):
        raise AssertionError(f"{len(contracts)} contracts accounted for, not each of the "
                             f"{len(board.contracts)} once")
    if any(c < CONTRACT for c in state.table) or any(c > CONTRACT for c in state.played):
        raise AssertionError("travel cards on the table or contracts among the played cards")
    if state.table and state.phase not in (CUSTOMS, TRADE):
        raise AssertionError(f"contracts of a journey on the table in the "
                             f"{PHASE_NAMES[state.phase]} phase")


def _audit_harvests(state: HansaData) -> None:
    """Each Neue-Ernte card once; the game can end: the last card of the pile
    (``trigger``), once drawn, is placed or waits before a seat to be, and starts the
    last round, which names the seat that plays its last turn."""
    harvests = sorted([*state.harvest_pile, *state.harvest_reserve, *state.harvest_discard,
                       *(c for b in state.harvest_before for c in b)])
    if harvests != list(range(len(state.board.harvests))):
        raise AssertionError(f"the Neue-Ernte cards are {harvests}, not each of the "
                             f"{len(state.board.harvests)} once")
    if state.last_round:
        if state.last_seat < 0:
            raise AssertionError("the last round names no seat to play the last turn")
    elif not state.harvest_pile and not any(state.trigger in b for b in state.harvest_before):
        raise AssertionError("the Neue-Ernte pile is used up, yet no last round will begin")


def _audit_flow(state: HansaData) -> None:
    if (state.phase == CUSTOMS) != (state.customs_due > 0):
        raise AssertionError(f"customs owed {state.customs_due} in the "
                             f"{PHASE_NAMES[state.phase]} phase")
    if state.played and state.phase != CUSTOMS:
        raise AssertionError("cards of a journey wait outside the customs")
    p = state.pending
    if p is not None:
        if state.phase != TRADE or state.active not in (p.proposer, p.to) or p.proposer == p.to:
            raise AssertionError(f"proposal {p.pid} is not a deal of the trade phase")
        if (p.guest != (p.to if p.proposer == state.active else p.proposer)
                or p.pid >= state.next_pid):
            raise AssertionError(f"proposal {p.pid} names the wrong guest or number")
        if p.invite != (state.positions[p.guest] != state.positions[state.active]):
            raise AssertionError(f"proposal {p.pid} is an invitation exactly when its guest "
                                 f"is in another city")
    board = state.board
    top = (board.slots(state.positions[state.active]) if state.phase == TRADE
           else max(board.slots(c) for c in range(board.cities)))
    if not 0 <= state.price_slot <= top:  # its prices hold in the trade phase
        raise AssertionError(f"price slot {state.price_slot + 1} out of range")


def _audit_setup(state: HansaData) -> None:
    """In the set-up, the seats before the active one have begun (two contracts kept),
    the others hold the three dealt."""
    if state.phase != SETUP:
        return
    for s in range(state.player_count):
        held = sum(1 for c in state.hands[s] if c > CONTRACT)
        if held != (START_CONTRACTS - 1 if s < state.active else START_CONTRACTS):
            raise AssertionError(f"seat {s} holds {held} contracts in the set-up, seat "
                                 f"{state.active} to choose")


def _audit_customs(state: HansaData) -> None:
    """The customs wait for the active seat only when it has paid all its money and must
    choose among beans worth more than it owes."""
    if state.phase != CUSTOMS:
        return
    seat, board = state.active, state.board
    held = state.counts(seat)
    worth = sum(count * board.base[b] for b, count in enumerate(held))
    if (state.money[seat] or board.zoll[seat] not in state.played
            or sum(1 for count in held if count) < 2 or worth <= state.customs_due):
        raise AssertionError(f"seat {seat} owes {state.customs_due} talers of customs without a "
                             f"choice of beans to sell")


def _audit_closing(state: HansaData) -> None:
    closing = state.closing
    if len(set(closing)) != len(closing):
        raise AssertionError(f"a seat is named twice among the seats closing: {closing}")
    if state.phase == CLOSING:
        if not closing or closing[0] != state.active:
            raise AssertionError("the seat closing is the first of those still to close")
    elif closing:
        raise AssertionError(f"seats closing in the {PHASE_NAMES[state.phase]} phase")
