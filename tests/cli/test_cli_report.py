"""``bohnen report DIR``: a tournament's folder analysed again, and bad folders refused."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bohnen.cli import app, main

RUNNER = CliRunner()
BOTS = "random,random,random:trades=false"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A small tournament's folder (kept whole: copy it to change it) and what the
    tournament printed."""
    out = tmp_path_factory.mktemp("tournament") / "out"
    result = RUNNER.invoke(app, ["tournament", "bohnanza", "--bots", BOTS, "--games", "3",
                                 "--seed", "4", "--out", str(out), "--move-budget", "0.5"])
    assert result.exit_code == 0, result.output
    return out, result.stdout


def copy(played: tuple[Path, str], tmp_path: Path) -> Path:
    folder = tmp_path / "copy"
    shutil.copytree(played[0], folder)
    return folder


def table_rows(printed: str, first: str, last: str) -> list[str]:
    """The lines of ``printed`` from the table titled ``first`` to before ``last``."""
    part = printed.split(first, 1)[1].split(last, 1)[0]
    return [line.strip() for line in part.splitlines() if line.strip()]


def standings_rows(printed: str) -> list[str]:
    return [line.strip() for line in printed.split("per seat")[0].splitlines()
            if line.split()[:1] in (["random"], ["random:trades=false"])]


def load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_a_tournament_folder_prints_the_tables_the_tournament_printed(
        played: tuple[Path, str]) -> None:
    folder, printed = played
    result = RUNNER.invoke(app, ["report", str(folder)])
    assert result.exit_code == 0, result.output
    again = result.stdout
    assert standings_rows(again) == standings_rows(printed)
    assert len(standings_rows(again)) == 2  # random's two seats are one entrant
    assert (table_rows(again, "per seat", "time per move")
            == table_rows(printed, "per seat", "time per move"))
    moves = [line.split()[:2] for line in table_rows(again, "time per move", "\0")[3:]]
    assert moves == [line.split()[:2]
                     for line in table_rows(printed, "time per move", "\0")[3:]]
    assert "bohnanza · 3 players · 3 games · seed 4" in again


def test_plot_and_json_are_written_with_the_figures_of_results_json(
        played: tuple[Path, str], tmp_path: Path) -> None:
    folder = played[0]
    plot, figures = tmp_path / "again.png", tmp_path / "figures.json"
    result = RUNNER.invoke(app, ["report", str(folder), "--plot", str(plot),
                                 "--json", str(figures)])
    assert result.exit_code == 0, result.output
    assert plot.read_bytes().startswith(PNG_SIGNATURE)
    data, stored = load(figures), load(folder / "results.json")
    for key in ("standings", "seat_standings", "games", "bots", "seed", "move_budget"):
        assert data[key] == stored[key], key
    assert [t["moves"] for t in data["move_times"]] == [t["moves"] for t in stored["move_times"]]
    assert data["source"] == "journal.jsonl"


def test_without_a_journal_the_games_come_from_results_json(
        played: tuple[Path, str], tmp_path: Path) -> None:
    folder = copy(played, tmp_path)
    (folder / "journal.jsonl").unlink()
    result = RUNNER.invoke(app, ["report", str(folder), "--json", str(tmp_path / "f.json")])
    assert result.exit_code == 0, result.output
    assert standings_rows(result.stdout) == standings_rows(played[1])
    data, stored = load(tmp_path / "f.json"), load(folder / "results.json")
    assert data["source"] == "results.json"
    assert data["standings"] == stored["standings"]
    assert data["move_times"] == stored["move_times"]  # as results.json stored them


