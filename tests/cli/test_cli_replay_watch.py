"""``bohnen replay FILE --watch`` and ``bohnen play --replay FILE`` (issue 36): a good
record, a terminal save or an online table's record, opens the replay viewer; a bad one
is refused before the screen starts, in one line naming what was wrong, never with a
traceback (as ``bohnen replay`` refuses it: tests/cli/test_cli_replay.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tui.replay_files import online_record, terminal_save
from typer.testing import CliRunner

from bohnen.cli import app
from bohnen.cli.main import main
from bohnen.tui.replay_screen import ReplayApp

Edit = Callable[[dict[str, Any]], None]
RUNNER = CliRunner()


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """A terminal save and an online record of Nicht die Bohne! (one round), as JSON."""
    folder = tmp_path_factory.mktemp("records")
    save = json.loads(terminal_save(folder, "ndb").read_text(encoding="utf-8"))
    return {"save": save, "online": online_record(folder, "ndb")}


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> list[ReplayApp]:
    """The viewers the command started (started, not run: a test has no terminal)."""
    started: list[ReplayApp] = []
    monkeypatch.setattr(ReplayApp, "run", lambda self, *a, **k: started.append(self))
    return started


def write(path: Path, data: dict[str, Any], edit: Edit | None = None) -> Path:
    copy = json.loads(json.dumps(data))
    if edit is not None:
        edit(copy)
    path.write_text(json.dumps(copy), encoding="utf-8")
    return path


@pytest.mark.parametrize(("kind", "names"), [("save", ("person", "random", "random")),
                                             ("online", ("p0", "p1", "p2"))])
@pytest.mark.parametrize("command", [["replay", "{}", "--watch"], ["play", "--replay", "{}"]])
def test_a_good_record_opens_the_viewer(tmp_path: Path, records: dict[str, dict[str, Any]],
                                        watched: list[ReplayApp], kind: str,
                                        names: tuple[str, ...], command: list[str]) -> None:
    path = write(tmp_path / "game.json", records[kind])
    result = RUNNER.invoke(app, [arg.format(path) for arg in command])
    assert result.exit_code == 0, result.output
    assert len(watched) == 1
    opened = watched[0].replay
    assert opened.names == names and opened.is_over
    assert list(opened.record.actions) == records[kind]["actions"]


def _bad_action(data: dict[str, Any]) -> None:
    data["actions"][4] = "0: dance"


def _illegal_action(data: dict[str, Any]) -> None:
    data["actions"][0] = "2: take 1"


def _score(data: dict[str, Any]) -> None:
    data["result"]["scores"][0] += 1


def _seats(data: dict[str, Any]) -> None:
    data["seats"][1]["seat"] = 7


def _seating(data: dict[str, Any]) -> None:
    data["play"]["humans"] = [0, 0]


def _game(data: dict[str, Any]) -> None:
    data["game"] = "skat"


def _no_actions(data: dict[str, Any]) -> None:
    del data["actions"]


CASES: list[tuple[str, Edit, str]] = [
    ("save", _bad_action, "action 5 ('0: dance'): '0: dance': expected"),
    ("online", _illegal_action, "action 1 ('2: take 1'): "),
    ("save", _score, "replay gives"),
    ("online", _seats, "record 'seats': seat 7 is not a seat of a 3-player game"),
    ("save", _seating, "record 'play.humans': seat 0 is named twice"),
    ("online", _game, "skat"),
    ("save", _no_actions, "record lacks actions"),
]


@pytest.mark.parametrize(("kind", "edit", "words"), CASES)
@pytest.mark.parametrize("command", [["replay", "{}", "--watch"], ["play", "--replay", "{}"]])
def test_a_bad_record_is_refused_in_one_line_naming_the_fault(
        tmp_path: Path, records: dict[str, dict[str, Any]], watched: list[ReplayApp],
        capsys: pytest.CaptureFixture[str], kind: str, edit: Edit, words: str,
        command: list[str]) -> None:
    path = write(tmp_path / "bad.json", records[kind], edit)
    assert main([arg.format(path) for arg in command]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"bohnen: error: {path}: ") and words in err, err
    assert watched == []


@pytest.mark.parametrize(("content", "words"), [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "a record must be a JSON object"),
])
def test_a_file_that_is_no_record_is_refused(tmp_path: Path, watched: list[ReplayApp],
                                             capsys: pytest.CaptureFixture[str],
                                             content: str, words: str) -> None:
    path = tmp_path / "notes.json"
    path.write_text(content, encoding="utf-8")
    assert main(["replay", str(path), "--watch"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and words in err, err
    assert watched == []


def test_a_missing_file_is_refused(tmp_path: Path, watched: list[ReplayApp],
                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "gone.json"
    assert main(["play", "--replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and "No such file" in err, err
    assert watched == []


def test_replay_and_resume_are_not_given_together(tmp_path: Path, watched: list[ReplayApp],
                                                  records: dict[str, dict[str, Any]],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "game.json", records["save"])
    assert main(["play", "--replay", str(path), "--resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--replay" in err and "--resume" in err, err
    assert watched == []
