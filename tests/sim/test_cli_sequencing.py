"""``bohnen tournament --paired``, ``--sprt``, ``--until-significant`` and ``--extend``:
what is printed and written, a decided run gone on with, and bad arguments refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bohnen.sim.tournament as tournament_module
from bohnen.cli import main
from bohnen.sim.journal import JOURNAL
from bohnen.sim.tournament import GameOutcome

from .test_cli_tournament import fails

DUEL = ["tournament", "ndb", "--bots", "heuristic,random,random", "--seed", "3"]
RANDOM = ["tournament", "ndb", "--bots", "random,random:trades=false,random", "--seed", "4"]


def results(directory: Path) -> dict[str, object]:
    data = json.loads((directory / "results.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_paired_prints_and_writes_the_paired_difference(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*DUEL, "--games", "6", "--paired", "--out", str(tmp_path)]) == 0
    printed = " ".join(capsys.readouterr().out.split())
    assert "paired deals: first bot less each other" in printed
    assert "heuristic 2 +" in printed and "− random" in printed  # the name folds at 80
    data = results(tmp_path)
    assert data["paired_deals"] is True and data["stopping"] is None
    games = data["games"]
    assert isinstance(games, list)
    assert games[0]["seed"] == games[2]["seed"] != games[3]["seed"]  # a deal a block
    paired = data["paired"]
    assert isinstance(paired, list) and len(paired) == 1
    difference = paired[0]
    assert (difference["first"], difference["second"], difference["deals"]) == (
        "heuristic", "random", 2)
    # each deal's difference from the games themselves, by hand: a's win share over its
    # 3 seats less b's over its 6
    diffs = []
    for deal in (games[:3], games[3:]):
        wins = {"heuristic": 0.0, "random": 0.0}  # one spec in two seats: one entrant
        for one in deal:
            for seat in one["winners"]:
                wins[one["seats"][seat]] += 1 / len(one["winners"])
        diffs.append(wins["heuristic"] / 3 - wins["random"] / 6)
    assert difference["win_share_difference"] == pytest.approx(sum(diffs) / 2, abs=1e-4)


def test_unpaired_results_have_no_paired_difference(tmp_path: Path) -> None:
    assert main([*RANDOM, "--games", "3", "--out", str(tmp_path)]) == 0
    data = results(tmp_path)
    assert (data["paired_deals"], data["paired"], data["stopping"]) == (False, None, None)
    head = json.loads((tmp_path / JOURNAL).read_text(encoding="utf-8").splitlines()[0])
    assert head["paired"] is False


def test_sprt_stops_once_decided_and_says_so(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*DUEL, "--games", "60", "--paired", "--sprt", "0,100,0.05,0.05", "--out",
            str(tmp_path)]
    assert main(argv) == 0
    printed = " ".join(capsys.readouterr().out.split())
    assert "decided after" in printed and "of at most 60 games: LLR" in printed
    assert "[-2.94, 2.94]" in printed and "H1 accepted: heuristic +100 Elo over random" in printed
    data = results(tmp_path)
    stopping = data["stopping"]
    assert isinstance(stopping, dict)
    assert stopping["result"] == "H1" and stopping["decided"] is True
    assert stopping["units"] == "deals" and stopping["llr"] >= stopping["upper"]
    assert data["games_played"] == stopping["games"] < 60
    assert data["interrupted"] is False
    # gone on with, a decided test plays nothing more and decides the same
    assert main([*argv, "--resume"]) == 0
    again = results(tmp_path)
    assert again["stopping"] == stopping and again["games"] == data["games"]


def test_sprt_that_reaches_its_games_undecided(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    pooled = "random,random:trades=false,random,random:trades=false"
    assert main([*RANDOM, "--games", "8", "--bots", pooled, "--sprt", "-300,300,0.01,0.01"]) == 0
    printed = " ".join(capsys.readouterr().out.split())
    # a = ln(0.01 / 0.99) = -4.60, b = 4.60
    assert "undecided after 8 games: LLR" in printed and "[-4.60, 4.60] · 8 games" in printed


def test_until_significant_stops_when_the_leader_is_clear(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*DUEL, "--games", "60", "--until-significant"]) == 0
    printed = " ".join(capsys.readouterr().out.split())
    assert "decided after" in printed and "heuristic leads with" in printed


def cut_short(monkeypatch: pytest.MonkeyPatch, after: int) -> None:
    real = tournament_module.play_pairing
    calls: list[int] = []

    def counting(*args: object, **kwargs: object) -> GameOutcome:
        calls.append(1)
        if len(calls) == after + 1:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tournament_module, "play_pairing", counting)


@pytest.mark.parametrize("paired", [[], ["--paired"]])
def test_extend_gives_the_games_of_one_longer_run(
        tmp_path: Path, paired: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    whole, part = tmp_path / "whole", tmp_path / "part"
    assert main([*RANDOM, *paired, "--games", "12", "--out", str(whole)]) == 0
    assert main([*RANDOM, *paired, "--games", "6", "--out", str(part)]) == 0
    assert main([*RANDOM, *paired, "--games", "6", "--out", str(part), "--extend", "6"]) == 0
    longer, once = results(part), results(whole)
    assert longer["games"] == once["games"]
    assert longer["standings"] == once["standings"]
    assert longer["paired"] == once["paired"]
    sittings = longer["sittings_seconds"]
    assert longer["games_requested"] == 12 and isinstance(sittings, list)
    assert len(sittings) == 2
    head = json.loads((part / JOURNAL).read_text(encoding="utf-8").splitlines()[0])
    assert head["games"] == 12


def test_extend_plays_the_games_a_cut_run_lacks_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    whole, part = tmp_path / "whole", tmp_path / "part"
    assert main([*RANDOM, "--games", "9", "--out", str(whole)]) == 0
    with monkeypatch.context() as patched:
        cut_short(patched, 2)
        assert main([*RANDOM, "--games", "6", "--out", str(part)]) == 130
    assert main([*RANDOM, "--out", str(part), "--extend", "3"]) == 0
    assert results(part)["games"] == results(whole)["games"]


def test_extend_refuses_another_tournament(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*RANDOM, "--games", "3", "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    err = fails([*RANDOM, "--games", "3", "--out", str(tmp_path), "--extend", "3",
                 "--paired"], capsys)
    assert "--extend:" in err and "is another tournament: paired False there, True here" in err


@pytest.mark.parametrize(("extra", "named"), [
    (["--sprt", "0,5,0.05"], "--sprt '0,5,0.05': give four values"),
    (["--sprt", "0,5,1.5,0.05"], "--sprt: alpha must be between 0 and 1, not 1.5"),
    (["--sprt", "0,5,0.05,-1"], "--sprt: beta must be between 0 and 1, not -1"),
    (["--sprt", "5,0,0.05,0.05"], "--sprt: elo0 (5) must be below elo1 (0)"),
    (["--sprt", "a,5,0.05,0.05"], "--sprt: elo0 'a' is not a number"),
    (["--sprt", "0,5,0.05,0.05", "--until-significant"], "give --sprt or --until-significant"),
    (["--extend", "3"], "--extend adds games to the tournament in --out DIR: give --out"),
    (["--extend", "0", "--out", "x"], "--extend must be 1 or more, not 0"),
    (["--extend", "3", "--out", "x", "--resume"], "leave out --resume"),
])
def test_bad_sequencing_arguments_are_refused(extra: list[str], named: str,
                                              capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert named in fails([*DUEL, *extra], capsys)


def test_sprt_with_three_entrants_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = fails([*RANDOM, "--bots", "random,random:trades=false,heuristic", "--sprt",
                 "0,5,0.05,0.05"], capsys)
    assert "--sprt compares two entrants, and --bots gives 3" in err


def test_extend_needs_a_journal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert f"--extend: {tmp_path} has no {JOURNAL}" in fails(
        [*RANDOM, "--out", str(tmp_path), "--extend", "3"], capsys)


def test_a_paired_run_cut_short_resumes_to_the_same_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    whole, part = tmp_path / "whole", tmp_path / "part"
    argv = [*RANDOM, "--games", "9", "--paired"]
    assert main([*argv, "--out", str(whole)]) == 0
    with monkeypatch.context() as patched:
        cut_short(patched, 4)
        assert main([*argv, "--out", str(part)]) == 130
    assert main([*argv, "--out", str(part), "--resume"]) == 0
    assert results(part)["games"] == results(whole)["games"]
    assert results(part)["paired"] == results(whole)["paired"]


def test_a_journal_written_before_paired_was_kept_resumes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*RANDOM, "--games", "3", "--out", str(tmp_path)]) == 0
    path = tmp_path / JOURNAL
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    del head["paired"]
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    assert main([*RANDOM, "--games", "3", "--out", str(tmp_path), "--resume"]) == 0
    capsys.readouterr()
    err = fails([*RANDOM, "--games", "3", "--out", str(tmp_path), "--resume", "--paired"],
                capsys)
    assert "paired False there, True here" in err


def test_extend_adds_its_games_to_those_scheduled(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # 5 games asked for are 6 played (two blocks of 3 seats); one more game is a third
    # block, 9 games, as a run of 7 games asked for
    assert main([*RANDOM, "--games", "5", "--out", str(tmp_path / "part")]) == 0
    assert main([*RANDOM, "--out", str(tmp_path / "part"), "--extend", "1"]) == 0
    assert main([*RANDOM, "--games", "7", "--out", str(tmp_path / "whole")]) == 0
    part, whole = results(tmp_path / "part"), results(tmp_path / "whole")
    assert (part["games_requested"], part["games_played"]) == (7, 9)
    assert part["games"] == whole["games"]
