"""The full state of Nicht die Bohne! as JSON and back, and its invariants."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bohnen.core.errors import RecordError
from bohnen.ndb.cards import CARD_IDS, COPIES, DECK_SIZE, KINDS, code, full_deck, parse_card
from bohnen.ndb.options import NdbOptions
from bohnen.ndb.scoring import SheetLine, sheet_line
from bohnen.ndb.state import LEAD, NONE, OVER, PHASE_NAMES, PLAY, TAKE, NdbState

JSON = dict[str, Any]


def state_to_json(state: NdbState) -> JSON:
    """Everything, hidden cards included: a position to study or to resume."""
    return {
        "game": "ndb",
        "options": state.options.to_json(),
        "rng": state.rng,
        "round": state.round + 1,
        "trick": state.turn,
        "dealer": state.dealer,
        "token": state.leader,
        "phase": PHASE_NAMES[state.phase],
        "taker": state.taker,
        "taken": [s for s in range(state.n) if state.taken >> s & 1],
        "table": [code(c) if c != NONE else None for c in state.table],
        "hands": [[code(c) for c in h] for h in state.hands],
        "rows": [[code(c) for c in r] for r in state.rows],
        "sheet": [[[ln.plus, ln.minus, ln.total] for ln in lines] for lines in state.sheet],
    }


def _cards(items: Any) -> tuple[int, ...]:
    if not isinstance(items, list):
        raise ValueError(f"expected a list of cards, not {items!r}")
    return tuple(parse_card(str(x)) for x in items)


def _seat(value: Any, n: int, what: str) -> int:
    if type(value) is not int or not 0 <= value < n:
        raise ValueError(f"{what} must be a seat from 0 to {n - 1}, not {value!r}")
    return value


def state_from_json(data: Any) -> NdbState:
    """The state saved by :func:`state_to_json`; ``RecordError`` naming what is wrong."""
    if not isinstance(data, dict) or data.get("game") != "ndb":
        raise RecordError("not a Nicht die Bohne state (expected an object with game 'ndb')")
    try:
        state = _load(data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        what = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
        raise RecordError(f"bad Nicht die Bohne state: {what}") from None
    try:
        audit(state)
    except AssertionError as exc:
        raise RecordError(f"bad Nicht die Bohne state: {exc}") from None
    return state


def _load(data: JSON) -> NdbState:
    options = NdbOptions.from_json(data["options"])
    n = options.players
    s = object.__new__(NdbState)
    s.options, s.n = options, n
    s.rng = int(data["rng"])
    s.round = int(data["round"]) - 1
    s.turn = int(data["trick"])
    s.dealer = _seat(data["dealer"], n, "dealer")
    s.leader = _seat(data["token"], n, "token")
    s.phase = PHASE_NAMES.index(data["phase"])
    s.taker = _seat(data["taker"], n, "taker")
    s.taken = 0
    for seat in data["taken"]:
        s.taken |= 1 << _seat(seat, n, "taken")
    if len(data["table"]) != n or len(data["hands"]) != n or len(data["rows"]) != n:
        raise ValueError(f"table, hands and rows must list {n} seats")
    s.table = [NONE if c is None else parse_card(str(c)) for c in data["table"]]
    s.hands = [tuple(sorted(_cards(h))) for h in data["hands"]]
    s.rows = [_cards(r) for r in data["rows"]]
    s.sheet = [tuple(SheetLine(*(int(x) for x in ln)) for ln in lines)
               for lines in data["sheet"]]
    return s


def audit(state: NdbState) -> None:
    """Raise ``AssertionError`` unless the 60 cards are all there and the trick makes sense."""
    n = state.n
    seen: Counter[int] = Counter()
    for s in range(n):
        seen.update(state.hands[s])
        seen.update(state.rows[s])
        if state.table[s] != NONE and not state.taken >> s & 1:
            seen[state.table[s]] += 1
    if state.phase != OVER and seen != Counter(full_deck()):
        total = sum(seen.values())
        raise AssertionError(f"{total} cards accounted for, not the {DECK_SIZE} of the deck"
                             if total != DECK_SIZE else "the cards are not those of the deck")
    for card, count in seen.items():
        if not 0 <= card < CARD_IDS or count > COPIES[card % KINDS] * 1:
            raise AssertionError(f"{count} copies of card {code(card)}")
    sizes = {len(h) for h in state.hands}
    played = [state.table[s] != NONE for s in range(n)]
    if state.phase in (LEAD, PLAY, TAKE):
        _check_trick(state, played, sizes)
    if len(state.sheet) != (state.round + (state.phase == OVER)):
        raise AssertionError(f"{len(state.sheet)} rounds on the sheet in round {state.round + 1}")
    for lines in state.sheet:
        if len(lines) != n:
            raise AssertionError("a sheet line per seat is expected")
    if state.phase == OVER:
        if len(state.sheet) != state.options.rounds:
            raise AssertionError("the game ended before its last round")
        last = tuple(sheet_line(state.rows[s]) for s in range(n))
        if last != state.sheet[-1]:
            raise AssertionError("the last round's sheet does not match the rows")


def _check_trick(state: NdbState, played: list[bool], sizes: set[int]) -> None:
    n = state.n
    if state.phase == LEAD:
        if any(played) or len(sizes) != 1 or 0 in sizes:
            raise AssertionError("a trick starts with no card played and equal hands")
    elif state.phase == PLAY:
        if not played[state.leader] or all(played):
            raise AssertionError("in the play the token holder has played and somebody has not")
        for s in range(n):
            expected = len(state.hands[state.leader]) + (0 if played[s] else 1)
            if len(state.hands[s]) != expected:
                raise AssertionError(f"seat {s} holds {len(state.hands[s])} cards")
    else:
        if not all(played) or len(sizes) != 1:
            raise AssertionError("cards are taken once everybody has played")
        if state.taken >> state.leader & 1 or (state.taker == state.leader and state.taken):
            raise AssertionError("the token holder's card is taken last")
        if state.taken and not state.taken >> state.taker & 1:
            raise AssertionError(f"seat {state.taker} takes, but its card was not taken")
    if state.phase != TAKE and state.taken:
        raise AssertionError("cards marked taken outside the taking")
    if state.phase != TAKE and len({len(r) for r in state.rows}) > 1:
        raise AssertionError("every player takes one card a trick: rows of unequal lengths")
