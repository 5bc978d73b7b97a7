"""The flow of a game of Bohn Hansa: the set-up, the turns and their phases, the end.

Phases: ``setup`` (each seat in turn fulfils its dearest start contract and orders
the other two), then turns of three phases: ``travel`` (a Neue-Ernte card lying
before the player is placed first, then the journey; ``customs`` when the player
must choose beans to sell for the Zoll), ``trade`` (buying, fulfilling, proposals;
the floor passes around the table) and ``final`` (the ladder closed up, the
contracts on the table discarded, a contract drawn; then the player ends the
turn). After the last round: ``closing`` (each player may still fulfil contracts in
the city where they stand), then the beans are sold at base price, loans repaid
double, and the game is ``over``.

These are the effects the rules (``rules.py``, ``trading.py``) call once an action is
checked; each appends the events it causes to ``events`` (None: builds none, for
``State.advance``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from bohnen.core.result import Result
from bohnen.core.rng import seed_state, shuffle, step
from bohnen.hansa.board import BEAN_TYPES, BEANS, CONTRACT, Bean, Card
from bohnen.hansa.data import (
    CLOSING,
    EMPTY,
    FINAL,
    OVER,
    SETUP,
    START_CONTRACTS,
    TRADE,
    TRAVEL,
    TRAVEL_CARDS,
    HansaData,
    Ladder,
)
from bohnen.hansa.events import (
    Began,
    CustomsBean,
    CustomsPaid,
    Discarded,
    Drew,
    Events,
    Fulfilled,
    GameEnding,
    GameOver,
    Harvested,
    LastRound,
    Loan,
    NoContract,
    NoHarvest,
    TradeStarted,
    TurnStarted,
)
from bohnen.hansa.harvest import place
from bohnen.hansa.options import HansaOptions

# --- the set-up ---------------------------------------------------------------------------


D = TypeVar("D", bound=HansaData)


def new_state(cls: type[D], options: HansaOptions, seed: int,
              order: tuple[list[int], list[int] | None] | None = None) -> D:
    """A new game of seed ``seed`` (a state of class ``cls``, the set-up to play): its
    contracts and Neue-Ernte cards shuffled by the seed, or in ``order`` (contract
    numbers top first, and Neue-Ernte indices top first or None: shuffled)."""
    board = options.board_data
    shuffler, rng = step(seed_state(seed))
    contracts = list(range(1, len(board.contracts) + 1))
    harvests = list(range(len(board.harvests)))
    shuffle(shuffler, contracts)
    shuffle(shuffler, harvests)
    if order is not None:
        contracts = order[0]
        harvests = order[1] if order[1] is not None else harvests
    state = cls()
    deal(state, options, rng, contracts, harvests)
    return state


def deal(s: HansaData, options: HansaOptions, rng: int, contracts: Sequence[int],
         harvests: Sequence[int]) -> None:
    """Set ``s`` up: ``contracts`` (numbers, top first) are dealt three to each seat from
    seat 0; the first two of ``harvests`` (indices, top first) are the reserve."""
    board = options.board_data
    n = options.players
    s.options, s.board, s.player_count, s.rng = options, board, n, rng
    s.phase, s.active, s.turn = SETUP, 0, 1
    s.money, s.earned, s.spent, s.loans = [0] * n, [0] * n, [0] * n, [0] * n
    s.positions = [0] * n
    s.storage = [1 if b in board.beans else 0 for _ in range(n) for b in BEANS]
    s.ladders = [tuple([(b, 1) for b in board.city_beans[c]]
                       + [EMPTY] * (board.slots(c) - len(board.city_beans[c])))
                 for c in range(board.cities)]
    s.supply = [board.tokens[b] - n - len(board.sellers(b)) if b in board.beans else 0
                for b in BEANS]
    dealt = START_CONTRACTS
    s.hands = [(*(Card(t) for t in range(1, TRAVEL_CARDS + 1)),
                *(Card(CONTRACT + c) for c in contracts[dealt * i:dealt * i + dealt]))
               for i in range(n)]
    s.table = s.played = ()
    s.waste = [() for _ in range(n)]
    s.contract_pile = tuple(reversed(contracts[dealt * n:]))
    s.contract_discard = ()
    s.harvest_reserve = tuple(reversed(harvests[:2]))
    s.harvest_pile = tuple(reversed(harvests[2:]))
    s.harvest_discard = ()
    s.harvest_before = [() for _ in range(n)]
    s.trigger = -1
    s.last_round, s.last_seat = False, -1
    s.customs_due = s.price_slot = s.floor = s.passes = 0
    s.proposals_made = [0] * n
    s.pending = None
    s.next_pid = 1
    s.closing = ()
    s.listed = None


def begin(s: HansaData, seat: int, contract: Card, last: Card, events: Events | None) -> None:
    """Set-up of one seat: the start contract fulfilled, the other two to the hand; after
    the last seat, the seat with the least money begins."""
    hand = s.hands[seat]
    dealt = [c for c in hand if c > CONTRACT]
    other = next(c for c in dealt if c not in (contract, last))
    s.hands[seat] = (*(c for c in hand if c < CONTRACT), other, last)
    facts = s.board.contracts[contract - CONTRACT - 1]
    for b in facts.beans:
        take_bean(s, seat, b)
    s.positions[seat] = facts.city
    s.contract_discard = tuple(sorted((*s.contract_discard, contract - CONTRACT)))
    gain(s, seat, facts.payout)
    if events is not None:
        events.append(Began(seat, contract, facts.payout, s.board.city_codes[facts.city],
                            s.board.city_names[facts.city]))
    if seat + 1 < s.player_count:
        s.active = seat + 1
        return
    least = min(s.money)
    tied = [t for t in range(s.player_count) if s.money[t] == least]
    first = tied[0]
    lots = len(tied) > 1 and s.options.start_tie_break == "random"
    if lots:
        shuffler, s.rng = step(s.rng)
        first = tied[shuffler.randrange(len(tied))]
    s.turn = 0
    start_turn(s, first, events, lots)


# --- money and beans ----------------------------------------------------------------------


def gain(s: HansaData, seat: int, amount: int) -> None:
    s.money[seat] += amount
    s.earned[seat] += amount


def pay(s: HansaData, seat: int, amount: int) -> None:
    s.money[seat] -= amount
    s.spent[seat] += amount


def take_bean(s: HansaData, seat: int, bean: int) -> None:
    """A bean from the seat's aid back to the supply."""
    s.storage[seat * BEAN_TYPES + bean] -= 1
    s.supply[bean] += 1


