"""Setting up a position from its JSON: every playable position loads, others are refused.

Issue 2: "Any situation can be set up exactly — ... a state loaded from its JSON". A
position nobody could play on is refused with a ``RecordError`` naming the fault,
never loaded to fail later.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bohnen.core import RecordError, get_game

GAME = get_game("bohnanza")


def _start() -> dict[str, Any]:
    data: dict[str, Any] = GAME.new_game(GAME.options(4), 1).to_json()
    return data


def test_a_saved_state_loads_back_identically() -> None:
    state = GAME.new_game(GAME.options(4), 5)
    for _ in range(40):
        seat = state.to_act()[0]
        state.apply(state.legal_actions(seat)[0])
        loaded = GAME.state_from_json(state.to_json())
        assert loaded.to_json() == state.to_json()
        assert loaded.view(seat) == state.view(seat)


def _refused(data: dict[str, Any], words: str) -> None:
    with pytest.raises(RecordError, match=words):
        GAME.state_from_json(data)


def test_phase_1_with_an_empty_hand_is_refused() -> None:
    """Phase 1 is skipped with an empty hand, so no position waits in it."""
    data = _start()
    hand = data["players"][0]["hand"]
    data["draw_pile"] = hand + data["draw_pile"]
    data["players"][0]["hand"] = []
    _refused(data, "empty hand")


def test_phase_3_with_nothing_to_plant_is_refused() -> None:
    data = _start()
    data["phase"] = "plant_traded"
    _refused(data, "every trade area empty")


def test_a_floor_outside_the_table_is_refused() -> None:
    data = _start()
    data["phase"] = "trade"
    data["trading"]["floor"] = 7
    _refused(data, "floor seat 7")


def test_missing_cards_are_refused() -> None:
    data = _start()
    data["draw_pile"] = data["draw_pile"][1:]
    _refused(data, "103 cards")


@pytest.mark.parametrize("mutate", [
    lambda d: d.pop("players"),
    lambda d: d.__setitem__("phase", "dancing"),
    lambda d: d.__setitem__("options", {"players": 9}),
    lambda d: d["players"][0].__setitem__("fields", [{"bean": "Rote", "count": 0}] * 2),
    lambda d: d.__setitem__("game", "chess"),
])
def test_malformed_state_json_is_refused_with_a_message(mutate: Any) -> None:
    data = copy.deepcopy(_start())
    mutate(data)
    with pytest.raises(RecordError):
        GAME.state_from_json(data)
