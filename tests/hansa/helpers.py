"""Positions for the Bohn Hansa rule tests, built through the public protocol.

:func:`started` plays the set-up of a seeded game and returns its JSON; :func:`edit`
and :func:`turn_of` change that JSON through the position builder
(``bohnen.hansa.builder``), keeping every bean and card accounted for, and
:func:`load` makes the state. Then :func:`act` plays
actions in notation and :func:`refused` checks that an action is turned down and
leaves ``to_json()`` unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from bohnen.core import IllegalActionError, InvalidActionError, get_game
from bohnen.hansa import HansaState
from bohnen.hansa.board import CODES, default_board
from bohnen.hansa.builder import describe, start

GAME = get_game("hansa")
BOARD = default_board()
JSON = dict[str, Any]
BEANS = ("BL", "FE", "SA", "BR", "SO", "AU", "RO", "GA")
# Base prices named in the text (decisions.md); Sau and Soja from Rostock's example.
BASE = {"BL": 4, "FE": 5, "SA": 6, "BR": 7, "SO": 9, "AU": 11, "RO": 12, "GA": 14}
TOKENS = {"BL": 18, "FE": 16, "SA": 16, "BR": 15, "SO": 14, "AU": 13, "RO": 13, "GA": 12}


def contract_number(city: str, beans: Iterable[str], payout: int) -> str:
    """The contract of the default board for ``city`` needing ``beans`` paying ``payout``."""
    want = sorted(beans)
    for i, c in enumerate(BOARD.contracts):
        if (BOARD.city_codes[c.city] == city and c.payout == payout
                and sorted(CODES[b] for b in c.beans) == want):
            return f"C{i + 1}"
    raise LookupError(f"no contract {city} {want} {payout}")


def started(players: int = 4, seed: int = 1, **options: Any) -> JSON:
    """The JSON of a game just after the set-up (each seat takes its first choice)."""
    return start(GAME.options(players, **options), seed).to_json()


def edit(data: JSON, seat: int | None = None, city: str | None = None,
         money: int | None = None, beans: dict[str, int] | None = None,
         hand: list[str] | None = None, ladders: dict[str, list[Any]] | None = None,
         **fields: Any) -> JSON:
    """A copy of ``data`` with seat ``seat`` changed (``builder.describe``; ladders
    written as pairs ``[["BL", 3], None]``); ``fields`` set as they are."""
    def of_seat(value: Any) -> dict[int, Any] | None:
        return None if seat is None or value is None else {seat: value}

    slots = None if ladders is None else {
        code: [None if s is None else f"{s[0]}{s[1]}" for s in row]
        for code, row in ladders.items()}
    return describe(data, cities=of_seat(city), money=of_seat(money), beans=of_seat(beans),
                    hands=of_seat(hand), ladders=slots, fields=fields)


def turn_of(data: JSON, seat: int, phase: str = "travel") -> JSON:
    """``data`` at the start of seat ``seat``'s ``phase``."""
    return describe(data, active=seat, phase=phase)


def load(data: JSON) -> HansaState:
    state: HansaState = GAME.state_from_json(data)
    return state


def act(state: HansaState, *texts: str) -> list[Any]:
    events: list[Any] = []
    for text in texts:
        events.extend(state.apply(GAME.parse_action(text)))
    return events


def refused(state: HansaState, text: str, kind: type = IllegalActionError) -> str:
    """The message of the refusal of ``text``; the state is left as it was."""
    before = state.to_json()
    with pytest.raises(kind) as info:
        state.apply(GAME.parse_action(text))
    assert state.to_json() == before
    return str(info.value)


def legal(state: HansaState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def beans_of(state: HansaState, seat: int) -> dict[str, int]:
    return {b: n for b, n in state.view(None)["players"][seat]["beans"].items() if n}


def hand_of(state: HansaState, seat: int) -> list[str]:
    """The hand of ``seat`` as its own view shows it (card codes, the front card first)."""
    cards = state.view(seat)["players"][seat]["hand"]
    assert cards is not None, f"seat {seat} sees its own hand"
    return cards


def ladder(state: HansaState, city: str) -> list[Any]:
    slots: list[Any] = [None if s is None else [s["bean"], s["count"]]
                        for s in state.to_json()["ladders"][city]]
    return slots


def names(events: list[Any]) -> list[str]:
    return [e.to_json(None)["event"] for e in events]


__all__ = ["GAME", "InvalidActionError"]
