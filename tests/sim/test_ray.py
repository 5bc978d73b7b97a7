"""The Ray backend on a local Ray instance that the test starts and stops: the same
games as the local backend, and the same results from the command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from bohnen.cli import main
from bohnen.core import get_game
from bohnen.sim.local import LocalBackend
from bohnen.sim.ray_backend import RayBackend
from bohnen.sim.tournament import TournamentSpec, run_tournament

ray = pytest.importorskip("ray")


def test_a_tournament_starts_and_stops_its_own_ray() -> None:
    assert not ray.is_initialized()
    options = get_game("ndb").options(3).to_json()
    spec = TournamentSpec("ndb", options, ("random",) * 3, 2, 6)
    on_ray = run_tournament(spec, RayBackend())
    assert not ray.is_initialized()
    assert on_ray.outcomes == run_tournament(spec, LocalBackend(1)).outcomes


@pytest.fixture(scope="module")
def local_ray() -> Iterator[ModuleType]:
    ray.init(num_cpus=2, include_dashboard=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_ray_plays_the_same_games_as_local(local_ray: ModuleType) -> None:
    bots = ("random", "random:trades=false", "random", "random")
    options = get_game("bohnanza").options(4).to_json()
    spec = TournamentSpec("bohnanza", options, bots, 11, 20, record=True)
    on_ray = run_tournament(spec, RayBackend())
    on_one = run_tournament(spec, LocalBackend(1))
    assert not on_ray.interrupted
    assert on_ray.played == 20
    assert on_ray.outcomes == on_one.outcomes
    assert local_ray.is_initialized()  # a Ray it did not start is left running


def test_command_line_on_ray_matches_local(local_ray: ModuleType, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "ndb", "--bots", "random,random,random", "--games", "9",
            "--seed", "4"]
    assert main([*argv, "--backend", "ray", "--out", str(tmp_path / "ray")]) == 0
    assert main([*argv, "--workers", "2", "--out", str(tmp_path / "local")]) == 0
    printed = capsys.readouterr().out
    assert "· ray" in printed and "· local" in printed
    results = [json.loads((tmp_path / name / "results.json").read_text(encoding="utf-8"))
               for name in ("ray", "local")]
    assert results[0]["games"] == results[1]["games"]
    assert results[0]["standings"] == results[1]["standings"]
    assert len(list((tmp_path / "ray" / "records").iterdir())) == 9


def test_paired_deals_stopped_by_the_sprt_are_the_same_on_ray(
        local_ray: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "ndb", "--bots", "heuristic,random,random", "--games", "60",
            "--seed", "3", "--paired", "--sprt", "0,100,0.05,0.05"]
    assert main([*argv, "--backend", "ray", "--out", str(tmp_path / "ray")]) == 0
    assert main([*argv, "--out", str(tmp_path / "local")]) == 0
    results = [json.loads((tmp_path / name / "results.json").read_text(encoding="utf-8"))
               for name in ("ray", "local")]
    assert results[0]["stopping"]["decided"] is True
    assert results[0]["games_played"] < 60
    for key in ("games", "standings", "paired", "stopping"):
        assert results[0][key] == results[1][key]
