"""Legality and effect of each Bohnanza action: ``CHECKS`` raise, ``APPLY`` mutate.

A check runs in full before any change, so an illegal action leaves the state as it
was. Trading actions live in :mod:`bohnen.bohnanza.trading`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bohnen.bohnanza import actions as A
from bohnen.bohnanza import events as E
from bohnen.bohnanza import trading as T
from bohnen.bohnanza.state import OVER, PLANT, PLANT_TRADED, BohnanzaState, require_seat
from bohnen.bohnanza.tables import PLANTABLE, plant_key
from bohnen.core.errors import IllegalActionError, InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import shown

Check = Callable[[BohnanzaState, Any], None]
Apply = Callable[[BohnanzaState, Any, list[Any]], None]

# Events are built with tuple.__new__ on the hot paths: no Python-level call.
_new = tuple.__new__


def illegal(action: Any, reason: str) -> IllegalActionError:
    return IllegalActionError(f"seat {action.seat}: {shown(action)} is illegal: {reason}")


def check_common(state: BohnanzaState, action: Any) -> None:
    """Known action type, seat in the game, game running, and (turn-based) the seat's turn
    unless the action may be taken at any moment (« à tout moment, même en dehors de
    leur tour »: a harvest, buying the third field)."""
    if type(action) not in CHECKS:
        raise InvalidActionError(f"{excerpt(action)} is not a Bohnanza action")
    seat = require_seat(state, action)
    if state.phase == OVER:
        raise illegal(action, "the game is over")
    if state.tb and not action.any_time:
        actor = state.actor()
        if seat != actor:
            raise illegal(action, f"it is seat {actor}'s move")


def _field_index(state: BohnanzaState, action: Any) -> int:
    field = action.field
    if type(field) is not int or not 0 <= field < 3:
        raise InvalidActionError(f"{shown(action)}: field must be 0, 1 or 2, not {excerpt(field)}")
    if field >= state.fields[action.seat]:
        raise illegal(action, f"seat {action.seat} has no third field")
    return field


def _check_into(state: BohnanzaState, action: Any, bean: int) -> None:
    seat, field = action.seat, action.field
    if type(field) is int and 0 <= field < state.fields[seat]:
        fields = PLANTABLE[state.options.same_bean_in_two_fields][
            plant_key(state.fbean, seat * 3, state.fields[seat], bean)]
        if field in fields:
            return
    field = _field_index(state, action)  # raises if the field itself is wrong
    if field not in state.plantable_fields(action.seat, bean):
        i = action.seat * 3 + field
        from bohnen.bohnanza.beans import NAMES

        if state.fbean[i] != bean and state.fcount[i]:
            why = f"field {field} holds {NAMES[state.fbean[i]]}, not {NAMES[bean]}"
        else:
            why = f"{NAMES[bean]} must go into the field that already grows it"
        raise illegal(action, why)


# --- phase 1 --------------------------------------------------------------------------


def check_plant(state: BohnanzaState, action: A.Plant) -> None:
    if state.phase != PLANT or action.seat != state.active:
        raise illegal(action, "only the active player plants from the hand, in phase 1")
    if state.planted >= 2 or not state.hands[action.seat]:
        raise illegal(action, "no card left to plant in phase 1")
    _check_into(state, action, state.hands[action.seat][0])


def apply_plant(state: BohnanzaState, action: A.Plant, events: list[Any]) -> None:
    seat = action.seat
    hand = state.hands[seat]
    bean = hand[0]
    state.hands[seat] = hand[1:]
    count = state.plant(seat, bean, action.field)
    events.append(_new(E.Planted, (seat, bean, action.field, count, "hand")))
    state.planted += 1
    if state.planted == 2 or len(hand) == 1:
        state.reveal(events)


def check_end_planting(state: BohnanzaState, action: A.EndPlanting) -> None:
    if state.phase != PLANT or action.seat != state.active:
        raise illegal(action, "only the active player ends planting, in phase 1")
    if state.planted != 1:
        raise illegal(action, "the front card must be planted first")


def apply_end_planting(state: BohnanzaState, action: A.EndPlanting, events: list[Any]) -> None:
    state.reveal(events)


# --- phase 3 --------------------------------------------------------------------------


def check_plant_traded(state: BohnanzaState, action: A.PlantTraded) -> None:
    if state.phase != PLANT_TRADED:
        raise illegal(action, "cards of the trade area are planted in phase 3")
    bean = action.bean
    if type(bean) is not int or not 0 <= bean < 8:
        raise InvalidActionError(f"{shown(action)}: no bean {excerpt(bean)}")
    if bean not in state.trade[action.seat]:
        raise illegal(action, "no such bean in the seat's trade area")
    _check_into(state, action, bean)


def apply_plant_traded(state: BohnanzaState, action: A.PlantTraded, events: list[Any]) -> None:
    seat, bean = action.seat, action.bean
    cards = list(state.trade[seat])
    cards.remove(bean)
    state.trade[seat] = tuple(cards)
    count = state.plant(seat, bean, action.field)
    events.append(_new(E.Planted, (seat, bean, action.field, count, "trade area")))
    if not cards:
        state.after_planting(events)  # the next seat to plant, or phase 4


# --- at any time ----------------------------------------------------------------------


def check_harvest(state: BohnanzaState, action: A.Harvest) -> None:
    field = _field_index(state, action)
    why = state.harvestable(action.seat, field)
    if why is not None:
        raise illegal(action, why)


def apply_harvest(state: BohnanzaState, action: A.Harvest, events: list[Any]) -> None:
    state.sell(action.seat, action.field, events)


def check_buy(state: BohnanzaState, action: A.BuyThirdField) -> None:
    if state.fields[action.seat] == 3:
        raise illegal(action, "the seat has its third field already")
    cost = state.cost
    if len(state.talers[action.seat]) < cost:
        raise illegal(action, f"the third field costs {cost} talers, the seat has "
                              f"{len(state.talers[action.seat])}")


def apply_buy(state: BohnanzaState, action: A.BuyThirdField, events: list[Any]) -> None:
    """Pay with the most recently earned talers; they go face up onto the discard pile."""
    seat = action.seat
    cost = state.cost
    coins = state.talers[seat]
    if cost:
        state.talers[seat] = coins[:-cost]
        state.discard += coins[-cost:]
    state.fields[seat] = 3
    events.append(E.ThirdFieldBought(seat, cost))


CHECKS: dict[type[Any], Check] = {
    A.Plant: check_plant,
    A.EndPlanting: check_end_planting,
    A.PlantTraded: check_plant_traded,
    A.Harvest: check_harvest,
    A.BuyThirdField: check_buy,
    A.Propose: T.check_propose,
    A.Counter: T.check_counter,
    A.Accept: T.check_accept,
    A.Decline: T.check_decline,
    A.Withdraw: T.check_withdraw,
    A.Pass: T.check_pass,
    A.CloseTrading: T.check_close,
}

APPLY: dict[type[Any], Apply] = {
    A.Plant: apply_plant,
    A.EndPlanting: apply_end_planting,
    A.PlantTraded: apply_plant_traded,
    A.Harvest: apply_harvest,
    A.BuyThirdField: apply_buy,
    A.Propose: T.apply_propose,
    A.Counter: T.apply_counter,
    A.Accept: T.apply_accept,
    A.Decline: T.apply_decline,
    A.Withdraw: T.apply_withdraw,
    A.Pass: T.apply_pass,
    A.CloseTrading: T.apply_close,
}
