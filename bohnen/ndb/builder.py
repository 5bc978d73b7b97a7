"""The position builder of Nicht die Bohne!: a legal state from a compact description.

For tests, bug reports, puzzles and teaching. Name what matters: cards of some hands,
the cards some seats took in the earlier tricks of the round (their rows), the trick
on the table and the chain of taking so far. Every card not named is dealt at random
(from ``seed``) wherever the position needs one — the rows of the same length for
every seat, the face-down cards written ``?``, the hands to their size — so that the
60 cards are all accounted for; then the audit runs. A description that is no
position of the game raises ``ValueError`` naming the fault. ::

    from bohnen.ndb.builder import build

    state = build(3, hands={2: "R7 B-"}, rows={0: "G0 G5"}, table=["R8", "?", None])

is the third trick of the first round of a 3-player game: seat 0 took the green 0
and the green 5 in the first two tricks (seats 1 and 2 took two cards each, dealt by
the builder), seat 0 holds the token and led the red 8, seat 1 has played a card
face down, and seat 2, to play, holds the red 7 and a blue "–" among its 18 cards.

:func:`stacked_deck` gives a first-round deck for ``new_game`` instead: a real game
from its first deal, which plays on into rounds shuffled from its seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from bohnen.core.files import excerpt
from bohnen.core.rng import seed_state
from bohnen.ndb.audit import audit
from bohnen.ndb.cards import CODES, HAND_SIZE, Card, full_deck, parse_card
from bohnen.ndb.data import LEAD, NONE, PLAY, TAKE, NdbData, SheetLine, blank
from bohnen.ndb.options import NdbOptions
from bohnen.ndb.rules import seats_to_play
from bohnen.ndb.state import NdbState

# Cards: codes in a list, or in one string separated by spaces ("R7 B- Gx2 Y0").
Cards = str | Sequence[str]
# Per seat: a mapping from seat to cards, or a list with the cards of seat 0, 1, ...
BySeat = Mapping[int, Cards] | Sequence[Cards]
FACE_DOWN = "?"  # on the table: a card played face down, dealt by the builder


def build(players: int, *, hands: BySeat = (), rows: BySeat = (),
          table: Sequence[str | None] = (), taken: Sequence[int] = (),
          token: int | None = None, round: int = 1, rounds: int = 3,
          sheet: Sequence[Sequence[tuple[int, int, int]]] | None = None,
          dealer: int | None = None, seed: int = 0) -> NdbState:
    """The position described; every card not named dealt from ``seed``.

    - ``hands``: cards in each seat's hand (the rest of the hand is dealt).
    - ``rows``: the cards each seat took in the earlier tricks of the round, in the
      order taken. The longest says how many tricks were played; shorter rows are
      dealt the cards they lack.
    - ``table``: per seat, the card it played in this trick (``None``: not played yet;
      ``"?"``: a card face down, dealt). Nothing played: the token holder is to lead;
      every seat played: the cards are being taken; else the others are playing.
    - ``taken``: in the taking, the seats whose card has been taken, in order: the
      token holder took the first one's card, that seat the next one's... (the
      builder adds each card to its taker's row); the last one takes next.
    - ``token``: the token holder (default: the seat left of the dealer).
    - ``round`` (from 1) of a game of ``rounds``; ``sheet``: the lines
      ``(plus, minus, total)`` of each earlier round per seat (default: all zero).
    - ``dealer``: default, the seat that deals this round when seat ``players - 1``
      dealt the first.
    """
    options = NdbOptions(players=players, rounds=rounds)
    if not isinstance(round, int) or not 1 <= round <= rounds:
        raise ValueError(f"round must be from 1 to {rounds}, not {round!r}")
    dealer = (players - 1 + round - 1) % players if dealer is None else dealer
    token = (dealer + 1) % players if token is None else token
    for what, seat in (("dealer", dealer), ("token", token), *(("taken", s) for s in taken)):
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"{what}: no seat {seat!r} in a {players}-player game")
    named_hands = _by_seat(hands, players, "hands")
    named_rows = _by_seat(rows, players, "rows")
    table_cards, down = _table(table, players)
    pool = _unnamed([*named_hands, *named_rows, [c for c in table_cards if c is not None]])
    random.Random(seed).shuffle(pool)
    for seat in down:
        table_cards[seat] = pool.pop()
    tricks = max(len(r) for r in named_rows)
    if tricks >= HAND_SIZE[players]:
        raise ValueError(f"rows: {tricks} tricks played, but a round of {players} players "
                         f"has {HAND_SIZE[players]}")
    row_cards = [r + [pool.pop() for _ in range(tricks - len(r))] for r in named_rows]
    size = HAND_SIZE[players] - tricks
    hand_cards: list[list[Card]] = []
    for seat, named in enumerate(named_hands):
        wanted = size - (table_cards[seat] is not None)
        if len(named) > wanted:
            raise ValueError(f"hands: seat {seat} holds {wanted} cards here, not "
                             f"{len(named)}")
        hand_cards.append(named + [pool.pop() for _ in range(wanted - len(named))])
    state = blank(NdbState)
    state.options, state.players = options, players
    state.rng = seed_state(seed)
    state.round, state.dealer, state.token = round - 1, dealer, token
    state.turn = (round - 1) * HAND_SIZE[players] + tricks + 1
    state.hands = [tuple(sorted(h)) for h in hand_cards]
    state.table = [NONE if c is None else c for c in table_cards]
    state.row_cards = [tuple(r) for r in row_cards]
    state.sheet = _sheet(sheet, round, players)
    _trick(state, list(taken))
    try:
        audit(state)
    except AssertionError as exc:
        raise ValueError(f"not a position of Nicht die Bohne: {exc}") from None
    return state


def stacked_deck(hands: BySeat, seed: int = 0, *, players: int | None = None) -> list[str]:
    """A first-round deck for ``new_game`` (codes, top first) that deals seat ``i`` the
    cards ``hands[i]``, when seat ``players - 1`` deals; the hands not full (and the
    seats not named, up to ``players``: by default, as many as hands are given) are
    filled with the rest of the deck shuffled by ``seed``."""
    if players is None:
        players = max(hands) + 1 if isinstance(hands, Mapping) and hands else len(hands)
    if players not in HAND_SIZE:
        raise ValueError(f"a deal is for 3 to 6 players, not {players}")
    named = _by_seat(hands, players, "hands")
    pool = _unnamed(named)
    random.Random(seed).shuffle(pool)
    size = HAND_SIZE[players]
    full = []
    for seat, hand in enumerate(named):
        if len(hand) > size:
            raise ValueError(f"hands: seat {seat} is dealt {size} cards, not {len(hand)}")
        full.append(hand + [pool.pop() for _ in range(size - len(hand))])
    return [CODES[full[seat][i]] for i in range(size) for seat in range(players)]


def _cards(cards: Cards, what: str) -> list[Card]:
    words = cards.split() if isinstance(cards, str) else list(cards)
    try:
        return [parse_card(word) for word in words]
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None


def _by_seat(cards: BySeat, players: int, what: str) -> list[list[Card]]:
    """The cards named for each seat (none for a seat not named)."""
    out: list[list[Card]] = [[] for _ in range(players)]
    items = cards.items() if isinstance(cards, Mapping) else enumerate(cards)
    for seat, named in items:
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"{what}: no seat {seat!r} in a {players}-player game")
        out[seat] = _cards(named, f"{what} of seat {seat}")
    return out


def _table(table: Sequence[str | None], players: int) -> tuple[list[Card | None], list[int]]:
    """The cards named on the table (None for a seat that has not played, or whose card
    face down the builder deals) and the seats of the face-down cards to deal."""
    if not table:
        return [None] * players, []
    if len(table) != players:
        raise ValueError(f"table: one entry per seat ({players}), not {len(table)}")
    cards = [None if c is None or c == FACE_DOWN else _cards([c], "table")[0] for c in table]
    return cards, [s for s, c in enumerate(table) if c == FACE_DOWN]


def _unnamed(named: Sequence[Sequence[Card]]) -> list[Card]:
    """The cards of the deck not among ``named`` (``ValueError`` naming a card named more
    often than the deck holds it)."""
    left = Counter(full_deck())
    for cards in named:
        left.subtract(cards)
    over = sorted(CODES[c] for c, count in left.items() if count < 0)
    if over:
        raise ValueError(f"more copies named than the deck holds: {' '.join(over)}")
    return sorted(left.elements())


def _sheet(sheet: Sequence[Sequence[tuple[int, int, int]]] | None, round: int,
           players: int) -> list[tuple[SheetLine, ...]]:
    if sheet is None:
        return [(SheetLine(0, 0, 0),) * players for _ in range(round - 1)]
    return [tuple(_line(line) for line in lines) for lines in sheet]


def _line(line: object) -> SheetLine:
    """A line of the sheet from ``(plus, minus, total)``."""
    if (not isinstance(line, tuple | list) or len(line) != 3
            or not all(type(x) is int for x in line)):
        raise ValueError(f"sheet: a line is three whole numbers (plus, minus, total), "
                         f"not {excerpt(line)}")
    return SheetLine(*line)


def _trick(state: NdbData, taken: list[int]) -> None:
    """The phase from the table; in the taking, the chain of ``taken`` made."""
    played = [c != NONE for c in state.table]
    state.phase = TAKE if all(played) else PLAY if any(played) else LEAD
    state.playing = seats_to_play(state)
    state.taker = state.token
    state.taken, state.taken_mask = (), 0
    if taken and state.phase != TAKE:
        raise ValueError("taken: cards are taken once every seat has played")
    for owner in taken:
        if owner == state.taker or owner == state.token or owner in state.taken:
            raise ValueError(f"taken: seat {state.taker} cannot take seat {owner}'s card")
        state.row_cards[state.taker] += (state.table[owner],)
        state.taken += (owner,)
        state.taken_mask |= 1 << owner
        state.taker = owner
