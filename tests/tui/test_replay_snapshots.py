"""Snapshots of the replay viewer (issue 36) for each game, at 80×24 and 160×48: a step
in the middle of the game (hands face down) and its last step (every hand shown).
Regenerate: pytest tests/tui/test_replay_snapshots.py --snapshot-update."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bohnen.tui.replay_record import open_replay
from bohnen.tui.replay_screen import ReplayApp

from .helpers import SIZE
from .replay_files import online_file

Compare = Callable[..., bool]
BIG = (160, 48)
MIDDLE = {"bohnanza": "40", "ndb": "14", "hansa": "30"}  # a step in the middle of a turn


@pytest.mark.parametrize("game", ["bohnanza", "ndb", "hansa"])
@pytest.mark.parametrize("size", [SIZE, BIG], ids=["80x24", "160x48"])
def test_a_step_in_the_middle(snap_compare: Compare, tmp_path: Path, game: str,
                              size: tuple[int, int]) -> None:
    app = ReplayApp(open_replay(online_file(tmp_path, game)))
    assert snap_compare(app, press=[*MIDDLE[game], "enter"], terminal_size=size)


@pytest.mark.parametrize("game", ["bohnanza", "ndb", "hansa"])
@pytest.mark.parametrize("size", [SIZE, BIG], ids=["80x24", "160x48"])
def test_the_end_with_every_hand(snap_compare: Compare, tmp_path: Path, game: str,
                                 size: tuple[int, int]) -> None:
    app = ReplayApp(open_replay(online_file(tmp_path, game)))
    assert snap_compare(app, press=["end"], terminal_size=size)