def test_a_killed_run_is_read_from_its_journal_and_says_what_is_missing(
        played: tuple[Path, str], tmp_path: Path) -> None:
    folder = copy(played, tmp_path)
    (folder / "results.json").unlink()  # killed before writing it
    lines = (folder / "journal.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    (folder / "journal.jsonl").write_text("".join(lines[:3]), encoding="utf-8")  # 2 games
    (folder / "records" / "bohnanza-0.json").unlink()
    result = RUNNER.invoke(app, ["report", str(folder)])
    assert result.exit_code == 0, result.output
    assert "2 of 3 games played" in result.stderr
    assert "1 block(s) of seat rotations incomplete" in result.stderr
    assert "1 of 2 games have no record" in result.stderr


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one error line of a refused command (exit code 2, no traceback)."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("bohnen: error: "), err
    return err


def test_a_missing_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "no such folder" in refused(["report", str(tmp_path / "nowhere")], capsys)


def test_a_folder_that_is_not_a_tournament_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(["report", str(tmp_path)], capsys)
    assert "is not a tournament's folder" in err and "results.json" in err


@pytest.mark.parametrize(("text", "named"), [
    ('{"game": "bohnanza", "bots": [', "results.json"),
    ("[1, 2]", "not a tournament's results"),
    ('{"game": "bohnanza", "bots": ["random"], "seed": 4}', "different tournaments"),
])
def test_a_corrupt_results_json_is_refused(text: str, named: str, played: tuple[Path, str],
                                           tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    folder = copy(played, tmp_path)
    (folder / "results.json").write_text(text, encoding="utf-8")
    assert named in refused(["report", str(folder)], capsys)


@pytest.mark.parametrize(("edit", "named"), [
    (lambda game: {**game, "games": "many"}, "games must be a list"),
    (lambda game: {**game, "games": [{"seats": ["nobody", "random", "random"]}]},
     "not one of the tournament's"),
    (lambda game: {**game, "games": [{**game["games"][0], "scores": [1]}]},
     "does not fit a tournament of 3 bots"),
    (lambda game: {**game, "move_times": [{"bot": "random"}]}, "move times lack"),
])
def test_a_results_json_with_bad_games_is_refused(edit: Any, named: str,
                                                  played: tuple[Path, str], tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    folder = copy(played, tmp_path)
    (folder / "journal.jsonl").unlink()
    data = load(folder / "results.json")
    (folder / "results.json").write_text(json.dumps(edit(data)), encoding="utf-8")
    assert named in refused(["report", str(folder)], capsys)


def test_a_corrupt_journal_line_is_refused_with_its_number(
        played: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = copy(played, tmp_path)
    journal = folder / "journal.jsonl"
    lines = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    journal.write_text("".join([*lines[:2], '{"index": "two"}\n', *lines[3:]]),
                       encoding="utf-8")
    err = refused(["report", str(folder)], capsys)
    assert "journal.jsonl: line 3" in err


def test_a_plot_or_json_that_cannot_be_written_is_refused_before_reading(
        played: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = str(played[0])
    err = refused(["report", folder, "--json", str(tmp_path / "no" / "f.json")], capsys)
    assert "--json" in err and "no folder" in err
    assert "a folder, not a file" in refused(["report", folder, "--plot", str(tmp_path)], capsys)


def test_a_file_given_as_the_folder_is_refused(
        played: tuple[Path, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert "not a folder" in refused(["report", str(played[0] / "results.json")], capsys)


@pytest.mark.parametrize("source", ["journal.jsonl", "results.json"])
def test_a_paired_tournament_gets_its_paired_differences_again(
        tmp_path: Path, source: str) -> None:
    """The folder of a ``--paired`` run: the report prints the paired table the tournament
    printed and writes the ``paired`` figures results.json holds, from either file."""
    out = tmp_path / "out"
    ran = RUNNER.invoke(app, ["tournament", "bohnanza", "--bots", BOTS, "--games", "6",
                              "--seed", "4", "--paired", "--out", str(out)])
    assert ran.exit_code == 0, ran.output
    if source == "results.json":
        (out / "journal.jsonl").unlink()
    again = RUNNER.invoke(app, ["report", str(out), "--json", str(tmp_path / "f.json")])
    assert again.exit_code == 0, again.output
    title = "paired deals: first bot"  # the table (the standings title has "paired deals")
    assert table_rows(again.stdout, title, "\0") == table_rows(ran.stdout, title, "\0")
    data, stored = load(tmp_path / "f.json"), load(out / "results.json")
    assert data["paired_deals"] is True and data["paired"] == stored["paired"]
    assert len(data["paired"]) == 1 and data["paired"][0]["deals"] == 2


def test_an_unpaired_folder_has_no_paired_table(played: tuple[Path, str]) -> None:
    result = RUNNER.invoke(app, ["report", str(played[0])])
    assert result.exit_code == 0, result.output
    assert "paired deals: first bot" not in result.stdout
