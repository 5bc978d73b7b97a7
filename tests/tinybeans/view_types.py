"""The views of Tiny Beans as types: what a seat, or a spectator, may read of a position.

A view is JSON-ready and read-only (a bot or a screen must not change it). The same
name means the same thing as in the state's JSON: ``draw_pile`` is the list of cards
there and ``draw_pile_size`` its count here; a card is always its code (``B7``).
``scripts/regen_schemas.py`` writes their JSON Schema to ``view.schema.json``.
"""

from __future__ import annotations

from typing import Literal, TypedDict

PhaseName = Literal["play", "keep", "over"]


class OptionsJSON(TypedDict):
    """The game's options (see ``TinyOptions``)."""

    players: int
    hand_size: int
    lowest_wins: bool


class ResultJSON(TypedDict):
    """The outcome, once the game is over."""

    scores: list[int]  # beans per seat
    winners: list[int]
    reason: str


class CardLegend(TypedDict):
    """What a card is: its code and the beans it shows."""

    code: str
    beans: int


class PlayerView(TypedDict):
    """One seat at the table, as the viewer sees it."""

    seat: int
    hand: list[str] | None  # the viewer's own hand only; None for the others'
    hand_size: int
    played: bool  # it has played its card in this trick
    # its card in this trick: shown to its owner at once, to everyone once turned up
    card: str | None
    kept: list[str]  # the cards it kept, face up, in order
    beans: int  # the beans on them: its score so far


class TableView(TypedDict):
    """What every viewer sees of the table; ``SeatView`` and ``SpectatorView`` add who
    is looking."""

    game: Literal["tinybeans"]
    version: int
    options: OptionsJSON
    phase: PhaseName
    turn: int  # tricks begun (1 at the start)
    to_act: list[int]  # the seats the game waits on
    winner: int | None  # in the keep phase, the seat that won the trick
    draw_pile_size: int
    discard: list[str]  # face up, in the order thrown
    players: list[PlayerView]
    legend: list[CardLegend]  # every card of the deck
    result: ResultJSON | None  # once the game is over


class SeatView(TableView):
    """What one seat sees: the table and its own hand and face-down card."""

    seat: int


class SpectatorView(TableView):
    """What a spectator sees: the table only (no hand, no face-down card)."""

    seat: None
