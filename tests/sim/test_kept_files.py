"""The files of a tournament are written atomically: a write that fails (a full disk,
here a sync that fails with ENOSPC) leaves the previous file whole; the journal gets
each chunk of games in one write, synced; a resumed tournament clears what a crash in
the middle of a write left."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from bohnen.cli import main
from bohnen.core import get_game
from bohnen.sim.journal import JOURNAL, resume_journal, start_journal
from bohnen.sim.local import LocalBackend
from bohnen.sim.plots import plot_standings
from bohnen.sim.ratings import entrant_names, standings
from bohnen.sim.report import (
    PLOTS,
    RESULTS_CSV,
    RESULTS_JSON,
    STANDINGS_CSV,
    csv_rows,
    write_csv,
    write_results,
)
from bohnen.sim.tournament import TournamentRun, TournamentSpec, run_tournament

BOTS = ("random", "random", "random")
COMMAND = ["tournament", "ndb", "--bots", ",".join(BOTS), "--games", "6", "--seed", "3"]


def spec(seed: int = 3) -> TournamentSpec:
    return TournamentSpec("ndb", get_game("ndb").options(3).to_json(), BOTS, seed, 6)


@pytest.fixture
def out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A tournament's --out directory, every file written."""
    directory = tmp_path / "out"
    assert main([*COMMAND, "--out", str(directory)]) == 0
    capsys.readouterr()
    return directory


def no_space(fd: int) -> None:
    """A sync to disk that fails, as on a full disk."""
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture
def disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", no_space)


def other_run() -> TournamentRun:
    """Another tournament than the one in ``out``: its files would differ."""
    return run_tournament(spec(seed=4), LocalBackend())


def snapshot(directory: Path) -> dict[str, bytes]:
    """Every file of ``directory`` (temporary ones included) and its bytes."""
    return {path.name: path.read_bytes() for path in directory.iterdir() if path.is_file()}


def test_a_failed_write_of_results_leaves_the_previous_results_whole(
        out: Path, disk_full: None) -> None:
    before = snapshot(out)
    run = other_run()
    names = entrant_names(BOTS)
    with pytest.raises(OSError, match="No space left"):
        write_results(out, run, standings(run.outcomes, names), names, "points")
    assert snapshot(out) == before
    assert json.loads(before[RESULTS_JSON])["seed"] == 3


@pytest.mark.parametrize("name", [RESULTS_CSV, STANDINGS_CSV])
def test_a_failed_write_of_a_csv_file_leaves_the_previous_one_whole(
        out: Path, disk_full: None, name: str) -> None:
    before = snapshot(out)
    run = other_run()
    with pytest.raises(OSError, match="No space left"):
        write_csv(out / name, ["game", "seed", "seat", "bot", "points", "win", "place"],
                  csv_rows(run.outcomes, entrant_names(BOTS)))
    assert snapshot(out) == before


def test_a_failed_write_of_the_plots_leaves_the_previous_picture_whole(
        out: Path, disk_full: None) -> None:
    before = snapshot(out)
    run = other_run()
    with pytest.raises(OSError, match="No space left"):
        plot_standings(out / PLOTS, standings(run.outcomes, entrant_names(BOTS)), "points",
                       "another tournament")
    assert snapshot(out) == before


def test_a_failed_rewrite_of_the_journal_on_resume_leaves_it_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    journal = start_journal(tmp_path, spec())
    journal.write(run_tournament(spec(), LocalBackend()).outcomes[:4])
    journal.close()
    path = tmp_path / JOURNAL
    path.write_bytes(path.read_bytes() + b'{"index": 4, "se')  # cut short by a crash
    before = snapshot(tmp_path)
    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(OSError, match="No space left"):
        resume_journal(tmp_path, spec())
    assert snapshot(tmp_path) == before


def test_the_games_of_a_chunk_reach_the_journal_in_one_write_then_a_sync(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    outcomes = run_tournament(spec(), LocalBackend()).outcomes
    journal = start_journal(tmp_path, spec())
    calls: list[tuple[str, int]] = []
    real_write, real_fsync = os.write, os.fsync

    def write(fd: int, data: bytes) -> int:
        calls.append(("write", data.count(b"\n")))
        return real_write(fd, data)

    def fsync(fd: int) -> None:
        calls.append(("fsync", fd))
        real_fsync(fd)

    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(os, "fsync", fsync)
    journal.write(outcomes[:3])
    journal.write(outcomes[3:4])
    monkeypatch.undo()
    journal.close()
    assert [call[0] for call in calls] == ["write", "fsync", "write", "fsync"]
    assert [calls[0][1], calls[2][1]] == [3, 1]
    lines = (tmp_path / JOURNAL).read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["index"] for line in lines[1:]] == [0, 1, 2, 3]


def test_resume_clears_the_temporary_files_of_a_write_cut_short(
        out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    leftovers = [out / f".{RESULTS_JSON}.k2j3h4.tmp", out / f".{PLOTS}.x8_y.tmp",
                 out / f".{JOURNAL}.abc123.tmp", out / "records" / ".ndb-2.json.q1w2e3.tmp"]
    foreign = [out / ".notes.txt.tmp", out / "records" / "mine.tmp"]
    for path in [*leftovers, *foreign]:
        path.write_text("cut short", encoding="utf-8")
    assert main([*COMMAND, "--out", str(out), "--resume"]) == 0
    capsys.readouterr()
    assert [path for path in leftovers if path.exists()] == []
    assert all(path.exists() for path in foreign)
