"""Legality and effect of each Bohnanza action: a check that raises with the reason, and
an effect that changes the state.

Each rule is stated once, as a predicate that the check raises on and that the listing
of legal actions (:mod:`~bohnen.bohnanza.legal`) asks: ``*_refusal`` gives the reason an
action is refused (None: it is not), :func:`plantable` and :func:`harvestable` the
fields open to a bean or a harvest (from the tables of :mod:`~bohnen.bohnanza.tables`,
which the listing reads with the same keys). A check runs in full before any change,
so an illegal action leaves the state as it was. Trading actions live in
:mod:`~bohnen.bohnanza.trading`, the flow of a turn in :mod:`~bohnen.bohnanza.flow`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

from bohnen.bohnanza import events as E
from bohnen.bohnanza import trading as T
from bohnen.bohnanza.actions import (
    Accept,
    BohnanzaAction,
    BuyThirdField,
    CloseTrading,
    Counter,
    Decline,
    EndPlanting,
    Harvest,
    Pass,
    Plant,
    PlantTraded,
    Propose,
    Withdraw,
)
from bohnen.bohnanza.beans import NAMES, Bean
from bohnen.bohnanza.data import OVER, PLANT, PLANT_TRADED, BohnanzaData
from bohnen.bohnanza.flow import Events, actor, after_planting, plant, reveal, sell
from bohnen.bohnanza.memo import listed
from bohnen.bohnanza.tables import CAP, HARVESTABLE, PLANTABLE, plant_key
from bohnen.core.errors import InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import shown

illegal = T.illegal
raw = T.raw

# Events are built with tuple.__new__ on the hot paths: no Python-level call.
_new: Final = tuple.__new__


# --- the rules, as predicates ------------------------------------------------------------


def plantable(state: BohnanzaData, seat: int, bean: Bean) -> tuple[int, ...]:
    """Fields ``bean`` may go into now: a field of that bean, else an empty one (both,
    with ``same_bean_in_two_fields``); none when every field holds another bean."""
    key = plant_key(state.field_beans, seat * 3, state.fields_owned[seat], bean)
    return PLANTABLE[state.two_fields][key]


def harvestable(state: BohnanzaData, seat: int) -> tuple[int, ...]:
    """The fields ``seat`` may harvest now: those not empty, and with bean protection,
    while a field holds two beans or more, only such fields."""
    base = seat * 3
    counts = state.field_counts  # the key of tables.HARVESTABLE
    key = CAP[counts[base]] * 9 + CAP[counts[base + 1]] * 3 + CAP[counts[base + 2]]
    return HARVESTABLE[state.protection][key]


def plant_refusal(state: BohnanzaData, seat: int) -> str | None:
    """Why ``seat`` may not plant from its hand now."""
    if state.phase is not PLANT or seat != state.active:
        return "only the active player plants from the hand, in phase 1"
    if state.planted >= 2 or not state.hands[seat]:
        return "no card left to plant in phase 1"
    return None


def end_planting_refusal(state: BohnanzaData, seat: int) -> str | None:
    """Why ``seat`` may not end its planting now."""
    if state.phase is not PLANT or seat != state.active:
        return "only the active player ends planting, in phase 1"
    if state.planted != 1:
        return "the front card must be planted first"
    return None


def plant_traded_refusal(state: BohnanzaData, seat: int, bean: object) -> str | None:
    """Why ``seat`` may not plant ``bean`` from its trade area now."""
    if state.phase is not PLANT_TRADED:
        return "cards of the trade area are planted in phase 3"
    if bean not in state.trade_areas[seat]:
        return "no such bean in the seat's trade area"
    return None


def may_buy(state: BohnanzaData, seat: int) -> bool:
    """Whether ``seat`` may buy the third field now (any time, once, for its price)."""
    return state.fields_owned[seat] == 2 and len(state.taler_cards[seat]) >= state.field_cost


def buy_refusal(state: BohnanzaData, seat: int) -> str | None:
    """Why ``seat`` may not buy the third field now (None: :func:`may_buy`)."""
    if may_buy(state, seat):
        return None
    if state.fields_owned[seat] == 3:
        return "the seat has its third field already"
    held = len(state.taler_cards[seat])
    return f"the third field costs {state.field_cost} talers, the seat has {held}"


def turn_refusal(state: BohnanzaData, action: BohnanzaAction) -> str | None:
    """Why it is not ``action``'s seat's move: the game is over, or (turn-based) another
    seat is to act and the action is not one the rules allow « à tout moment, même en
    dehors de leur tour » (a harvest, buying the third field)."""
    if state.phase is OVER:
        return "the game is over"
    if state.turn_based and not action.any_time:
        seat = actor(state)
        if action.seat != seat:
            return f"it is seat {seat}'s move"
    return None


# --- the checks ----------------------------------------------------------------------------


def check_common(state: BohnanzaData, action: object) -> BohnanzaAction:
    """Known action type, seat in the game, and the seat's move (:func:`turn_refusal`);
    the action, known to be a Bohnanza action."""
    if type(action) not in KINDS:
        raise InvalidActionError(f"{excerpt(action)} is not a Bohnanza action")
    known = cast(BohnanzaAction, action)  # its type is one of KINDS
    seat: object = raw(known, "seat")  # any value until checked (trading.raw)
    if type(seat) is not int or not 0 <= seat < state.players:
        raise InvalidActionError(f"{shown(known)}: "
                                 f"no seat {excerpt(seat)} in a {state.players}-player game")
    why = turn_refusal(state, known)
    if why is not None:
        raise illegal(known, why)
    return known


def _field_index(state: BohnanzaData, action: Plant | PlantTraded | Harvest) -> int:
    field = raw(action, "field")
    if type(field) is not int or not 0 <= field < 3:
        raise InvalidActionError(f"{shown(action)}: field must be 0, 1 or 2, not {excerpt(field)}")
    if field >= state.fields_owned[action.seat]:
        raise illegal(action, f"seat {action.seat} has no third field")
    return field


def _check_into(state: BohnanzaData, action: Plant | PlantTraded, bean: Bean) -> None:
    seat, field = action.seat, raw(action, "field")
    # plantable(), inlined on this hot path
    if type(field) is int and field in PLANTABLE[state.two_fields][
            plant_key(state.field_beans, seat * 3, state.fields_owned[seat], bean)]:
        return
    field = _field_index(state, action)  # raises if the field itself is wrong
    i = seat * 3 + field
    if state.field_beans[i] != bean and state.field_counts[i]:
        why = f"field {field} holds {NAMES[state.field_beans[i]]}, not {NAMES[bean]}"
    else:
        why = f"{NAMES[bean]} must go into the field that already grows it"
    raise illegal(action, why)


def check_plant(state: BohnanzaData, action: Plant) -> None:
    why = plant_refusal(state, action.seat)
    if why is not None:
        raise illegal(action, why)
    _check_into(state, action, state.hands[action.seat][0])


def check_end_planting(state: BohnanzaData, action: EndPlanting) -> None:
    why = end_planting_refusal(state, action.seat)
    if why is not None:
        raise illegal(action, why)


def check_plant_traded(state: BohnanzaData, action: PlantTraded) -> None:
    bean = raw(action, "bean")
    if state.phase is PLANT_TRADED and type(bean) is not Bean:  # T.is_bean, inlined
        raise InvalidActionError(f"{shown(action)}: bean must be a Bean, "
                                 f"not {excerpt(bean)}")
    why = plant_traded_refusal(state, action.seat, bean)
    if why is not None:
        raise illegal(action, why)
    _check_into(state, action, action.bean)  # a Bean by now


def check_harvest(state: BohnanzaData, action: Harvest) -> None:
    field = _field_index(state, action)
    if field not in harvestable(state, action.seat):
        raise illegal(action, _unharvestable(state, action.seat, field))


def _unharvestable(state: BohnanzaData, seat: int, field: int) -> str:
    """Why ``field`` is not among the seat's :func:`harvestable` fields."""
    base = seat * 3
    if state.field_counts[base + field] == 0:
        return f"field {field} is empty"
    f = next(f for f in range(state.fields_owned[seat]) if state.field_counts[base + f] >= 2)
    return (f"bean protection: field {field} holds a single bean while "
            f"field {f} holds {state.field_counts[base + f]}")


