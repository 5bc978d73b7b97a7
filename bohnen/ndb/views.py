"""What each seat of Nicht die Bohne! sees (the types: :mod:`bohnen.ndb.view_types`).

Public: the token, every row (with its score), the score sheet, hand sizes, the token
holder's card, which seats have played, after the reveal every card of the trick and
who took which, and the legend of the card codes. Private: the content of a hand
(its owner sees it) and a face-down card before the reveal (its owner sees it).
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast, overload

from bohnen.core.files import excerpt
from bohnen.ndb.cards import CODES, COLOURS, KIND_TABLE, Card
from bohnen.ndb.data import NONE, OVER, PHASE_NAMES, TAKE, VERSION, NdbData
from bohnen.ndb.rules import result, to_act, totals
from bohnen.ndb.scoring import row_score, rows_of
from bohnen.ndb.view_types import (
    CommonView,
    Legend,
    OptionsView,
    PhaseName,
    PlayerView,
    ResultView,
    RowView,
    SeatView,
    SpectatorPlayerView,
    SpectatorView,
)

# One legend for every view (views are read-only).
LEGEND: Legend = {
    "colours": [{"code": c.code, "name": c.name, "english": c.english} for c in COLOURS],
    "kinds": [{"code": k.code, "name": k.name, "copies": k.copies, "points": k.points,
               "effect": k.effect} for k in KIND_TABLE],
}


def codes(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [CODES[c] for c in cards]


@overload
def view(state: NdbData, seat: int) -> SeatView: ...


@overload
def view(state: NdbData, seat: None) -> SpectatorView: ...


@overload
def view(state: NdbData, seat: int | None) -> SeatView | SpectatorView: ...


def view(state: NdbData, seat: int | None) -> SeatView | SpectatorView:
    """What ``seat`` may see (``None``: a spectator, who sees only what is public)."""
    if seat is None:
        return spectator_view(state)
    if not (type(seat) is int and 0 <= seat < state.players):
        raise ValueError(f"no seat {excerpt(seat)} in a {state.players}-player game")
    return seat_view(state, seat)


def seat_view(state: NdbData, seat: int) -> SeatView:
    """What ``seat`` (a seat of the game) sees."""
    players: list[PlayerView] = []
    for s in range(state.players):
        rows = _rows(state.row_cards[s])
        players.append({"seat": s, "hand": codes(state.hands[s]) if s == seat else None,
                        "hand_size": len(state.hands[s]), "rows": rows,
                        "rows_score": sum(r["score"] for r in rows)})
    return {**_public(state, seat), "seat": seat, "players": players}


def spectator_view(state: NdbData) -> SpectatorView:
    """What a spectator sees."""
    players: list[SpectatorPlayerView] = []
    for s in range(state.players):
        rows = _rows(state.row_cards[s])
        players.append({"seat": s, "hand": None, "hand_size": len(state.hands[s]),
                        "rows": rows, "rows_score": sum(r["score"] for r in rows)})
    return {**_public(state, None), "seat": None, "players": players}


def _public(state: NdbData, seat: int | None) -> CommonView:
    phase = state.phase
    table = state.table
    return {
        "game": "ndb",
        "version": VERSION,
        "options": _options(state),
        "phase": cast(PhaseName, PHASE_NAMES[phase]),
        "turn": state.turn,
        "to_act": list(to_act(state)),
        "result": _result(state) if phase is OVER else None,
        "round": state.round + 1,
        "dealer": state.dealer,
        "token": state.token,
        "taker": state.taker if phase is TAKE else None,
        "table": _table(state, seat),
        "played": [s for s, card in enumerate(table) if card != NONE],
        "taken": list(state.taken),
        "sheet": [[{"plus": ln.plus, "minus": ln.minus, "total": ln.total} for ln in lines]
                  for lines in state.sheet],
        "totals": list(totals(state)),
        "legend": LEGEND,
    }


def _table(state: NdbData, seat: int | None) -> list[str | None]:
    """The trick as ``seat`` sees it: the token holder's card, its own, and after the
    reveal every card."""
    if state.phase is TAKE:
        return [CODES[card] for card in state.table]
    token = state.token
    return [None if card == NONE or (s != token and s != seat) else CODES[card]
            for s, card in enumerate(state.table)]


def _options(state: NdbData) -> OptionsView:
    options = state.options
    return {"players": options.players, "rounds": options.rounds}


def _rows(cards: tuple[Card, ...]) -> list[RowView]:
    return [{"cards": list(row), "score": score} for row, score in _scored_rows(cards)]


@lru_cache(maxsize=4096)
def _scored_rows(cards: tuple[Card, ...]) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Each row's card codes and score: kept by the cards taken (a tuple, which never
    changes), so the rows are not sorted and scored again at every view."""
    return tuple((tuple(codes(row)), row_score(row)) for row in rows_of(cards))


def _result(state: NdbData) -> ResultView:
    outcome = result(state)
    return {"scores": list(outcome.scores), "winners": list(outcome.winners),
            "reason": outcome.reason}
