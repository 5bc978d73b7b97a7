"""Legality and effect of each action but the trade proposals (see ``trading``).

``check`` raises ``InvalidActionError`` for a malformed action (unknown type, bean
or city code, a field of the wrong type) and ``IllegalActionError`` for one the
rules forbid now; ``apply`` checks first, so a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bohnen.core.errors import InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import shown
from bohnen.hansa import actions as A
from bohnen.hansa import trading as T
from bohnen.hansa.actions import CONTRACT, card_text
from bohnen.hansa.board import STORAGE
from bohnen.hansa.events import event, secret
from bohnen.hansa.state import (
    CLOSING,
    CONTRACT_PRICE,
    CUSTOMS,
    FINAL,
    OVER,
    SETUP,
    TRADE,
    TRAVEL,
    TRAVEL_CARDS,
    ZOLL_JOURNEY,
    HansaState,
    begin,
    check_seat,
)


def bean_index(state: HansaState, action: Any, code: Any) -> int:
    if not isinstance(code, str) or code not in state.board.bean_codes:
        raise InvalidActionError(f"{shown(action)}: no bean {excerpt(code)} on this board "
                                 f"({', '.join(state.board.bean_codes)})")
    return state.board.bean_codes.index(code)


def _contract_card(state: HansaState, action: Any, card: Any) -> int:
    if type(card) is not int or not CONTRACT < card <= CONTRACT + len(state.board.contracts):
        raise InvalidActionError(f"{shown(action)}: no contract {excerpt(card)}")
    return card


def _own_turn(state: HansaState, action: Any, phases: tuple[int, ...], what: str) -> None:
    if state.phase == OVER:
        raise state.illegal(action, "the game is over")
    if state.phase not in phases:
        raise state.illegal(action, f"{what} is not done in the {_phase(state)} phase")
    if action.seat != state.active:
        raise state.illegal(action, f"it is seat {state.active}'s turn")
    if state.phase == TRADE and (state.pending is not None or state.floor != state.active):
        raise state.illegal(action, "the trade floor is elsewhere (a proposal awaits an answer "
                                    "or another seat holds the floor)")


def _phase(state: HansaState) -> str:
    from bohnen.hansa.state import PHASE_NAMES

    return PHASE_NAMES[state.phase]


def _to_act(state: HansaState, action: Any) -> None:
    if state.phase == OVER:
        raise state.illegal(action, "the game is over")
    if action.seat not in state.to_act():
        raise state.illegal(action, f"seat {action.seat} is not to act now")


# --- set-up and travel ------------------------------------------------------------------


def check_begin(state: HansaState, action: A.Begin) -> None:
    _contract_card(state, action, action.contract)
    _contract_card(state, action, action.last)
    _own_turn(state, action, (SETUP,), "choosing the start contract")
    dealt = [c for c in state.hands[action.seat] if c > CONTRACT]
    if action.contract not in dealt or action.last not in dealt:
        raise state.illegal(action, "both contracts must be among the three dealt to the seat")
    if action.contract == action.last:
        raise state.illegal(action, "the contract fulfilled does not go back to the hand")
    pay = [state.board.contracts[c - CONTRACT - 1].payout for c in dealt]
    if state.board.contracts[action.contract - CONTRACT - 1].payout != max(pay):
        raise state.illegal(action, f"the start contract is the one paying most ({max(pay)})")


def check_stay(state: HansaState, action: A.Stay) -> None:
    _own_turn(state, action, (TRAVEL,), "travelling")


def go_path(state: HansaState, action: A.Go) -> tuple[int, ...]:
    path = action.path
    if not isinstance(path, tuple) or not path or not all(isinstance(c, str) for c in path):
        raise InvalidActionError(f"{shown(action)}: the path must be city codes")
    codes = state.board.city_codes
    for code in path:
        if code not in codes:
            raise InvalidActionError(f"{shown(action)}: no city {excerpt(code)} on this board")
    return tuple(codes.index(c) for c in path)


def check_go(state: HansaState, action: A.Go) -> None:
    path = go_path(state, action)
    _own_turn(state, action, (TRAVEL,), "travelling")
    here = state.pos[action.seat]
    dest = path[-1]
    if dest == here or path not in state.board.paths[here][dest]:
        raise state.illegal(action, "the journey must follow a shortest path from "
                                    f"{state.board.city_codes[here]}")
    need = len(path) + 1
    if len(state.hands[action.seat]) < need:
        raise state.illegal(action, f"the journey needs {need} cards; the hand holds "
                                    f"{len(state.hands[action.seat])}")


def journey(state: HansaState, seat: int, path: tuple[int, ...], events: list[Any]) -> None:
    hand = state.hands[seat]
    k = len(path) + 1
    played, state.hands[seat] = hand[:k], hand[k:]
    if path:
        state.pos[seat] = path[-1]
    codes = state.board.city_codes
    route = " ".join(codes[c] for c in path) or "stays"
    events.append(event("travelled", f"Seat {seat} {'travels to ' + route if path else route} "
                        f"and plays {' '.join(card_text(c) for c in played)}.", seat=seat,
                        path=[codes[c] for c in path],
                        cards=[card_text(c) for c in played],
                        kinds=[state.kind(seat, c) for c in played]))
    state.table = tuple(c for c in played if c > CONTRACT)
    state.played = tuple(c for c in played if c < CONTRACT)
    if any(state.kind(seat, c) == "zoll" for c in state.played):
        owed = state.settle(seat, ZOLL_JOURNEY, events)
        if owed > 0:
            state.due = owed
            state.phase = CUSTOMS
            return
    state.finish_journey(events)


def check_sell(state: HansaState, action: A.Sell) -> None:
    bean = bean_index(state, action, action.bean)
    _own_turn(state, action, (CUSTOMS,), "selling beans for the customs")
    if not state.store[action.seat * state.nb + bean]:
        raise state.illegal(action, f"the seat has no {action.bean}")


def apply_sell(state: HansaState, action: A.Sell, events: list[Any]) -> None:
    seat = action.seat
    owed = state.sell(seat, bean_index(state, action, action.bean), state.due, events)
    owed = state.sell_forced(seat, owed, events) if owed > 0 else 0
    state.due = owed
    if owed <= 0:
        state.due = 0
        state.finish_journey(events)


# --- trade-phase purchases, contracts, storage -------------------------------------------


def check_buy(state: HansaState, action: A.Buy) -> None:
    bean = bean_index(state, action, action.bean)
    slot = action.slot
    if type(slot) is not int:
        raise InvalidActionError(f"{shown(action)}: the slot must be a number, not {excerpt(slot)}")
    _own_turn(state, action, (TRADE,), "buying beans")
    city = state.pos[action.seat]
    ladder = state.ladders[city]
    if not 1 <= slot <= len(ladder):
        raise state.illegal(action, f"the ladder of {state.board.city_codes[city]} has slots "
                                    f"1 to {len(ladder)}")
    if ladder[slot - 1][0] != bean or not ladder[slot - 1][1]:
        raise state.illegal(action, f"slot {slot} holds no {action.bean}")
    _can_take(state, action, state.price(city, state.fixed, bean))


def _can_take(state: HansaState, action: Any, price: int) -> None:
    if state.money[action.seat] < price:
        raise state.illegal(action, f"it costs {price} talers; the seat has "
                                    f"{state.money[action.seat]}")
    if state.held(action.seat) >= STORAGE:
        raise state.illegal(action, f"the aid holds {STORAGE} beans: return one first")


def apply_buy(state: HansaState, action: A.Buy, events: list[Any]) -> None:
    seat, bean = action.seat, bean_index(state, action, action.bean)
    city = state.pos[seat]
    price = state.price(city, state.fixed, bean)
    take_from_ladder(state, city, action.slot - 1)
    state.store[seat * state.nb + bean] += 1
    state.pay(seat, price)
    events.append(event("bought", f"Seat {seat} buys {action.bean} from slot {action.slot} "
                        f"for {price} talers.", seat=seat, bean=action.bean, slot=action.slot,
                        price=price))


def take_from_ladder(state: HansaState, city: int, slot: int) -> None:
    ladder = list(state.ladders[city])
    bean, count = ladder[slot]
    ladder[slot] = (bean, count - 1) if count > 1 else (-1, 0)
    state.ladders[city] = tuple(ladder)


def scarce(state: HansaState, bean: int) -> bool:
    """No token of ``bean`` on any ladder nor on any aid."""
    b = state.nb
    if any(state.store[s * b + bean] for s in range(state.n)):
        return False
    return not any(slot[0] == bean and slot[1] for ladder in state.ladders for slot in ladder)


def scarce_price(state: HansaState, city: int, bean: int) -> int:
    return max(row[bean] for row in state.board.prices[city])


def check_buy_scarce(state: HansaState, action: A.BuyScarce) -> None:
    bean = bean_index(state, action, action.bean)
    _own_turn(state, action, (TRADE,), "buying beans")
    city = state.pos[action.seat]
    if bean not in state.board.city_beans[city]:
        raise state.illegal(action, f"{state.board.city_codes[city]} does not sell {action.bean}")
    if not scarce(state, bean) or not state.supply[bean]:
        raise state.illegal(action, f"{action.bean} is on a ladder or an aid: buy it there")
    _can_take(state, action, scarce_price(state, city, bean))


def apply_buy_scarce(state: HansaState, action: A.BuyScarce, events: list[Any]) -> None:
    seat, bean = action.seat, bean_index(state, action, action.bean)
    price = scarce_price(state, state.pos[seat], bean)
    state.supply[bean] -= 1
    state.store[seat * state.nb + bean] += 1
    state.pay(seat, price)
    events.append(event("bought_scarce", f"Seat {seat} buys the scarce {action.bean} for "
                        f"{price} talers.", seat=seat, bean=action.bean, price=price))


def check_fulfil(state: HansaState, action: A.Fulfil) -> None:
    card = _contract_card(state, action, action.contract)
    _own_turn(state, action, (TRAVEL, TRADE, FINAL, CLOSING), "fulfilling a contract")
    seat = action.seat
    on_table = state.phase != CLOSING and card in state.table
    if card not in state.hands[seat] and not on_table:
        raise state.illegal(action, f"{card_text(card)} is neither in the hand nor on the table")
    contract = state.board.contracts[card - CONTRACT - 1]
    if contract.city != state.pos[seat]:
        raise state.illegal(action, f"{card_text(card)} is for "
                                    f"{state.board.city_names[contract.city]}")
    if not state.can_fulfil(seat, card):
        raise state.illegal(action, "the seat lacks beans for it")


def apply_fulfil(state: HansaState, action: A.Fulfil, events: list[Any]) -> None:
    state.fulfil(action.seat, action.contract, events)
    if state.phase == CLOSING and not any(
            c > CONTRACT and state.can_fulfil(action.seat, c) for c in state.hands[action.seat]):
        state.closing = state.closing[1:]
        state.next_closing(events)


def contract_buyable(state: HansaState, seat: int) -> bool:
    """Whether the phase lets ``seat`` buy a contract: « à tout moment durant la partie,
    c'est-à-dire aussi en dehors de son propre tour de jeu » — in every phase of play,
    by any seat, except the seat that owes customs while it pays them (not during the
    set-up, nor after the last turn)."""
    phase = state.phase
    if phase in (TRAVEL, TRADE, FINAL):
        return True
    return phase == CUSTOMS and seat not in state.to_act()


def check_buy_contract(state: HansaState, action: A.BuyContract) -> None:
    card = action.card
    if type(card) is not int or not 1 <= card <= TRAVEL_CARDS:
        raise InvalidActionError(f"{shown(action)}: no travel card {excerpt(card)}")
    if state.phase == OVER:
        raise state.illegal(action, "the game is over")
    seat = action.seat
    if not contract_buyable(state, seat):
        if state.phase == CUSTOMS:
            raise state.illegal(action, f"seat {seat} pays its customs first")
        raise state.illegal(action, f"no contract is bought in the {_phase(state)} phase")
    if card not in state.hands[seat]:
        raise state.illegal(action, f"{card_text(card)} is not in the hand")
    if state.kind(seat, card) != "travel":
        raise state.illegal(action, "the Zoll and Nachschub cards cannot buy a contract")
    if state.money[seat] < CONTRACT_PRICE:
        raise state.illegal(action, f"a contract costs {CONTRACT_PRICE} talers")
    if not state.contract_to_draw():
        raise state.illegal(action, "no contract is left")


def apply_buy_contract(state: HansaState, action: A.BuyContract, events: list[Any]) -> None:
    seat, card = action.seat, action.card
    hand = state.hands[seat]
    i = hand.index(card)
    state.hands[seat] = hand[:i] + hand[i + 1:]
    state.waste[seat] = tuple(sorted((*state.waste[seat], card)))
    state.pay(seat, CONTRACT_PRICE)
    number = state.draw_contract()
    assert number is not None  # checked: a contract is there
    state.hands[seat] = (*state.hands[seat], CONTRACT + number)
    events.append(secret("bought_contract", seat,
                         f"Seat {seat} discards {card_text(card)} and buys a contract.",
                         f"You discard {card_text(card)} and buy C{number}.",
                         {"seat": seat, "card": card_text(card)}, {"contract": f"C{number}"},
                         reveals=True))


def check_return(state: HansaState, action: A.Return) -> None:
    bean = bean_index(state, action, action.bean)
    _to_act(state, action)
    if state.phase not in (TRAVEL, TRADE, FINAL):
        raise state.illegal(action, f"no bean is returned in the {_phase(state)} phase")
    if state.held(action.seat) < STORAGE:
        raise state.illegal(action, f"beans are returned only to make room (the aid holds "
                                    f"{state.held(action.seat)} of {STORAGE})")
    if not state.store[action.seat * state.nb + bean]:
        raise state.illegal(action, f"the seat has no {action.bean}")


def apply_return(state: HansaState, action: A.Return, events: list[Any]) -> None:
    state.take_bean(action.seat, bean_index(state, action, action.bean))
    events.append(event("returned", f"Seat {action.seat} puts {action.bean} back into the "
                        f"supply.", seat=action.seat, bean=action.bean))


# --- the ends of phases -----------------------------------------------------------------


def check_end_turn(state: HansaState, action: A.EndTurn) -> None:
    _own_turn(state, action, (FINAL,), "ending the turn")


def check_done(state: HansaState, action: A.Done) -> None:
    _own_turn(state, action, (CLOSING,), "finishing")


def apply_done(state: HansaState, action: A.Done, events: list[Any]) -> None:
    state.closing = state.closing[1:]
    state.next_closing(events)


Checker = Callable[[HansaState, Any], None]
Applier = Callable[[HansaState, Any, list[Any]], None]


def _apply_go(state: HansaState, action: A.Go, events: list[Any]) -> None:
    journey(state, action.seat, go_path(state, action), events)


RULES: dict[type, tuple[Checker, Applier]] = {
    A.Begin: (check_begin, lambda s, a, e: begin(s, a, e)),
    A.Stay: (check_stay, lambda s, a, e: journey(s, a.seat, (), e)),
    A.Go: (check_go, _apply_go),
    A.Sell: (check_sell, apply_sell),
    A.Buy: (check_buy, apply_buy),
    A.BuyScarce: (check_buy_scarce, apply_buy_scarce),
    A.Fulfil: (check_fulfil, apply_fulfil),
    A.BuyContract: (check_buy_contract, apply_buy_contract),
    A.Return: (check_return, apply_return),
    A.EndTurn: (check_end_turn, lambda s, a, e: s.end_turn(e)),
    A.Done: (check_done, apply_done),
    **T.RULES,
}


def check(state: HansaState, action: Any) -> None:
    rule = RULES.get(type(action))
    if rule is None:
        raise InvalidActionError(f"{excerpt(action)} is not a Bohn Hansa action")
    check_seat(state, action)
    rule[0](state, action)


def apply(state: HansaState, action: Any) -> list[Any]:
    rule = RULES.get(type(action))
    if rule is None:
        raise InvalidActionError(f"{excerpt(action)} is not a Bohn Hansa action")
    check_seat(state, action)
    rule[0](state, action)
    events: list[Any] = []
    rule[1](state, action, events)
    return events