def check_buy(state: BohnanzaData, action: BuyThirdField) -> None:
    why = buy_refusal(state, action.seat)
    if why is not None:
        raise illegal(action, why)


# --- the effects ---------------------------------------------------------------------------


def apply_plant(state: BohnanzaData, action: Plant, events: Events | None) -> None:
    seat = action.seat
    hand = state.hands[seat]
    bean = hand[0]
    state.hands[seat] = hand[1:]
    count = plant(state, seat, bean, action.field)
    if events is not None:
        events.append(_new(E.Planted, (seat, bean, action.field, count, "hand")))
    state.planted += 1
    if state.planted == 2 or len(hand) == 1:
        reveal(state, events)


def apply_end_planting(state: BohnanzaData, action: EndPlanting, events: Events | None) -> None:
    reveal(state, events)


def apply_plant_traded(state: BohnanzaData, action: PlantTraded, events: Events | None) -> None:
    seat, bean = action.seat, action.bean
    cards = list(state.trade_areas[seat])
    cards.remove(bean)
    state.trade_areas[seat] = tuple(cards)
    count = plant(state, seat, bean, action.field)
    if events is not None:
        events.append(_new(E.Planted, (seat, bean, action.field, count, "trade area")))
    if not cards:
        after_planting(state, events)  # the next seat to plant, or phase 4


