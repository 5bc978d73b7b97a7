"""The ``policy`` column of a dataset (issue 37, item 2): the ``policy:`` bot's
distribution over the ids legal in each row's draft; null for a bot without one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="the policy bot needs the train extra")

import gymnasium
from gymnasium import spaces
from sb3_contrib import MaskablePPO

from bohnen.rl import dataset
from bohnen.rl.dataset import DatasetSpec
from bohnen.rl.encodings import make_encoding


class Shapes(gymnasium.Env[Any, Any]):
    """Only the spaces of 3-player ndb's encoding: enough to make an untrained model."""

    def __init__(self) -> None:
        enc = make_encoding("ndb", 3)
        self.observation_space = spaces.Box(0, 1, (enc.observation_size,), np.float32)
        self.action_space = spaces.Discrete(enc.action_count)


@pytest.fixture(scope="module")
def model_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    model = MaskablePPO("MlpPolicy", Shapes(), n_steps=8, batch_size=8, seed=2,
                        device="cpu", policy_kwargs={"net_arch": [16]})
    path = tmp_path_factory.mktemp("policy") / "model.zip"
    model.save(path)
    return path


def test_the_policy_bots_rows_carry_its_distribution_over_the_legal_ids(
        model_file: Path, tmp_path: Path) -> None:
    bots = (f"policy:model={model_file}", "random", "heuristic")
    spec = DatasetSpec("ndb", 3, bots, 1, 4, games_per_file=1)
    dataset.make_local(spec, tmp_path, dataset.prepare(tmp_path, spec, False), 1,
                       lambda _: None)
    rows = dataset.read(tmp_path).to_pydict()
    seen = 0
    for i, seat in enumerate(rows["seat"]):
        if seat != 0:
            assert rows["policy"][i] is None
            continue
        seen += 1
        assert rows["bot"][i] == "policy:model.zip"
        policy = np.asarray(rows["policy"][i])
        mask = np.asarray(rows["action_mask"][i])
        assert policy[mask == 0].tolist() == [0.0] * int((mask == 0).sum())
        assert policy[mask == 1].sum() == pytest.approx(1.0, abs=1e-5)
        assert (policy[mask == 1] > 0).all()
        assert rows["action_id"][i] == int(np.argmax(policy))  # it plays its likeliest id
    assert seen
