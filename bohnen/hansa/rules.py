"""The rules of each action: who may take it when, what it must be, what it does.

Legality has one source per action kind, used both by :func:`check` (and so by
``apply``) and by the listing of legal actions (``legal.py``):

- **when** — :data:`OPEN`, the table of the kinds of action open to a seat by phase and
  by its part in it (:func:`part`: the seat whose turn it is, the seat holding the
  trade floor, the seat a proposal awaits, any other seat). :func:`closed` explains a
  refusal from the same table;
- **what** — one predicate per kind, ``<kind>_problem(state, seat, …)``: the reason the
  action may not be taken (its cards, beans, money, the map), or None;
- **the effect** — in this module, ``flow.py`` and ``trading.py``.

:func:`check` raises ``InvalidActionError`` for a malformed action (unknown type, a
bean the board does not use, a field of the wrong type) and ``IllegalActionError`` for
one the rules forbid now; ``apply`` checks first, so a refused action changes nothing.
:func:`effect` carries out an action checked already, or one the state listed for the
position (``state.py`` skips the check for those objects); given no event list, it
builds no events (``State.advance``). Both pick the kind's function by an ``if`` chain
on the action's exact class (no table of callables: a compiler calls them directly).
"""

from __future__ import annotations

from typing import cast

from bohnen.core.errors import IllegalActionError, InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import shown
from bohnen.hansa import flow, trading
from bohnen.hansa.actions import (
    Accept,
    Begin,
    Buy,
    BuyContract,
    BuyScarce,
    Counter,
    Decline,
    Done,
    EndTrading,
    EndTurn,
    Fulfil,
    Go,
    HansaAction,
    Pass,
    Propose,
    Return,
    Sell,
    Stay,
)
from bohnen.hansa.board import BEAN_TYPES, CODES, CONTRACT, STORAGE, Bean, Card, card_text
from bohnen.hansa.data import (
    CLOSING,
    CONTRACT_PRICE,
    CUSTOMS,
    OVER,
    PHASE_NAMES,
    TRADE,
    TRAVEL_CARDS,
    ZOLL_JOURNEY,
    HansaData,
    Proposal,
)
from bohnen.hansa.events import Bought, BoughtContract, BoughtScarce, Events, Returned, Travelled

# --- when: the kinds of action open to a seat ------------------------------------------------

TURN, FLOOR, ANSWER, OTHER = range(4)  # a seat's part (see ``part``)
Kinds = tuple[type[HansaAction], ...]
_NONE: tuple[Kinds, Kinds, Kinds, Kinds] = ((), (), (), ())

# OPEN[phase][part]: the kinds open to a seat, in the order they are listed.
OPEN: tuple[tuple[Kinds, Kinds, Kinds, Kinds], ...] = (
    ((Begin,), (), (), ()),  # setup
    ((Stay, Go, Fulfil, BuyContract, Return), (), (), (BuyContract,)),  # travel
    ((Sell,), (), (), (BuyContract,)),  # customs
    ((Buy, BuyScarce, Fulfil, Pass, EndTrading, BuyContract, Return, Propose),  # trade
     (Pass, BuyContract, Return, Propose),
     (Accept, Decline, BuyContract, Return, Counter),
     (BuyContract,)),
    ((Fulfil, EndTurn, BuyContract, Return), (), (), (BuyContract,)),  # final
    ((Fulfil, Done), (), (), ()),  # closing
    _NONE,  # over
)


# Every kind of action of the game (anything else is no Bohn Hansa action).
KINDS: frozenset[type] = frozenset((Begin, Stay, Go, Sell, Buy, BuyScarce, Fulfil, BuyContract,
                                    Return, Propose, Counter, Accept, Decline, Pass,
                                    EndTrading, EndTurn, Done))


def part(s: HansaData, seat: int) -> int:
    """The seat's part now: ``TURN`` (its turn, and in the trade phase it holds the floor
    with no proposal pending), ``FLOOR`` (it holds the floor of another seat's trade
    phase), ``ANSWER`` (the pending proposal is made to it), or ``OTHER``."""
    if s.phase == TRADE:
        p = s.pending
        if p is not None:
            return ANSWER if p.to == seat else OTHER
        if seat != s.floor:
            return OTHER
        return TURN if seat == s.active else FLOOR
    return TURN if seat == s.active else OTHER


