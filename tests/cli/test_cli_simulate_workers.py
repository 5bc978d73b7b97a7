"""``bohnen simulate``: the 95% interval of each win share, and ``--workers N``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from bohnen.bots import make_bot
from bohnen.cli import app, main
from bohnen.cli.simulate import win_intervals
from bohnen.cli.tables import seats_table
from bohnen.core import get_game
from bohnen.sim.runner import Played, Summary, simulate
from bohnen.sim.series import simulate_parallel

RUNNER = CliRunner()


def ten_games() -> Summary:
    """Ten two-player games: seat 0 won 3, seat 1 won 7."""
    return Summary("bohnanza", 2, games=10, scores=[0, 0], wins=[3.0, 7.0])


def test_win_intervals_match_a_hand_computation() -> None:
    """Wilson's interval, z = 1.959964 (z² = 3.841459), n = 10.

    Seat 0, p = 0.3: z²/n = 0.3841459; centre = (0.3 + 0.3841459/2) / 1.3841459
    = 0.492073 / 1.384146 = 0.355509; half = z / 1.3841459 * sqrt(0.3 * 0.7 / 10
    + 3.841459 / 400) = 1.416010 * sqrt(0.0306036) = 1.416010 * 0.174939 = 0.247715;
    so 0.107794 to 0.603224, rounded to 0.1078 and 0.6032.
    Seat 1, p = 0.7: the mirror image, 1 - 0.603224 = 0.396776 to 1 - 0.107794
    = 0.892206, rounded to 0.3968 and 0.8922.
    """
    assert win_intervals(ten_games()) == [[0.1078, 0.6032], [0.3968, 0.8922]]


def test_win_intervals_of_a_shared_win_count_half_a_win() -> None:
    """2.5 wins in 10 (p = 0.25): centre = (0.25 + 0.192073) / 1.384146 = 0.319383;
    half = 1.416010 * sqrt(0.25 * 0.75 / 10 + 0.0096036) = 1.416010 * 0.168385
    = 0.238435; so 0.080948 to 0.557818, rounded to 0.0809 and 0.5578."""
    summary = Summary("bohnanza", 2, games=10, scores=[0, 0], wins=[2.5, 7.5])
    assert win_intervals(summary)[0] == [0.0809, 0.5578]


def test_no_games_give_no_intervals() -> None:
    assert win_intervals(Summary("bohnanza", 2)) == []


def test_the_table_shows_each_interval_in_percent() -> None:
    """The intervals of the hand computation above, as the tournament prints them."""
    data: dict[str, Any] = {**ten_games().to_json(), "seed": 0, "bots": ["a", "b"],
                            "win_interval": win_intervals(ten_games())}
    console = Console(record=True, width=120)
    console.print(seats_table(data))
    text = console.export_text()
    assert "10.8–60.3%" in text
    assert "39.7–89.2%" in text


def simulate_json(*args: str) -> dict[str, Any]:
    result = RUNNER.invoke(app, ["simulate", "bohnanza", "--json", *args])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_json_gives_an_interval_round_each_win_share() -> None:
    data = simulate_json("-p", "3", "-n", "6", "--seed", "4")
    assert len(data["win_interval"]) == 3
    for share, (low, high) in zip(data["win_share"], data["win_interval"], strict=True):
        assert 0 <= low <= share <= high <= 1


def test_two_workers_give_the_summary_of_one() -> None:
    """Six games of random bots: the figures (all but the speed) are the same."""
    one = simulate_json("-p", "3", "-n", "6", "--seed", "5", "--workers", "1")
    two = simulate_json("-p", "3", "-n", "6", "--seed", "5", "--workers", "2")
    one.pop("games_per_second")
    two.pop("games_per_second")
    assert one == two


def test_two_workers_play_the_games_of_a_serial_run() -> None:
    """Each game, in order: its seed, result, turns and actions."""
    game = get_game("bohnanza")
    options = game.options(3)
    specs = ["random"] * 3
    serial: list[Played] = []
    parallel: list[Played] = []
    simulate(game, options, 5, 6, [make_bot(spec) for spec in specs], on_game=serial.append)
    simulate_parallel(game, options, 5, 6, specs, 2, on_game=parallel.append)

    def games(played: list[Played]) -> list[tuple[object, ...]]:
        return [(p.seed, p.result, p.turns, p.actions) for p in played]

    assert len(serial) == 6
    assert games(parallel) == games(serial)


def test_two_workers_write_the_records_of_one(tmp_path: Path) -> None:
    """Each game's record under its index, the same as a serial run writes."""
    for workers in ("1", "2"):
        simulate_json("-p", "3", "-n", "4", "--seed", "6", "--workers", workers,
                      "--record", str(tmp_path / workers))
    names = sorted(path.name for path in (tmp_path / "1").iterdir())
    assert names == [f"bohnanza-{index}.json" for index in range(4)]
    for name in names:
        assert (tmp_path / "2" / name).read_text() == (tmp_path / "1" / name).read_text()


def test_hansa_simulate_takes_workers_too() -> None:
    """``bohnen hansa simulate --board`` passes --workers on: the serial figures."""
    figures = []
    for workers in ("1", "2"):
        result = RUNNER.invoke(app, ["hansa", "simulate", "--board", "default", "-p", "3",
                                     "-n", "2", "--json", "--workers", workers])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        data.pop("games_per_second")
        figures.append(data)
    assert figures[0] == figures[1]


@pytest.mark.parametrize("workers", ["0", "-2"])
def test_workers_below_one_are_refused_with_a_message(
        workers: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "bohnanza", "-n", "2", "--workers", workers]) != 0
    err = capsys.readouterr().err
    assert f"--workers must be 1 or more, not {workers}" in err
    assert "Traceback" not in err
