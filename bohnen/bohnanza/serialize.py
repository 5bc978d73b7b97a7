"""The full state as JSON (hidden cards included) and back: positions to save or study."""

from __future__ import annotations

from typing import TypeVar

from bohnen.bohnanza.audit import audit
from bohnen.bohnanza.beans import CODES, DECK_SIZE, Bean, bean_of_code
from bohnen.bohnanza.data import (
    EMPTY,
    HOWS,
    LAST_RUNOUT,
    PHASE_NAMES,
    VERSION,
    BohnanzaData,
    Closed,
    Phase,
    Proposal,
)
from bohnen.bohnanza.flow import actor
from bohnen.bohnanza.options import BohnanzaOptions
from bohnen.core import saved
from bohnen.core.errors import RecordError
from bohnen.core.files import excerpt

JSON = dict[str, object]


def _codes(beans: tuple[int, ...] | list[int]) -> list[str]:
    return [CODES[b] for b in beans]


def state_to_json(state: BohnanzaData) -> JSON:
    """Everything, hidden cards included: a position to study or to resume."""
    return {
        "game": "bohnanza",
        "version": VERSION,
        "options": state.options.to_json(),
        "rng": state.rng,
        "turn": state.turn,
        "active": state.active,
        "phase": PHASE_NAMES[state.phase],
        "planted": state.planted,
        "runouts": state.runouts,
        "last_runout_reached": state.last_runout_reached,
        "reason": state.reason,
        "draw_pile": _codes(state.draw_pile[::-1]),  # top card first
        "discard": _codes(state.discard),
        "face_up": _codes(state.face_up),
        "players": [{
            "hand": _codes(state.hands[s]),
            "fields": [{"bean": CODES[state.field_beans[s * 3 + f]] if state.field_counts[s * 3 + f]
                        else None, "count": state.field_counts[s * 3 + f]}
                       for f in range(state.fields_owned[s])],
            "taler_cards": _codes(state.taler_cards[s]),
            "trade_area": _codes(state.trade_areas[s]),
        } for s in range(state.players)],
        "trading": {
            "floor": state.floor, "passes_since_proposal": state.passes_since_proposal,
            "proposals_made": list(state.proposals_made), "next_pid": state.next_pid,
            "proposals": [{
                "pid": p.pid, "from": p.proposer, "to": p.to, "hand": list(p.hand),
                "face_up": list(p.face_up), "wants": _codes(p.wants), "talers": p.talers,
                "wants_talers": p.wants_talers} for p in state.open_proposals],
            "closed": [{
                "pid": c.pid, "from": c.proposer, "to": c.to, "hand_beans": _codes(c.hand_beans),
                "face_up_beans": _codes(c.face_beans), "wants": _codes(c.wants),
                "talers": c.talers, "wants_talers": c.wants_talers, "how": c.how}
                for c in state.closed_proposals],
        },
    }


S = TypeVar("S", bound=BohnanzaData)


def state_from_json(data: object, make: type[S]) -> S:
    """The state saved by :func:`state_to_json`; ``RecordError`` naming what is wrong."""
    if not isinstance(data, dict) or data.get("game") != "bohnanza":
        raise RecordError("not a Bohnanza state (expected an object with game 'bohnanza')")
    if data.get("version") != VERSION:
        raise RecordError(f"a saved state of bohnanza version {excerpt(data.get('version'))}; "
                          f"this engine reads version {VERSION}")
    try:
        state = _load(data, make)
        state.mover = actor(state)  # not saved: the effects keep it, a loaded state computes it
    except KeyError as exc:
        raise RecordError(f"bad Bohnanza state: missing {exc}") from None
    except ValueError as exc:
        raise RecordError(f"bad Bohnanza state: {exc}") from None
    try:
        audit(state)
    except AssertionError as exc:
        raise RecordError(f"bad Bohnanza state: {exc}") from None
    return state


def _beans(values: object, what: str) -> tuple[Bean, ...]:
    return tuple(_bean(x, what) for x in saved.items(values, what))


def _bean(value: object, what: str) -> Bean:
    """A bean written as its code (``BL`` … ``GA``), as the state's JSON writes it."""
    bean = bean_of_code(saved.text(value, what))
    if bean is None:
        raise ValueError(f"{what}: unknown bean code {excerpt(value)}; beans are "
                         f"{', '.join(CODES)}")
    return bean


