"""`bohnen simulate hansa`, `bohnen replay` and `bohnen hansa simulate --board FILE`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bohnen.cli import app, main

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


def _one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err, (code, out, err)
    assert err.count("\n") == 1 and err.startswith("bohnen: error: "), err
    return err


@pytest.mark.parametrize("value", ["5", "true"])
def test_a_board_digest_that_is_not_text_is_refused_in_one_line(
        value: str, capsys: pytest.CaptureFixture[str]) -> None:
    err = _one_line(["simulate", "hansa", "--games", "1", "-o", f"board_digest={value}"], capsys)
    assert "board_digest" in err


def test_a_record_with_a_board_digest_that_is_not_text_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = RUNNER.invoke(app, ["simulate", "hansa", "--players", "3", "--games", "1",
                              "--seed", "4", "--record", str(tmp_path)])
    assert out.exit_code == 0, out.output
    path = next(tmp_path.glob("hansa-*.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["options"]["board_digest"] = 5
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "board_digest" in _one_line(["replay", str(path)], capsys)
