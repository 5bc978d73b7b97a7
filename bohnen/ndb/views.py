"""What each seat of Nicht die Bohne! sees.

Public: the token, every row, the score sheet, hand sizes, the token holder's card,
which seats have played, and after the reveal every card of the trick. Private: the
content of a hand (its owner sees it) and a face-down card before the reveal (its
owner sees it).
"""

from __future__ import annotations

from typing import Any

from bohnen.core.files import excerpt
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
        raise ValueError(f"no seat {excerpt(seat)} in a {state.n}-player game")
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
