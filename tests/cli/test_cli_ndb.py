"""Issue 3: `bohnen simulate ndb --players 3..6` and `bohnen replay` work for the second game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bohnen.bots import make_bot
from bohnen.cli import app
from bohnen.core import get_game
from bohnen.sim.runner import simulate

RUNNER = CliRunner()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_simulate_ndb_gives_the_runner_figures(players: int) -> None:
    result = RUNNER.invoke(app, ["simulate", "ndb", "--players", str(players), "--games", "4",
                                 "--seed", "9", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    game = get_game("ndb")
    summary = simulate(game, game.options(players), 9, 4, [make_bot("random")] * players)
    expected = summary.to_json()
    for key in ("mean_score", "win_share", "mean_turns", "mean_actions", "score_name"):
        assert data[key] == expected[key]
    assert data["score_name"] == "points"
    assert data["mean_turns"] == 3 * {3: 20, 4: 15, 5: 12, 6: 10}[players]  # 3 rounds


def test_ndb_records_replay(tmp_path: Path) -> None:
    out = RUNNER.invoke(app, ["simulate", "ndb", "--players", "4", "--games", "2", "--seed", "1",
                              "--record", str(tmp_path), "--json"])
    assert out.exit_code == 0, out.output
    files = sorted(tmp_path.glob("ndb-*.json"))
    assert len(files) == 2
    for path in files:
        replayed = RUNNER.invoke(app, ["replay", str(path)])
        assert replayed.exit_code == 0, replayed.output
        assert "points" in replayed.stdout and "record OK (result checked)" in replayed.stdout


def test_ndb_player_count_out_of_range_is_refused() -> None:
    result = RUNNER.invoke(app, ["simulate", "ndb", "--players", "7"])
    assert result.exit_code != 0
