"""``bohnen simulate``: the table and JSON agree with the runner; records replay."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from bohnen.bots import make_bot
from bohnen.cli import app
from bohnen.cli.game_options import parse_value
from bohnen.cli.seats import split_specs
from bohnen.cli.simulate import make_setup, run
from bohnen.cli.tables import totals_table
from bohnen.core import GameRecord, get_game
from bohnen.core.rng import derive
from bohnen.sim.runner import Summary, simulate

RUNNER = CliRunner()


def invoke(*args: str) -> str:
    result = RUNNER.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def simulate_json(*args: str) -> dict[str, Any]:
    data = json.loads(invoke("simulate", "bohnanza", "--json", *args))
    assert isinstance(data, dict)
    return data


def runner_json(players: int, seed: int, games: int, specs: list[str],
                **overrides: Any) -> dict[str, Any]:
    game = get_game("bohnanza")
    options = game.options(players, **overrides)
    summary = simulate(game, options, seed, games, [make_bot(s) for s in specs])
    return summary.to_json()


def without_speed(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "games_per_second"}


def test_json_gives_the_runner_figures_for_the_same_seed() -> None:
    data = simulate_json("--players", "3", "--games", "4", "--seed", "7")
    expected = runner_json(3, 7, 4, ["random"] * 3)
    assert set(expected) <= set(data)
    assert {k: data[k] for k in expected if k != "games_per_second"} == without_speed(expected)
    assert data["seed"] == 7
    assert data["bots"] == ["random"] * 3
    assert data["options"] == get_game("bohnanza").options(3).to_json()
    assert data["games_per_second"] > 0


def test_same_seed_gives_the_same_json() -> None:
    first = simulate_json("-p", "4", "-n", "3", "-s", "11")
    second = simulate_json("-p", "4", "-n", "3", "-s", "11")
    assert without_speed(first) == without_speed(second)


def test_another_seed_gives_other_games() -> None:
    first = simulate_json("-p", "3", "-n", "3", "-s", "1")
    second = simulate_json("-p", "3", "-n", "3", "-s", "2")
    assert without_speed(first) != without_speed(second)


def test_table_shows_every_figure_of_the_json() -> None:
    args = ("--players", "3", "--games", "3", "--seed", "5")
    data = simulate_json(*args)
    text = invoke("simulate", "bohnanza", *args)
    assert "mean talers" in text and "win share" in text and "games per second" in text
    for score, share in zip(data["mean_score"], data["win_share"], strict=True):
        assert f"{score:.3f}" in text
        assert f"{share:.1%}" in text
    for key in ("games", "mean_turns", "mean_actions"):
        assert str(data[key]) in text


def test_bots_give_one_spec_per_seat() -> None:
    specs = ["random:trades=false", "random", "random:trades=false"]
    data = simulate_json("-p", "3", "-n", "3", "-s", "3", "--bots", ",".join(specs))
    assert data["bots"] == specs
    expected = runner_json(3, 3, 3, specs)
    assert {k: data[k] for k in expected if k != "games_per_second"} == without_speed(expected)


def test_a_single_bot_spec_sits_in_every_seat() -> None:
    data = simulate_json("-p", "5", "-n", "2", "--bots", "random:trades=false")
    assert data["bots"] == ["random:trades=false"] * 5


def test_options_reach_the_game() -> None:
    data = simulate_json("-p", "3", "-n", "2", "-s", "9", "--option", "trading=open",
                         "--option", "max_proposals_per_turn=none",
                         "-o", "tie-break=most_cards_in_hand", "-o", "third_field_cost=2")
    overrides: dict[str, Any] = {"trading": "open", "max_proposals_per_turn": None,
                                 "tie_break": "most_cards_in_hand", "third_field_cost": 2}
    assert data["options"] == get_game("bohnanza").options(3, **overrides).to_json()
    expected = runner_json(3, 9, 2, ["random"] * 3, **overrides)
    assert data["mean_score"] == expected["mean_score"]
    assert data["mean_actions"] == expected["mean_actions"]


def test_record_writes_one_replayable_record_per_game(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "records"
    data = simulate_json("-p", "3", "-n", "3", "-s", "21", "--record", str(folder))
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"bohnanza-{i}.json" for i in range(3)]
    totals = [0, 0, 0]
    for index, path in enumerate(files):
        record = GameRecord.load(path)
        assert record.seed == derive(21, index)
        assert record.result is not None
        totals = [t + s for t, s in zip(totals, record.result.scores, strict=True)]
        assert "record OK" in invoke("replay", str(path))
    assert [round(t / 3, 3) for t in totals] == data["mean_score"]


def test_the_progress_bar_changes_no_figure() -> None:
    shown = run(make_setup("bohnanza", 3, 3, 13), show_progress=True).to_json()
    assert without_speed(shown) == without_speed(runner_json(3, 13, 3, ["random"] * 3))


@pytest.mark.parametrize(("text", "specs"), [
    ("random", ["random"]),
    ("random,random:trades=false", ["random", "random:trades=false"]),
    ("random:trades=false,x=1,random", ["random:trades=false,x=1", "random"]),
    (" random , random ", ["random", "random"]),
])
def test_bot_specs_split_on_commas_between_bots(text: str, specs: list[str]) -> None:
    assert split_specs(text) == specs


@pytest.mark.parametrize(("text", "value"), [
    ("true", True), ("False", False), ("none", None), ("12", 12), ("-3", -3),
    ("open", "open"), ("most_cards_in_hand", "most_cards_in_hand"),
])
def test_option_values_are_parsed(text: str, value: object) -> None:
    assert parse_value(text) == value
    assert type(parse_value(text)) is type(value)


def _totals(games: int, seconds: float) -> str:
    summary = Summary("bohnanza", 4, "talers", games=games, seconds=seconds)
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(totals_table(summary.to_json()))
    return " ".join(console.export_text().replace("│", " ").split())


@pytest.mark.parametrize(("games", "seconds", "rate", "shown"), [
    (1, 40.0, 0.025, "seconds per game 40"),  # was "games per second 0.0"
    (3, 7.0, 0.429, "seconds per game 2.33"),
    (2, 0.5, 4.0, "games per second 4.0"),
    (1000, 1.7, 588.2, "games per second 588.2"),
])
def test_the_speed_of_slow_games_is_not_zero(games: int, seconds: float, rate: float,
                                             shown: str) -> None:
    """A slow bot's single game printed "games per second 0.0"."""
    assert Summary("bohnanza", 4, games=games, seconds=seconds).to_json()[
        "games_per_second"] == rate
    assert shown in _totals(games, seconds)
