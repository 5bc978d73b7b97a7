"""`bohnen simulate hansa`, `bohnen replay` and `bohnen hansa simulate --board FILE`."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bohnen.cli import app

from .test_board import DEFAULT

RUNNER = CliRunner()


def test_simulate_and_replay_hansa(tmp_path: Path) -> None:
    out = RUNNER.invoke(app, ["simulate", "hansa", "--players", "3", "--games", "2",
                              "--seed", "4", "--record", str(tmp_path), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["score_name"] == "talers"
    files = sorted(tmp_path.glob("hansa-*.json"))
    assert len(files) == 2
    for path in files:
        replayed = RUNNER.invoke(app, ["replay", str(path)])
        assert replayed.exit_code == 0, replayed.output
        assert "record OK (result checked)" in replayed.stdout


def test_simulate_on_a_board_file(tmp_path: Path) -> None:
    board = tmp_path / "board.json"
    board.write_text(DEFAULT.read_text(encoding="utf-8"), encoding="utf-8")
    out = RUNNER.invoke(app, ["hansa", "simulate", "--board", str(board), "--games", "1",
                              "--json"])
    assert out.exit_code == 0, out.output
    options = json.loads(out.stdout)["options"]
    assert options["board"] == str(board.resolve()) and len(options["board_digest"]) == 64
