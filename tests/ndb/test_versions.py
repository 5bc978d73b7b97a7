"""Versions: records of version 1 replay the same; other versions are refused by name.

Version 2 (issue 23) renamed the state's fields and typed the views; the play and the
notation did not change, so version 1 records replay (``replays_versions``). A saved
state of another version is refused with a message naming both versions.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bohnen.bots import make_bot
from bohnen.core import GameRecord, RecordError, replay
from bohnen.sim.runner import play_game

from .helpers import GAME, public

# Made by the engine of version 1 (commit fb86352): four players, one round, seed
# 2323, the heuristic bot in seats 0 and 2, the random bot in seats 1 and 3.
V1_RECORD = Path(__file__).parent / "data" / "ndb-4p-one-round-v1.json"


def test_the_version_is_2_and_replays_version_1() -> None:
    assert GAME.version == 2
    assert GAME.replays_versions == (1,)


def test_a_version_1_record_replays_to_its_result() -> None:
    record = GameRecord.load(V1_RECORD)
    assert record.version == 1 and record.result is not None
    state = replay(record)
    assert state.is_over and state.result() == record.result


def test_the_same_bots_make_the_same_moves_as_in_version_1() -> None:
    """The heuristic bot, moved into a package and reading the typed view, and the
    random bot choose what they chose under version 1."""
    record = GameRecord.load(V1_RECORD)
    options = GAME.options_from_json(record.options)
    bots = [make_bot("heuristic", GAME), make_bot("random"), make_bot("heuristic", GAME),
            make_bot("random")]
    played = play_game(GAME, options, record.seed, bots, record=True)
    assert played.record is not None
    assert played.record.actions == record.actions
    assert played.result == record.result


def test_a_record_of_an_unknown_version_is_refused() -> None:
    data = GameRecord.load(V1_RECORD).to_json()
    data["version"] = 3
    with pytest.raises(RecordError, match="version 3"):
        replay(GameRecord.from_json(data))


def test_a_saved_state_of_version_1_is_refused_naming_both_versions() -> None:
    state = GAME.new_game(GAME.options(3), 1)
    data = state.to_json()
    assert data["version"] == 2
    data["version"] = 1
    message = "a saved state of Nicht die Bohne version 1; this engine reads version 2"
    with pytest.raises(RecordError, match=message):
        GAME.state_from_json(data)
    del data["version"]  # version 1 wrote no version
    with pytest.raises(RecordError, match=message):
        GAME.state_from_json(data)


def test_views_carry_the_version() -> None:
    state = GAME.new_game(GAME.options(3), 1)
    assert public(state)["version"] == state.view(0)["version"] == GAME.version
