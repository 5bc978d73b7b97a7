"""examples/train_ndb.py: its environment for MaskablePPO, and the whole path (train,
curve, model, tournaments) in its smoke version. Files and shapes, never strength."""

from __future__ import annotations

import csv
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="the training example needs the train extra")

SCRIPT = Path(__file__).parents[2] / "examples" / "train_ndb.py"
BOUND_SECONDS = 600  # a bound on a hung run, not a timing: the smoke run takes seconds


def example() -> ModuleType:
    """The script as a module (``examples`` is no package)."""
    if "train_ndb" not in sys.modules:
        spec = importlib.util.spec_from_file_location("train_ndb", SCRIPT)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["train_ndb"] = module  # its dataclass looks itself up there
        spec.loader.exec_module(module)
    return sys.modules["train_ndb"]


def test_the_environment_draws_the_seat_and_gives_the_mask() -> None:
    env = example().SeatedGym(4, "random", shaping=0.01)
    seats = []
    for seed in range(12):
        obs, info = env.reset(seed=seed)
        seats.append(info["seat"])
        assert env.observation_space.contains(obs)
        assert env.action_masks().dtype == np.bool_ and env.action_masks().any()
    assert set(seats) == {0, 1, 2, 3}
    again = [env.reset(seed=seed)[1]["seat"] for seed in range(12)]
    assert again == seats


def test_a_game_ends_with_the_learner_s_win_share() -> None:
    env = example().SeatedGym(3, "heuristic")
    env.reset(seed=4)
    done, info = False, {}
    rng = np.random.default_rng(4)
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, _, done, _, info = env.step(action)
    table = env._env.table
    winners = table.result().winners
    expected = 1 / len(winners) if env._env.seat in winners else 0.0
    # once the game is over every id is allowed (and ignored): bohnen.rl.gym
    assert info["win"] == expected and env.action_masks().all()


@pytest.mark.parametrize("game", ["ndb", "bohnanza"])
def test_the_smoke_run_writes_model_curve_and_reports(tmp_path: Path, game: str) -> None:
    out = tmp_path / "run"
    done = subprocess.run([sys.executable, str(SCRIPT), "--smoke", "--seed", "2",
                           "--game", game, "--out", str(out)], capture_output=True, text=True,
                          timeout=BOUND_SECONDS, check=False)
    assert done.returncode == 0, done.stderr
    assert (out / "model.zip").stat().st_size > 0
    assert (out / "learning_curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with (out / "learning_curve.csv").open() as file:
        rows = list(csv.DictReader(file))
    assert rows and set(rows[0]) == {"timesteps", "opponents", "win", "return", "length"}
    steps = [int(row["timesteps"]) for row in rows]
    assert steps == sorted(steps) and all(0 <= float(row["win"]) <= 1 for row in rows)
    report = json.loads((out / "report.json").read_text())
    assert report["settings"]["timesteps"] == 512 and report["training_games"] == len(rows)
    for opponent in ("random", "heuristic"):
        results = json.loads((out / f"vs-{opponent}" / "results.json").read_text())
        assert results["games_played"] == 4 and results["game"] == game
        assert results["bots"] == [f"policy:model={out / 'model.zip'}"] + [opponent] * 3
        standing = report["tournaments"][opponent]
        low, high = standing["win_share_95"]
        assert standing["games"] == 4 and 0 <= low <= standing["win_share"] <= high <= 1
        assert f"policy against {opponent}: win share" in done.stdout


@pytest.mark.parametrize("args", [
    ["--timesteps", "0"], ["--players", "7"], ["--games", "0"], ["--game", "hansa"],
    ["--game", "bohnanza", "--players", "6"], ["--game", "bohnanza", "--shaping", "0.1"],
    ["--opponents", "random,nosuchbot"],
])
def test_bad_arguments_are_refused(tmp_path: Path, args: list[str]) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), *args, "--out", str(tmp_path / "r")],
                          capture_output=True, text=True, timeout=BOUND_SECONDS, check=False)
    assert done.returncode == 2 and "error:" in done.stderr
    assert not (tmp_path / "r").exists()
