"""The full state of Bohn Hansa as JSON and back (versioned; its invariants: ``audit``).

The same name means the same thing here and in the views (``view_types.py``): a list
of cards is a list of codes, a ladder's slot ``{"bean": "BL", "count": 3}`` or null.
"""

from __future__ import annotations

from typing import TypeVar, cast

from bohnen.core import saved
from bohnen.core.errors import RecordError
from bohnen.core.files import excerpt
from bohnen.hansa.actions import parse_card
from bohnen.hansa.audit import audit
from bohnen.hansa.board import BEAN_TYPES, CODES, CONTRACT, Bean, Card, card_text
from bohnen.hansa.data import EMPTY, PHASE_NAMES, VERSION, HansaData, Ladder, Phase, Proposal
from bohnen.hansa.events import deal_json
from bohnen.hansa.options import HansaOptions
from bohnen.hansa.view_types import BeanCode, LadderSlot

JSON = dict[str, object]
D = TypeVar("D", bound=HansaData)
MAX_CODE = 64  # characters of a code or a city's name in a saved state


def _harvest(card: int) -> str:
    return f"H{card + 1}"


def _parse_harvest(text: object, count: int) -> int:
    digits = text[1:] if isinstance(text, str) and text.startswith("H") else ""
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 3):
        raise ValueError(f"{excerpt(text)} is not a Neue-Ernte card H1..H{count}")
    number = int(digits)
    if not 1 <= number <= count:
        raise ValueError(f"no Neue-Ernte card {excerpt(text)}")
    return number - 1


def counts_json(state: HansaData, counts: list[int]) -> JSON:
    """A count per bean of the board, by code."""
    return {CODES[b]: counts[b] for b in state.board.beans}


def proposal_json(state: HansaData, p: Proposal) -> JSON:
    return deal_json(p)


def ladder_json(ladder: Ladder) -> list[LadderSlot | None]:
    """A ladder's slots, bottom first (as the view and the state JSON write them)."""
    return [{"bean": cast(BeanCode, CODES[b]), "count": n} if n else None for b, n in ladder]


def ladders_json(state: HansaData) -> dict[str, list[LadderSlot | None]]:
    """Every city's ladder, by city code."""
    return {state.board.city_codes[c]: ladder_json(ladder)
            for c, ladder in enumerate(state.ladders)}


def state_to_json(state: HansaData) -> JSON:
    """Everything, hidden cards included: a position to study or to resume."""
    codes = state.board.city_codes
    return {
        "game": "hansa",
        "version": VERSION,
        "options": state.options.to_json(),
        "rng": state.rng,
        "phase": PHASE_NAMES[state.phase],
        "active": state.active,
        "turn": state.turn,
        "money": list(state.money),
        "earned": list(state.earned),
        "spent": list(state.spent),
        "loans": list(state.loans),
        "positions": [codes[c] for c in state.positions],
        "storage": [counts_json(state, state.counts(s)) for s in range(state.player_count)],
        "supply": counts_json(state, state.supply),
        "ladders": ladders_json(state),
        "hands": [[card_text(c) for c in h] for h in state.hands],
        "table": [card_text(c) for c in state.table],
        "played": [card_text(c) for c in state.played],
        "waste": [[card_text(c) for c in w] for w in state.waste],
        "contract_pile": [f"C{c}" for c in reversed(state.contract_pile)],
        "contract_discard": [f"C{c}" for c in state.contract_discard],
        "harvest_pile": [_harvest(c) for c in reversed(state.harvest_pile)],
        "harvest_reserve": [_harvest(c) for c in reversed(state.harvest_reserve)],
        "harvest_discard": [_harvest(c) for c in state.harvest_discard],
        "harvest_before": [[_harvest(c) for c in b] for b in state.harvest_before],
        "trigger": _harvest(state.trigger) if state.trigger >= 0 else None,
        "last_round": state.last_round,
        "last_seat": state.last_seat if state.last_seat >= 0 else None,
        "customs_due": state.customs_due,
        "price_slot": state.price_slot + 1,
        "floor": state.floor,
        "passes": state.passes,
        "proposals_made": list(state.proposals_made),
        "pending": deal_json(state.pending) if state.pending is not None else None,
        "next_pid": state.next_pid,
        "closing": list(state.closing),
    }