def apply_harvest(state: BohnanzaData, action: Harvest, events: Events | None) -> None:
    sell(state, action.seat, action.field, events)


def apply_buy(state: BohnanzaData, action: BuyThirdField, events: Events | None) -> None:
    """Pay with the most recently earned talers; they go face up onto the discard pile."""
    seat = action.seat
    cost = state.field_cost
    coins = state.taler_cards[seat]
    if cost:
        state.taler_cards[seat] = coins[:-cost]
        state.discard += coins[-cost:]
    state.fields_owned[seat] = 3
    if events is not None:
        events.append(E.ThirdFieldBought(seat, cost))


# --- every action ----------------------------------------------------------------------------

# The kinds of action, by type; the checks and effects below dispatch on the type with
# an ``if`` chain (the likeliest first), which mypyc compiles to plain comparisons.
KINDS: Final[frozenset[type[BohnanzaAction]]] = frozenset((
    Plant, EndPlanting, PlantTraded, Harvest, BuyThirdField, Propose, Counter, Accept,
    Decline, Withdraw, Pass, CloseTrading))
# The classes as final names for those chains: compiled, a final name is read from a C
# static, a class imported from a module left interpreted (``actions``) from this
# module's dictionary at every comparison.
_HARVEST: Final = Harvest
_PLANT_TRADED: Final = PlantTraded
_PLANT: Final = Plant
_PASS: Final = Pass
_PROPOSE: Final = Propose
_DECLINE: Final = Decline
_CLOSE: Final = CloseTrading
_ACCEPT: Final = Accept
_END_PLANTING: Final = EndPlanting
_BUY: Final = BuyThirdField
_COUNTER: Final = Counter


