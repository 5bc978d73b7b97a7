"""Self-play training (bohnen.rl.selfplay, examples/selfplay.py): the pool, the
demonstrations and cloning, and a tiny run that stops and goes on where it stopped.
Files, counts and shapes, never strength."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="self-play needs the train extra")

from bohnen.rl.imitation import agreement, clone, demonstrate
from bohnen.rl.ndb import NdbEncoding
from bohnen.rl.selfplay.pool import HEURISTIC, Pool, PoolGym
from bohnen.rl.selfplay.run import Settings, _new, export, run

SCRIPT = Path(__file__).parents[2] / "examples" / "selfplay.py"
BOUND_SECONDS = 600  # a bound on a hung run, not a timing
TINY = Settings(timesteps=256, eval_every=128, eval_games=2, pool_size=2, clone_games=1,
                clone_epochs=1, envs=2, n_steps=64, batch_size=64)


def test_the_pool_keeps_the_last_checkpoints_and_draws_the_heuristic_at_its_share() -> None:
    pool = Pool(2, 0.0)
    rng = np.random.default_rng(0)
    assert pool.draw(rng) == HEURISTIC  # no checkpoint yet
    for name in ("a.zip", "b.zip", "c.zip"):
        pool.add(name)
    assert pool.checkpoints == ["b.zip", "c.zip"]
    assert {pool.draw(rng) for _ in range(50)} == {"policy:model=b.zip", "policy:model=c.zip"}
    assert {Pool(2, 1.0, ["b.zip"]).draw(rng) for _ in range(20)} == {HEURISTIC}
    half = [Pool(2, 0.5, ["b.zip"]).draw(rng) for _ in range(400)]
    assert 150 < half.count(HEURISTIC) < 250
    with pytest.raises(ValueError, match="share"):
        Pool(2, 1.5)


def test_the_pool_environment_seats_drawn_opponents_and_ends_with_the_win() -> None:
    env = PoolGym(NdbEncoding(4), Pool(2, 1.0))
    obs, _ = env.reset(seed=3)
    assert env.observation_space.contains(obs) and env.opponents == [HEURISTIC] * 3
    done, rng = False, np.random.default_rng(3)
    end: dict[str, Any] = {}
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, _, done, _, end = env.step(action)
    assert 0.0 <= end["win"] <= 1.0 and env.finished_games() == 1
    assert env.finished_games() == 0


def test_the_demonstrations_are_the_heuristic_s_ids_each_legal_where_it_was_chosen() -> None:
    encoding = NdbEncoding(4)
    demos = demonstrate(encoding, 2, seed=7)
    assert demos.skipped == 0 and demos.games == 2
    assert demos.observations.shape == (len(demos), encoding.observation_size)
    assert demos.masks[np.arange(len(demos)), demos.actions].all()
    # every seat's ids, each game's win shares adding up to 1 over its seats
    again = demonstrate(encoding, 2, seed=7)
    assert np.array_equal(again.actions, demos.actions)  # the same seeds, the same play
    assert set(np.unique(demos.wins)) <= {0.0, 1.0, 0.5, 1 / 3, 0.25}


def test_cloning_fits_the_policy_to_the_heuristic_s_ids() -> None:
    from stable_baselines3.common.vec_env import DummyVecEnv

    encoding = NdbEncoding(4)
    venv = DummyVecEnv([lambda: PoolGym(encoding, Pool(1, 1.0))])
    model = _new(venv, TINY)
    demos = demonstrate(encoding, 2, seed=1)
    before = agreement(model, demos)
    report = clone(model, demos, epochs=3, seed=0)
    assert report.losses[-1] < report.losses[0]
    assert report.agreement[-1] == agreement(model, demos) > before


def test_a_run_writes_its_curve_and_goes_on_from_its_last_checkpoint(tmp_path: Path) -> None:
    first = run(TINY, tmp_path, log=lambda _: None)
    assert first.timesteps == 256 and first.pool == ["step-000000128.zip",
                                                     "step-000000256.zip"]
    rows = (tmp_path / "curve.csv").read_text().splitlines()
    assert [line.split(",")[0] for line in rows[1:]] == ["0", "128", "256"]
    assert (tmp_path / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    later = run(Settings(timesteps=512), tmp_path, log=lambda _: None)  # its own settings
    assert later.settings == Settings(**{**TINY.__dict__, "timesteps": 512})
    assert later.timesteps == 512 and later.games >= first.games
    assert later.pool == ["step-000000384.zip", "step-000000512.zip"]
    more = (tmp_path / "curve.csv").read_text().splitlines()
    assert more[:len(rows)] == rows and [line.split(",")[0] for line in more[len(rows):]] \
        == ["384", "512"]
    assert json.loads((tmp_path / "run.json").read_text())["timesteps"] == 512
    assert (tmp_path / "model.zip").read_bytes() == \
        (tmp_path / "checkpoints" / "step-000000512.zip").read_bytes()
    export(tmp_path / "model.zip", tmp_path / "export.zip")  # no optimizer state: smaller
    assert (tmp_path / "export.zip").stat().st_size < (tmp_path / "model.zip").stat().st_size
    from sb3_contrib import MaskablePPO

    exported = MaskablePPO.load(tmp_path / "export.zip", device="cpu")
    trained = MaskablePPO.load(tmp_path / "model.zip", device="cpu")
    mine, theirs = exported.policy.state_dict(), trained.policy.state_dict()
    assert mine.keys() == theirs.keys()
    assert all(bool((mine[key] == theirs[key]).all()) for key in mine)


def test_the_script_s_smoke_run_goes_on_with_the_same_curve(tmp_path: Path) -> None:
    out = tmp_path / "run"
    for timesteps in ("512", "768"):
        done = subprocess.run([sys.executable, str(SCRIPT), "--smoke", "--out", str(out),
                               "--timesteps", timesteps], capture_output=True, text=True,
                              timeout=BOUND_SECONDS, check=False)
        assert done.returncode == 0, done.stderr
    assert "going on from step-000000512.zip at 512 timesteps" in done.stdout
    with (out / "curve.csv").open() as file:
        steps = [int(row["timesteps"]) for row in csv.DictReader(file)]
    assert steps == [0, 256, 512, 768]


@pytest.mark.parametrize("args", [
    ["--timesteps", "0"], ["--players", "7"], ["--game", "hansa"], ["--pool-size", "0"],
    ["--heuristic-share", "2"], ["--game", "bohnanza", "--shaping", "0.1"],
    ["--clone-games", "-1"],
])
def test_bad_arguments_are_refused(tmp_path: Path, args: list[str]) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), *args, "--out", str(tmp_path / "r")],
                          capture_output=True, text=True, timeout=BOUND_SECONDS, check=False)
    assert done.returncode == 2 and "error:" in done.stderr
    assert not (tmp_path / "r").exists()


def test_a_bohnanza_run_clones_trains_and_evaluates(tmp_path: Path) -> None:
    settings = Settings(**{**TINY.__dict__, "game": "bohnanza", "timesteps": 128})
    done = run(settings, tmp_path, log=lambda _: None)
    assert done.timesteps == 128 and done.clone["ids"] > 0
    rows = (tmp_path / "curve.csv").read_text().splitlines()
    assert [line.split(",")[0] for line in rows[1:]] == ["0", "128"]