def open_kinds(s: HansaData, seat: int) -> Kinds:
    """The kinds of action ``seat`` may take now (their own conditions aside)."""
    return OPEN[s.phase][part(s, seat)]


# What a seat does with the kinds of its own turn, for the messages.
DOING: dict[type[HansaAction], str] = {
    Begin: "choosing the start contract", Stay: "travelling", Go: "travelling",
    Sell: "selling beans for the customs", Buy: "buying beans", BuyScarce: "buying beans",
    Fulfil: "fulfilling a contract", EndTrading: "ending the trading",
    EndTurn: "ending the turn", Done: "finishing"}
ANSWERS = (Accept, Decline, Counter)
DEALS = (Propose, Pass, Accept, Decline, Counter)  # the kinds of the negotiation


def closed(s: HansaData, action: HansaAction) -> str:
    """Why the kind of ``action`` is not open to its seat now (see :data:`OPEN`)."""
    kind, seat, phase = type(action), action.seat, s.phase
    name = PHASE_NAMES[phase]
    if phase == OVER:
        return "the game is over"
    if kind is Return:
        if seat not in s.to_act():
            return f"seat {seat} is not to act now"
        return f"no bean is returned in the {name} phase"
    if kind is BuyContract:
        if phase == CUSTOMS:
            return f"seat {seat} pays its customs first"
        return f"no contract is bought in the {name} phase"
    if kind in DEALS:
        return _closed_deal(s, action)
    if not any(kind in kinds for kinds in OPEN[phase]):
        return f"{DOING[kind]} is not done in the {name} phase"
    if seat != s.active:
        return f"it is seat {s.active}'s turn"
    return ("the trade floor is elsewhere (a proposal awaits an answer or another seat holds "
            "the floor)")


def _closed_deal(s: HansaData, action: HansaAction) -> str:
    if s.phase != TRADE:
        return "deals are made in the trade phase"
    p = s.pending
    if isinstance(action, ANSWERS):
        pid = action.pid
        if p is None or p.pid != pid:
            return f"there is no open proposal {excerpt(pid)}"
        return f"proposal {excerpt(pid)} was not made to seat {action.seat}"
    if p is not None:
        return f"proposal {p.pid} awaits an answer first"
    return f"seat {s.floor} holds the floor"


def illegal(action: object, reason: str) -> IllegalActionError:
    return IllegalActionError(f"seat {getattr(action, 'seat', '?')}: {shown(action)} is "
                              f"illegal: {reason}", reason)


# --- what: each kind's own conditions ---------------------------------------------------------


def begin_problem(s: HansaData, seat: int, contract: int, last: int) -> str | None:
    """The start contract is one of the dearest dealt; the other named goes last."""
    dealt = [c for c in s.hands[seat] if c > CONTRACT]
    if contract not in dealt or last not in dealt:
        return "both contracts must be among the three dealt to the seat"
    if contract == last:
        return "the contract fulfilled does not go back to the hand"
    contracts = s.board.contracts
    best = max(contracts[c - CONTRACT - 1].payout for c in dealt)
    if contracts[contract - CONTRACT - 1].payout != best:
        return f"the start contract is the one paying most ({best})"
    return None


def path_problem(s: HansaData, seat: int, path: tuple[int, ...]) -> str | None:
    """The journey follows a shortest path from the seat's city."""
    here = s.positions[seat]
    dest = path[-1]
    if dest == here or path not in s.board.paths[here][dest]:
        return f"the journey must follow a shortest path from {s.board.city_codes[here]}"
    return None


def journey_problem(s: HansaData, seat: int, dest: int) -> str | None:
    """The hand holds a card for every city of the way to ``dest``, start and end
    counted (« en comptant la ville de départ et la ville d'arrivée »)."""
    need = s.board.dist[s.positions[seat]][dest] + 1
    if len(s.hands[seat]) < need:
        return f"the journey needs {need} cards; the hand holds {len(s.hands[seat])}"
    return None


def bean_problem(s: HansaData, seat: int, bean: Bean) -> str | None:
    """The seat's aid holds ``bean`` (to sell it for the customs, or to return it)."""
    if not s.storage[seat * BEAN_TYPES + bean]:
        return f"the seat has no {CODES[bean]}"
    return None


