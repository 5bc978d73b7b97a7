"""The views of Bohnanza as types: what a seat, or a spectator, may read of a position.

A view is JSON-ready and read-only: a bot or a screen must not change it (its ``legend``
is one list shared by every view). A bean is always its code (``BL`` … ``GA``); the
``legend`` gives each code's name, cards in the deck and beanometer once. The same name
means the same thing as in the state's JSON (``serialize.py``): ``draw_pile`` and
``taler_cards`` are lists of beans there, ``draw_pile_size`` and ``talers`` their counts
here; ``last_runout_reached`` and ``next_pid`` are the same facts in both, and a
player's ``proposals_made`` is its entry of the state's ``trading.proposals_made``.
``scripts/regen_schemas.py`` writes their JSON Schema to ``view.schema.json``.
"""

from __future__ import annotations

from typing import Literal, TypedDict

PhaseName = Literal["plant", "trade", "plant_traded", "over"]
BeanCode = str  # a bean's two-letter code: BL FE SA BR SO AU RO GA


class OptionsJSON(TypedDict):
    """The game's options (see ``BohnanzaOptions``)."""

    players: int
    bean_protection: bool
    same_bean_in_two_fields: bool
    tie_break: Literal["shared", "most_cards_in_hand"]
    third_field_cost: int | None  # None: the text's choice (see the view's third_field_cost)
    beginner: bool
    expert_taler_trading: bool
    trading: Literal["turn_based", "open"]
    max_proposals_per_turn: int | None  # None: no bound (open trading only)
    proposal_allowance: Literal["per_seat", "shared"]
    proposal_size: int


class ResultJSON(TypedDict):
    """The outcome, once the game is over."""

    scores: list[int]  # talers per seat
    winners: list[int]
    reason: str


class BeanLegend(TypedDict):
    """What the card of a bean says."""

    code: BeanCode
    name: str  # German name, as on the card
    cards: int  # cards of it in the deck
    # beans a field needs for 1, 2, 3 and 4 talers (None: the card shows no such step)
    beanometer: list[int | None]


class NextStep(TypedDict):
    """The next step of a field's beanometer."""

    count: int  # beans the field needs for it
    talers: int  # what the field pays then


class FieldView(TypedDict):
    """One bean field."""

    bean: BeanCode | None  # None: the field is empty
    count: int
    talers: int  # what a harvest of it pays now
    next: NextStep | None  # None: empty, or no step above


class PlayerView(TypedDict):
    """One seat at the table, as the viewer sees it."""

    seat: int
    hand: list[BeanCode] | None  # the viewer's own hand, in order; None for the others'
    hand_size: int
    fields: list[FieldView]  # the fields it owns (two, or three once bought)
    third_field: bool  # it owns a third field
    may_buy_third_field: bool  # it may buy the third field now (and has the talers)
    talers: int  # its talers: the count of its taler_cards
    taler_cards: list[BeanCode]  # the cards turned over as talers (public)
    trade_area: list[BeanCode]  # cards traded or face-up cards kept, to plant in phase 3
    proposals_made: int  # proposals (counters included) it made this turn
    proposals_left: int | None  # proposals it may still make this turn; None: no bound


# A proposal's number and its two seats: "from" (the proposer) is a Python keyword, so
# this part is written in the functional form.
ProposalSeats = TypedDict("ProposalSeats", {"pid": int, "from": int, "to": int})


class ProposalView(ProposalSeats):
    """An open proposal of phase 2 (``from`` proposes it to ``to``)."""

    hand_beans: list[BeanCode]  # the beans offered from the hand (sorted for the others)
    hand: list[int] | None  # their positions in the hand: for the proposer only
    face_up: list[int]  # positions of the offered face-up cards
    face_up_beans: list[BeanCode]
    wants: list[BeanCode]  # the beans asked for, sorted
    talers: int  # talers offered (expert variant)
    wants_talers: int  # talers asked for (expert variant)


class ClosedView(ProposalSeats):
    """A proposal of this turn that is no longer open."""

    hand_beans: list[BeanCode]
    face_up_beans: list[BeanCode]
    wants: list[BeanCode]
    talers: int
    wants_talers: int
    how: Literal["accepted", "declined", "countered", "withdrawn", "voided"]


class TradingView(TypedDict):
    """Phase 2: the trading."""

    floor: int | None  # turn-based: the seat with the floor; None in open trading
    proposals: list[ProposalView]
    closed: list[ClosedView]
    passes_since_proposal: int


class TableView(TypedDict):
    """What every viewer sees of the table; ``SeatView`` and ``SpectatorView`` add who
    is looking."""

    game: Literal["bohnanza"]
    version: int
    options: OptionsJSON
    phase: PhaseName
    turn: int  # turns begun (1 at the start)
    to_act: list[int]  # the seats the game waits on
    active: int  # the seat whose turn it is
    planted: int  # cards the active seat planted from its hand this turn
    draw_pile_size: int
    runouts: int  # times the draw pile ran out
    last_runout_reached: bool  # the third run-out happened: the game ends with this turn
    discard: list[BeanCode]  # bottom first
    face_up: list[BeanCode]  # the two cards turned up in phase 2
    third_field_cost: int  # talers the third field costs in this game
    next_pid: int  # the number the next proposal will bear
    players: list[PlayerView]
    legend: list[BeanLegend]  # the eight beans, in the order of their Bean values
    trading: TradingView | None  # in phase 2 only
    result: ResultJSON | None  # once the game is over


class SeatView(TableView):
    """What one seat sees: the table and its own hand (and its proposals' positions)."""

    seat: int


class SpectatorView(TableView):
    """What a spectator sees: the table only (no hand)."""

    seat: None
