"""What each seat sees, hidden cards re-dealt for search, the full state as JSON, audits.

Public (decisions.md 13): fields, talers, hand sizes, the discard pile, the size of
the draw pile, run-outs, face-up cards, trade areas, third fields, open proposals
(the beans offered, not their hand positions). Private: a hand's content and order
(its owner sees it) and a proposer's hand positions. Nobody sees the draw pile.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bohnen.bohnanza.beans import BEANS, DECK_SIZE, NAMES, next_step, parse_bean
from bohnen.bohnanza.options import BohnanzaOptions
from bohnen.bohnanza.state import (
    EMPTY,
    LAST_RUNOUT,
    OVER,
    PHASE_NAMES,
    PLANT,
    PLANT_TRADED,
    TRADE,
    BohnanzaState,
    Proposal,
    blank_state,
)
from bohnen.core.errors import RecordError

JSON = dict[str, Any]


def _names(beans: tuple[int, ...] | list[int]) -> list[str]:
    return [NAMES[b] for b in beans]


def _field_view(state: BohnanzaState, seat: int, f: int) -> JSON:
    i = seat * 3 + f
    bean, count = state.fbean[i], state.fcount[i]
    if count == 0:
        return {"bean": None, "count": 0, "talers": 0, "next": None}
    from bohnen.bohnanza.beans import payout

    nxt = next_step(bean, count)
    return {"bean": NAMES[bean], "count": count, "talers": payout(bean, count),
            "next": None if nxt is None else {"count": nxt[0], "talers": nxt[1]}}


def _proposal_view(p: Proposal, viewer: int | None) -> JSON:
    # Others hear which beans are offered, not where they sit: sorted by bean.
    beans = p.hand_beans if viewer == p.frm else tuple(sorted(p.hand_beans))
    data: JSON = {"pid": p.pid, "from": p.frm, "to": p.to,
                  "hand_beans": _names(beans), "face_up": list(p.face_up),
                  "face_up_beans": _names(p.face_beans), "wants": _names(p.wants),
                  "talers": p.talers, "wants_talers": p.wants_talers}
    if viewer == p.frm:
        data["hand"] = list(p.hand)
    return data


def view(state: BohnanzaState, seat: int | None) -> JSON:
    """What ``seat`` may see (``None``: a spectator, who sees only what is public)."""
    if seat is not None and not (type(seat) is int and 0 <= seat < state.n):
        raise ValueError(f"no seat {seat!r} in a {state.n}-player game")
    players = []
    for s in range(state.n):
        players.append({
            "seat": s,
            "hand": _names(state.hands[s]) if s == seat else None,
            "hand_size": len(state.hands[s]),
            "fields": [_field_view(state, s, f) for f in range(state.fields[s])],
            "third_field": state.fields[s] == 3,
            "talers": len(state.talers[s]),
            "taler_beans": _names(state.talers[s]),
            "trade_area": _names(state.trade[s]),
        })
    data: JSON = {
        "game": "bohnanza",
        "seat": seat,
        "options": state.options.to_json(),
        "turn": state.turn,
        "active": state.active,
        "phase": PHASE_NAMES[state.phase],
        "to_act": list(state.to_act()),
        "planted": state.planted,
        "draw_pile": len(state.draw),
        "runouts": state.runouts,
        "last_runout_reached": state.ending,
        "discard": _names(state.discard),
        "face_up": _names(state.face_up),
        "players": players,
        "trading": None,
        "result": None,
    }
    if state.phase == TRADE:
        budget = state.options.max_proposals_per_turn
        data["trading"] = {
            "floor": state.floor if state.options.turn_based else None,
            "proposals": [_proposal_view(p, seat) for p in state.pending],
            "proposals_made": state.made,
            "proposals_left": None if budget is None else max(0, budget - state.made),
            "passes_since_proposal": state.quiet,
        }
    if state.phase == OVER:
        data["result"] = state.result().to_json()
    return data


# --- determinization ------------------------------------------------------------------


def determinize(state: BohnanzaState, seat: int | None, rng: random.Random) -> BohnanzaState:
    """A state ``seat`` cannot tell from this one, with every hidden card re-dealt.

    Hidden cards are the other hands and the draw pile. Beans that others offered in
    open proposals stay in their hands (they were announced), at random positions,
    and the proposals point at them. Future reshuffles get a fresh seed.
    """
    out = state.clone()
    others = [s for s in range(state.n) if s != seat]
    pool: list[int] = list(state.draw)
    for s in others:
        pool.extend(state.hands[s])
    announced = {s: _announced(state, s) for s in others}
    for s in others:
        for bean, k in announced[s].items():
            for _ in range(k):
                pool.remove(bean)
    pool.sort()  # the pool's order must not depend on where the hidden cards were
    rng.shuffle(pool)
    pending = list(out.pending)
    for s in others:
        hand = [b for b, k in announced[s].items() for _ in range(k)]
        extra = len(state.hands[s]) - len(hand)
        hand += pool[len(pool) - extra:] if extra else []
        del pool[len(pool) - extra:]
        rng.shuffle(hand)
        out.hands[s] = tuple(hand)
        pending = [_repoint(p, out.hands[s], rng) if p.frm == s else p for p in pending]
    out.draw = tuple(pool)
    out.pending = tuple(pending)
    out.rng = rng.getrandbits(64)
    return out


def _announced(state: BohnanzaState, seat: int) -> Counter[int]:
    """Beans ``seat`` is known to hold: the most of each offered in one open proposal."""
    need: Counter[int] = Counter()
    for p in state.pending:
        if p.frm == seat:
            for bean, k in Counter(p.hand_beans).items():
                need[bean] = max(need[bean], k)
    return need


def _repoint(p: Proposal, hand: tuple[int, ...], rng: random.Random) -> Proposal:
    order = list(range(len(hand)))
    rng.shuffle(order)
    used: list[int] = []
    for bean in p.hand_beans:
        pos = next(i for i in order if hand[i] == bean and i not in used)
        used.append(pos)
    used.sort()
    return p._replace(hand=tuple(used), hand_beans=tuple(hand[i] for i in used))


# --- the full state as JSON -----------------------------------------------------------


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
            "proposals_made": state.made, "next_pid": state.next_pid,
            "proposals": [{
                "pid": p.pid, "from": p.frm, "to": p.to, "hand": list(p.hand),
                "face_up": list(p.face_up), "wants": _names(p.wants), "talers": p.talers,
                "wants_talers": p.wants_talers} for p in state.pending],
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
    s.made, s.next_pid = int(t["proposals_made"]), int(t["next_pid"])
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
    return s


# --- invariants -----------------------------------------------------------------------


def _check_turn(state: BohnanzaState) -> None:
    """Whose move it is must make sense: seats in range, phase 1 playable."""
    n = state.n
    for name, seat in (("active", state.active), ("floor", state.floor)):
        if not 0 <= seat < n:
            raise AssertionError(f"{name} seat {seat} is not in a {n}-player game")
    if state.phase == PLANT:
        if not 0 <= state.planted <= 1:
            raise AssertionError(f"{state.planted} cards planted in phase 1 (0 or 1 expected)")
        if not state.hands[state.active]:
            raise AssertionError("phase 1 with an empty hand (it is skipped)")
    for p in state.pending:
        if not (0 <= p.frm < n and 0 <= p.to < n and p.frm != p.to
                and state.active in (p.frm, p.to)):
            raise AssertionError(f"proposal {p.pid} is not between the active player and another")
        if p.pid >= state.next_pid:
            raise AssertionError(f"proposal {p.pid} is numbered past next_pid")
    if state.pending and state.phase != TRADE:
        raise AssertionError("open proposals outside phase 2")
    if state.tb and len(state.pending) > 1:
        raise AssertionError("more than one open proposal in turn-based trading")


def audit(state: BohnanzaState) -> None:
    """Raise ``AssertionError`` if the 104 cards are not all accounted for, or worse."""
    seen: Counter[int] = Counter(state.draw)
    seen.update(state.discard)
    seen.update(state.face_up)
    for s in range(state.n):
        seen.update(state.hands[s])
        seen.update(state.talers[s])
        seen.update(state.trade[s])
        for f in range(3):
            i = s * 3 + f
            if state.fcount[i]:
                if f >= state.fields[s]:
                    raise AssertionError(f"seat {s} has beans in a field it does not own")
                seen[state.fbean[i]] += state.fcount[i]
            elif state.fbean[i] != EMPTY:
                raise AssertionError(f"seat {s} field {f} is empty but names a bean")
    total = sum(seen.values())
    if total != DECK_SIZE:
        raise AssertionError(f"{total} cards accounted for, not {DECK_SIZE}")
    for bean, info in enumerate(BEANS):
        if seen[bean] != info.cards:
            raise AssertionError(f"{seen[bean]} {info.name} cards, not {info.cards}")
    if state.runouts > LAST_RUNOUT:
        raise AssertionError(f"{state.runouts} run-outs")
    if state.phase != OVER and not state.draw and not state.ending:
        raise AssertionError("the draw pile is empty while the game runs on")
    if state.phase in (PLANT, OVER) and any(state.trade):
        raise AssertionError("cards wait in a trade area outside phases 2 and 3")
    _check_turn(state)
    if state.phase != TRADE and state.face_up:
        raise AssertionError("face-up cards outside phase 2")
    if state.phase == PLANT_TRADED:
        first = next((s for k in range(state.n)
                      if state.trade[s := (state.active + k) % state.n]), None)
        if first is None:
            raise AssertionError("phase 3 with every trade area empty")
        if state.floor != first:
            raise AssertionError(f"seat {state.floor} is to plant, but seat {first} comes first")
    for p in state.pending:
        if p.hand_beans != tuple(state.hands[p.frm][i] for i in p.hand):
            raise AssertionError(f"proposal {p.pid} names cards that moved")
