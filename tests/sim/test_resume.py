"""A tournament cut short goes on with ``--resume``: its journal, and bad journals."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import bohnen.sim.tournament as tournament_module
from bohnen.cli import main
from bohnen.core import get_game
from bohnen.sim.journal import JOURNAL, outcome_line, resume_journal, spec_json
from bohnen.sim.local import LocalBackend
from bohnen.sim.report import earlier_seconds
from bohnen.sim.tournament import GameOutcome, TournamentSpec, run_tournament

from .test_cli_tournament import fails

BOTS = "random,random,random:trades=false"
BASE = ["tournament", "bohnanza", "--bots", BOTS, "--seed", "2", "--games", "9"]


def results(directory: Path) -> dict[str, object]:
    data = json.loads((directory / "results.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def journal_lines(directory: Path) -> list[str]:
    return (directory / JOURNAL).read_text(encoding="utf-8").splitlines()


def cut_short(monkeypatch: pytest.MonkeyPatch, after: int) -> list[int]:
    """Make the tournament stop (as on Ctrl-C) when game ``after + 1`` would be played;
    returns the list that counts the games started."""
    real = tournament_module.play_pairing
    calls: list[int] = []

    def counting(*args: object, **kwargs: object) -> GameOutcome:
        calls.append(1)
        if len(calls) == after + 1:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tournament_module, "play_pairing", counting)
    return calls


def test_resumed_tournament_plays_the_rest_and_equals_one_run_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    whole, parts = tmp_path / "whole", tmp_path / "parts"
    assert main([*BASE, "--out", str(whole)]) == 0
    with monkeypatch.context() as patch:
        cut_short(patch, after=4)
        assert main([*BASE, "--out", str(parts)]) == 130
    assert len(journal_lines(parts)) == 1 + 4  # the tournament, then each game as it ended
    with monkeypatch.context() as patch:
        calls = cut_short(patch, after=99)
        assert main([*BASE, "--out", str(parts), "--resume"]) == 0
    assert len(calls) == 5  # only the games not in the journal
    capsys.readouterr()
    done = results(parts)
    assert done["games_played"] == 9 and done["interrupted"] is False
    assert done["games"] == results(whole)["games"]
    assert done["standings"] == results(whole)["standings"]
    assert sorted(p.name for p in (parts / "records").iterdir()) == sorted(
        p.name for p in (whole / "records").iterdir())
    assert len(journal_lines(parts)) == 1 + 9


def test_a_last_line_cut_by_a_crash_is_played_again(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main([*BASE, "--out", str(out)]) == 0
    lines = journal_lines(out)
    (out / JOURNAL).write_text("\n".join(lines[:4]) + "\n" + lines[4][:20], encoding="utf-8")
    assert main([*BASE, "--out", str(out), "--resume"]) == 0
    capsys.readouterr()
    assert journal_lines(out)[:4] == lines[:4]
    assert [json.loads(line)["index"] for line in journal_lines(out)[1:]] == list(range(9))
    assert sorted(p.name for p in out.iterdir() if p.name.startswith(JOURNAL)) == [JOURNAL]


def test_a_journal_with_games_is_never_written_over(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main([*BASE, "--out", str(out)]) == 0
    before = (out / JOURNAL).read_text(encoding="utf-8")
    capsys.readouterr()
    err = fails([*BASE, "--out", str(out)], capsys)
    assert "holds a tournament already" in err and "--resume" in err
    assert (out / JOURNAL).read_text(encoding="utf-8") == before


def test_resume_needs_out_and_a_journal(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert "--resume goes on with the tournament in --out DIR" in fails(
        [*BASE, "--resume"], capsys)
    assert f"has no {JOURNAL}" in fails([*BASE, "--out", str(tmp_path), "--resume"], capsys)


@pytest.mark.parametrize(("change", "named"), [
    (["--seed", "3"], "seed 2 there, 3 here"),
    (["--games", "12"], "games 9 there, 12 here"),
    (["--bots", "random,random,random"], "bots"),
])
def test_resume_refuses_another_tournament(tmp_path: Path, change: list[str], named: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main([*BASE, "--out", str(out)]) == 0
    capsys.readouterr()
    argv = [*BASE, *change, "--out", str(out), "--resume"]
    err = fails(argv, capsys)
    assert "is another tournament" in err and named in err


def spec() -> TournamentSpec:
    options = get_game("ndb").options(3).to_json()
    return TournamentSpec("ndb", options, ("random", "random", "random"), 5, 6)


def write_journal(directory: Path, lines: list[object]) -> None:
    head = spec_json(spec())
    text = "".join(json.dumps(line) + "\n" for line in [head, *lines])
    (directory / JOURNAL).write_text(text, encoding="utf-8")


def test_a_bad_game_line_is_named(tmp_path: Path) -> None:
    real = run_tournament(spec(), LocalBackend()).outcomes
    good = outcome_line(real[0])
    for line, named in [("[1, 2]", "must be a JSON object"),
                        ({k: v for k, v in good.items() if k != "scores"}, "lacks 'scores'"),
                        ({**good, "turns": "many"}, "'many' is not a whole number"),
                        ({**good, "seats": [2, 1, 0] if good["seats"] != [2, 1, 0]
                          else [0, 1, 2]}, "not the schedule's game"),
                        ({**good, "index": 99}, "not the schedule's game")]:
        write_journal(tmp_path, [outcome_line(real[1]), line])
        with pytest.raises(ValueError, match="line 3") as error:
            resume_journal(tmp_path, spec())
        assert named in str(error.value)
    (tmp_path / JOURNAL).write_text("{not json\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 1 is not valid JSON"):
        resume_journal(tmp_path, spec())


def test_run_tournament_counts_the_games_played_before_and_plays_the_rest() -> None:
    whole = run_tournament(spec(), LocalBackend()).outcomes
    started: list[int] = []

    def record(outcomes: list[GameOutcome]) -> None:
        started.extend(o.index for o in outcomes)

    run = run_tournament(spec(), LocalBackend(2, max_chunk=1), record,
                         played=[whole[1], whole[4]])
    assert sorted(started) == [0, 2, 3, 5]
    assert run.outcomes == whole and run.played == 6


def test_an_unreadable_journal_is_named(tmp_path: Path) -> None:
    (tmp_path / JOURNAL).write_bytes(b"\xff\xfe\x00 not text\n")
    with pytest.raises(ValueError, match=r"the journal .* is not a UTF-8 text file"):
        resume_journal(tmp_path, spec())


def test_a_deeply_nested_journal_line_is_refused_in_one_line(tmp_path: Path) -> None:
    """A journal line of 100,000 « [ » raised RecursionError (a traceback)."""
    (tmp_path / JOURNAL).write_text("[" * 100_000 + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 1 is nested too deeply"):
        resume_journal(tmp_path, spec())


def test_a_journal_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    """A FIFO as the journal would hang the resume for ever."""
    os.mkfifo(tmp_path / JOURNAL)
    with pytest.raises(ValueError, match=r"has no journal\.jsonl"):
        resume_journal(tmp_path, spec())


def test_seconds_after_resume_are_the_sum_of_every_sitting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    with monkeypatch.context() as patch:
        cut_short(patch, after=4)
        assert main([*BASE, "--out", str(out)]) == 130
    first = results(out)
    assert first["sittings_seconds"] == [first["seconds"]]
    assert main([*BASE, "--out", str(out), "--resume"]) == 0
    capsys.readouterr()
    done = results(out)
    sittings = done["sittings_seconds"]
    assert isinstance(sittings, list) and len(sittings) == 2
    assert sittings[0] == first["seconds"]
    assert done["seconds"] == pytest.approx(sittings[0] + sittings[1], abs=0.002)


def test_a_folder_without_sittings_seconds_resumes_counting_its_seconds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A folder written before the seconds of each sitting were kept: its ``seconds``
    count as one sitting."""
    out = tmp_path / "out"
    with monkeypatch.context() as patch:
        cut_short(patch, after=4)
        assert main([*BASE, "--out", str(out)]) == 130
    older = results(out)
    del older["sittings_seconds"]
    older["seconds"] = 12.5
    (out / "results.json").write_text(json.dumps(older), encoding="utf-8")
    assert main([*BASE, "--out", str(out), "--resume"]) == 0
    capsys.readouterr()
    done = results(out)
    sittings = done["sittings_seconds"]
    assert isinstance(sittings, list) and sittings[0] == 12.5 and len(sittings) == 2
    assert done["seconds"] == pytest.approx(12.5 + sittings[1], abs=0.002)


@pytest.mark.parametrize("text", [None, "not json", '{"seconds": "soon"}', "[1, 2]",
                                  '{"sittings_seconds": [1.5, true, -2, 3]}'])
def test_earlier_seconds_skip_what_is_not_a_number_of_seconds(tmp_path: Path,
                                                              text: str | None) -> None:
    if text is not None:
        (tmp_path / "results.json").write_text(text, encoding="utf-8")
    expected = (1.5, 3.0) if text and "sittings" in text else ()
    assert earlier_seconds(tmp_path) == expected


def test_a_run_cut_inside_a_block_warns_and_its_resume_does_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    with monkeypatch.context() as patch:
        cut_short(patch, after=4)  # games 0-3: the second block has one game of three
        assert main([*BASE, "--out", str(out)]) == 130
    err = capsys.readouterr().err
    assert "warning: 1 block of seat rotations is incomplete" in err
    assert "--resume plays the rest" in err
    assert results(out)["incomplete_rotations"] == 1
    assert main([*BASE, "--out", str(out), "--resume"]) == 0
    assert "warning" not in capsys.readouterr().err
    assert results(out)["incomplete_rotations"] == 0