def take_problem(s: HansaData, seat: int, price: int) -> str | None:
    """The seat can pay ``price`` and has room for one more bean."""
    if s.money[seat] < price:
        return f"it costs {price} talers; the seat has {s.money[seat]}"
    if s.held(seat) >= STORAGE:
        return f"the aid holds {STORAGE} beans: return one first"
    return None


def buy_problem(s: HansaData, seat: int, bean: Bean, slot: int) -> str | None:
    """A bean off ``slot`` (1 = bottom) of the ladder of the seat's city, at the prices
    fixed for the trade phase."""
    city = s.positions[seat]
    ladder = s.ladders[city]
    if not 1 <= slot <= len(ladder):
        return f"the ladder of {s.board.city_codes[city]} has slots 1 to {len(ladder)}"
    if ladder[slot - 1][0] != bean or not ladder[slot - 1][1]:
        return f"slot {slot} holds no {CODES[bean]}"
    return take_problem(s, seat, s.board.prices[city][s.price_slot][bean])


def scarce(s: HansaData, bean: int) -> bool:
    """No token of ``bean`` on any ladder nor on any aid."""
    storage = s.storage
    if any(storage[t * BEAN_TYPES + bean] for t in range(s.player_count)):
        return False
    return not any(slot[0] == bean and slot[1] for ladder in s.ladders for slot in ladder)


def scarce_price(s: HansaData, city: int, bean: int) -> int:
    """The highest price of the city's ladder for ``bean``."""
    return max(row[bean] for row in s.board.prices[city])


def scarce_problem(s: HansaData, seat: int, bean: Bean) -> str | None:
    """« un seul haricot » of a bean on no ladder and no aid, at the city's highest price."""
    city = s.positions[seat]
    if bean not in s.board.city_beans[city]:
        return f"{s.board.city_codes[city]} does not sell {CODES[bean]}"
    if not s.supply[bean] or not scarce(s, bean):
        return f"{CODES[bean]} is on a ladder or an aid: buy it there"
    return take_problem(s, seat, scarce_price(s, city, bean))


def fulfil_problem(s: HansaData, seat: int, card: Card) -> str | None:
    """A contract of the hand (or, but at the closing, of the table) for the seat's
    city, whose beans its aid holds."""
    on_table = s.phase != CLOSING and card in s.table
    if card not in s.hands[seat] and not on_table:
        return f"{card_text(card)} is neither in the hand nor on the table"
    contract = s.board.contracts[card - CONTRACT - 1]
    if contract.city != s.positions[seat]:
        return f"{card_text(card)} is for {s.board.city_names[contract.city]}"
    if not s.can_fulfil(seat, card):
        return "the seat lacks beans for it"
    return None


def contract_problem(s: HansaData, seat: int, card: Card) -> str | None:
    """A contract bought with an ordinary travel card of the hand and 5 talers: the
    card (:func:`payment_card_problem`), then the money and the pile
    (:func:`purchase_problem`)."""
    return payment_card_problem(s, seat, card) or purchase_problem(s, seat)


def payment_card_problem(s: HansaData, seat: int, card: Card) -> str | None:
    """The travel card given up for a contract: an ordinary one, in the hand."""
    if card not in s.hands[seat]:
        return f"{card_text(card)} is not in the hand"
    if s.kind(seat, card) != "travel":
        return "the Zoll and Nachschub cards cannot buy a contract"
    return None


def purchase_problem(s: HansaData, seat: int) -> str | None:
    """The seat pays 5 talers for a contract, and one is left to draw."""
    if s.money[seat] < CONTRACT_PRICE:
        return f"a contract costs {CONTRACT_PRICE} talers"
    if not s.contract_to_draw():
        return "no contract is left"
    return None


def return_problem(s: HansaData, seat: int, bean: Bean) -> str | None:
    """A bean goes back to the supply only to make room (:func:`room_problem`), one
    the aid holds (:func:`bean_problem`)."""
    return room_problem(s, seat) or bean_problem(s, seat, bean)


def room_problem(s: HansaData, seat: int) -> str | None:
    """Beans are returned only from a full aid."""
    held = s.held(seat)
    if held < STORAGE:
        return f"beans are returned only to make room (the aid holds {held} of {STORAGE})"
    return None


