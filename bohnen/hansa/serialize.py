"""The full state of Bohn Hansa as JSON and back, and its invariants (:func:`audit`)."""

from __future__ import annotations

from typing import Any

from bohnen.core.errors import RecordError
from bohnen.hansa.actions import CONTRACT, card_text, parse_card
from bohnen.hansa.board import STORAGE
from bohnen.hansa.options import HansaOptions
from bohnen.hansa.state import (
    CUSTOMS,
    EMPTY,
    OVER,
    PHASE_NAMES,
    TRADE,
    TRAVEL_CARDS,
    HansaState,
    Proposal,
)

JSON = dict[str, Any]


def _harvest(card: int) -> str:
    return f"H{card + 1}"


def _parse_harvest(text: Any, count: int) -> int:
    if not isinstance(text, str) or not text.startswith("H") or not text[1:].isdigit():
        raise ValueError(f"{text!r} is not a Neue-Ernte card H1..H{count}")
    number = int(text[1:])
    if not 1 <= number <= count:
        raise ValueError(f"no Neue-Ernte card {text!r}")
    return number - 1


def _counts_json(state: HansaState, counts: list[int]) -> JSON:
    return {code: counts[b] for b, code in enumerate(state.board.bean_codes)}


def proposal_json(state: HansaState, p: Proposal) -> JSON:
    codes = state.board.bean_codes
    return {"pid": p.pid, "from": p.frm, "to": p.to, "guest": p.guest, "invite": p.invite,
            "active_gives": [codes[b] for b in p.to_guest],
            "guest_gives": [codes[b] for b in p.to_active],
            "active_buys": [codes[b] for b in p.buys]}


def ladders_json(state: HansaState) -> JSON:
    codes = state.board.bean_codes
    return {state.board.city_codes[c]: [[codes[b], n] if n else None for b, n in ladder]
            for c, ladder in enumerate(state.ladders)}


def state_to_json(state: HansaState) -> JSON:
    """Everything, hidden cards included: a position to study or to resume."""
    codes = state.board.city_codes
    return {
        "game": "hansa",
        "options": state.options.to_json(),
        "rng": state.rng,
        "phase": PHASE_NAMES[state.phase],
        "active": state.active,
        "turn": state.turn,
        "money": list(state.money),
        "earned": list(state.earned),
        "spent": list(state.spent),
        "loans": list(state.loans),
        "pos": [codes[c] for c in state.pos],
        "store": [_counts_json(state, state.counts(s)) for s in range(state.n)],
        "supply": _counts_json(state, state.supply),
        "ladders": ladders_json(state),
        "hands": [[card_text(c) for c in h] for h in state.hands],
        "table": [card_text(c) for c in state.table],
        "played": [card_text(c) for c in state.played],
        "waste": [[card_text(c) for c in w] for w in state.waste],
        "deck": [f"C{c}" for c in reversed(state.deck)],
        "contract_discard": [f"C{c}" for c in state.cdiscard],
        "harvest_pile": [_harvest(c) for c in reversed(state.ne_pile)],
        "harvest_reserve": [_harvest(c) for c in reversed(state.ne_reserve)],
        "harvest_discard": [_harvest(c) for c in state.ne_discard],
        "harvest_before": [[_harvest(c) for c in b] for b in state.ne_before],
        "trigger": _harvest(state.trigger) if state.trigger >= 0 else None,
        "last_round": state.last_round,
        "last_seat": state.last_seat,
        "due": state.due,
        "fixed": state.fixed + 1,
        "floor": state.floor,
        "quiet": state.quiet,
        "made": list(state.made),
        "pending": proposal_json(state, state.pending) if state.pending is not None else None,
        "next_pid": state.next_pid,
        "closing": list(state.closing),
    }


