"""The full state of Nicht die Bohne! as JSON and back (its invariants: ``audit``).

The state JSON is versioned (``"version"``: the game's version): a state saved by
another version of the engine is refused with a message naming both versions. Its
keys are the names of the state's fields, and mean what the same keys of the views
mean (``bohnen.ndb.view_types``); cards are written as their codes.
"""

from __future__ import annotations

from bohnen.core import saved
from bohnen.core.errors import RecordError
from bohnen.core.files import excerpt
from bohnen.core.protocol import JSONObject
from bohnen.ndb.audit import audit
from bohnen.ndb.cards import CODES, Card, parse_card
from bohnen.ndb.data import NONE, PHASE_NAMES, TAKE, VERSION, D, NdbData, Phase, SheetLine, blank
from bohnen.ndb.options import NdbOptions
from bohnen.ndb.rules import seats_to_play

KEYS = ("game", "version", "options", "rng", "round", "turn", "dealer", "token", "phase",
        "taker", "taken", "table", "hands", "row_cards", "sheet")
LINE_KEYS = ("plus", "minus", "total")


def state_to_json(state: NdbData) -> JSONObject:
    """Everything, hidden cards included: a position to study or to resume."""
    phase = state.phase
    return {
        "game": "ndb",
        "version": VERSION,
        "options": state.options.to_json(),
        "rng": state.rng,
        "round": state.round + 1,
        "turn": state.turn,
        "dealer": state.dealer,
        "token": state.token,
        "phase": PHASE_NAMES[phase],
        "taker": state.taker if phase == TAKE else None,
        "taken": list(state.taken),
        "table": [CODES[c] if c != NONE else None for c in state.table],
        "hands": [[CODES[c] for c in h] for h in state.hands],
        "row_cards": [[CODES[c] for c in r] for r in state.row_cards],
        "sheet": [[{"plus": ln.plus, "minus": ln.minus, "total": ln.total} for ln in lines]
                  for lines in state.sheet],
    }


def state_from_json(data: object, cls: type[D]) -> D:
    """The state saved by :func:`state_to_json`, as a ``cls``; ``RecordError`` naming
    what is wrong."""
    if not isinstance(data, dict) or data.get("game") != "ndb":
        raise RecordError("not a Nicht die Bohne state (expected an object with game 'ndb')")
    version = data.get("version", 1)  # the states of version 1 had no version
    if version != VERSION or type(version) is not int:
        raise RecordError(f"a saved state of Nicht die Bohne version {excerpt(version)}; "
                          f"this engine reads version {VERSION}")
    unknown = sorted(str(key) for key in data if key not in KEYS)
    if unknown:
        raise RecordError(f"bad Nicht die Bohne state: unknown field(s) "
                          f"{excerpt(', '.join(unknown))}")
    state = blank(cls)
    try:
        _load(state, data)
    except KeyError as exc:
        raise RecordError(f"bad Nicht die Bohne state: missing {exc}") from None
    except ValueError as exc:
        raise RecordError(f"bad Nicht die Bohne state: {exc}") from None
    try:
        audit(state)
    except AssertionError as exc:
        raise RecordError(f"bad Nicht die Bohne state: {exc}") from None
    return state


def _cards(values: object, what: str) -> tuple[Card, ...]:
    return tuple(parse_card(saved.text(x, what)) for x in saved.items(values, what))


def _line(value: object) -> SheetLine:
    if not isinstance(value, dict) or sorted(value) != sorted(LINE_KEYS):
        raise ValueError(f"a sheet line must be an object with plus, minus and total, "
                         f"not {excerpt(value)}")
    return SheetLine(*(saved.whole(value[key], f"sheet {key}", -10**6, 10**6)
                       for key in LINE_KEYS))


def _load(s: NdbData, data: dict[str, object]) -> None:
    options = NdbOptions.from_json(data["options"])
    n = options.players
    s.options, s.players = options, n
    s.rng = saved.rng(data["rng"])
    s.round = saved.whole(data["round"], "round", 1, options.rounds) - 1
    s.turn = saved.whole(data["turn"], "turn", 1)
    s.dealer = saved.seat(data["dealer"], n, "dealer")
    s.token = saved.seat(data["token"], n, "token")
    s.phase = Phase(saved.choice(data["phase"], PHASE_NAMES, "phase"))
    taker = data["taker"]
    if s.phase == TAKE:
        s.taker = saved.seat(taker, n, "taker")
    elif taker is not None:
        raise ValueError(f"taker must be null outside the taking, not {excerpt(taker)}")
    else:
        s.taker = s.token
    taken = tuple(saved.seat(seat, n, "taken") for seat in saved.items(data["taken"], "taken"))
    if len(set(taken)) != len(taken):
        raise ValueError(f"taken names a seat twice: {excerpt(list(taken))}")
    s.taken = taken
    s.taken_mask = sum(1 << seat for seat in taken)
    s.table = [NONE if c is None else parse_card(saved.text(c, "table"))
               for c in saved.items(data["table"], "table", n)]
    s.playing = seats_to_play(s)
    s.hands = [tuple(sorted(_cards(h, "hand"))) for h in saved.items(data["hands"], "hands", n)]
    s.row_cards = [_cards(r, "row_cards") for r in saved.items(data["row_cards"], "row_cards", n)]
    s.sheet = [tuple(_line(line) for line in saved.items(lines, "a round of the sheet", n))
               for lines in saved.items(data["sheet"], "sheet")]
