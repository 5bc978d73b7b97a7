"""The data of a Bohn Hansa position: its slots, its phases, the rules' figures.

:class:`HansaData` holds every fact of a position with no behaviour but reading them
(``held``, ``price``, ``can_fulfil``…) and copying them (:meth:`HansaData.copy_into`);
the rules change them (``rules.py``, ``flow.py``, ``trading.py``, ``harvest.py``) and
:class:`~bohnen.hansa.state.HansaState` adds the protocol's methods. The names are
those of the state JSON (``serialize.py``) and of the views, except the per-seat
lists, which the JSON writes per player: ``positions`` (each player's ``city``),
``storage`` (each player's ``beans``), ``hands`` (``hand``), ``proposals_made``.

Money is a number per seat. Every taler that moves is booked between a player and
the bank: ``earned[s]`` (bank to player) and ``spent[s]`` (player to bank), so
``money[s] == earned[s] - spent[s]`` always (the audit checks it).
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from bohnen.hansa.actions import HansaAction
from bohnen.hansa.board import BEAN_TYPES, CONTRACT, Bean, Board, Card
from bohnen.hansa.options import HansaOptions

# The game's version, in its records, views and saved states. 3: the state JSON's and
# the views' readable names (version 2's records replay the same: the rules and the
# notation did not change).
VERSION = 3

class Phase(IntEnum):
    """The phases of a game; JSON and views write ``phase.name.lower()``.

    ``SETUP`` (each seat in turn fulfils its dearest start contract and orders the
    other two), then turns of ``TRAVEL`` (``CUSTOMS`` while the player chooses beans to
    sell for the Zoll), ``TRADE`` and ``FINAL``; after the last round ``CLOSING`` (each
    player may still fulfil contracts where it stands), then ``OVER``."""

    SETUP = 0
    TRAVEL = 1
    CUSTOMS = 2
    TRADE = 3
    FINAL = 4
    CLOSING = 5
    OVER = 6


SETUP, TRAVEL, CUSTOMS, TRADE, FINAL, CLOSING, OVER = tuple(Phase)  # quicker than Phase.X
PHASE_NAMES: tuple[str, ...] = tuple(phase.name.lower() for phase in Phase)
PHASE_BY_NAME: dict[str, Phase] = {phase.name.lower(): phase for phase in Phase}

ZOLL_JOURNEY = 20  # the Zoll card played on a journey
ZOLL_INVITED = 15  # the Zoll card played by an invited guest
CONTRACT_PRICE = 5  # talers (and an ordinary travel card) for a contract
TRAVEL_CARDS = 7  # travel cards of a colour, numbered 1..7
START_CONTRACTS = 3  # contracts dealt to each seat

Slot = tuple[int, int]  # a ladder slot: (bean, count), or EMPTY
Ladder = tuple[Slot, ...]  # a city's slots, bottom first
EMPTY: Slot = (-1, 0)


class Proposal(NamedTuple):
    """A deal between the active player and ``guest``, in absolute terms (the names of
    its JSON form)."""

    pid: int
    proposer: int
    to: int
    guest: int
    invite: bool  # the guest is in another city: it moves on acceptance
    active_gives: tuple[Bean, ...]  # sorted
    guest_gives: tuple[Bean, ...]
    active_buys: tuple[Bean, ...]  # beans the active player buys in the city for the guest


class Listed:
    """The lists a state handed out for its current position, kept until it changes:
    whom it waits on, each seat's legal and any-time actions (tuples: the callers get
    copies), and every action object handed out (the proposals too), by ``id``, so that
    applying one of them needs no check (the listing made it from the same rules)."""

    __slots__ = ("any_time", "kept", "legal", "to_act")

    def __init__(self, players: int) -> None:
        self.to_act: tuple[int, ...] | None = None
        self.legal: list[tuple[HansaAction, ...] | None] = [None] * players
        self.any_time: list[tuple[HansaAction, ...] | None] = [None] * players
        self.kept: dict[int, HansaAction] = {}  # id(action): action (kept alive)

    def keep(self, actions: tuple[HansaAction, ...]) -> None:
        self.kept.update(zip(map(id, actions), actions, strict=True))

    def listed(self, action: object) -> bool:
        """Whether ``action`` is one of the objects handed out (identity, not equality)."""
        return action is not None and self.kept.get(id(action)) is action


class HansaData:
    """Every fact of a position. Cities are numbers (their place on the board), seats
    0..players-1, cards :data:`~bohnen.hansa.board.Card` s."""

    __slots__ = ("active", "board", "closing", "contract_discard", "contract_pile",
                 "customs_due", "earned", "floor", "hands", "harvest_before",
                 "harvest_discard", "harvest_pile", "harvest_reserve", "ladders",
                 "last_round", "last_seat", "listed", "loans", "money", "next_pid", "options",
                 "passes",
                 "pending", "phase", "played", "player_count", "positions", "price_slot",
                 "proposals_made", "rng", "spent", "storage", "supply", "table", "trigger",
                 "turn", "waste")

    options: HansaOptions
    board: Board
    player_count: int
    rng: int  # the seeded randomness (bohnen.core.rng)
    phase: Phase
    active: int  # the seat whose turn it is (set-up: choosing; closing: fulfilling)
    turn: int
    money: list[int]  # per seat
    earned: list[int]  # per seat: talers from the bank
    spent: list[int]  # per seat: talers to the bank
    loans: list[int]  # per seat: repaid double at the end
    positions: list[int]  # per seat, its city
    storage: list[int]  # flat: storage[seat * BEAN_TYPES + bean] = beans on its aid
    supply: list[int]  # per bean
    ladders: list[Ladder]  # per city
    hands: list[tuple[Card, ...]]  # per seat, in order (the front card first)
    table: tuple[Card, ...]  # contracts played by the active player this turn
    played: tuple[Card, ...]  # travel cards of a journey awaiting their return (customs)
    waste: list[tuple[Card, ...]]  # per seat, travel cards discarded for good (sorted)
    contract_pile: tuple[int, ...]  # contract numbers, top last
    contract_discard: tuple[int, ...]  # contract numbers, sorted
    harvest_pile: tuple[int, ...]  # top last
    harvest_reserve: tuple[int, ...]  # top last
    harvest_discard: tuple[int, ...]  # in the order revealed
    harvest_before: list[tuple[int, ...]]  # per seat, cards lying before it
    trigger: int  # the last card of the main pile once drawn (its placing ends the game)
    last_round: bool
    last_seat: int  # the seat whose turn ends the last round (-1: none yet)
    customs_due: int  # customs still owed (phase customs)
    price_slot: int  # the ladder slot whose prices hold in this trade phase (0 = bottom)
    floor: int  # the seat holding the trade floor
    passes: int  # passes since the last proposal
    proposals_made: list[int]  # per seat, its proposals (counters included) this trade phase
    pending: Proposal | None  # the proposal awaiting an answer
    next_pid: int
    closing: tuple[int, ...]  # seats still to fulfil their last contracts
    # Not a fact: what the state handed out for this position (``state.py``), None
    # after every change (``rules.apply``, the state's own apply), in a copy and in a
    # state loaded or dealt.
    listed: Listed | None

    def copy_into(self, other: HansaData) -> None:
        """Every fact of this position into ``other`` (the lists copied)."""
        other.options = self.options
        other.board = self.board
        other.player_count = self.player_count
        other.rng = self.rng
        other.phase = self.phase
        other.active = self.active
        other.turn = self.turn
        other.money = self.money[:]
        other.earned = self.earned[:]
        other.spent = self.spent[:]
        other.loans = self.loans[:]
        other.positions = self.positions[:]
        other.storage = self.storage[:]
        other.supply = self.supply[:]
        other.ladders = self.ladders[:]
        other.hands = self.hands[:]
        other.table = self.table
        other.played = self.played
        other.waste = self.waste[:]
        other.contract_pile = self.contract_pile
        other.contract_discard = self.contract_discard
        other.harvest_pile = self.harvest_pile
        other.harvest_reserve = self.harvest_reserve
        other.harvest_discard = self.harvest_discard
        other.harvest_before = self.harvest_before[:]
        other.trigger = self.trigger
        other.last_round = self.last_round
        other.last_seat = self.last_seat
        other.customs_due = self.customs_due
        other.price_slot = self.price_slot
        other.floor = self.floor
        other.passes = self.passes
        other.proposals_made = self.proposals_made[:]
        other.pending = self.pending
        other.next_pid = self.next_pid
        other.closing = self.closing
        other.listed = None

    # --- reading the facts ------------------------------------------------------------

    def counts(self, seat: int) -> list[int]:
        """The beans on the seat's aid, per bean."""
        return self.storage[seat * BEAN_TYPES:(seat + 1) * BEAN_TYPES]

    def held(self, seat: int) -> int:
        """How many beans the seat's aid holds."""
        return sum(self.storage[seat * BEAN_TYPES:(seat + 1) * BEAN_TYPES])

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

    def can_fulfil(self, seat: int, card: int) -> bool:
        """The contract is for the seat's city and its aid holds the beans."""
        contract = self.board.contracts[card - CONTRACT - 1]
        if contract.city != self.positions[seat]:
            return False
        base = seat * BEAN_TYPES
        storage = self.storage
        return all(storage[base + b] for b in contract.beans)

    def proposals_left(self, seat: int) -> int:
        """Proposals ``seat`` may still make in this trade phase: its own allowance
        (``per_seat``), or what the table has left (``shared``)."""
        made = self.proposals_made
        used = made[seat] if self.options.proposal_allowance == "per_seat" else sum(made)
        return max(0, self.options.max_proposals_per_turn - used)

    def contract_to_draw(self) -> bool:
        """A contract can be drawn: the pile holds one, or its discard will be reshuffled."""
        return bool(self.contract_pile) or (self.options.reshuffle_contracts
                                            and bool(self.contract_discard))

    def to_act(self) -> tuple[int, ...]:
        """The seats the game waits on now."""
        phase = self.phase
        if phase == OVER:
            return ()
        if phase == TRADE:
            return (self.pending.to,) if self.pending is not None else (self.floor,)
        return (self.active,)