# --- the fields of an action -------------------------------------------------------------------


def raw(action: object, name: str) -> object:
    """A field of an action not checked yet, as any object: a compiled build checks the
    declared type of a field it reads, while a malformed action must reach the check
    that names its fault."""
    return getattr(action, name)


def check_seat(s: HansaData, action: object) -> int:
    seat = getattr(action, "seat", None)
    if type(seat) is not int or not 0 <= seat < s.player_count:
        raise InvalidActionError(f"{shown(action)}: "
                                 f"no seat {excerpt(seat)} in a {s.player_count}-player game")
    return seat


def board_bean(s: HansaData, action: object, bean: object) -> Bean:
    """``bean`` if it is a bean of this board; ``InvalidActionError`` otherwise."""
    if type(bean) is not Bean or bean not in s.board.beans:
        raise InvalidActionError(f"{shown(action)}: no bean {excerpt(bean)} on this board "
                                 f"({', '.join(CODES[b] for b in s.board.beans)})")
    return bean


def board_beans(s: HansaData, action: object, beans: object, what: str) -> tuple[Bean, ...]:
    """``beans`` (sorted) if they are beans of this board, at most 8."""
    if not isinstance(beans, tuple) or not all(type(b) is Bean and b in s.board.beans
                                               for b in beans):
        raise InvalidActionError(f"{shown(action)}: {what} must be bean codes of this board, "
                                 f"not {excerpt(beans)}")
    if len(beans) > STORAGE:
        raise InvalidActionError(f"{shown(action)}: {what} names more than {STORAGE} beans")
    return tuple(sorted(beans))


def contract_card(s: HansaData, action: object, card: object) -> Card:
    if type(card) is not int or not CONTRACT < card <= CONTRACT + len(s.board.contracts):
        raise InvalidActionError(f"{shown(action)}: no contract {excerpt(card)}")
    return Card(card)


def travel_card(action: object, card: object) -> Card:
    if type(card) is not int or not 1 <= card <= TRAVEL_CARDS:
        raise InvalidActionError(f"{shown(action)}: no travel card {excerpt(card)}")
    return Card(card)


def city_path(s: HansaData, action: Go) -> tuple[int, ...]:
    """The cities of a journey's path (after the start), from their codes."""
    path = raw(action, "path")
    if not isinstance(path, tuple) or not path or not all(isinstance(c, str) for c in path):
        raise InvalidActionError(f"{shown(action)}: the path must be city codes")
    codes = s.board.city_codes
    for code in path:
        if code not in codes:
            raise InvalidActionError(f"{shown(action)}: no city {excerpt(code)} on this board")
    return tuple(codes.index(c) for c in path)


def whole(action: object, value: object, what: str) -> int:
    if type(value) is not int:
        raise InvalidActionError(f"{shown(action)}: {what} must be a number, "
                                 f"not {excerpt(value)}")
    return value


# --- each kind: its fields and conditions (check) and its effect --------------------------------


def _raise(action: HansaAction, problem: str | None) -> None:
    if problem is not None:
        raise illegal(action, problem)


def check_begin(s: HansaData, a: Begin) -> None:
    contract_card(s, a, raw(a, "contract"))
    contract_card(s, a, raw(a, "last"))
    _open(s, a)
    _raise(a, begin_problem(s, a.seat, a.contract, a.last))


def apply_begin(s: HansaData, a: Begin, events: Events | None) -> None:
    flow.begin(s, a.seat, a.contract, a.last, events)


def check_stay(s: HansaData, a: Stay) -> None:
    _open(s, a)


def apply_stay(s: HansaData, a: Stay, events: Events | None) -> None:
    journey(s, a.seat, (), events)


def check_go(s: HansaData, a: Go) -> None:
    path = city_path(s, a)
    _open(s, a)
    _raise(a, path_problem(s, a.seat, path) or journey_problem(s, a.seat, path[-1]))


def apply_go(s: HansaData, a: Go, events: Events | None) -> None:
    journey(s, a.seat, city_path(s, a), events)