def state_from_json(data: Any) -> HansaState:
    """The state saved by :func:`state_to_json`; ``RecordError`` naming what is wrong."""
    if not isinstance(data, dict) or data.get("game") != "hansa":
        raise RecordError("not a Bohn Hansa state (expected an object with game 'hansa')")
    try:
        state = _load(data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        what = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
        raise RecordError(f"bad Bohn Hansa state: {what}") from None
    try:
        audit(state)
    except AssertionError as exc:
        raise RecordError(f"bad Bohn Hansa state: {exc}") from None
    return state


def _int(value: Any, what: str, low: int = 0) -> int:
    if type(value) is not int or value < low:
        raise ValueError(f"{what} must be a whole number ≥ {low}, not {value!r}")
    return value


def _ints(values: Any, n: int, what: str, low: int = 0) -> list[int]:
    if not isinstance(values, list) or len(values) != n:
        raise ValueError(f"{what} must list {n} numbers")
    return [_int(v, what, low) for v in values]


def _seat(value: Any, n: int, what: str, allow_none: bool = False) -> int:
    if allow_none and value == -1:
        return -1
    if type(value) is not int or not 0 <= value < n:
        raise ValueError(f"{what} must be a seat from 0 to {n - 1}, not {value!r}")
    return value


def _counts(state: HansaState, data: Any, what: str) -> list[int]:
    codes = state.board.bean_codes
    if not isinstance(data, dict) or set(data) != set(codes):
        raise ValueError(f"{what} must give a count for each bean {', '.join(codes)}")
    return [_int(data[c], f"{what} {c}") for c in codes]


def _cards(values: Any, what: str) -> tuple[int, ...]:
    if not isinstance(values, list):
        raise ValueError(f"{what} must be a list of cards")
    return tuple(parse_card(str(v), what) for v in values)


def _contracts(values: Any, what: str, count: int) -> tuple[int, ...]:
    cards = _cards(values, what)
    if any(c <= CONTRACT or c > CONTRACT + count for c in cards):
        raise ValueError(f"{what} must hold contracts C1..C{count}")
    return tuple(c - CONTRACT for c in cards)


def _harvests(values: Any, what: str, count: int) -> tuple[int, ...]:
    if not isinstance(values, list):
        raise ValueError(f"{what} must be a list of Neue-Ernte cards")
    return tuple(_parse_harvest(v, count) for v in values)


def _ladders(state: HansaState, data: Any) -> list[tuple[tuple[int, int], ...]]:
    board = state.board
    if not isinstance(data, dict) or set(data) != set(board.city_codes):
        raise ValueError("ladders must give every city's slots")
    out = []
    for c, code in enumerate(board.city_codes):
        slots = data[code]
        if not isinstance(slots, list) or len(slots) != board.slots(c):
            raise ValueError(f"ladder of {code} must have {board.slots(c)} slots")
        row = []
        for slot in slots:
            if slot is None:
                row.append(EMPTY)
                continue
            if not isinstance(slot, list) or len(slot) != 2:
                raise ValueError(f"a slot of {code} must be [bean, count] or null")
            row.append((board.bean(str(slot[0])), _int(slot[1], f"ladder of {code}", 1)))
        out.append(tuple(row))
    return out


def _proposal(state: HansaState, data: Any) -> Proposal | None:
    if data is None:
        return None
    board, n = state.board, state.n

    def beans(key: str) -> tuple[int, ...]:
        values = data[key]
        if not isinstance(values, list):
            raise ValueError(f"pending {key} must be a list of beans")
        return tuple(sorted(board.bean(str(v)) for v in values))

    invite = data["invite"]
    if not isinstance(invite, bool):
        raise ValueError("pending invite must be true or false")
    return Proposal(_int(data["pid"], "pending pid", 1), _seat(data["from"], n, "pending from"),
                    _seat(data["to"], n, "pending to"), _seat(data["guest"], n, "pending guest"),
                    invite, beans("active_gives"), beans("guest_gives"), beans("active_buys"))


def _load(data: JSON) -> HansaState:
    options = HansaOptions.from_json(data["options"])
    s = object.__new__(HansaState)
    s.options, s.board, s.n = options, options.board_data, options.players
    board, n = s.board, s.n
    s.nb = board.beans
    s.rng = _int(data["rng"], "rng")
    s.phase = PHASE_NAMES.index(data["phase"])
    s.active = _seat(data["active"], n, "active")
    s.turn = _int(data["turn"], "turn")
    s.money = [int(v) for v in _ints_any(data["money"], n, "money")]
    s.earned = _ints(data["earned"], n, "earned")
    s.spent = _ints(data["spent"], n, "spent")
    s.loans = _ints(data["loans"], n, "loans")
    pos = data["pos"]
    if not isinstance(pos, list) or len(pos) != n:
        raise ValueError(f"pos must list {n} cities")
    s.pos = [board.city(str(c)) for c in pos]
    stores = data["store"]
    if not isinstance(stores, list) or len(stores) != n:
        raise ValueError(f"store must list {n} aids")
    s.store = [v for i, st in enumerate(stores) for v in _counts(s, st, f"store of seat {i}")]
    s.supply = _counts(s, data["supply"], "supply")
    s.ladders = _ladders(s, data["ladders"])
    _load_cards(s, data)
    s.trigger = -1 if data["trigger"] is None else _parse_harvest(data["trigger"],
                                                                   len(board.harvests))
    if not isinstance(data["last_round"], bool):
        raise ValueError("last_round must be true or false")
    s.last_round = data["last_round"]
    s.last_seat = _seat(data["last_seat"], n, "last_seat", allow_none=True)
    s.due = _int(data["due"], "due")
    s.fixed = _int(data["fixed"], "fixed", 1) - 1
    s.floor = _seat(data["floor"], n, "floor")
    s.quiet = _int(data["quiet"], "quiet")
    s.made = _ints(data["made"], n, "made")
    s.pending = _proposal(s, data["pending"])
    s.next_pid = _int(data["next_pid"], "next_pid", 1)
    closing = data["closing"]
    if not isinstance(closing, list):
        raise ValueError("closing must be a list of seats")
    s.closing = tuple(_seat(c, n, "closing") for c in closing)
    return s


def _ints_any(values: Any, n: int, what: str) -> list[int]:
    if not isinstance(values, list) or len(values) != n or not all(type(v) is int for v in values):
        raise ValueError(f"{what} must list {n} whole numbers")
    return values


def _load_cards(s: HansaState, data: JSON) -> None:
    n, board = s.n, s.board
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise ValueError(f"hands must list {n} hands")
    s.hands = [_cards(h, f"hand of seat {i}") for i, h in enumerate(hands)]
    s.table = _cards(data["table"], "table")
    s.played = _cards(data["played"], "played")
    waste = data["waste"]
    if not isinstance(waste, list) or len(waste) != n:
        raise ValueError(f"waste must list {n} seats")
    s.waste = [tuple(sorted(_cards(w, "waste"))) for w in waste]
    count = len(board.contracts)
    s.deck = tuple(reversed(_contracts(data["deck"], "deck", count)))
    s.cdiscard = tuple(sorted(_contracts(data["contract_discard"], "contract_discard", count)))
    h = len(board.harvests)
    s.ne_pile = tuple(reversed(_harvests(data["harvest_pile"], "harvest_pile", h)))
    s.ne_reserve = tuple(reversed(_harvests(data["harvest_reserve"], "harvest_reserve", h)))
    s.ne_discard = _harvests(data["harvest_discard"], "harvest_discard", h)
    before = data["harvest_before"]
    if not isinstance(before, list) or len(before) != n:
        raise ValueError(f"harvest_before must list {n} seats")
    s.ne_before = [_harvests(b, "harvest_before", h) for b in before]


# --- invariants -------------------------------------------------------------------------


def audit(state: HansaState) -> None:
    """Raise ``AssertionError`` unless beans, cards and money are all accounted for."""
    _audit_beans(state)
    _audit_money(state)
    _audit_cards(state)
    _audit_flow(state)


def _audit_beans(state: HansaState) -> None:
    board = state.board
    nb = state.nb
    store = state.store
    total = [state.supply[b] + sum(store[b::nb]) for b in range(nb)]
    for ladder in state.ladders:
        for bean, count in ladder:
            if count:
                total[bean] += count
    if total != list(board.tokens) or min(state.supply) < 0:
        b = next((b for b in range(nb) if total[b] != board.tokens[b]), 0)
        raise AssertionError(f"{total[b]} {board.bean_codes[b]} tokens accounted for, not "
                             f"{board.tokens[b]} (supply {state.supply})")
    if min(store) < 0 or any(sum(store[s * nb:(s + 1) * nb]) > STORAGE for s in range(state.n)):
        raise AssertionError(f"an aid holds a negative count or more than {STORAGE} beans: "
                             f"{store}")
    trading = state.pos[state.active] if state.phase == TRADE else -1
    for c, ladder in enumerate(state.ladders):
        sold = board.city_beans[c]
        seen_empty = False
        gaps = False
        for bean, n in ladder:
            if n and bean not in sold:
                raise AssertionError(f"{board.city_codes[c]} holds {board.bean_codes[bean]}, "
                                     f"which it does not sell")
            if (n == 0) != (bean < 0):
                raise AssertionError(f"a slot of {board.city_codes[c]} is ({bean}, {n})")
            gaps = gaps or (seen_empty and n > 0)
            seen_empty = seen_empty or n == 0
        if gaps and c != trading:
            raise AssertionError(f"the ladder of {board.city_codes[c]} has a gap outside a "
                                 f"trade phase in that city")


def _audit_money(state: HansaState) -> None:
    for s in range(state.n):
        if state.money[s] != state.earned[s] - state.spent[s]:
            raise AssertionError(f"seat {s} has {state.money[s]} talers, but the ledger says "
                                 f"{state.earned[s]} received - {state.spent[s]} paid")
        if state.money[s] < 0 and state.phase != OVER:
            raise AssertionError(f"seat {s} has {state.money[s]} talers")


def _audit_cards(state: HansaState) -> None:
    board = state.board
    contracts: list[int] = [*state.deck, *state.cdiscard, *(c - CONTRACT for c in state.table)]
    for s in range(state.n):
        hand = state.hands[s]
        contracts += [c - CONTRACT for c in hand if c > CONTRACT]
        travel = sorted([c for c in hand if c < CONTRACT] + list(state.waste[s])
                        + (list(state.played) if s == state.active else []))
        if travel != list(range(1, TRAVEL_CARDS + 1)):
            raise AssertionError(f"seat {s}'s travel cards are {travel}, not 1..{TRAVEL_CARDS}")
    if sorted(contracts) != list(range(1, len(board.contracts) + 1)):
        raise AssertionError(f"{len(contracts)} contracts accounted for, not each of the "
                             f"{len(board.contracts)} once")
    harvests = sorted([*state.ne_pile, *state.ne_reserve, *state.ne_discard,
                       *(c for b in state.ne_before for c in b)])
    if harvests != list(range(len(board.harvests))):
        raise AssertionError(f"the Neue-Ernte cards are {harvests}, not each of the "
                             f"{len(board.harvests)} once")
    if any(c < CONTRACT for c in state.table) or any(c > CONTRACT for c in state.played):
        raise AssertionError("travel cards on the table or contracts among the played cards")


def _audit_flow(state: HansaState) -> None:
    if (state.phase == CUSTOMS) != (state.due > 0):
        raise AssertionError(f"customs owed {state.due} in the {PHASE_NAMES[state.phase]} phase")
    if state.played and state.phase != CUSTOMS:
        raise AssertionError("cards of a journey wait outside the customs")
    p = state.pending
    if p is not None:
        if state.phase != TRADE or state.active not in (p.frm, p.to) or p.frm == p.to:
            raise AssertionError(f"proposal {p.pid} is not a deal of the trade phase")
        if p.guest != (p.to if p.frm == state.active else p.frm) or p.pid >= state.next_pid:
            raise AssertionError(f"proposal {p.pid} names the wrong guest or number")
    if not 0 <= state.fixed <= state.board.slots(state.pos[state.active]) + 1:
        raise AssertionError(f"price slot {state.fixed + 1} out of range")
