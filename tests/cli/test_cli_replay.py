"""``bohnen replay``: a good record prints its final table; a tampered one fails in one line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bohnen.bots import make_bot
from bohnen.cli import main
from bohnen.core import GameRecord, get_game
from bohnen.sim.runner import play_game

Edit = Callable[[dict[str, Any]], None]


@pytest.fixture(scope="module")
def record() -> GameRecord:
    game = get_game("bohnanza")
    played = play_game(game, game.options(3), 2024, [make_bot("random")] * 3, record=True)
    assert played.record is not None
    return played.record


def write(path: Path, rec: GameRecord, edit: Edit | None = None) -> Path:
    data = json.loads(json.dumps(rec.to_json()))  # a copy: to_json shares the lists
    if edit is not None:
        edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def replay_fails(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("bohnen: error: ")
    assert "Traceback" not in err
    return err


def test_replay_prints_the_final_table(tmp_path: Path, record: GameRecord,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    record.save(path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert record.result is not None
    assert record.result.reason in " ".join(out.split())
    rows = [line.split("│")[1:4] for line in out.splitlines() if line.startswith("│")]
    table = [[cell.strip() for cell in row] for row in rows]
    expected = [[str(seat), str(score), "winner" if seat in record.result.winners else ""]
                for seat, score in enumerate(record.result.scores)]
    assert table == expected
    assert out.rstrip().endswith("record OK (result checked)")


def test_a_record_without_result_replays_unchecked(tmp_path: Path, record: GameRecord,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "bare.json", record, lambda d: d.pop("result"))
    assert main(["replay", str(path)]) == 0
    assert "record OK (no stored result)" in capsys.readouterr().out


def _bump_score(data: dict[str, Any]) -> None:
    data["result"]["scores"][0] += 1


def _illegal_first_action(data: dict[str, Any]) -> None:
    data["actions"][0] = "1: end-planting"  # seat 0 starts


def _malformed_action(data: dict[str, Any]) -> None:
    data["actions"][3] = "0: dance"


def _truncate(data: dict[str, Any]) -> None:
    del data["actions"][-5:]


def _extra_action(data: dict[str, Any]) -> None:
    data["actions"].append("0: plant 0")


def _unknown_option(data: dict[str, Any]) -> None:
    data["options"]["colour"] = "green"


def _bad_deck(data: dict[str, Any]) -> None:
    data["deck"] = ["RO"] * 104


def _unknown_game(data: dict[str, Any]) -> None:
    data["game"] = "skat"


@pytest.mark.parametrize(("edit", "named"), [
    (_bump_score, "replay gives"),
    (_illegal_first_action, "action 1 ('1: end-planting')"),
    (_malformed_action, "action 4 ('0: dance')"),
    (_truncate, "actions end before the game does"),
    (_extra_action, "'0: plant 0'"),
    (_unknown_option, "colour"),
    (_bad_deck, "deck"),
    (_unknown_game, "skat"),
])
def test_a_tampered_record_fails_in_one_line(tmp_path: Path, record: GameRecord, edit: Edit,
                                             named: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "tampered.json", record, edit)
    err = replay_fails(path, capsys)
    assert str(path) in err
    assert named in err


@pytest.mark.parametrize(("content", "named"), [
    (b"{\"game\": ", "not valid JSON"),
    (b"[1, 2]", "JSON object"),
    (b"{\"game\": \"bohnanza\"}", "lacks options, seed, actions"),
    (b"{\"game\": \"bohnanza\", \"options\": [], \"seed\": 1, \"actions\": []}",
     "'options' must be an object"),
    (b"\xff\xfe\x00garbage", "not a UTF-8 text file"),
])
def test_a_corrupt_record_fails_in_one_line(tmp_path: Path, content: bytes, named: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "corrupt.json"
    path.write_bytes(content)
    err = replay_fails(path, capsys)
    assert named in err
    assert str(path) in err


def test_a_missing_or_unreadable_record_fails_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.json"
    assert f"cannot read record {missing}" in replay_fails(missing, capsys)
    assert f"record {tmp_path} is not a regular file" in replay_fails(tmp_path, capsys)
