"""``bohnen tournament``: the table, the files of --out, Ctrl-C, and bad input."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pytest
from rich.console import Console

import bohnen.sim.tournament as tournament_module
from bohnen.cli import main
from bohnen.cli.tournament import Setup, make_setup, report, rotation_warning, standings_table
from bohnen.core import GameRecord, get_game, replay
from bohnen.sim.local import LocalBackend
from bohnen.sim.ratings import standings
from bohnen.sim.schedule import incomplete_blocks
from bohnen.sim.tournament import GameOutcome, TournamentRun, TournamentSpec

BOTS = "random,random,random:trades=false"
BASE = ["tournament", "bohnanza", "--bots", BOTS, "--seed", "2"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def load(path: Path) -> dict[str, object]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_out_writes_results_records_and_plots(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deep" / "out"
    assert main([*BASE, "--games", "5", "--out", str(out)]) == 0
    printed, err = capsys.readouterr()
    assert "5 games rounded up to 6, a multiple of the 3 seat rotations" in err
    for name in ("random", "random:trades=false", "win", "rating", "per seat",
                 "time per move"):
        assert name in printed
    assert "random#" not in printed  # the two random seats are one entrant
    data = load(out / "results.json")
    assert (data["games_requested"], data["games_scheduled"], data["games_played"]) == (5, 6, 6)
    assert data["interrupted"] is False
    games = data["games"]
    assert isinstance(games, list) and len(games) == 6
    standings = data["standings"]
    assert isinstance(standings, list)
    assert sum(s["wins"] for s in standings) == pytest.approx(6, abs=1e-3)
    # random holds two seats of every game: 12 seat-games (docs/bots.md)
    assert {s["bot"]: s["games"] for s in standings} == {"random": 12, "random:trades=false": 6}
    for s in standings:
        low, high = s["win_share_95"]
        assert low <= s["win_share"] <= high
    with (out / "results.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 18
    assert set(rows[0]) == {"game", "seed", "seat", "bot", "talers", "win", "place"}
    for game in games:
        record = GameRecord.load(out / "records" / f"bohnanza-{game['index']}.json")
        assert record.seed == game["seed"]
        assert list(replay(record).result().scores) == game["scores"]
        mine = [r for r in rows if int(r["game"]) == game["index"]]
        assert [int(r["talers"]) for r in mine] == game["scores"]
        assert [r["bot"] for r in mine] == game["seats"]
    with (out / "standings.csv").open(encoding="utf-8") as handle:
        assert len(list(csv.DictReader(handle))) == 2  # random's two seats pooled
    png = (out / "plots.png").read_bytes()
    assert png.startswith(PNG_SIGNATURE) and len(png) > 5000


def test_results_json_carries_the_figures_per_seat_and_the_time_per_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main([*BASE, "--games", "3", "--out", str(out), "--move-budget", "0.5"]) == 0
    capsys.readouterr()
    data = load(out / "results.json")
    seats = data["seat_standings"]
    assert isinstance(seats, list)
    # every position sits once in every seat: random (two positions) 2 games per seat
    assert [(s["bot"], s["seat"], s["games"]) for s in seats] == [
        ("random", 0, 2), ("random", 1, 2), ("random", 2, 2),
        ("random:trades=false", 0, 1), ("random:trades=false", 1, 1),
        ("random:trades=false", 2, 1)]
    assert sum(s["wins"] for s in seats) == pytest.approx(3, abs=1e-3)
    times = data["move_times"]
    assert isinstance(times, list) and [t["bot"] for t in times] == [
        "random", "random:trades=false"]
    games = data["games"]
    assert isinstance(games, list)
    # every decision of every game timed, none asked of a bot twice
    assert sum(t["moves"] for t in times) == sum(g["actions"] for g in games)
    for entry in times:
        assert entry["budget"] == 0.5 and isinstance(entry["over"], int)
        assert {"mean", "p99", "max", "histogram"} <= set(entry)
    assert data["move_budget"] == 0.5


def test_without_out_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["tournament", "ndb", "--bots", "random,random,random", "--games", "3"]) == 0
    printed, err = capsys.readouterr()
    assert "ndb · 3 players · 3 games · seed 0" in printed
    assert "mean" in printed and "points" in printed
    assert err == ""
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_writes_what_was_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    real = tournament_module.play_pairing
    calls: list[int] = []

    def interrupted_at_fourth_game(*args: object, **kwargs: object) -> GameOutcome:
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tournament_module, "play_pairing", interrupted_at_fourth_game)
    out = tmp_path / "out"
    assert main([*BASE, "--games", "9", "--out", str(out)]) == 130
    printed, err = capsys.readouterr()
    assert "interrupted: 3 of 9 games played" in err
    assert "interrupted after 3 of 9 games" in " ".join(printed.split())
    data = load(out / "results.json")
    assert data["interrupted"] is True
    assert data["games_played"] == 3
    assert sorted(p.name for p in (out / "records").iterdir()) == [
        "bohnanza-0.json", "bohnanza-1.json", "bohnanza-2.json"]
    assert (out / "plots.png").read_bytes().startswith(PNG_SIGNATURE)


def fails(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert out == ""
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("bohnen: error: "), err
    return err


@pytest.mark.parametrize(("argv", "named"), [
    (["tournament", "bohnanza"], "Missing option '--bots'"),
    (["tournament", "skat", "--bots", "random"], "unknown game 'skat'"),
    (["tournament", "bohnanza", "--bots", "random,genius,random"], "unknown bot 'genius'"),
    (["tournament", "bohnanza", "--bots", "random,random"], "--bots gives 2 bots"),
    (["tournament", "bohnanza", "--bots", "random"], "bohnanza is played by 3 to 5"),
    (["tournament", "bohnanza", "--bots", ",".join(["random"] * 6)], "--bots gives 6 bots"),
    (["tournament", "bohnanza", "--bots", "random,,random"], "empty bot spec"),
    ([*BASE, "--workers", "0"], "--workers must be 1 or more, not 0"),
    ([*BASE, "--workers", "two"], "'--workers'"),
    ([*BASE, "--games", "-3"], "--games must be 0 or more"),
    ([*BASE, "--backend", "mars"], "--backend must be one of local, ray"),
    ([*BASE, "--address", "auto"], "--address needs --backend ray"),
    ([*BASE, "--backend", "ray", "--workers", "2"], "--workers is for --backend local"),
    ([*BASE, "--option", "colour=green"], "unknown option(s) colour"),
])
def test_bad_input_gives_one_line(argv: list[str], named: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert named in fails(argv, capsys)


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf"])
def test_a_move_budget_that_is_not_a_positive_number_of_seconds_is_refused(
        seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    err = fails([*BASE, "--move-budget", seconds], capsys)
    assert "--move-budget must be a positive number of seconds" in err


def test_unwritable_out_is_refused_before_playing(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    err = fails([*BASE, "--out", str(blocker)], capsys)
    assert f"--out {blocker}: cannot write there" in err
    err = fails([*BASE, "--out", str(blocker / "sub")], capsys)
    assert "cannot write there" in err


def test_missing_ray_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    err = fails([*BASE, "--backend", "ray"], capsys)
    assert "pip install 'bohnen[ray]'" in err


def test_a_long_bot_spec_folds_and_leaves_the_figures_whole(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    long = "random:trades=false" + "".join(",trades=false" for _ in range(4))
    assert main(["tournament", "bohnanza", "--bots", f"{long},random,random",
                 "--games", "3", "--seed", "2"]) == 0
    printed = capsys.readouterr().out
    assert "…" not in printed
    assert max(len(line) for line in printed.splitlines()) <= 80
    assert "interval" in printed and "rating" in printed
    standings_part = printed.split("per seat")[0]
    rows = [line for line in standings_part.splitlines() if line.split()[:1] == ["random"]]
    assert len(rows) == 1 and "%" in rows[0]  # the two random seats are one entrant


def test_the_table_lists_the_best_win_share_first_with_the_rating_beside_it() -> None:
    # By hand: alpha wins 2 of 6 games and is last in the others, charlie wins 4 and is
    # last in the others, bravo is second in all six (no wins, but a rating above
    # alpha's). Best rating first would give charlie, bravo, alpha.
    seatings = [(0, 1, 2), (2, 1, 0), (2, 1, 0), (0, 1, 2), (2, 1, 0), (2, 1, 0)]
    outcomes = [GameOutcome(i, i, seats, (9, 5, 1), (0,), "end", 10, 100)
                for i, seats in enumerate(seatings)]
    names = ["alpha", "bravo", "charlie"]
    spec = TournamentSpec("bohnanza", {}, tuple(names), 1, 6)
    setup = Setup(get_game("bohnanza"), spec, names, LocalBackend(), None)
    text = io.StringIO()
    Console(file=text, width=120).print(standings_table(
        setup, TournamentRun(spec, 6, outcomes), standings(outcomes, names)))
    printed = text.getvalue()
    rows = [line.split() for line in printed.splitlines()
            if line.split() and line.split()[0] in names]
    assert [row[0] for row in rows] == ["charlie", "alpha", "bravo"]
    assert [row[2:4] for row in rows] == [["4.0", "66.7%"], ["2.0", "33.3%"], ["0.0", "0.0%"]]
    ratings = {row[0]: float(row[-2]) for row in rows}  # the rating's mu, beside the share
    assert ratings["bravo"] > ratings["alpha"]


def _hand_made_run(played: int) -> tuple[Setup, TournamentRun]:
    """A three-bot tournament of 9 games of which the first ``played`` are made up:
    seat 0 wins each."""
    setup = make_setup("bohnanza", "random,random,random:trades=false", 9, 2)
    pairings = setup.spec.pairings()
    outcomes = [GameOutcome(p.index, p.seed, p.seats, (3, 2, 1), (0,), "deck", 10, 100)
                for p in pairings[:played]]
    return setup, TournamentRun(setup.spec, len(pairings), outcomes,
                                interrupted=played < len(pairings))


def test_a_run_with_incomplete_seat_rotations_warns_how_many_blocks(
        capsys: pytest.CaptureFixture[str]) -> None:
    setup, run = _hand_made_run(played=4)  # block 0 whole, block 1 one game of three
    assert run.incomplete_blocks == 1
    assert report(setup, run) == 130
    err = capsys.readouterr().err
    assert "warning: 1 block of seat rotations is incomplete" in err
    assert "seat advantage is not balanced" in err


def test_a_run_with_whole_blocks_does_not_warn(capsys: pytest.CaptureFixture[str]) -> None:
    for played in (0, 3, 9):
        setup, run = _hand_made_run(played)
        assert run.incomplete_blocks == 0 and rotation_warning(run) is None
        report(setup, run)
        assert "warning" not in capsys.readouterr().err


def test_incomplete_blocks_counts_blocks_begun_and_not_finished() -> None:
    assert incomplete_blocks([], 3) == 0
    assert incomplete_blocks([0, 1, 2, 3, 4, 5], 3) == 0
    assert incomplete_blocks([0, 2, 4, 6, 7, 8, 9], 3) == 3  # blocks 0, 1 and 3
    assert incomplete_blocks([5, 7], 4) == 1  # both in block 1
    assert incomplete_blocks([3, 4], 4) == 2  # one each in blocks 0 and 1
