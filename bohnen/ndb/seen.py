"""What a seat of Nicht die Bohne! sees, as a frozen typed value read straight from the
state (:func:`seen`) instead of its JSON view: what the learning environments encode
at every step (``Game.seen``), without building the view.

:class:`NdbSeen` holds the part of the seat's view (:func:`bohnen.ndb.views.seat_view`)
that an encoding reads, under the view's names and in its units (card codes, 1-based
round): the same values, and nothing the view does not hold (another seat's hand, a
face-down card before the reveal). :func:`of_view` reads the same value from the view
itself, so that a test can compare the two at every decision of whole games.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from bohnen.core.protocol import JSONObject
from bohnen.ndb.cards import CODES, COLOURS, KINDS, Card
from bohnen.ndb.data import NONE, PHASE_NAMES, TAKE, SheetLine
from bohnen.ndb.scoring import row_score, rows_of
from bohnen.ndb.state import NdbState


class NdbRow(NamedTuple):
    """A row: its cards (codes, in the view's order) and its score."""

    cards: tuple[str, ...]
    score: int


class NdbSeen(NamedTuple):
    """What ``seat`` sees (the view's fields of the same names; per-seat fields seat 0
    first)."""

    seat: int
    players: int
    rounds: int  # the rounds of the game (options)
    phase: str  # lead, play, take, over
    round: int  # the round being played, from 1
    dealer: int
    token: int
    taker: int | None  # the seat to take next; None outside the taking
    to_act: tuple[int, ...]
    played: tuple[int, ...]  # the seats with a card in this trick
    taken: tuple[int, ...]  # the seats whose card has been taken, in order
    table: tuple[str | None, ...]  # per seat, its card in this trick if the seat sees it
    hand: tuple[str, ...]  # the seat's own hand
    hand_sizes: tuple[int, ...]
    rows: tuple[tuple[NdbRow, ...], ...]  # per seat, its rows
    rows_scores: tuple[int, ...]  # per seat, its rows' scores added
    totals: tuple[int, ...]  # per seat, the finished rounds' Summe


def seen(state: NdbState, seat: int) -> NdbSeen:
    """What ``seat`` sees of ``state`` (see the module)."""
    players = state.players
    phase = state.phase
    table = state.table
    shown: tuple[str | None, ...]
    if phase is TAKE:
        shown = tuple([CODES[card] for card in table])
    else:
        token = state.token
        shown = tuple([None if card == NONE or (s != token and s != seat) else CODES[card]
                       for s, card in enumerate(table)])
    rows, scores = _all_rows(tuple(state.row_cards))
    return NdbSeen(
        seat, players, state.options.rounds, PHASE_NAMES[phase], state.round + 1,
        state.dealer, state.token, state.taker if phase is TAKE else None,
        tuple(state.to_act()), tuple([s for s, card in enumerate(table) if card != NONE]),
        tuple(state.taken), shown, _codes(state.hands[seat]),
        tuple(map(len, state.hands)), rows, scores, _totals(tuple(state.sheet), players))


@lru_cache(maxsize=256)
def _totals(sheet: tuple[tuple[SheetLine, ...], ...], players: int) -> tuple[int, ...]:
    """Each seat's total over the finished rounds (the rules' ``totals``), kept by the
    score sheet's lines (tuples, which never change)."""
    return tuple([sum([lines[s].total for lines in sheet]) for s in range(players)])


@lru_cache(maxsize=4096)
def _codes(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """The codes of a hand (kept by the hand, a tuple that never changes)."""
    return tuple([CODES[c] for c in cards])


@lru_cache(maxsize=1024)
def _all_rows(row_cards: tuple[tuple[Card, ...], ...]) -> tuple[
        tuple[tuple[NdbRow, ...], ...], tuple[int, ...]]:
    """Every seat's rows and their scores added, kept by the cards each seat has taken
    (tuples): the same values, the same objects, while no seat's rows change (an
    encoding keeps what it made of them by their identity)."""
    rows = [_rows(cards) for cards in row_cards]
    return tuple([r for r, _ in rows]), tuple([score for _, score in rows])


@lru_cache(maxsize=4096)
def _rows(cards: tuple[Card, ...]) -> tuple[tuple[NdbRow, ...], int]:
    """A seat's rows and their scores added, kept by the cards taken (a tuple): the
    cards sorted into their colours here, each colour's row kept by its own cards, so
    that a take writes again only the rows it changed."""
    by_colour: list[list[Card]] = [[] for _ in COLOURS]
    for card in cards:
        by_colour[card // KINDS].append(card)
    rows = tuple([_row(tuple(row)) for row in by_colour])
    return rows, sum([r.score for r in rows])


@lru_cache(maxsize=4096)
def _row(cards: tuple[Card, ...]) -> NdbRow:
    """The row of cards of one colour (in the order taken), as the rules lay it out
    (``rows_of``) and score it."""
    row = next((r for r in rows_of(cards) if r), [])
    return NdbRow(tuple([CODES[c] for c in row]), row_score(row))


def of_view(view: JSONObject) -> NdbSeen:
    """The same value read from a seat's view (JSON): what :func:`seen` must equal."""
    players: list[JSONObject] = view["players"]
    seat: int = view["seat"]
    return NdbSeen(
        seat, len(players), view["options"]["rounds"], view["phase"], view["round"],
        view["dealer"], view["token"], view["taker"], tuple(view["to_act"]),
        tuple(view["played"]), tuple(view["taken"]), tuple(view["table"]),
        tuple(players[seat]["hand"] or ()), tuple(p["hand_size"] for p in players),
        tuple(tuple(NdbRow(tuple(r["cards"]), r["score"]) for r in p["rows"])
              for p in players),
        tuple(p["rows_score"] for p in players), tuple(view["totals"]))
