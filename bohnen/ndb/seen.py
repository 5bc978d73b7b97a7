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

from typing import Final, NamedTuple

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
    rows, scores = _all_rows(state.row_cards)
    # made as namedtuple's own ``_make`` makes it: no Python-level ``__new__`` to call
    return _new(NdbSeen, (
        seat, players, state.options.rounds, PHASE_NAMES[phase], state.round + 1,
        state.dealer, state.token, state.taker if phase is TAKE else None,
        state.to_act(), tuple([s for s, card in enumerate(table) if card != NONE]),
        state.taken, shown, _codes(state.hands[seat]),
        tuple([len(hand) for hand in state.hands]), rows, scores,
        _totals(state.sheet, players)))


_new: Final = tuple.__new__

# What the accessor makes of the state's tuples (a hand, a seat's taken cards, the
# lines of the score sheet), kept by the identity of those tuples: the engine replaces
# them, never changes them, and hands out the same objects while a value does not
# change, so that a look-up by ``id`` costs no hashing of their contents. Each entry
# holds the tuples of its key, so that their ids are not reused while it is kept (an
# equal tuple that is another object, as after a copy or JSON, is read again: the same
# values). Bounded: emptied when full. Every entry a store keeps is objects that the
# garbage collector walks again and again: with 4,096 entries a store, the collector
# took a fifth of a compiled AEC step's time. The stores of a position's tuples serve a
# step that reads again what the last steps made (a hand, the rows, the sheet), of this
# game or of the others a process steps in turn (a VectorEnv's): 1,024 entries. A row
# is kept by its cards' values, and each seat of each game stepped has several alive:
# 4,096.
KEEP = 1024  # entries of each store before it is emptied (not Final: the tests change it)
ROW_KEEP = 4096  # entries of the store of rows by their cards (the same)
_HANDS: Final[dict[int, tuple[tuple[Card, ...], tuple[str, ...]]]] = {}
_SEAT_ROWS: Final[dict[int, tuple[tuple[Card, ...], tuple[NdbRow, ...], int]]] = {}
_ALL_ROWS: Final[dict[tuple[int, ...], tuple[tuple[tuple[Card, ...], ...],
                                             tuple[tuple[NdbRow, ...], ...],
                                             tuple[int, ...]]]] = {}
_TOTALS: Final[dict[tuple[int, ...], tuple[tuple[tuple[SheetLine, ...], ...],
                                           tuple[int, ...]]]] = {}
# the entries read last (one each), held here
_LAST_ROWS: Final[list[tuple[list[tuple[Card, ...]], tuple[tuple[NdbRow, ...], ...],
                             tuple[int, ...]]]] = []
_LAST_TOTALS: Final[list[tuple[int, list[tuple[SheetLine, ...]], tuple[int, ...]]]] = []
_ROW_OF: Final[dict[tuple[Card, ...], NdbRow]] = {}  # by value: a colour's cards


def _totals(sheet: list[tuple[SheetLine, ...]], players: int) -> tuple[int, ...]:
    """Each seat's total over the finished rounds (the rules' ``totals``), kept by the
    player count and the score sheet's lines (the last ones compared first, the very
    tuples before their values: no key to make while the sheet has not changed)."""
    if _LAST_TOTALS:
        last = _LAST_TOTALS[0]
        if last[0] == players and last[1] == sheet:  # equal lines: the same totals
            return last[2]
    key = tuple([players, *[id(lines) for lines in sheet]])
    kept = _TOTALS.get(key)
    if kept is None:
        totals = tuple([sum([lines[s].total for lines in sheet]) for s in range(players)])
        if len(_TOTALS) >= KEEP:
            _TOTALS.clear()
        kept = _TOTALS[key] = (tuple(sheet), totals)
    _LAST_TOTALS[:] = [(players, list(sheet), kept[1])]
    return kept[1]


