"""Positions for the Bohn Hansa rule tests, built through the public protocol.

:func:`started` plays the set-up of a seeded game and returns its JSON; :func:`edit`
changes that JSON (seats' cities, money, beans, hands, ladders written
``[["BL", 1], None]``) keeping every bean
and card accounted for, and :func:`load` makes the state. Then :func:`act` plays
actions in notation and :func:`refused` checks that an action is turned down and
leaves ``to_json()`` unchanged.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

import pytest

from bohnen.core import IllegalActionError, InvalidActionError, get_game
from bohnen.hansa import HansaState
from bohnen.hansa.board import CODES, default_board
from bohnen.hansa.data import Phase

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
    state = GAME.new_game(GAME.options(players, **options), seed)
    while state.phase == Phase.SETUP:
        state.apply(state.legal_actions(state.active)[0])
    data: JSON = state.to_json()
    return data


def _take_contract(data: JSON, card: str) -> None:
    """Remove contract ``card`` from wherever it lies."""
    for key in ("contract_pile", "contract_discard", "table"):
        if card in data[key]:
            data[key].remove(card)
            return
    for hand in data["hands"]:
        if card in hand:
            hand.remove(card)
            return
    raise LookupError(card)


def _recount(data: JSON) -> None:
    """The supply: what the aids and ladders do not hold."""
    for bean in BEANS:
        held = sum(store[bean] for store in data["storage"])
        laid = sum(slot["count"] for slots in data["ladders"].values() for slot in slots
                   if slot is not None and slot["bean"] == bean)
        data["supply"][bean] = TOKENS[bean] - held - laid


def edit(data: JSON, seat: int | None = None, city: str | None = None,
         money: int | None = None, beans: dict[str, int] | None = None,
         hand: list[str] | None = None, ladders: dict[str, list[Any]] | None = None,
         **fields: Any) -> JSON:
    """A copy of ``data`` with seat ``seat`` changed; ``fields`` set as they are."""
    data = copy.deepcopy(data)
    if seat is not None:
        if city is not None:
            data["positions"][seat] = city
        if money is not None:
            data["money"][seat] = data["earned"][seat] = money
            data["spent"][seat] = 0
        if beans is not None:
            data["storage"][seat] = {b: beans.get(b, 0) for b in BEANS}
        if hand is not None:
            old = [c for c in data["hands"][seat] if c.startswith("C")]
            data["hands"][seat] = []
            for card in hand:
                if card.startswith("C") and card not in old:
                    _take_contract(data, card)
            data["contract_pile"].extend(c for c in old if c not in hand)
            data["hands"][seat] = list(hand)
    if ladders is not None:
        data["ladders"].update({code: [None if slot is None else
                                       {"bean": slot[0], "count": slot[1]} for slot in slots]
                                for code, slots in ladders.items()})
    data.update(fields)
    _recount(data)
    return data


def turn_of(data: JSON, seat: int, phase: str = "travel") -> JSON:
    """``data`` at the start of seat ``seat``'s ``phase``."""
    return edit(data, active=seat, phase=phase, floor=seat, passes=0,
                proposals_made=[0] * len(data["money"]), pending=None, table=[], played=[],
                customs_due=0)


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
