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


def _long_game(data: dict[str, Any]) -> None:
    data["game"] = "x" * 10_000_000


def _long_action(data: dict[str, Any]) -> None:
    data["actions"][2] = "0: plant " + "9" * 1_000_000


def _long_reason(data: dict[str, Any]) -> None:
    data["result"]["reason"] = "r" * 1_000_000
    data["result"]["scores"][0] += 1  # a result that differs (its words alone do not)


def _long_option(data: dict[str, Any]) -> None:
    data["options"]["o" * 1_000_000] = 1


def _long_seed(data: dict[str, Any]) -> None:
    data["seed"] = "7" * 1_000_000


@pytest.mark.parametrize(("edit", "named"), [
    (_long_game, "unknown game 'xxxx"),
    (_long_action, "action 3 ('0: plant 9999"),
    (_long_reason, "replay gives"),
    (_long_option, "unknown option(s) 'oooo"),
    (_long_seed, "'seed' must be a whole number"),
])
def test_a_long_field_is_quoted_short(tmp_path: Path, record: GameRecord, edit: Edit,
                                      named: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A record with a 10 MB game name gave a 10 MB error line."""
    err = replay_fails(write(tmp_path / "long.json", record, edit), capsys)
    assert named in err
    assert len(err) < 1200, len(err)


def _other_format(data: dict[str, Any]) -> None:
    data["format"] = "bohnen-hansa-board"


def _score_as_text(data: dict[str, Any]) -> None:
    data["result"]["scores"] = [str(s) for s in data["result"]["scores"]]


def _winner_as_bool(data: dict[str, Any]) -> None:
    data["result"]["winners"] = [True]


def _game_as_number(data: dict[str, Any]) -> None:
    data["game"] = 5


@pytest.mark.parametrize(("edit", "named"), [
    (_other_format, "record 'format' must be 'bohnen-record', not 'bohnen-hansa-board'"),
    (_score_as_text, "scores must be a list of whole numbers"),
    (_winner_as_bool, "winners must be a list of whole numbers, not [True]"),
    (_game_as_number, "record 'game' must be a game's name, not 5"),
])
def test_a_field_of_the_wrong_type_is_refused(tmp_path: Path, record: GameRecord, edit: Edit,
                                              named: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """These were read as if right: another file's format, scores as texts."""
    assert named in replay_fails(write(tmp_path / "typed.json", record, edit), capsys)


@pytest.mark.parametrize(("board", "named"), [
    ("[" * 100_000, "is nested too deeply"),
    ("{", "is not valid JSON"),
    (None, "is not a regular file"),
])
def test_a_hansa_record_naming_a_bad_board(tmp_path: Path, board: str | None, named: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The board a record names is untrusted input too (a FIFO and /dev/zero there run
    in tests/cli/test_cli_fuzz.py, in processes a hang cannot stall)."""
    game = get_game("hansa")
    played = play_game(game, game.options(3), 5, [make_bot("random", game)] * 3, record=True)
    assert played.record is not None
    path = tmp_path / "board.json"
    if board is None:
        path.mkdir()
    else:
        path.write_text(board, encoding="utf-8")
    played.record.options["board"] = str(path)
    record_path = tmp_path / "hansa.json"
    played.record.save(record_path)
    err = replay_fails(record_path, capsys)
    assert named in err and str(path) in err
