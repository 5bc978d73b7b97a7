"""Setting up a position from its JSON: every playable position loads, others are refused.

Issue 2: "Any situation can be set up exactly — ... a state loaded from its JSON". A
position nobody could play on is refused with a ``RecordError`` naming the fault,
never loaded to fail later.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bohnen.core import GameRecord, RecordError, get_game, replay
from bohnen.core.conformance import choose

GAME = get_game("bohnanza")
DATA = Path(__file__).resolve().parent / "data"


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


def test_the_seat_to_move_kept_by_the_effects_is_the_one_the_rules_give() -> None:
    # The state keeps the seat whose move it is (not saved: a loaded state computes it);
    # the audit refuses a state where it disagrees with the phase, proposals and floor.
    state = GAME.new_game(GAME.options(4), 5)
    for _ in range(60):
        seat = state.to_act()[0]
        state.apply(state.legal_actions(seat)[-1])
        loaded = GAME.state_from_json(state.to_json())
        assert loaded.to_act() == state.to_act()
        state.audit()
    broken = state.clone()
    broken.mover = (state.to_act()[0] + 1) % 4
    with pytest.raises(AssertionError, match="marked to move"):
        broken.audit()


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
    _refused(data, "floor must be a seat from 0 to 3, not 7")


def test_missing_cards_are_refused() -> None:
    data = _start()
    data["draw_pile"] = data["draw_pile"][1:]
    _refused(data, "103 cards")


@pytest.mark.parametrize("mutate", [
    lambda d: d.pop("players"),
    lambda d: d.__setitem__("phase", "dancing"),
    lambda d: d.__setitem__("options", {"players": 9}),
    lambda d: d["players"][0].__setitem__("fields", [{"bean": "RO", "count": 0}] * 2),
    lambda d: d.__setitem__("game", "chess"),
])
def test_malformed_state_json_is_refused_with_a_message(mutate: Any) -> None:
    data = copy.deepcopy(_start())
    mutate(data)
    with pytest.raises(RecordError):
        GAME.state_from_json(data)


# --- issue 22: values of the right type that no play reaches, and the engine cannot play --


def _reach(test: Any, options: Any = None, seed: int = 1) -> Any:
    """The first position of a random game that passes ``test``."""
    for attempt in range(40):
        state = GAME.new_game(options or GAME.options(4), seed + attempt)
        rng = random.Random(seed + attempt)
        while not state.is_over:
            if test(state):
                return state
            state.apply(choose(state, rng, 0.3))
    raise AssertionError("no such position in 40 games")


def _proposing() -> dict[str, Any]:
    """Phase 2 of open trading, the active player's proposal of one hand card open."""
    state = _reach(lambda s: any(p.hand and p.proposer == s.active for p in s.open_proposals),
                   GAME.options(4, trading="open", max_proposals_per_turn=None))
    data: dict[str, Any] = state.to_json()
    return data


@pytest.mark.parametrize("hand", [[0, 0], [-1], [1, 0], [99]])
def test_a_proposal_naming_cards_that_are_not_there_is_refused(hand: list[int]) -> None:
    """Twice the same card made its accepter hold 105 cards; -1 named the last card."""
    data = _proposing()
    proposal = next(p for p in data["trading"]["proposals"] if p["hand"])
    proposal["hand"] = hand
    _refused(data, "a proposal's hand must (name distinct positions in order|be a whole)")


def test_face_up_cards_offered_by_another_seat_than_the_active_one_are_refused() -> None:
    state = _reach(lambda s: s.phase == 1 and s.face_up and s.open_proposals and
                   any(p.proposer != s.active for p in s.open_proposals),
                   GAME.options(4, trading="open", max_proposals_per_turn=None))
    data: dict[str, Any] = state.to_json()
    proposal = next(p for p in data["trading"]["proposals"] if p["from"] != state.active)
    proposal["face_up"] = [0]
    _refused(data, "offers face-up cards, but not by the active player")


def test_the_last_run_out_without_the_end_coming_is_refused() -> None:
    data = _start()
    data["runouts"] = 3  # ending stays false: the next draw made a fourth run-out
    _refused(data, "the last run-out is past")


def test_phase_1_with_an_empty_draw_pile_is_refused_even_when_ending() -> None:
    data = _start()
    data["discard"], data["draw_pile"] = data["draw_pile"], []
    data["last_runout_reached"] = True  # the reveal drew from the empty pile: IndexError
    _refused(data, "phase 1 with an empty draw pile")


@pytest.mark.parametrize(("key", "value"), [
    ("last_runout_reached", "false"), ("last_runout_reached", 0), ("rng", "7"), ("rng", -1),
    ("rng", 2**64),
    ("turn", 1.5), ("active", True), ("planted", "0"), ("runouts", 9), ("reason", 5),
    ("draw_pile", ["RO", 3]), ("players", "abcd"),
])
def test_fields_of_the_wrong_type_are_refused_with_a_short_message(key: str,
                                                                   value: Any) -> None:
    data = _start()
    data[key] = value
    with pytest.raises(RecordError) as caught:
        GAME.state_from_json(data)
    assert len(str(caught.value)) < 300


def test_a_state_of_another_version_is_refused_naming_both_versions() -> None:
    data = GAME.new_game(GAME.options(3), seed=1).to_json()
    assert data["version"] == GAME.version == 3
    data["version"] = 2
    with pytest.raises(RecordError, match="a saved state of bohnanza version 2; this engine "
                                          "reads version 3"):
        GAME.state_from_json(data)
    del data["version"]
    with pytest.raises(RecordError, match="version None"):
        GAME.state_from_json(data)


def test_a_record_of_version_2_replays_the_same() -> None:
    """Version 3 changed how beans are written in the state's JSON and the views (codes),
    not the play nor the notation: a record of version 2 (a golden record of then,
    kept as it was) replays to its recorded result."""
    record = GameRecord.load(DATA / "record-v2-3p-random.json")
    assert record.version == 2 and 2 in GAME.replays_versions
    state = replay(record)
    assert state.is_over and state.result() == record.result


def test_a_record_of_an_older_version_is_refused_clearly() -> None:
    data = json.loads((DATA / "record-v2-3p-random.json").read_text(encoding="utf-8"))
    data["version"] = 1
    with pytest.raises(RecordError, match="version 1, this engine plays version 3"):
        replay(GameRecord.from_json(data))
