"""A tournament killed outright (SIGKILL of its process, as by the out-of-memory killer
or a machine switched off): it leaves no process behind, and once resumed it holds
every game of its schedule exactly once, the same games as a run never cut short."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bohnen.cli import main
from bohnen.core import GameRecord, replay
from bohnen.sim.journal import JOURNAL

from .processes import (
    WAIT,
    kill_and_check_nothing_is_left,
    needs_proc,
    session_processes,
    tournament,
    wait_until,
    workers,
)

GAMES = 300  # ndb with 3 random bots: chunks of 18 games on 2 workers
TOURNAMENT = ["ndb", "--bots", "random,random,random", "--games", str(GAMES), "--seed", "7",
              "--workers", "2"]


@pytest.fixture(autouse=True)
def linux_only() -> None:
    needs_proc()


def journal_games(directory: Path) -> list[dict[str, Any]]:
    """The games written down in the journal (a last line cut short left out)."""
    path = directory / JOURNAL
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").split("\n")[1:-1]
    return [json.loads(line) for line in lines if line.strip()]


def test_workers_and_the_resource_tracker_end_with_a_killed_tournament(
        tmp_path: Path) -> None:
    with tournament(["bohnanza", "--bots", "random,random,random", "--games", "60000",
                     "--workers", "2"], tmp_path) as process:
        wait_until(lambda: len(workers(process.pid)) == 2, "the two workers")
        assert len(session_processes(process.pid)) >= 3  # and the resource tracker
        kill_and_check_nothing_is_left(process)


def test_a_tournament_killed_mid_run_then_resumed_has_every_game_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    with tournament([*TOURNAMENT, "--out", str(out)], tmp_path) as process:
        wait_until(lambda: len(journal_games(out)) > 0, "a game in the journal")
        kill_and_check_nothing_is_left(process)
    cut_at = len(journal_games(out))
    assert 0 < cut_at < GAMES, "the tournament was not killed in the middle"

    with tournament([*TOURNAMENT, "--out", str(out), "--resume"], tmp_path) as process:
        code = process.wait(timeout=WAIT * 4)
        assert code == 0, (tmp_path / "stderr.txt").read_text(encoding="utf-8")
        wait_until(lambda: not session_processes(process.pid), "the workers to end")

    whole = tmp_path / "whole"
    assert main(["tournament", *TOURNAMENT[:-2], "--out", str(whole)]) == 0
    capsys.readouterr()

    scheduled = list(range(GAMES))
    journal = journal_games(out)
    assert sorted(game["index"] for game in journal) == scheduled  # each game once
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    reference = json.loads((whole / "results.json").read_text(encoding="utf-8"))
    assert [game["index"] for game in results["games"]] == scheduled
    assert (results["games_played"], results["interrupted"]) == (GAMES, False)
    assert results["games"] == reference["games"]  # same seeds, seats, scores
    assert results["standings"] == reference["standings"]
    assert all(len(game.pop("times")) == 3 for game in journal)  # measured: never the same
    assert [{k: v for k, v in game.items() if k != "times"} for game in journal_games(whole)] == (
        sorted(journal, key=lambda game: game["index"]))

    records = sorted(path.name for path in (out / "records").iterdir())
    assert records == sorted(f"ndb-{index}.json" for index in scheduled)
    for game in results["games"]:
        name = f"ndb-{game['index']}.json"
        assert (out / "records" / name).read_bytes() == (whole / "records" / name).read_bytes()
        record = GameRecord.load(out / "records" / name)
        assert list(replay(record).result().scores) == game["scores"]