def _load(data: JSON, make: type[S]) -> S:
    options = BohnanzaOptions.from_json(data["options"])
    s = make.blank(options)
    n = options.players
    players = saved.items(data["players"], "players", n)
    s.rng = saved.rng(data["rng"])
    s.turn = saved.whole(data["turn"], "turn", 1)
    s.active = saved.seat(data["active"], n, "active")
    s.phase = Phase(saved.choice(data["phase"], PHASE_NAMES, "phase"))
    s.planted = saved.whole(data["planted"], "planted", 0, 2)
    s.runouts = saved.whole(data["runouts"], "runouts", 0, LAST_RUNOUT)
    s.last_runout_reached = saved.flag(data["last_runout_reached"], "last_runout_reached")
    s.reason = saved.text(data.get("reason", ""), "reason")
    s.draw_pile = _beans(data["draw_pile"], "draw_pile")[::-1]
    s.discard = _beans(data["discard"], "discard")
    s.face_up = _beans(data["face_up"], "face_up")
    s.hands, s.taler_cards, s.trade_areas = [], [], []
    s.field_beans, s.field_counts, s.fields_owned = [EMPTY] * (3 * n), [0] * (3 * n), []
    for seat, p in enumerate(players):
        if not isinstance(p, dict):
            raise ValueError(f"player {seat} must be an object, not {excerpt(p)}")
        s.hands.append(_beans(p["hand"], "hand"))
        s.taler_cards.append(_beans(p["taler_cards"], "taler_cards"))
        s.trade_areas.append(_beans(p["trade_area"], "trade_area"))
        fields = saved.items(p["fields"], f"seat {seat}'s fields")
        if len(fields) not in (2, 3):
            raise ValueError(f"seat {seat} has {len(fields)} fields (2 or 3 allowed)")
        s.fields_owned.append(len(fields))
        for f, fd in enumerate(fields):
            _load_field(s, seat, f, fd)
    _load_trading(s, data["trading"])
    return s


def _load_field(s: BohnanzaData, seat: int, f: int, fd: object) -> None:
    if not isinstance(fd, dict):
        raise ValueError(f"seat {seat} field {f} must be an object, not {excerpt(fd)}")
    count = saved.whole(fd["count"], f"seat {seat} field {f}'s count", 0, DECK_SIZE)
    bean = fd["bean"]
    if (count == 0) != (bean is None):
        raise ValueError(f"seat {seat} field {f}: bean and count disagree")
    s.field_counts[seat * 3 + f] = count
    s.field_beans[seat * 3 + f] = _bean(bean, "a field's bean") if count else EMPTY


def _load_trading(s: BohnanzaData, t: object) -> None:
    if not isinstance(t, dict):
        raise ValueError(f"trading must be an object, not {excerpt(t)}")
    n = s.players
    s.floor = saved.seat(t["floor"], n, "floor")
    s.passes_since_proposal = saved.whole(t["passes_since_proposal"], "passes_since_proposal")
    s.proposals_made = [saved.whole(x, "proposals_made")
              for x in saved.items(t["proposals_made"], "proposals_made", n)]
    s.next_pid = saved.whole(t["next_pid"], "next_pid", 1)
    s.open_proposals = tuple(_proposal(s, p) for p in saved.items(t["proposals"], "proposals"))
    s.closed_proposals = tuple(_closed(c, n) for c in saved.items(t.get("closed", []), "closed"))


def _closed(c: object, n: int) -> Closed:
    """One of this turn's closed proposals, as saved."""
    if not isinstance(c, dict):
        raise ValueError(f"a closed proposal must be an object, not {excerpt(c)}")
    how = HOWS[saved.choice(c["how"], HOWS, "a closed proposal's how")]
    return Closed(saved.whole(c["pid"], "a closed proposal's pid", 1),
                  saved.seat(c["from"], n, "a closed proposal's from"),
                  saved.seat(c["to"], n, "a closed proposal's to"),
                  tuple(sorted(_beans(c["hand_beans"], "a closed proposal's hand_beans"))),
                  _beans(c["face_up_beans"], "a closed proposal's face_up_beans"),
                  tuple(sorted(_beans(c["wants"], "a closed proposal's wants"))),
                  saved.whole(c["talers"], "a closed proposal's talers"),
                  saved.whole(c["wants_talers"], "a closed proposal's wants_talers"), how)


def _proposal(s: BohnanzaData, p: object) -> Proposal:
    if not isinstance(p, dict):
        raise ValueError(f"a proposal must be an object, not {excerpt(p)}")
    frm = saved.seat(p["from"], s.players, "a proposal's from")
    hand = _positions(p["hand"], len(s.hands[frm]), "a proposal's hand")
    face = _positions(p["face_up"], len(s.face_up), "a proposal's face_up")
    return Proposal(saved.whole(p["pid"], "a proposal's pid", 1), frm,
                    saved.seat(p["to"], s.players, "a proposal's to"), hand,
                    tuple(s.hands[frm][i] for i in hand), face, tuple(s.face_up[i] for i in face),
                    tuple(sorted(_beans(p["wants"], "a proposal's wants"))),
                    saved.whole(p.get("talers", 0), "a proposal's talers"),
                    saved.whole(p.get("wants_talers", 0), "a proposal's wants_talers"))


def _positions(values: object, size: int, what: str) -> tuple[int, ...]:
    """Card positions: distinct, in order, each of the ``size`` cards there are."""
    found = tuple(saved.whole(i, what) for i in saved.items(values, what))
    if any(i >= size for i in found) or list(found) != sorted(set(found)):
        raise ValueError(f"{what} must name distinct positions in order among the {size} "
                         f"cards, not {excerpt(list(found))}")
    return found
