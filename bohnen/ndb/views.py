"""What each seat of Nicht die Bohne! sees, and hidden cards re-dealt for search.

Public: the token, every row, the score sheet, hand sizes, the token holder's card,
which seats have played, and after the reveal every card of the trick. Private: the
content of a hand (its owner sees it) and a face-down card before the reveal (its
owner sees it).
"""

from __future__ import annotations

import random
from typing import Any

from bohnen.ndb.cards import code
from bohnen.ndb.scoring import row_score, rows_of
from bohnen.ndb.state import NONE, OVER, PHASE_NAMES, TAKE, NdbState

JSON = dict[str, Any]


def _table_view(state: NdbState, seat: int | None) -> list[JSON]:
    out = []
    for s, card in enumerate(state.table):
        shown = card != NONE and (s == state.leader or s == seat or state.phase == TAKE)
        out.append({"seat": s, "played": card != NONE,
                    "card": code(card) if shown else None,
                    "taken": bool(state.taken >> s & 1) if state.phase == TAKE else False})
    return out


def _rows_view(cards: tuple[int, ...]) -> list[JSON]:
    return [{"cards": [code(c) for c in row], "score": row_score(row)}
            for row in rows_of(cards)]


def view(state: NdbState, seat: int | None) -> JSON:
    """What ``seat`` may see (``None``: a spectator, who sees only what is public)."""
    if seat is not None and not (type(seat) is int and 0 <= seat < state.n):
        raise ValueError(f"no seat {seat!r} in a {state.n}-player game")
    return {
        "game": "ndb",
        "seat": seat,
        "options": state.options.to_json(),
        "round": state.round + 1,
        "trick": state.turn,
        "dealer": state.dealer,
        "token": state.leader,
        "phase": PHASE_NAMES[state.phase],
        "to_act": list(state.to_act()),
        "taker": state.taker if state.phase == TAKE else None,
        "table": _table_view(state, seat),
        "players": [{
            "seat": s,
            "hand": [code(c) for c in state.hands[s]] if s == seat else None,
            "hand_size": len(state.hands[s]),
            "rows": _rows_view(state.rows[s]),
        } for s in range(state.n)],
        "sheet": [[{"plus": ln.plus, "minus": ln.minus, "total": ln.total} for ln in lines]
                  for lines in state.sheet],
        "totals": list(state.totals()),
        "result": state.result().to_json() if state.phase == OVER else None,
    }


def determinize(state: NdbState, seat: int | None, rng: random.Random) -> NdbState:
    """A state ``seat`` cannot tell from this one: other hands and face-down cards not yet
    turned up re-dealt at random (hand sizes and who has played kept); future deals get
    a fresh seed."""
    out = state.clone()
    hidden_table = [s for s in range(state.n) if s != seat and s != state.leader
                    and state.table[s] != NONE and state.phase != TAKE]
    others = [s for s in range(state.n) if s != seat]
    pool = [state.table[s] for s in hidden_table]
    for s in others:
        pool.extend(state.hands[s])
    pool.sort()  # the pool's order must not depend on where the hidden cards were
    rng.shuffle(pool)
    for s in hidden_table:
        out.table[s] = pool.pop()
    for s in others:
        size = len(state.hands[s])
        out.hands[s] = tuple(sorted(pool[len(pool) - size:])) if size else ()
        del pool[len(pool) - size:]
    out.rng = rng.getrandbits(64)
    return out