def take_from_ladder(s: HansaData, city: int, slot: int) -> None:
    """One bean off the pile on ``slot`` of the city's ladder (a hole may stay)."""
    ladder = list(s.ladders[city])
    bean, count = ladder[slot]
    ladder[slot] = (bean, count - 1) if count > 1 else EMPTY
    s.ladders[city] = tuple(ladder)


# --- cards --------------------------------------------------------------------------------


def without(cards: tuple[Card, ...], card: int) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def fulfil(s: HansaData, seat: int, card: Card, events: Events | None) -> None:
    """The contract fulfilled: its beans to the supply, its payout to the seat."""
    contract = s.board.contracts[card - CONTRACT - 1]
    for b in contract.beans:
        take_bean(s, seat, b)
    if card in s.table and seat == s.active:
        s.table = without(s.table, card)
    else:
        s.hands[seat] = without(s.hands[seat], card)
    s.contract_discard = tuple(sorted((*s.contract_discard, card - CONTRACT)))
    gain(s, seat, contract.payout)
    if events is not None:
        events.append(Fulfilled(seat, card, contract.payout, s.board.city_names[contract.city]))


def draw_contract(s: HansaData) -> int | None:
    """The top contract's number (reshuffling the discard pile if the option says so)."""
    if not s.contract_pile and s.options.reshuffle_contracts and s.contract_discard:
        shuffler, s.rng = step(s.rng)
        pile = list(s.contract_discard)
        shuffle(shuffler, pile)
        s.contract_pile = tuple(pile)
        s.contract_discard = ()
    if not s.contract_pile:
        return None
    number = s.contract_pile[-1]
    s.contract_pile = s.contract_pile[:-1]
    return number