def journey(s: HansaData, seat: int, path: tuple[int, ...], events: Events | None) -> None:
    """The cards played (one a city, start and end counted), the Zoll among them."""
    hand = s.hands[seat]
    k = len(path) + 1
    played, s.hands[seat] = hand[:k], hand[k:]
    if path:
        s.positions[seat] = path[-1]
    codes = s.board.city_codes
    if events is not None:
        events.append(Travelled(seat, tuple(codes[c] for c in path), played,
                                tuple(s.kind(seat, c) for c in played),
                                tuple(s.board.city_names[c] for c in path)))
    s.table = tuple(c for c in played if c > CONTRACT)
    s.played = tuple(c for c in played if c < CONTRACT)
    if any(s.kind(seat, c) == "zoll" for c in s.played):
        owed = flow.settle(s, seat, ZOLL_JOURNEY, events)
        if owed > 0:
            s.customs_due = owed
            s.phase = CUSTOMS
            return
    flow.finish_journey(s, events)


def check_sell(s: HansaData, a: Sell) -> None:
    bean = board_bean(s, a, raw(a, "bean"))
    _open(s, a)
    _raise(a, bean_problem(s, a.seat, bean))


def apply_sell(s: HansaData, a: Sell, events: Events | None) -> None:
    seat = a.seat
    owed = flow.sell(s, seat, a.bean, s.customs_due, events)
    owed = flow.sell_forced(s, seat, owed, events) if owed > 0 else 0
    s.customs_due = max(owed, 0)
    if owed <= 0:
        flow.finish_journey(s, events)


def check_buy(s: HansaData, a: Buy) -> None:
    bean = board_bean(s, a, raw(a, "bean"))
    slot = whole(a, raw(a, "slot"), "the slot")
    _open(s, a)
    _raise(a, buy_problem(s, a.seat, bean, slot))


def apply_buy(s: HansaData, a: Buy, events: Events | None) -> None:
    seat, bean = a.seat, a.bean
    city = s.positions[seat]
    price = s.board.prices[city][s.price_slot][bean]
    flow.take_from_ladder(s, city, a.slot - 1)
    s.storage[seat * BEAN_TYPES + bean] += 1
    flow.pay(s, seat, price)
    if events is not None:
        events.append(Bought(seat, bean, a.slot, price, s.board.bean_names))


def check_buy_scarce(s: HansaData, a: BuyScarce) -> None:
    bean = board_bean(s, a, raw(a, "bean"))
    _open(s, a)
    _raise(a, scarce_problem(s, a.seat, bean))


def apply_buy_scarce(s: HansaData, a: BuyScarce, events: Events | None) -> None:
    seat, bean = a.seat, a.bean
    price = scarce_price(s, s.positions[seat], bean)
    s.supply[bean] -= 1
    s.storage[seat * BEAN_TYPES + bean] += 1
    flow.pay(s, seat, price)
    if events is not None:
        events.append(BoughtScarce(seat, bean, price, s.board.bean_names))


def check_fulfil(s: HansaData, a: Fulfil) -> None:
    card = contract_card(s, a, raw(a, "contract"))
    _open(s, a)
    _raise(a, fulfil_problem(s, a.seat, card))


def apply_fulfil(s: HansaData, a: Fulfil, events: Events | None) -> None:
    flow.fulfil(s, a.seat, a.contract, events)
    if s.phase == CLOSING and not any(c > CONTRACT and s.can_fulfil(a.seat, c)
                                      for c in s.hands[a.seat]):
        s.closing = s.closing[1:]
        flow.next_closing(s, events)


def check_buy_contract(s: HansaData, a: BuyContract) -> None:
    card = travel_card(a, raw(a, "card"))
    _open(s, a)
    _raise(a, contract_problem(s, a.seat, card))


def apply_buy_contract(s: HansaData, a: BuyContract, events: Events | None) -> None:
    seat, card = a.seat, a.card
    s.hands[seat] = flow.without(s.hands[seat], card)
    s.waste[seat] = tuple(sorted((*s.waste[seat], card)))
    flow.pay(s, seat, CONTRACT_PRICE)
    number = flow.draw_contract(s)
    assert number is not None  # checked: a contract is there
    contract = Card(CONTRACT + number)
    s.hands[seat] = (*s.hands[seat], contract)
    if events is not None:
        events.append(BoughtContract(seat, card, contract))


