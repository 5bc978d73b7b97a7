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


def test_simulate_on_the_default_board_by_name() -> None:
    """`--board default` failed (the path `./default` was looked for), while
    `check-board default` worked."""
    assert RUNNER.invoke(app, ["hansa", "check-board", "default"]).exit_code == 0
    out = RUNNER.invoke(app, ["hansa", "simulate", "--board", "default", "--games", "1",
                              "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["options"]["board"] == "default"


def _other_board(tmp_path: Path) -> Path:
    """A board file that is not the default board (another payout): another digest."""
    data = json.loads(DEFAULT.read_text(encoding="utf-8"))
    data["contracts"][0]["payout"] += 1
    path = tmp_path / "other.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_simulate_on_another_board(tmp_path: Path) -> None:
    """Any board but the default one was refused as "changed": the options given were
    laid over the default options' JSON, the default board's digest included."""
    board = _other_board(tmp_path)
    for argv in (["hansa", "simulate", "--board", str(board)],
                 ["simulate", "hansa", "-o", f"board={board}"]):
        out = RUNNER.invoke(app, [*argv, "--games", "1", "--json", "--record", str(tmp_path)])
        assert out.exit_code == 0, out.output
        options = json.loads(out.stdout)["options"]
        assert Path(options["board"]).resolve() == board.resolve()
        assert options["board_digest"] != json.loads(
            RUNNER.invoke(app, ["simulate", "hansa", "-n", "0", "--json"]).stdout
        )["options"]["board_digest"]
        replayed = RUNNER.invoke(app, ["replay", str(tmp_path / "hansa-0.json")])
        assert replayed.exit_code == 0, replayed.output


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
