"""The slots of a Bohnanza state and its constants: what a position is made of.

Hot paths use plain ints and tuples. Each seat has three field slots in the flat lists
``field_beans``/``field_counts`` (index ``seat * 3 + field``); ``fields_owned[seat]``
says how many of them the seat owns (2, or 3 with the third field). Hands, the cards
under the talers, trade areas, the face-up cards, the draw pile (top card last) and the
discard pile (top card last) are tuples, so a clone shares them and copies only a few
small lists.

This module knows no rule: :mod:`~bohnen.bohnanza.flow`, :mod:`~bohnen.bohnanza.rules`
and :mod:`~bohnen.bohnanza.trading` change a state, :mod:`~bohnen.bohnanza.state`
gives it the protocol's methods.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Final, Literal, NamedTuple, Protocol, Self

from bohnen.bohnanza.beans import Bean
from bohnen.bohnanza.options import BohnanzaOptions

if TYPE_CHECKING:
    from bohnen.bohnanza.actions import BohnanzaAction


class Phase(IntEnum):
    """The phase of a turn; JSON and views write ``phase.name.lower()``."""

    PLANT = 0  # phase 1: the active player plants from the hand
    TRADE = 1  # phase 2: two cards face up, proposals and answers
    PLANT_TRADED = 2  # phase 3: the cards of the trade areas are planted
    OVER = 3  # the game has ended


# The phases as module constants, for the hot paths (reading ``Phase.OVER`` costs an
# attribute lookup through the enum's metaclass at every use). A state's phase is always
# one of the four members (never a bare int), so the hot paths compare it with ``is``:
# ``==`` on an IntEnum is not the interpreter's fast comparison of two ints. ``Final``
# (here and on the hot paths' other module constants): the compiled build reads a final
# name from a C static, any other module name from the module's dictionary at each use.
PLANT: Final = Phase.PLANT
TRADE: Final = Phase.TRADE
PLANT_TRADED: Final = Phase.PLANT_TRADED
OVER: Final = Phase.OVER

PhaseName = Literal["plant", "trade", "plant_traded", "over"]
# The game's version: it changes when the behaviour, the notation, the state's JSON or
# the view changes (3: beans written as codes in JSON and views, the view's types).
VERSION = 3
REPLAYS_VERSIONS = (2,)  # records of these versions replay the same under this one

PHASE_NAMES: tuple[PhaseName, ...] = ("plant", "trade", "plant_traded", "over")
PHASES: dict[str, Phase] = {name: phase for name, phase in zip(PHASE_NAMES, Phase, strict=True)}

LAST_RUNOUT: Final = 3  # the run-out that ends the game
EMPTY: Final = -1  # the bean of an empty field slot

How = Literal["accepted", "declined", "countered", "withdrawn", "voided"]
HOWS: tuple[How, ...] = ("accepted", "declined", "countered", "withdrawn", "voided")


class Proposal(NamedTuple):
    """An open proposal. Positions are the proposer's when it was made (cards since unmoved)."""

    pid: int
    proposer: int
    to: int
    hand: tuple[int, ...]  # positions in the proposer's hand
    hand_beans: tuple[Bean, ...]  # the beans at those positions, in that order
    face_up: tuple[int, ...]  # indices of the face-up cards offered (active player only)
    face_beans: tuple[Bean, ...]
    wants: tuple[Bean, ...]  # sorted
    talers: int
    wants_talers: int


class Closed(NamedTuple):
    """A proposal of this turn's trading that is no longer open, as everybody saw it:
    its beans (not the hand positions) and how it ended."""

    pid: int
    proposer: int
    to: int
    hand_beans: tuple[Bean, ...]  # sorted
    face_beans: tuple[Bean, ...]
    wants: tuple[Bean, ...]
    talers: int
    wants_talers: int
    how: How


class Offers(Protocol):
    """A proposal space as a state remembers it (``proposal_space.ProposalSpace``,
    named here without an import: that module reads this one)."""

    @property
    def last(self) -> object:
        """The proposal the space built last (None before any)."""
        ...


