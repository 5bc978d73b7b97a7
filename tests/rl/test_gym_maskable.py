"""The Gymnasium environment with sb3-contrib's MaskablePPO (issue 37): it finds
``action_masks()`` on the env made by ``gymnasium.make``, with no ``ActionMasker``."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="MaskablePPO is in the train extra")

from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import (
    get_action_masks,
    is_masking_supported,
)

import bohnen.rl  # noqa: F401  (enters the environments in Gymnasium's registry)
from bohnen.rl.encodings import GAMES

IDS = {"ndb": "bohnen/Ndb-v0", "bohnanza": "bohnen/Bohnanza-v0", "hansa": "bohnen/Hansa-v0"}


def legal_id(mask: np.ndarray, rng: random.Random) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("game", GAMES)
def test_action_masks_is_the_observations_mask_where_sb3_contrib_looks(game: str) -> None:
    env = gymnasium.make(IDS[game], bots="random")
    assert is_masking_supported(env)
    obs, _ = env.reset(seed=3)
    rng = random.Random(3)
    for _ in range(20):
        masks = get_action_masks(env)
        assert masks.dtype == np.bool_
        np.testing.assert_array_equal(masks, obs["action_mask"].astype(bool))
        obs, _, terminated, _, _ = env.step(legal_id(obs["action_mask"], rng))
        if terminated:
            break


def test_maskable_ppo_learns_without_an_action_masker() -> None:
    env = gymnasium.make("bohnen/Ndb-v0", players=3, bots="random")
    model = MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32, n_epochs=1,
                        seed=0, device="cpu")
    model.learn(128)
    assert model.num_timesteps >= 128