def check_return(s: HansaData, a: Return) -> None:
    bean = board_bean(s, a, raw(a, "bean"))
    _open(s, a)
    _raise(a, return_problem(s, a.seat, bean))


def apply_return(s: HansaData, a: Return, events: Events | None) -> None:
    flow.take_bean(s, a.seat, a.bean)
    if events is not None:
        events.append(Returned(a.seat, a.bean, s.board.bean_names))


def _deal(s: HansaData, a: Propose | Counter) -> tuple[tuple[Bean, ...], ...]:
    return (board_beans(s, a, raw(a, "give"), "give"),
            board_beans(s, a, raw(a, "want"), "want"), board_beans(s, a, raw(a, "buy"), "buy"))


def _sorted(a: Propose | Counter) -> tuple[tuple[Bean, ...], ...]:
    """The beans of a checked (or listed) deal, each side sorted: checked already."""
    return tuple(sorted(a.give)), tuple(sorted(a.want)), tuple(sorted(a.buy))


def check_propose(s: HansaData, a: Propose) -> None:
    gives, wants, buys = _deal(s, a)
    to = raw(a, "to")
    if type(to) is not int or not 0 <= to < s.player_count:
        raise InvalidActionError(f"{shown(a)}: no seat {excerpt(to)} to deal with")
    _open(s, a)
    _raise(a, trading.proposal_problem(s, a.seat, to, gives, wants, buys))


def apply_propose(s: HansaData, a: Propose, events: Events | None) -> None:
    gives, wants, buys = _sorted(a)
    p = trading.make_proposal(s, a.seat, a.to, gives, wants, buys)
    trading.open_proposal(s, p, events, None)


def _pending(s: HansaData, a: Counter | Accept | Decline) -> Proposal:
    """The proposal answered (the seat's part is ANSWER: one awaits it)."""
    p = s.pending
    assert p is not None
    if p.pid != a.pid:
        raise illegal(a, f"there is no open proposal {excerpt(a.pid)}")
    return p


def check_counter(s: HansaData, a: Counter) -> None:
    gives, wants, buys = _deal(s, a)
    whole(a, raw(a, "pid"), "the proposal")
    _open(s, a)
    p = _pending(s, a)
    _raise(a, trading.proposal_problem(s, a.seat, p.proposer, gives, wants, buys))


def apply_counter(s: HansaData, a: Counter, events: Events | None) -> None:
    gives, wants, buys = _sorted(a)
    old = _pending(s, a)
    p = trading.make_proposal(s, a.seat, old.proposer, gives, wants, buys)
    trading.open_proposal(s, p, events, old.pid)


def check_accept(s: HansaData, a: Accept) -> None:
    whole(a, raw(a, "pid"), "the proposal")
    _open(s, a)
    _raise(a, trading.deal_problem(s, _pending(s, a)))


def apply_accept(s: HansaData, a: Accept, events: Events | None) -> None:
    trading.accept(s, a.seat, _pending(s, a), events)


def check_decline(s: HansaData, a: Decline) -> None:
    whole(a, raw(a, "pid"), "the proposal")
    _open(s, a)
    _pending(s, a)


def apply_decline(s: HansaData, a: Decline, events: Events | None) -> None:
    trading.decline(s, a.seat, a.pid, events)


def check_pass(s: HansaData, a: Pass) -> None:
    _open(s, a)
    _raise(a, trading.pass_problem(s, a.seat))


def apply_pass(s: HansaData, a: Pass, events: Events | None) -> None:
    trading.pass_floor(s, a.seat, events)


def check_end_trading(s: HansaData, a: EndTrading) -> None:
    _open(s, a)


def apply_end_trading(s: HansaData, a: EndTrading, events: Events | None) -> None:
    flow.final_phase(s, events)


def check_end_turn(s: HansaData, a: EndTurn) -> None:
    _open(s, a)


def apply_end_turn(s: HansaData, a: EndTurn, events: Events | None) -> None:
    flow.end_turn(s, events)


def check_done(s: HansaData, a: Done) -> None:
    _open(s, a)


def apply_done(s: HansaData, a: Done, events: Events | None) -> None:
    s.closing = s.closing[1:]
    flow.next_closing(s, events)