def _codes(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """The codes of a hand, kept by the hand."""
    kept = _HANDS.get(id(cards))
    if kept is None or kept[0] is not cards:
        if len(_HANDS) >= KEEP:
            _HANDS.clear()
        kept = _HANDS[id(cards)] = (cards, tuple([CODES[c] for c in cards]))
    return kept[1]


def _all_rows(row_cards: list[tuple[Card, ...]]) -> tuple[
        tuple[tuple[NdbRow, ...], ...], tuple[int, ...]]:
    """Every seat's rows and their scores added, kept by the cards each seat has taken
    (the last ones compared first, the very tuples before their values: no key to make
    while no seat's rows change): the same values, the same objects, while no seat's
    rows change (an encoding keeps what it made of them by their identity)."""
    if _LAST_ROWS:
        last = _LAST_ROWS[0]
        if last[0] == row_cards:  # equal cards (the very tuples, first): the same rows
            return last[1], last[2]
    key = tuple([id(cards) for cards in row_cards])
    kept = _ALL_ROWS.get(key)
    if kept is None:
        before = _LAST_ROWS[0] if _LAST_ROWS else None
        rows = [_rows(cards, None if before is None or s >= len(before[0]) else
                      (before[0][s], before[1][s], before[2][s]))
                for s, cards in enumerate(row_cards)]
        if len(_ALL_ROWS) >= KEEP:
            _ALL_ROWS.clear()
        kept = _ALL_ROWS[key] = (tuple(row_cards), tuple([r for r, _ in rows]),
                                 tuple([score for _, score in rows]))
    _LAST_ROWS[:] = [(list(row_cards), kept[1], kept[2])]
    return kept[1], kept[2]


def _rows(cards: tuple[Card, ...],
          before: tuple[tuple[Card, ...], tuple[NdbRow, ...], int] | None) -> tuple[
        tuple[NdbRow, ...], int]:
    """A seat's rows and their scores added, kept by the cards taken: the cards sorted
    into their colours here, each colour's row kept by its own cards, so that a take
    writes again only the rows it changed. ``before``: the seat's cards, rows and score
    read last, if known; where ``cards`` are those and one card more (a take), only the
    row of that card's colour is written again."""
    kept = _SEAT_ROWS.get(id(cards))
    if kept is None or kept[0] is not cards:
        if before is not None and len(cards) == len(before[0]) + 1 and \
                cards[:-1] == before[0]:
            rows, score = _one_more(cards, before[1], before[2])
        else:
            by_colour: list[list[Card]] = [[] for _ in COLOURS]
            for card in cards:
                by_colour[card // KINDS].append(card)
            rows = tuple([_row(tuple(row)) for row in by_colour])
            score = sum([r.score for r in rows])
        if len(_SEAT_ROWS) >= KEEP:
            _SEAT_ROWS.clear()
        kept = _SEAT_ROWS[id(cards)] = (cards, rows, score)
    return kept[1], kept[2]


def _one_more(cards: tuple[Card, ...], rows: tuple[NdbRow, ...], score: int) -> tuple[
        tuple[NdbRow, ...], int]:
    """The rows and score of ``cards``, whose cards but the last have ``rows`` and
    ``score``: the row of the last card's colour written again, the others kept."""
    colour = cards[-1] // KINDS
    row = _row(tuple([c for c in cards if c // KINDS == colour]))
    after = list(rows)
    after[colour] = row
    return tuple(after), score - rows[colour].score + row.score


def _row(cards: tuple[Card, ...]) -> NdbRow:
    """The row of cards of one colour (in the order taken), as the rules lay it out
    (``rows_of``) and score it, kept by the cards (a plain dictionary: no call through a
    cache's wrapper)."""
    kept = _ROW_OF.get(cards)
    if kept is None:
        if len(_ROW_OF) >= ROW_KEEP:
            _ROW_OF.clear()
        kept = _ROW_OF[cards] = _laid_out(cards)
    return kept


def _laid_out(cards: tuple[Card, ...]) -> NdbRow:
    """The row of :func:`_row`, written."""
    for row in rows_of(cards):
        if row:
            return _new(NdbRow, (tuple([CODES[c] for c in row]), row_score(row)))
    return _new(NdbRow, ((), row_score([])))


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
