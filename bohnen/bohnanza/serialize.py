"""The full state as JSON (hidden cards included) and back: positions to save or study."""

from __future__ import annotations

from typing import Any

from bohnen.bohnanza.audit import audit
from bohnen.bohnanza.beans import NAMES, parse_bean
from bohnen.bohnanza.options import BohnanzaOptions
from bohnen.bohnanza.state import (
    EMPTY,
    HOWS,
    PHASE_NAMES,
    BohnanzaState,
    Closed,
    Proposal,
    blank_state,
)
from bohnen.core.errors import RecordError

JSON = dict[str, Any]


def _names(beans: tuple[int, ...] | list[int]) -> list[str]:
    return [NAMES[b] for b in beans]


def state_to_json(state: BohnanzaState) -> JSON:
    """Everything, hidden cards included: a position to study or to resume."""
    return {
        "game": "bohnanza",
        "options": state.options.to_json(),
        "rng": state.rng,
        "turn": state.turn,
        "active": state.active,
        "phase": PHASE_NAMES[state.phase],
        "planted": state.planted,
        "runouts": state.runouts,
        "ending": state.ending,
        "reason": state.reason,
        "draw_pile": _names(state.draw[::-1]),  # top card first
        "discard": _names(state.discard),
        "face_up": _names(state.face_up),
        "players": [{
            "hand": _names(state.hands[s]),
            "fields": [{"bean": NAMES[state.fbean[s * 3 + f]] if state.fcount[s * 3 + f]
                        else None, "count": state.fcount[s * 3 + f]}
                       for f in range(state.fields[s])],
            "talers": _names(state.talers[s]),
            "trade_area": _names(state.trade[s]),
        } for s in range(state.n)],
        "trading": {
            "floor": state.floor, "passes_since_proposal": state.quiet,
            "proposals_made": list(state.made), "next_pid": state.next_pid,
            "proposals": [{
                "pid": p.pid, "from": p.frm, "to": p.to, "hand": list(p.hand),
                "face_up": list(p.face_up), "wants": _names(p.wants), "talers": p.talers,
                "wants_talers": p.wants_talers} for p in state.pending],
            "closed": [{
                "pid": c.pid, "from": c.frm, "to": c.to, "hand_beans": _names(c.hand_beans),
                "face_up_beans": _names(c.face_beans), "wants": _names(c.wants),
                "talers": c.talers, "wants_talers": c.wants_talers, "how": c.how}
                for c in state.closed],
        },
    }


def state_from_json(data: Any) -> BohnanzaState:
    """The state saved by :func:`state_to_json`; ``RecordError`` naming what is wrong."""
    try:
        state = _load(data)
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        what = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
        raise RecordError(f"bad Bohnanza state: {what}") from None
    try:
        audit(state)
    except AssertionError as exc:
        raise RecordError(f"bad Bohnanza state: {exc}") from None
    return state


def _beans(items: Any) -> tuple[int, ...]:
    if not isinstance(items, list):
        raise ValueError(f"expected a list of beans, not {items!r}")
    return tuple(parse_bean(str(x)) for x in items)


def _counts(items: Any, n: int) -> list[int]:
    """The proposals each of the ``n`` seats made this turn."""
    if not isinstance(items, list) or len(items) != n:
        raise ValueError(f"proposals_made must list {n} counts, not {items!r}")
    counts = [int(x) for x in items]
    if any(c < 0 for c in counts):
        raise ValueError(f"proposals_made must not be negative: {counts}")
    return counts


def _load(data: Any) -> BohnanzaState:
    if not isinstance(data, dict) or data.get("game") != "bohnanza":
        raise RecordError("not a Bohnanza state (expected an object with game 'bohnanza')")
    options = BohnanzaOptions.from_json(data["options"])
    s = blank_state(options)
    n = s.n = options.players
    if len(data["players"]) != n:
        raise ValueError(f"{len(data['players'])} players listed for a {n}-player game")
    s.rng = int(data["rng"])
    s.turn = int(data["turn"])
    s.active = int(data["active"])
    if not 0 <= s.active < n:
        raise ValueError(f"no active seat {s.active}")
    s.phase = PHASE_NAMES.index(data["phase"])
    s.planted = int(data["planted"])
    s.runouts = int(data["runouts"])
    s.ending = bool(data["ending"])
    s.reason = str(data.get("reason", ""))
    s.draw = _beans(data["draw_pile"])[::-1]
    s.discard = _beans(data["discard"])
    s.face_up = _beans(data["face_up"])
    s.hands, s.talers, s.trade = [], [], []
    s.fbean, s.fcount, s.fields = [EMPTY] * (3 * n), [0] * (3 * n), []
    for seat, p in enumerate(data["players"]):
        s.hands.append(_beans(p["hand"]))
        s.talers.append(_beans(p["talers"]))
        s.trade.append(_beans(p["trade_area"]))
        fields = p["fields"]
        if len(fields) not in (2, 3):
            raise ValueError(f"seat {seat} has {len(fields)} fields (2 or 3 allowed)")
        s.fields.append(len(fields))
        for f, fd in enumerate(fields):
            count = int(fd["count"])
            if count < 0 or (count == 0) != (fd["bean"] is None):
                raise ValueError(f"seat {seat} field {f}: bean and count disagree")
            s.fcount[seat * 3 + f] = count
            s.fbean[seat * 3 + f] = parse_bean(fd["bean"]) if count else EMPTY
    t = data["trading"]
    s.floor, s.quiet = int(t["floor"]), int(t["passes_since_proposal"])
    s.made, s.next_pid = _counts(t["proposals_made"], n), int(t["next_pid"])
    pending = []
    for p in t["proposals"]:
        frm = int(p["from"])
        hand = tuple(int(i) for i in p["hand"])
        face = tuple(int(i) for i in p["face_up"])
        wants = tuple(sorted(_beans(p["wants"])))
        pending.append(Proposal(int(p["pid"]), frm, int(p["to"]), hand,
                                tuple(s.hands[frm][i] for i in hand), face,
                                tuple(s.face_up[i] for i in face), wants,
                                int(p.get("talers", 0)), int(p.get("wants_talers", 0))))
    s.pending = tuple(pending)
    s.closed = tuple(_closed(c, n) for c in t.get("closed", []))
    return s


def _closed(c: Any, n: int) -> Closed:
    """One of this turn's closed proposals, as saved."""
    frm, to, how = int(c["from"]), int(c["to"]), c["how"]
    if not (0 <= frm < n and 0 <= to < n) or how not in HOWS:
        raise ValueError(f"bad closed proposal {c!r}")
    return Closed(int(c["pid"]), frm, to, tuple(sorted(_beans(c["hand_beans"]))),
                  _beans(c["face_up_beans"]), tuple(sorted(_beans(c["wants"]))),
                  int(c["talers"]), int(c["wants_talers"]), how)