def draw_harvest(s: HansaData) -> int:
    """The top Neue-Ernte card (the reserve once the pile is empty), or -1."""
    if s.harvest_pile:
        card = s.harvest_pile[-1]
        s.harvest_pile = s.harvest_pile[:-1]
        if not s.harvest_pile:
            s.trigger = card
        return card
    if s.harvest_reserve:
        card = s.harvest_reserve[-1]
        s.harvest_reserve = s.harvest_reserve[:-1]
        return card
    return -1


def harvest(s: HansaData, card: int, events: Events | None, drawn: bool) -> None:
    """Place the beans of Neue-Ernte card ``card`` (the active player's turn); ``drawn``:
    the card comes off its pile now (else it lay face up before the player)."""
    placed = place(s, card)
    s.harvest_discard = (*s.harvest_discard, card)
    codes = s.board.city_codes
    if events is not None:
        events.append(Harvested(card, tuple((codes[c], b, n, slot) for c, b, n, slot in placed),
                                drawn, s.board.bean_names,
                                tuple(s.board.city_names[c] for c, _, _, _ in placed)))
    if card == s.trigger and not s.last_round:
        s.last_round = True
        s.last_seat = (s.active - 1) % s.player_count
        if events is not None:
            events.append(LastRound(s.last_seat))


# --- the turn -------------------------------------------------------------------------------


def start_turn(s: HansaData, seat: int, events: Events | None, lots: bool = False) -> None:
    """The turn of ``seat`` begins (``lots``: it was drawn by lot to begin the game)."""
    s.active = seat
    s.turn += 1
    s.phase = TRAVEL
    s.table = ()
    if events is not None:
        events.append(TurnStarted(seat, s.turn, lots))
    waiting, s.harvest_before[seat] = s.harvest_before[seat], ()
    for card in waiting:
        harvest(s, card, events, drawn=False)


def settle(s: HansaData, seat: int, due: int, events: Events | None) -> int:
    """Customs of ``due``: all the money, then beans at base price, then a loan.
    Returns what is still owed when the seat must choose the beans to sell."""
    money = s.money[seat]
    if money >= due:
        pay(s, seat, due)
        if events is not None:
            events.append(CustomsPaid(seat, due))
        return 0
    pay(s, seat, money)
    return sell_forced(s, seat, due - money, events)


def sell_forced(s: HansaData, seat: int, owed: int, events: Events | None) -> int:
    """Sell the beans the seat has no choice about; a loan once none are left."""
    base = s.board.base
    storage = s.storage
    at = seat * BEAN_TYPES
    while owed > 0:
        held = [b for b in BEANS if storage[at + b]]
        if not held:
            loan(s, seat, owed, events)
            return 0
        total = sum(storage[at + b] * base[b] for b in held)
        if total > owed and len(held) > 1:
            return owed  # a choice of beans: the seat sells them one by one
        owed = sell(s, seat, held[0], owed, events)
    return 0


def sell(s: HansaData, seat: int, bean: Bean, owed: int, events: Events | None) -> int:
    """One bean to the bank at its base price, for the customs; what is still owed."""
    price = s.board.base[bean]
    take_bean(s, seat, bean)
    s.earned[seat] += price  # the bank buys the bean ...
    s.spent[seat] += price  # ... and keeps the talers for the customs
    if events is not None:
        events.append(CustomsBean(seat, bean, price, s.board.bean_names))
    return owed - price


def loan(s: HansaData, seat: int, amount: int, events: Events | None) -> None:
    s.loans[seat] += amount
    s.earned[seat] += amount  # lent by the bank ...
    s.spent[seat] += amount  # ... and paid back to it as customs
    if events is not None:
        events.append(Loan(seat, amount))


