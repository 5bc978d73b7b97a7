"""A saved Bohn Hansa state the engine cannot play on is refused, not loaded to fail later.

Issue 22: ``fixed`` one step too high loaded, and ``legal_actions`` and ``view`` then
raised ``IndexError``. The same kind of fault in other fields: a value of the right
type, in its range, that no play reaches and the engine cannot go on from.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bohnen.core import GameRecord, RecordError, get_game
from bohnen.core.conformance import choose
from bohnen.core.records import replay
from bohnen.hansa.data import Phase
from bohnen.hansa.state import HansaState

GAME = get_game("hansa")
JSON = dict[str, Any]


def reach(test: Callable[[HansaState], bool], seed: int = 1, players: int = 4) -> HansaState:
    """The first position of a random game of ``seed`` that passes ``test``."""
    for attempt in range(50):
        state: HansaState = GAME.new_game(GAME.options(players), seed + attempt)
        rng = random.Random(seed + attempt)
        while not state.is_over:
            if test(state):
                return state
            state.apply(choose(state, rng, 0.3))
    raise AssertionError("no such position in 50 games")


def refused(data: JSON, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        GAME.state_from_json(data)


def test_the_price_slot_of_a_trade_phase_goes_up_to_the_top_of_the_ladder_not_past_it() -> None:
    state = reach(lambda s: s.phase == Phase.TRADE)
    top = state.board.slots(state.positions[state.active])  # 0-based: a full ladder
    data = state.to_json()
    data["price_slot"] = top + 1  # 1-based in JSON: the top slot
    loaded = GAME.state_from_json(data)
    for seat in range(4):
        loaded.legal_actions(seat)
    loaded.view(None)
    data["price_slot"] = top + 2  # one step too high: loaded, then IndexError in the view
    refused(data, "price slot")


def test_a_stale_price_slot_outside_the_trade_phase_still_loads() -> None:
    state = reach(lambda s: s.phase == Phase.TRAVEL
                  and s.price_slot == s.board.slots(s.positions[s.active]) + 1)
    assert GAME.state_from_json(state.to_json()).to_json() == state.to_json()


def test_a_seat_of_the_set_up_without_its_three_contracts_is_refused() -> None:
    state = reach(lambda s: s.phase == Phase.SETUP and s.active == 1)
    data = state.to_json()
    data["active"] = 0  # seat 0 has begun: two contracts left, Begin raised StopIteration
    refused(data, "holds 2 contracts in the set-up")


def test_customs_without_a_choice_of_beans_is_refused() -> None:
    state = reach(lambda s: s.phase == Phase.CUSTOMS, seed=3)
    data = state.to_json()
    seat = state.active
    data["money"][seat] = data["earned"][seat] = data["spent"][seat] = 0
    for code in data["storage"][seat]:
        data["supply"][code] += data["storage"][seat][code]
        data["storage"][seat][code] = 0
    refused(data, "without a choice of beans")  # no Sell to list: the seat was stuck


def test_contracts_left_on_the_table_outside_a_journey_are_refused() -> None:
    state = reach(lambda s: s.phase == Phase.TRAVEL)
    data = state.to_json()
    seat = state.active
    contract = next(c for c in data["hands"][seat] if c.startswith("C"))
    data["hands"][seat].remove(contract)
    data["table"] = [contract]  # the journey would overwrite the table: a contract lost
    refused(data, "on the table in the travel phase")


def test_a_zoll_card_discarded_for_good_is_refused() -> None:
    state = reach(lambda s: s.phase == Phase.TRAVEL)
    data = state.to_json()
    seat = (state.active + 1) % 4
    zoll = f"T{state.board.zoll[seat]}"
    data["hands"][seat].remove(zoll)
    data["waste"][seat] = sorted([*data["waste"][seat], zoll])
    refused(data, "Zoll or Nachschub")


def test_a_last_round_without_its_last_seat_is_refused() -> None:
    state = reach(lambda s: s.phase == Phase.TRAVEL and not s.last_round)
    data = state.to_json()
    data["last_round"] = True  # last_seat stays -1: no turn would ever end the game
    refused(data, "names no seat to play the last turn")


def test_a_used_up_pile_with_no_last_round_to_come_is_refused() -> None:
    state = reach(lambda s: s.phase == Phase.TRAVEL and not s.last_round
                  and len(s.harvest_pile) > 0)
    data = state.to_json()
    data["harvest_discard"] = data["harvest_discard"] + data["harvest_pile"]
    data["harvest_pile"] = []  # no trigger named: the game would never end
    refused(data, "no last round will begin")


def test_closing_that_names_another_seat_than_the_active_one_is_refused() -> None:
    state = reach(lambda s: s.phase == Phase.CLOSING, seed=2)
    data = state.to_json()
    data["closing"] = [(state.active + 1) % 4]
    refused(data, "closing")


@pytest.mark.parametrize(("key", "value"), [
    ("rng", -1), ("rng", 2**64), ("rng", "5"), ("last_round", "false"), ("phase", ["trade"]),
    ("pending", []), ("pending", "x"), ("positions", [1, 2, 3, 4]), ("closing", [0, 0]),
    ("trigger", "H²"), ("hands", [["T1"] * 7, ["x" * 10_000], [], []]),
])
def test_fields_of_the_wrong_type_are_refused_with_a_short_message(key: str,
                                                                   value: Any) -> None:
    data = reach(lambda s: s.phase == Phase.TRAVEL).to_json()
    data[key] = value
    with pytest.raises(RecordError) as caught:
        GAME.state_from_json(data)
    assert len(str(caught.value)) < 300


DATA = Path(__file__).parent / "data"


def test_a_version_2_record_replays_to_its_result() -> None:
    """Version 3 renamed the state JSON's and the views' fields; the rules and the
    notation are version 2's, so its records replay (this one was played by version 2)."""
    record = GameRecord.from_json(json.loads((DATA / "record-v2.json").read_text()))
    assert record.version == 2 and GAME.version == 3
    state = replay(record)  # checks the recorded result too
    assert state.is_over and state.result().scores == (169, 132, 149)


def test_a_version_2_saved_state_is_refused_clearly() -> None:
    data = json.loads((DATA / "state-v2.json").read_text())
    with pytest.raises(RecordError) as info:
        GAME.state_from_json(data)
    assert str(info.value) == ("a saved state of Bohn Hansa version 2; this engine reads "
                               "version 3")


def test_the_state_json_carries_its_version() -> None:
    data = GAME.new_game(GAME.options(3), 1).to_json()
    assert data["version"] == 3
    with pytest.raises(RecordError, match="version 4; this engine reads version 3"):
        GAME.state_from_json(data | {"version": 4})