class BohnanzaData:
    """The slots of a position of Bohnanza (see the module's text)."""

    __slots__ = (
        "active",
        "closed_proposals",
        "discard",
        "draw_pile",
        "face_up",
        "field_beans",
        "field_cost",
        "field_counts",
        "fields_owned",
        "floor",
        "hands",
        "last_runout_reached",
        "mover",
        "next_pid",
        "open_proposals",
        "options",
        "passes_since_proposal",
        "per_seat",
        "phase",
        "planted",
        "players",
        "proposal_budget",
        "proposals_made",
        "protection",
        "reason",
        "rng",
        "runouts",
        "seen_lists",
        "seen_must",
        "seen_spaces",
        "seen_to_act",
        "seen_values",
        "taler_cards",
        "trade_areas",
        "turn",
        "turn_based",
        "two_fields",
    )

    options: BohnanzaOptions
    turn_based: bool  # options.turn_based, kept at hand for the hot paths
    field_cost: int  # options.field_cost (talers for the third field), likewise
    players: int  # options.players, likewise
    proposal_budget: int | None  # options.max_proposals_per_turn, likewise
    per_seat: bool  # options.proposal_allowance == "per_seat", likewise
    two_fields: int  # options.same_bean_in_two_fields as 0 or 1 (the planting tables' index)
    protection: int  # options.bean_protection as 0 or 1 (the harvest tables' index)
    rng: int  # the carried seed of the next reshuffle
    hands: list[tuple[Bean, ...]]  # per seat, front card first
    field_beans: list[int]  # per field slot (seat * 3 + field): its bean, EMPTY if none
    field_counts: list[int]  # per field slot: its beans
    fields_owned: list[int]  # per seat: 2, or 3 with the third field
    taler_cards: list[tuple[Bean, ...]]  # per seat: the cards under its talers, oldest first
    trade_areas: list[tuple[Bean, ...]]  # per seat
    face_up: tuple[Bean, ...]  # phase 2: the cards turned up, in the order revealed
    draw_pile: tuple[Bean, ...]  # top card last
    discard: tuple[Bean, ...]  # top card last
    runouts: int  # times the draw pile ran out
    phase: Phase
    active: int  # the seat whose turn it is
    planted: int  # phase 1: cards planted from the hand this turn
    last_runout_reached: bool  # the third run-out came: the game ends with this turn
    floor: int  # phase 2: the seat with the floor; phase 3: the seat to plant next
    # the seat whose move it is in turn-based play (flow.actor), kept by the effects
    # where what it depends on changes; not saved (a loaded state computes it)
    mover: int
    passes_since_proposal: int  # phase 2, turn-based: passes since the last proposal
    proposals_made: list[int]  # phase 2: proposals (counters included) each seat made
    next_pid: int  # the number of the next proposal (they run through the game)
    open_proposals: tuple[Proposal, ...]  # phase 2
    closed_proposals: tuple[Closed, ...]  # phase 2: this turn's proposals no longer open
    turn: int  # turns begun so far (1 at the start)
    reason: str  # why the game ended ("" while it runs)
    # What the state handed out for this position (:mod:`~bohnen.bohnanza.memo`): the
    # seats to act, the seats that must, per seat its legal and any-time lists (seat,
    # players + seat) and its proposal space; None until asked, forgotten at every change.
    seen_to_act: tuple[int, ...] | None
    seen_must: tuple[int, ...] | None
    seen_lists: list[list[BohnanzaAction] | None] | None
    seen_spaces: list[Offers | None] | None
    # What each seat sees of this position (:func:`bohnen.bohnanza.seen.seen`'s value, at
    # seat), and the players as everybody sees them (at players); None until asked,
    # forgotten at every change like the lists above.
    seen_values: list[object] | None

    def __init__(self, options: BohnanzaOptions, turn_based: bool, field_cost: int,
                 players: int, proposal_budget: int | None, per_seat: bool,
                 two_fields: int, protection: int) -> None:
        """A state with its options (and what is kept at hand of them) set and nothing
        else: :meth:`blank` works those out, :meth:`clone` passes its own on."""
        self.options = options
        self.turn_based = turn_based
        self.field_cost = field_cost
        self.players = players
        self.proposal_budget = proposal_budget
        self.per_seat = per_seat
        self.two_fields = two_fields
        self.protection = protection
        self.seen_to_act = self.seen_must = None
        self.seen_lists = None
        self.seen_spaces = None
        self.seen_values = None

    @classmethod
    def blank(cls, options: BohnanzaOptions) -> Self:
        """A state with its options set and nothing else (to be filled by the caller)."""
        return cls(options, options.turn_based, options.field_cost, options.players,
                   options.max_proposals_per_turn, options.proposal_allowance == "per_seat",
                   int(options.same_bean_in_two_fields), int(options.bean_protection))

    def clone(self) -> Self:
        """A copy that shares nothing mutable with this state (and remembers nothing of
        what this one handed out)."""
        c = self.__class__(self.options, self.turn_based, self.field_cost, self.players,
                           self.proposal_budget, self.per_seat, self.two_fields,
                           self.protection)
        c.rng = self.rng
        c.hands = self.hands[:]
        c.field_beans = self.field_beans[:]
        c.field_counts = self.field_counts[:]
        c.fields_owned = self.fields_owned[:]
        c.taler_cards = self.taler_cards[:]
        c.trade_areas = self.trade_areas[:]
        c.face_up = self.face_up
        c.draw_pile = self.draw_pile
        c.discard = self.discard
        c.runouts = self.runouts
        c.phase = self.phase
        c.active = self.active
        c.planted = self.planted
        c.last_runout_reached = self.last_runout_reached
        c.floor = self.floor
        c.mover = self.mover
        c.passes_since_proposal = self.passes_since_proposal
        c.proposals_made = self.proposals_made[:]
        c.next_pid = self.next_pid
        c.open_proposals = self.open_proposals
        c.closed_proposals = self.closed_proposals
        c.turn = self.turn
        c.reason = self.reason
        return c