def state_from_json(data: object, cls: type[D]) -> D:
    """The state saved by :func:`state_to_json`, of class ``cls``; ``RecordError``
    naming what is wrong."""
    if not isinstance(data, dict) or data.get("game") != "hansa":
        raise RecordError("not a Bohn Hansa state (expected an object with game 'hansa')")
    if data.get("version") != VERSION:
        raise RecordError(f"a saved state of Bohn Hansa version "
                          f"{excerpt(data.get('version', 2))}; this engine reads version "
                          f"{VERSION}")
    try:
        state = _load(data, cls())
    except KeyError as exc:
        raise RecordError(f"bad Bohn Hansa state: missing {exc}") from None
    except ValueError as exc:
        raise RecordError(f"bad Bohn Hansa state: {exc}") from None
    try:
        audit(state)
    except AssertionError as exc:
        raise RecordError(f"bad Bohn Hansa state: {exc}") from None
    return state


_int = saved.whole


def _ints(values: object, n: int, what: str, low: int = 0) -> list[int]:
    return [_int(v, what, low) for v in saved.items(values, what, n)]


def _seat(value: object, n: int, what: str, allow_none: bool = False) -> int:
    if allow_none and value is None:
        return -1
    return saved.seat(value, n, what)


def _code(value: object, what: str) -> str:
    """A bean or city code (or a city's name), short text."""
    if not isinstance(value, str) or len(value) > MAX_CODE:
        raise ValueError(f"{what} must be a code, not {excerpt(value)}")
    return value


def _counts(state: HansaData, data: object, what: str) -> list[int]:
    codes = [CODES[b] for b in state.board.beans]
    if not isinstance(data, dict) or set(data) != set(codes):
        raise ValueError(f"{what} must give a count for each bean {', '.join(codes)}")
    out = [0] * BEAN_TYPES
    for b in state.board.beans:
        out[b] = _int(data[CODES[b]], f"{what} {CODES[b]}")
    return out


def _cards(values: object, what: str) -> tuple[Card, ...]:
    if not isinstance(values, list):
        raise ValueError(f"{what} must be a list of cards")
    return tuple(parse_card(_code(v, what), what) for v in values)


def _contracts(values: object, what: str, count: int) -> tuple[int, ...]:
    cards = _cards(values, what)
    if any(c <= CONTRACT or c > CONTRACT + count for c in cards):
        raise ValueError(f"{what} must hold contracts C1..C{count}")
    return tuple(c - CONTRACT for c in cards)


def _harvests(values: object, what: str, count: int) -> tuple[int, ...]:
    if not isinstance(values, list):
        raise ValueError(f"{what} must be a list of Neue-Ernte cards")
    return tuple(_parse_harvest(v, count) for v in values)


def _ladders(state: HansaData, data: object) -> list[Ladder]:
    board = state.board
    if not isinstance(data, dict) or set(data) != set(board.city_codes):
        raise ValueError("ladders must give every city's slots")
    out = []
    for c, code in enumerate(board.city_codes):
        slots = data[code]
        if not isinstance(slots, list) or len(slots) != board.slots(c):
            raise ValueError(f"ladder of {code} must have {board.slots(c)} slots")
        row: list[tuple[int, int]] = []
        for slot in slots:
            if slot is None:
                row.append(EMPTY)
                continue
            if not isinstance(slot, dict) or set(slot) != {"bean", "count"}:
                raise ValueError(f"a slot of {code} must be {{\"bean\": code, \"count\": n}} "
                                 f"or null, not {excerpt(slot)}")
            row.append((board.bean(_code(slot["bean"], f"ladder of {code}")),
                        _int(slot["count"], f"ladder of {code}", 1)))
        out.append(tuple(row))
    return out


