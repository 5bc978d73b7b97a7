"""The state of Bohn Hansa and the flow of a game.

Phases: ``setup`` (each seat in turn fulfils its dearest start contract and orders
the other two), then turns of three phases: ``travel`` (a Neue-Ernte card lying
before the player is placed first, then the journey; ``customs`` when the player
must choose beans to sell for the Zoll), ``trade`` (buying, fulfilling, proposals;
the floor passes around the table) and ``final`` (the ladder closed up, the
contracts on the table discarded, a contract drawn; then the player ends the
turn). After the last round: ``closing`` (each player may still fulfil contracts in
the city where they stand), then the beans are sold at base price, loans repaid
double, and the game is ``over``.

Money is a number per seat. Every taler that moves is booked between a player and
the bank: ``earned[s]`` (bank to player) and ``spent[s]`` (player to bank), so
``money[s] == earned[s] - spent[s]`` always (:func:`audit`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from bohnen.core.errors import IllegalActionError, InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import shown
from bohnen.core.result import Result
from bohnen.core.rng import step
from bohnen.hansa import actions as A
from bohnen.hansa.actions import CONTRACT, card_text
from bohnen.hansa.board import Board
from bohnen.hansa.events import Event, event, secret
from bohnen.hansa.options import HansaOptions

SETUP, TRAVEL, CUSTOMS, TRADE, FINAL, CLOSING, OVER = range(7)
PHASE_NAMES = ("setup", "travel", "customs", "trade", "final", "closing", "over")
ZOLL_JOURNEY = 20
ZOLL_INVITED = 15
CONTRACT_PRICE = 5
TRAVEL_CARDS = 7
EMPTY = (-1, 0)  # an empty ladder slot; otherwise (bean, count)


class Proposal(NamedTuple):
    """A deal between the active player and ``guest``, in absolute terms."""

    pid: int
    frm: int
    to: int
    guest: int
    invite: bool  # the guest is in another city: it moves on acceptance
    to_guest: tuple[int, ...]  # beans the active player gives
    to_active: tuple[int, ...]  # beans the guest gives
    buys: tuple[int, ...]  # beans the active player buys in the city for the guest


class HansaState:
    """A position of Bohn Hansa. Change it only through :meth:`apply`."""

    __slots__ = ("active", "board", "cdiscard", "closing", "deck", "due", "earned", "fixed",
                 "floor", "hands", "ladders", "last_round", "last_seat", "loans", "made",
                 "money", "n", "nb", "ne_before", "ne_discard", "ne_pile", "ne_reserve", "next_pid",
                 "options", "pending", "phase", "played", "pos", "quiet", "rng", "spent",
                 "store", "supply", "table", "trigger", "turn", "waste")

    options: HansaOptions
    board: Board
    n: int
    nb: int  # bean types on the board
    rng: int
    phase: int
    active: int  # the seat whose turn it is (set-up: choosing; closing: fulfilling)
    turn: int
    money: list[int]
    earned: list[int]
    spent: list[int]
    loans: list[int]
    pos: list[int]
    store: list[int]  # flat: store[seat * beans + bean] = count
    supply: list[int]
    ladders: list[tuple[tuple[int, int], ...]]  # per city, per slot (bean, count)
    hands: list[tuple[int, ...]]  # travel cards 1..7, contracts CONTRACT + number
    table: tuple[int, ...]  # contracts played by the active player this turn
    played: tuple[int, ...]  # travel cards of a journey awaiting their return (customs)
    waste: list[tuple[int, ...]]  # per seat, travel cards discarded for good (sorted)
    deck: tuple[int, ...]  # contract numbers, top last
    cdiscard: tuple[int, ...]  # sorted
    ne_pile: tuple[int, ...]  # Neue-Ernte card indices, top last
    ne_reserve: tuple[int, ...]
    ne_discard: tuple[int, ...]  # in the order revealed
    ne_before: list[tuple[int, ...]]  # per seat, cards lying before it
    trigger: int  # the last card of the main pile once drawn (its placing ends the game)
    last_round: bool
    last_seat: int  # the seat whose turn ends the last round
    due: int  # customs still owed (phase customs)
    fixed: int  # the ladder slot whose prices hold in this trade phase
    floor: int
    quiet: int  # passes since the last proposal
    made: list[int]  # per seat, its proposals (counters included) this trade phase
    pending: Proposal | None
    next_pid: int
    closing: tuple[int, ...]  # seats still to fulfil their last contracts

    def clone(self) -> HansaState:
        c = object.__new__(HansaState)
        for name in _SCALARS:
            object.__setattr__(c, name, getattr(self, name))
        for name in _LISTS:
            object.__setattr__(c, name, getattr(self, name)[:])
        return c

    # --- the protocol -----------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def beans(self) -> int:
        return self.board.beans

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        if phase == TRADE:
            return (self.pending.to,) if self.pending is not None else (self.floor,)
        return (self.active,)

    def legal_actions(self, seat: int) -> list[Any]:
        from bohnen.hansa.legal import legal_actions

        return legal_actions(self, seat)

    def any_time_actions(self, seat: int) -> list[Any]:
        """Buying a contract, « à tout moment durant la partie, c'est-à-dire aussi en
        dehors de son propre tour de jeu »: open to every seat now (see ``legal``)."""
        from bohnen.hansa.legal import any_time_actions

        return any_time_actions(self, seat)

    def proposals(self, seat: int) -> Sequence[Any]:
        from bohnen.hansa.trading import proposal_space

        return proposal_space(self, seat)

    def check(self, action: Any) -> None:
        from bohnen.hansa.rules import check

        check(self, action)

    def apply(self, action: Any) -> list[Any]:
        from bohnen.hansa.rules import apply

        return apply(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from bohnen.hansa.views import view

        return view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random) -> HansaState:
        from bohnen.hansa.determinize import determinize

        return determinize(self, seat, rng)

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalActionError("the game is not over: no result yet")
        scores = tuple(self.money)
        best = max(scores)
        return Result(scores, tuple(s for s in range(self.n) if scores[s] == best),
                      "the last round was played; beans sold at base price, loans repaid double")

    def to_json(self) -> dict[str, Any]:
        from bohnen.hansa.serialize import state_to_json

        return state_to_json(self)

    def audit(self) -> None:
        from bohnen.hansa.audit import audit

        audit(self)

    def __repr__(self) -> str:
        return f"<HansaState turn {self.turn} {PHASE_NAMES[self.phase]} seat {self.active}>"

    # --- small helpers ----------------------------------------------------------------

    def illegal(self, action: Any, reason: str) -> IllegalActionError:
        return IllegalActionError(f"seat {action.seat}: {shown(action)} is illegal: {reason}")

    def held(self, seat: int) -> int:
        """Beans on the seat's aid."""
        b = self.nb
        return sum(self.store[seat * b:(seat + 1) * b])

    def proposals_left(self, seat: int) -> int:
        """Proposals ``seat`` may still make in this trade phase: its own allowance
        (``per_seat``), or what the table has left (``shared``)."""
        made = self.made
        used = made[seat] if self.options.proposal_allowance == "per_seat" else sum(made)
        return max(0, self.options.max_proposals_per_turn - used)

    def may_propose(self, seat: int) -> bool:
        return self.proposals_left(seat) > 0

    def counts(self, seat: int) -> list[int]:
        b = self.nb
        return self.store[seat * b:(seat + 1) * b]

    def free_slot(self, city: int) -> int:
        """The lowest free slot: just above the highest occupied one (= slots: full)."""
        ladder = self.ladders[city]
        for i in range(len(ladder) - 1, -1, -1):
            if ladder[i][1]:
                return i + 1
        return 0

    def price(self, city: int, slot: int, bean: int) -> int:
        return self.board.prices[city][slot][bean]

    def kind(self, seat: int, card: int) -> str:
        """``zoll``, ``nachschub``, ``travel`` or ``contract``."""
        if card > CONTRACT:
            return "contract"
        if card == self.board.zoll[seat]:
            return "zoll"
        if card == self.board.nachschub[seat]:
            return "nachschub"
        return "travel"

    def gain(self, seat: int, amount: int) -> None:
        self.money[seat] += amount
        self.earned[seat] += amount

    def pay(self, seat: int, amount: int) -> None:
        self.money[seat] -= amount
        self.spent[seat] += amount

    def take_bean(self, seat: int, bean: int) -> None:
        self.store[seat * self.nb + bean] -= 1
        self.supply[bean] += 1

    def can_fulfil(self, seat: int, card: int) -> bool:
        contract = self.board.contracts[card - CONTRACT - 1]
        if contract.city != self.pos[seat]:
            return False
        base = seat * self.nb
        store = self.store
        return all(store[base + b] for b in contract.beans)

    # --- the flow ---------------------------------------------------------------------

    def fulfil(self, seat: int, card: int, events: list[Any]) -> None:
        contract = self.board.contracts[card - CONTRACT - 1]
        for b in contract.beans:
            self.take_bean(seat, b)
        if card in self.table and seat == self.active:
            self.table = _without(self.table, card)
        else:
            self.hands[seat] = _without(self.hands[seat], card)
        self.cdiscard = tuple(sorted((*self.cdiscard, card - CONTRACT)))
        self.gain(seat, contract.payout)
        city = self.board.city_names[contract.city]
        events.append(event("fulfilled", f"Seat {seat} fulfils {card_text(card)} in {city} "
                            f"for {contract.payout} talers.", seat=seat,
                            contract=card_text(card), payout=contract.payout))

    def draw_contract(self) -> int | None:
        """The top contract (reshuffling the discard pile if the option says so)."""
        if not self.deck and self.options.reshuffle_contracts and self.cdiscard:
            shuffler, self.rng = step(self.rng)
            pile = list(self.cdiscard)
            shuffler.shuffle(pile)
            self.deck = tuple(pile)
            self.cdiscard = ()
        if not self.deck:
            return None
        number = self.deck[-1]
        self.deck = self.deck[:-1]
        return number

    def contract_to_draw(self) -> bool:
        return bool(self.deck) or (self.options.reshuffle_contracts and bool(self.cdiscard))

    def draw_harvest(self) -> int:
        """The top Neue-Ernte card (the reserve once the pile is empty), or -1."""
        if self.ne_pile:
            card = self.ne_pile[-1]
            self.ne_pile = self.ne_pile[:-1]
            if not self.ne_pile:
                self.trigger = card
            return card
        if self.ne_reserve:
            card = self.ne_reserve[-1]
            self.ne_reserve = self.ne_reserve[:-1]
            return card
        return -1

    def harvest(self, card: int, events: list[Any], drawn: bool) -> None:
        """Place the beans of Neue-Ernte card ``card`` (the active player's turn); ``drawn``:
        the card comes off its pile now (else it lay face up before the player)."""
        from bohnen.hansa.harvest import place

        placed = place(self, card)
        self.ne_discard = (*self.ne_discard, card)
        names = self.board.city_codes
        parts = ", ".join(f"{n} {self.board.bean_codes[b]} to {names[c]}"
                          + (f" (slot {s + 1})" if s >= 0 else " (no room)")
                          for c, b, n, s in placed) or "nothing"
        events.append(event("harvested", f"Neue-Ernte H{card + 1}: {parts}.", reveals=drawn,
                            card=card + 1,
                            placed=[{"city": names[c], "bean": self.board.bean_codes[b],
                                     "count": n, "slot": s + 1 if s >= 0 else None}
                                    for c, b, n, s in placed]))
        if card == self.trigger and not self.last_round:
            self.last_round = True
            self.last_seat = (self.active - 1) % self.n
            events.append(event("last_round", f"The last Neue-Ernte card is placed: the last "
                                f"round begins; seat {self.last_seat} plays the last turn.",
                                last_seat=self.last_seat))

    def start_turn(self, seat: int, events: list[Any], lots: bool = False) -> None:
        """The turn of ``seat`` begins (``lots``: it was drawn by lot to begin the game)."""
        self.active = seat
        self.turn += 1
        self.phase = TRAVEL
        self.table = ()
        events.append(event("turn", f"Seat {seat}'s turn {self.turn}.", reveals=lots,
                            seat=seat, turn=self.turn))
        waiting, self.ne_before[seat] = self.ne_before[seat], ()
        for card in waiting:
            self.harvest(card, events, drawn=False)

    def settle(self, seat: int, due: int, events: list[Any]) -> int:
        """Customs of ``due``: all the money, then beans at base price, then a loan.
        Returns what is still owed when the seat must choose the beans to sell."""
        money = self.money[seat]
        if money >= due:
            self.pay(seat, due)
            events.append(event("customs", f"Seat {seat} pays {due} talers of customs.",
                                seat=seat, paid=due))
            return 0
        self.pay(seat, money)
        return self.sell_forced(seat, due - money, events)

    def sell_forced(self, seat: int, owed: int, events: list[Any]) -> int:
        """Sell the beans the seat has no choice about; a loan once none are left."""
        base = self.board.base
        while owed > 0:
            held = [b for b, c in enumerate(self.counts(seat)) if c]
            if not held:
                self.loan(seat, owed, events)
                return 0
            total = sum(self.store[seat * self.nb + b] * base[b] for b in held)
            if total > owed and len(held) > 1:
                return owed  # a choice of beans: the seat sells them one by one
            owed = self.sell(seat, held[0], owed, events)
        return 0

    def sell(self, seat: int, bean: int, owed: int, events: list[Any]) -> int:
        price = self.board.base[bean]
        self.take_bean(seat, bean)
        self.earned[seat] += price  # the bank buys the bean ...
        self.spent[seat] += price  # ... and keeps the talers for the customs
        events.append(event("customs_bean", f"Seat {seat} gives {self.board.bean_codes[bean]} "
                            f"({price} talers) for the customs.", seat=seat,
                            bean=self.board.bean_codes[bean], value=price))
        return owed - price

    def loan(self, seat: int, amount: int, events: list[Any]) -> None:
        self.loans[seat] += amount
        self.earned[seat] += amount  # lent by the bank ...
        self.spent[seat] += amount  # ... and paid back to it as customs
        events.append(event("loan", f"Seat {seat} takes a loan of {amount} talers "
                            f"(repaid double at the end).", seat=seat, amount=amount))

    def finish_journey(self, events: list[Any]) -> None:
        """After the customs: the Nachschub, the cards back to the hand, the trade phase."""
        seat = self.active
        played = self.played
        zoll = tuple(c for c in played if self.kind(seat, c) == "zoll")
        nach = tuple(c for c in played if self.kind(seat, c) == "nachschub")
        rest = tuple(c for c in played if self.kind(seat, c) == "travel")
        if nach:
            card = self.draw_harvest()
            if card >= 0:
                self.harvest(card, events, drawn=True)
            else:
                events.append(event("no_harvest", "No Neue-Ernte card is left.", seat=seat))
        self.hands[seat] = (*self.hands[seat], *zoll, *nach, *rest)
        self.played = ()
        self.start_trade(events)

    def start_trade(self, events: list[Any]) -> None:
        self.phase = TRADE
        self.fixed = self.free_slot(self.pos[self.active])
        self.floor = self.active
        self.quiet = 0
        self.made = [0] * self.n
        self.pending = None
        city = self.pos[self.active]
        prices = {self.board.bean_codes[b]: self.price(city, self.fixed, b)
                  for b in self.board.city_beans[city]}
        events.append(event("trade", f"Trade phase in {self.board.city_names[city]}: "
                            "prices " + ", ".join(f"{b} {p}" for b, p in prices.items())
                            + ".", seat=self.active, prices=prices))

    def final_phase(self, events: list[Any]) -> None:
        seat = self.active
        # Holes are left only by purchases, and those are made in the active player's
        # city (tokens laid by a Neue-Ernte card go on the lowest free slot).
        city = self.pos[seat]
        self.ladders[city] = _compact(self.ladders[city])
        if self.table:
            self.cdiscard = tuple(sorted((*self.cdiscard, *(c - CONTRACT for c in self.table))))
            events.append(event("discarded", f"Seat {seat} discards the contracts on the "
                                f"table: {', '.join(card_text(c) for c in self.table)}.",
                                seat=seat, contracts=[card_text(c) for c in self.table]))
            self.table = ()
        self.phase = FINAL
        number = self.draw_contract()
        if number is None:
            events.append(event("no_contract", "No contract is left to draw.", seat=seat))
            return
        self.hands[seat] = (*self.hands[seat], CONTRACT + number)
        events.append(secret("drew", seat, f"Seat {seat} draws a contract.",
                             f"You draw C{number}.", {"seat": seat}, {"contract": f"C{number}"},
                             reveals=True))

    def end_turn(self, events: list[Any]) -> None:
        if self.last_round and self.active == self.last_seat:
            first = (self.last_seat + 1) % self.n
            self.closing = tuple((first + i) % self.n for i in range(self.n))
            events.append(event("game_end", "The last round is over: each player may still "
                                "fulfil contracts where they stand."))
            self.next_closing(events)
            return
        self.start_turn((self.active + 1) % self.n, events)

    def next_closing(self, events: list[Any]) -> None:
        while self.closing:
            seat = self.closing[0]
            if any(c > CONTRACT and self.can_fulfil(seat, c) for c in self.hands[seat]):
                self.active = seat
                self.phase = CLOSING
                return
            self.closing = self.closing[1:]
        self.end_game(events)

    def end_game(self, events: list[Any]) -> None:
        base = self.board.base
        for seat in range(self.n):
            value = 0
            for b in range(self.nb):
                count = self.store[seat * self.nb + b]
                value += count * base[b]
                self.supply[b] += count
                self.store[seat * self.nb + b] = 0
            self.gain(seat, value)
            if self.loans[seat]:
                self.pay(seat, 2 * self.loans[seat])
        self.phase = OVER
        result = self.result()
        events.append(event("game_over", f"Game over. Talers {list(result.scores)}; "
                            f"winner(s): seat {', '.join(map(str, result.winners))}.",
                            scores=list(result.scores), winners=list(result.winners)))


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _compact(ladder: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    piles = [slot for slot in ladder if slot[1]]
    return tuple(piles + [EMPTY] * (len(ladder) - len(piles)))


_SCALARS = ("options", "board", "n", "nb", "rng", "phase", "active", "turn", "table", "played",
            "deck", "cdiscard", "ne_pile", "ne_reserve", "ne_discard", "trigger", "last_round",
            "last_seat", "due", "fixed", "floor", "quiet", "pending", "next_pid",
            "closing")
_LISTS = ("money", "earned", "spent", "loans", "pos", "store", "supply", "ladders", "hands",
          "waste", "ne_before", "made")


def new_state(options: HansaOptions, rng: int, contracts: Sequence[int],
              harvests: Sequence[int]) -> HansaState:
    """The set-up: ``contracts`` (numbers, top first) are dealt three to each seat from
    seat 0; the first two of ``harvests`` (indices, top first) are the reserve."""
    board = options.board_data
    n = options.players
    s = object.__new__(HansaState)
    s.options, s.board, s.n, s.rng = options, board, n, rng
    s.nb = board.beans
    s.phase, s.active, s.turn = SETUP, 0, 1
    s.money, s.earned, s.spent, s.loans = [0] * n, [0] * n, [0] * n, [0] * n
    s.pos = [0] * n
    s.store = [1] * (n * board.beans)
    s.ladders = [tuple([(b, 1) for b in board.city_beans[c]]
                       + [EMPTY] * (board.slots(c) - len(board.city_beans[c])))
                 for c in range(board.cities)]
    s.supply = [board.tokens[b] - n - len(board.sellers(b)) for b in range(board.beans)]
    s.hands = [(*range(1, TRAVEL_CARDS + 1), *(CONTRACT + c for c in contracts[3 * i:3 * i + 3]))
               for i in range(n)]
    s.table = s.played = ()
    s.waste = [() for _ in range(n)]
    s.deck = tuple(reversed(contracts[3 * n:]))
    s.cdiscard = ()
    s.ne_reserve = tuple(reversed(harvests[:2]))
    s.ne_pile = tuple(reversed(harvests[2:]))
    s.ne_discard = ()
    s.ne_before = [() for _ in range(n)]
    s.trigger = -1
    s.last_round, s.last_seat = False, -1
    s.due = s.fixed = s.floor = s.quiet = 0
    s.made = [0] * n
    s.pending = None
    s.next_pid = 1
    s.closing = ()
    return s


def begin(state: HansaState, action: A.Begin, events: list[Event]) -> None:
    """Set-up of one seat: the start contract fulfilled, the other two to the hand."""
    seat = action.seat
    hand = state.hands[seat]
    dealt = [c for c in hand if c > CONTRACT]
    other = next(c for c in dealt if c not in (action.contract, action.last))
    state.hands[seat] = (*(c for c in hand if c < CONTRACT), other, action.last)
    contract = state.board.contracts[action.contract - CONTRACT - 1]
    for b in contract.beans:
        state.take_bean(seat, b)
    state.pos[seat] = contract.city
    state.cdiscard = tuple(sorted((*state.cdiscard, action.contract - CONTRACT)))
    state.gain(seat, contract.payout)
    city = state.board.city_names[contract.city]
    events.append(event("began", f"Seat {seat} fulfils {card_text(action.contract)} for "
                        f"{contract.payout} talers and starts in {city}.", seat=seat,
                        contract=card_text(action.contract), payout=contract.payout,
                        city=state.board.city_codes[contract.city]))
    if seat + 1 < state.n:
        state.active = seat + 1
        return
    least = min(state.money)
    tied = [s for s in range(state.n) if state.money[s] == least]
    first = tied[0]
    lots = len(tied) > 1 and state.options.start_tie_break == "random"
    if lots:
        shuffler, state.rng = step(state.rng)
        first = tied[shuffler.randrange(len(tied))]
    state.turn = 0
    state.start_turn(first, events, lots)


def check_seat(state: HansaState, action: Any) -> int:
    seat = getattr(action, "seat", None)
    if type(seat) is not int or not 0 <= seat < state.n:
        raise InvalidActionError(f"{shown(action)}: "
                                 f"no seat {excerpt(seat)} in a {state.n}-player game")
    return seat