def check_kind(state: BohnanzaData, action: BohnanzaAction) -> None:
    """The check of ``action``'s own kind (after :func:`check_common`'s)."""
    kind = type(action)
    if kind is _HARVEST:
        check_harvest(state, cast(Harvest, action))
    elif kind is _PLANT_TRADED:
        check_plant_traded(state, cast(PlantTraded, action))
    elif kind is _PLANT:
        check_plant(state, cast(Plant, action))
    elif kind is _PASS:
        T.check_pass(state, cast(Pass, action))
    elif kind is _PROPOSE:
        T.check_propose(state, cast(Propose, action))
    elif kind is _DECLINE:
        T.check_decline(state, cast(Decline, action))
    elif kind is _CLOSE:
        T.check_close(state, cast(CloseTrading, action))
    elif kind is _ACCEPT:
        T.check_accept(state, cast(Accept, action))
    elif kind is _END_PLANTING:
        check_end_planting(state, cast(EndPlanting, action))
    elif kind is _BUY:
        check_buy(state, cast(BuyThirdField, action))
    elif kind is _COUNTER:
        T.check_counter(state, cast(Counter, action))
    else:
        T.check_withdraw(state, cast(Withdraw, action))


def effect(state: BohnanzaData, action: BohnanzaAction, events: Events | None) -> None:
    """Make the effect of ``action``, checked already (its events into ``events``; none
    built when it is None). The state forgets what it handed out for the position it
    leaves (:func:`~bohnen.bohnanza.memo.forget`, inlined)."""
    state.seen_to_act = state.seen_must = None
    state.seen_lists = None
    state.seen_spaces = None
    state.seen_values = None
    kind = type(action)
    if kind is _HARVEST:
        apply_harvest(state, cast(Harvest, action), events)
    elif kind is _PLANT_TRADED:
        apply_plant_traded(state, cast(PlantTraded, action), events)
    elif kind is _PLANT:
        apply_plant(state, cast(Plant, action), events)
    elif kind is _PASS:
        T.apply_pass(state, cast(Pass, action), events)
    elif kind is _PROPOSE:
        T.apply_propose(state, cast(Propose, action), events)
    elif kind is _DECLINE:
        T.apply_decline(state, cast(Decline, action), events)
    elif kind is _CLOSE:
        T.apply_close(state, cast(CloseTrading, action), events)
    elif kind is _ACCEPT:
        T.apply_accept(state, cast(Accept, action), events)
    elif kind is _END_PLANTING:
        apply_end_planting(state, cast(EndPlanting, action), events)
    elif kind is _BUY:
        apply_buy(state, cast(BuyThirdField, action), events)
    elif kind is _COUNTER:
        T.apply_counter(state, cast(Counter, action), events)
    else:
        T.apply_withdraw(state, cast(Withdraw, action), events)


# The effect of each kind, for callers that look it up by type (the playout's loop):
# each entry is :func:`effect` itself, so the state forgets its listings there too.
APPLY: dict[type[BohnanzaAction], Callable[[BohnanzaData, BohnanzaAction, Events | None],
                                           None]] = dict.fromkeys(KINDS, effect)


def check(state: BohnanzaData, action: object) -> None:
    """Raise ``IllegalActionError``/``InvalidActionError`` if ``action`` may not be applied."""
    seat = getattr(action, "seat", None)
    # The common checks of check_common, inlined on this hot path: it runs only to
    # raise with the reason, or to let an any-time action through out of turn.
    if (type(action) not in KINDS or type(seat) is not int or not 0 <= seat < state.players
            or state.phase is OVER or (state.turn_based and seat != state.mover)):
        check_common(state, action)  # raises, unless an any-time action is out of turn
    check_kind(state, cast(BohnanzaAction, action))


def apply(state: BohnanzaData, action: BohnanzaAction) -> list[E.BohnanzaEvent]:
    """Check ``action`` in full (unless the state listed this very object for this
    position: :func:`~bohnen.bohnanza.memo.listed`), then apply it; its events."""
    if not listed(state, action):
        check(state, action)
    events: list[E.BohnanzaEvent] = []
    effect(state, action, events)
    return events


def advance(state: BohnanzaData, action: BohnanzaAction) -> None:
    """As :func:`apply`, building no events."""
    if not listed(state, action):
        check(state, action)
    effect(state, action, None)