def finish_journey(s: HansaData, events: Events | None) -> None:
    """After the customs: the Nachschub, the cards back to the hand, the trade phase."""
    seat = s.active
    played = s.played
    zoll = tuple(c for c in played if s.kind(seat, c) == "zoll")
    nach = tuple(c for c in played if s.kind(seat, c) == "nachschub")
    rest = tuple(c for c in played if s.kind(seat, c) == "travel")
    if nach:
        card = draw_harvest(s)
        if card >= 0:
            harvest(s, card, events, drawn=True)
        else:
            if events is not None:
                events.append(NoHarvest(seat))
    s.hands[seat] = (*s.hands[seat], *zoll, *nach, *rest)
    s.played = ()
    start_trade(s, events)


def start_trade(s: HansaData, events: Events | None) -> None:
    """The trade phase: the prices of the city's lowest free slot hold throughout it."""
    s.phase = TRADE
    city = s.positions[s.active]
    s.price_slot = s.free_slot(city)
    s.floor = s.active
    s.passes = 0
    s.proposals_made = [0] * s.player_count
    s.pending = None
    row = s.board.prices[city][s.price_slot]
    if events is not None:
        events.append(TradeStarted(s.active, s.board.city_names[city],
                                   tuple((b, row[b]) for b in s.board.city_beans[city]),
                                   s.board.bean_names))


def final_phase(s: HansaData, events: Events | None) -> None:
    """The ladder closed up, the table discarded, a contract drawn."""
    seat = s.active
    # Holes are left only by purchases, and those are made in the active player's
    # city (tokens laid by a Neue-Ernte card go on the lowest free slot).
    city = s.positions[seat]
    s.ladders[city] = _compact(s.ladders[city])
    if s.table:
        s.contract_discard = tuple(sorted((*s.contract_discard,
                                           *(c - CONTRACT for c in s.table))))
        if events is not None:
            events.append(Discarded(seat, s.table))
        s.table = ()
    s.phase = FINAL
    number = draw_contract(s)
    if number is None:
        if events is not None:
            events.append(NoContract(seat))
        return
    card = Card(CONTRACT + number)
    s.hands[seat] = (*s.hands[seat], card)
    if events is not None:
        events.append(Drew(seat, card))


def end_turn(s: HansaData, events: Events | None) -> None:
    """The next seat's turn, or after the last round the closing."""
    n = s.player_count
    if s.last_round and s.active == s.last_seat:
        first = (s.last_seat + 1) % n
        s.closing = tuple((first + i) % n for i in range(n))
        if events is not None:
            events.append(GameEnding())
        next_closing(s, events)
        return
    start_turn(s, (s.active + 1) % n, events)


def next_closing(s: HansaData, events: Events | None) -> None:
    """The next seat that can fulfil a contract where it stands; else the end."""
    while s.closing:
        seat = s.closing[0]
        if any(c > CONTRACT and s.can_fulfil(seat, c) for c in s.hands[seat]):
            s.active = seat
            s.phase = CLOSING
            return
        s.closing = s.closing[1:]
    end_game(s, events)


def end_game(s: HansaData, events: Events | None) -> None:
    """The beans sold at base price, the loans repaid double."""
    base = s.board.base
    storage = s.storage
    for seat in range(s.player_count):
        value = 0
        at = seat * BEAN_TYPES
        for b in BEANS:
            count = storage[at + b]
            value += count * base[b]
            s.supply[b] += count
            storage[at + b] = 0
        gain(s, seat, value)
        if s.loans[seat]:
            pay(s, seat, 2 * s.loans[seat])
    s.phase = OVER
    if events is not None:
        outcome = result(s)
        events.append(GameOver(outcome.scores, outcome.winners))


def result(s: HansaData) -> Result:
    """Most talers wins; ties share the win."""
    scores = tuple(s.money)
    best = max(scores)
    return Result(scores, tuple(t for t in range(s.player_count) if scores[t] == best),
                  "the last round was played; beans sold at base price, loans repaid double")


def _compact(ladder: Ladder) -> Ladder:
    piles = [slot for slot in ladder if slot[1]]
    return tuple(piles + [EMPTY] * (len(ladder) - len(piles)))