def _proposal(state: HansaData, data: object) -> Proposal | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ValueError(f"pending must be a proposal or null, not {excerpt(data)}")
    board, n = state.board, state.player_count

    def beans(key: str) -> tuple[Bean, ...]:
        values = data[key]
        if not isinstance(values, list):
            raise ValueError(f"pending {key} must be a list of beans")
        return tuple(sorted(board.bean(_code(v, f"pending {key}")) for v in values))

    invite = data["invite"]
    if not isinstance(invite, bool):
        raise ValueError("pending invite must be true or false")
    return Proposal(_int(data["pid"], "pending pid", 1),
                    _seat(data["from"], n, "pending from"),
                    _seat(data["to"], n, "pending to"), _seat(data["guest"], n, "pending guest"),
                    invite, beans("active_gives"), beans("guest_gives"), beans("active_buys"))


def _load(data: JSON, s: D) -> D:
    options = HansaOptions.from_json(data["options"])
    s.options, s.board, s.player_count = options, options.board_data, options.players
    board, n = s.board, s.player_count
    s.rng = saved.rng(data["rng"])
    s.phase = Phase(saved.choice(data["phase"], PHASE_NAMES, "phase"))
    s.active = _seat(data["active"], n, "active")
    s.turn = _int(data["turn"], "turn")
    s.money = [int(v) for v in _ints_any(data["money"], n, "money")]
    s.earned = _ints(data["earned"], n, "earned")
    s.spent = _ints(data["spent"], n, "spent")
    s.loans = _ints(data["loans"], n, "loans")
    positions = data["positions"]
    if not isinstance(positions, list) or len(positions) != n:
        raise ValueError(f"positions must list {n} cities")
    s.positions = [board.city(_code(c, "positions")) for c in positions]
    stores = data["storage"]
    if not isinstance(stores, list) or len(stores) != n:
        raise ValueError(f"storage must list {n} aids")
    s.storage = [v for i, st in enumerate(stores)
                 for v in _counts(s, st, f"storage of seat {i}")]
    s.supply = _counts(s, data["supply"], "supply")
    s.ladders = _ladders(s, data["ladders"])
    _load_cards(s, data)
    s.trigger = -1 if data["trigger"] is None else _parse_harvest(data["trigger"],
                                                                   len(board.harvests))
    s.last_round = saved.flag(data["last_round"], "last_round")
    s.last_seat = _seat(data["last_seat"], n, "last_seat", allow_none=True)
    s.customs_due = _int(data["customs_due"], "customs_due")
    s.price_slot = _int(data["price_slot"], "price_slot", 1) - 1
    s.floor = _seat(data["floor"], n, "floor")
    s.passes = _int(data["passes"], "passes")
    s.proposals_made = _ints(data["proposals_made"], n, "proposals_made")
    s.pending = _proposal(s, data["pending"])
    s.next_pid = _int(data["next_pid"], "next_pid", 1)
    closing = data["closing"]
    if not isinstance(closing, list):
        raise ValueError("closing must be a list of seats")
    s.closing = tuple(_seat(c, n, "closing") for c in closing)
    if len(set(s.closing)) != len(s.closing):
        raise ValueError(f"closing names a seat twice: {excerpt(closing)}")
    s.listed = None
    return s


def _ints_any(values: object, n: int, what: str) -> list[int]:
    if not isinstance(values, list) or len(values) != n or not all(type(v) is int for v in values):
        raise ValueError(f"{what} must list {n} whole numbers")
    return values


def _load_cards(s: HansaData, data: JSON) -> None:
    n, board = s.player_count, s.board
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
    s.contract_pile = tuple(reversed(_contracts(data["contract_pile"], "contract_pile", count)))
    s.contract_discard = tuple(sorted(_contracts(data["contract_discard"], "contract_discard",
                                                 count)))
    h = len(board.harvests)
    s.harvest_pile = tuple(reversed(_harvests(data["harvest_pile"], "harvest_pile", h)))
    s.harvest_reserve = tuple(reversed(_harvests(data["harvest_reserve"], "harvest_reserve",
                                                 h)))
    s.harvest_discard = _harvests(data["harvest_discard"], "harvest_discard", h)
    before = data["harvest_before"]
    if not isinstance(before, list) or len(before) != n:
        raise ValueError(f"harvest_before must list {n} seats")
    s.harvest_before = [_harvests(b, "harvest_before", h) for b in before]
