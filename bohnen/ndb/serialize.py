"""The full state of Nicht die Bohne! as JSON and back (its invariants: ``audit``)."""

from __future__ import annotations

from typing import Any

from bohnen.core import saved
from bohnen.core.errors import RecordError
from bohnen.core.files import excerpt
from bohnen.ndb.audit import audit
from bohnen.ndb.cards import code, parse_card
from bohnen.ndb.options import NdbOptions
from bohnen.ndb.scoring import SheetLine
from bohnen.ndb.state import NONE, PHASE_NAMES, NdbState

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


def _cards(values: Any, what: str) -> tuple[int, ...]:
    return tuple(parse_card(saved.text(x, what)) for x in saved.items(values, what))


def state_from_json(data: Any) -> NdbState:
    """The state saved by :func:`state_to_json`; ``RecordError`` naming what is wrong."""
    if not isinstance(data, dict) or data.get("game") != "ndb":
        raise RecordError("not a Nicht die Bohne state (expected an object with game 'ndb')")
    try:
        state = _load(data)
    except KeyError as exc:
        raise RecordError(f"bad Nicht die Bohne state: missing {exc}") from None
    except ValueError as exc:
        raise RecordError(f"bad Nicht die Bohne state: {exc}") from None
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
    s.rng = saved.rng(data["rng"])
    s.round = saved.whole(data["round"], "round", 1, options.rounds) - 1
    s.turn = saved.whole(data["trick"], "trick", 1)
    s.dealer = saved.seat(data["dealer"], n, "dealer")
    s.leader = saved.seat(data["token"], n, "token")
    s.phase = saved.choice(data["phase"], PHASE_NAMES, "phase")
    s.taker = saved.seat(data["taker"], n, "taker")
    taken = [saved.seat(seat, n, "taken") for seat in saved.items(data["taken"], "taken")]
    if len(set(taken)) != len(taken):
        raise ValueError(f"taken names a seat twice: {excerpt(taken)}")
    s.taken = sum(1 << seat for seat in taken)
    s.table = [NONE if c is None else parse_card(saved.text(c, "table"))
               for c in saved.items(data["table"], "table", n)]
    s.hands = [tuple(sorted(_cards(h, "hand"))) for h in saved.items(data["hands"], "hands", n)]
    s.rows = [_cards(r, "row") for r in saved.items(data["rows"], "rows", n)]
    s.sheet = [tuple(SheetLine(*(saved.whole(x, "sheet", -10**6, 10**6)
                                 for x in saved.items(line, "a sheet line", 3)))
                     for line in saved.items(lines, "a round of the sheet", n))
               for lines in saved.items(data["sheet"], "sheet")]
    return s