def _open(s: HansaData, action: HansaAction) -> None:
    """The kind of ``action`` is open to its seat now (:data:`OPEN`)."""
    if type(action) not in OPEN[s.phase][part(s, action.seat)]:
        raise illegal(action, closed(s, action))


def _check_kind(s: HansaData, a: object) -> None:
    """The check of ``a``'s kind (its fields, when, what); ``InvalidActionError`` for an
    object of no Bohn Hansa kind. By exact class, as the listing makes them."""
    kind = type(a)
    if kind is Pass:
        check_pass(s, cast(Pass, a))
    elif kind is Propose:
        check_propose(s, cast(Propose, a))
    elif kind is Decline:
        check_decline(s, cast(Decline, a))
    elif kind is BuyContract:
        check_buy_contract(s, cast(BuyContract, a))
    elif kind is Accept:
        check_accept(s, cast(Accept, a))
    elif kind is Counter:
        check_counter(s, cast(Counter, a))
    elif kind is Buy:
        check_buy(s, cast(Buy, a))
    elif kind is EndTrading:
        check_end_trading(s, cast(EndTrading, a))
    elif kind is EndTurn:
        check_end_turn(s, cast(EndTurn, a))
    elif kind is Go:
        check_go(s, cast(Go, a))
    elif kind is Stay:
        check_stay(s, cast(Stay, a))
    elif kind is Fulfil:
        check_fulfil(s, cast(Fulfil, a))
    elif kind is Return:
        check_return(s, cast(Return, a))
    elif kind is Sell:
        check_sell(s, cast(Sell, a))
    elif kind is BuyScarce:
        check_buy_scarce(s, cast(BuyScarce, a))
    elif kind is Begin:
        check_begin(s, cast(Begin, a))
    elif kind is Done:
        check_done(s, cast(Done, a))
    else:
        raise InvalidActionError(f"{excerpt(a)} is not a Bohn Hansa action")


def effect(s: HansaData, a: HansaAction, events: Events | None) -> None:
    """Carry out ``a``, a checked action (or one the listing made for this position);
    its events appended to ``events`` (None: none built)."""
    kind = type(a)
    if kind is Pass:
        apply_pass(s, cast(Pass, a), events)
    elif kind is Propose:
        apply_propose(s, cast(Propose, a), events)
    elif kind is Decline:
        apply_decline(s, cast(Decline, a), events)
    elif kind is BuyContract:
        apply_buy_contract(s, cast(BuyContract, a), events)
    elif kind is Accept:
        apply_accept(s, cast(Accept, a), events)
    elif kind is Counter:
        apply_counter(s, cast(Counter, a), events)
    elif kind is Buy:
        apply_buy(s, cast(Buy, a), events)
    elif kind is EndTrading:
        apply_end_trading(s, cast(EndTrading, a), events)
    elif kind is EndTurn:
        apply_end_turn(s, cast(EndTurn, a), events)
    elif kind is Go:
        apply_go(s, cast(Go, a), events)
    elif kind is Stay:
        apply_stay(s, cast(Stay, a), events)
    elif kind is Fulfil:
        apply_fulfil(s, cast(Fulfil, a), events)
    elif kind is Return:
        apply_return(s, cast(Return, a), events)
    elif kind is Sell:
        apply_sell(s, cast(Sell, a), events)
    elif kind is BuyScarce:
        apply_buy_scarce(s, cast(BuyScarce, a), events)
    elif kind is Begin:
        apply_begin(s, cast(Begin, a), events)
    else:
        apply_done(s, cast(Done, a), events)


def check(s: HansaData, action: object) -> None:
    """Raise if ``action`` may not be applied now (any object may be given): an object
    of no Bohn Hansa kind or naming no seat of the game (``InvalidActionError``), then
    the kind's own check."""
    if type(action) not in KINDS:
        raise InvalidActionError(f"{excerpt(action)} is not a Bohn Hansa action")
    check_seat(s, action)
    _check_kind(s, action)


def apply(s: HansaData, action: object) -> Events:
    """Check ``action``, then carry it out; the events it caused. The state's lists
    handed out for the position (``state.py``) are forgotten."""
    check(s, action)
    s.listed = None
    events: Events = []
    effect(s, cast(HansaAction, action), events)
    return events
