"""The policy bot (``policy:model=PATH``): it asks its model by keyword for an id among
the legal ones, plays whole games and tournaments, and refuses a bad model with a
clear error."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="the policy bot needs the train extra")

import gymnasium
from gymnasium import spaces
from sb3_contrib import MaskablePPO

from bohnen.bots import make_bot
from bohnen.cli.main import main
from bohnen.core.registry import get_game
from bohnen.rl import policy_bot
from bohnen.rl.encoding import Mask, Observation
from bohnen.rl.gym import BohnenGym
from bohnen.rl.ndb import NdbEncoding
from bohnen.rl.policy_bot import PolicyBot
from bohnen.sim.runner import play_game


class LastLegal:
    """A stand-in model with MaskablePPO's ``predict`` signature: the highest id the
    mask allows; each call kept."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def predict(self, observation: Observation, state: Any = None, episode_start: Any = None,
                deterministic: bool = False,
                action_masks: Mask | None = None) -> tuple[Any, Any]:
        self.calls.append({"size": observation.shape, "state": state,
                           "episode_start": episode_start, "deterministic": deterministic,
                           "masks": action_masks})
        if action_masks is None:
            return np.int64(0), None  # what an unmasked model may answer: any id
        return np.int64(np.flatnonzero(action_masks)[-1]), None


def test_the_bot_asks_for_a_legal_id_by_keyword_and_plays_a_whole_game() -> None:
    game = get_game("ndb")
    stub = LastLegal()
    bots = [PolicyBot("policy:stub", game, stub), *(make_bot("random", game) for _ in range(3))]
    played = play_game(game, game.options(4), 5, bots)
    assert played.result.scores and stub.calls
    for call in stub.calls:
        assert call["masks"] is not None and call["masks"].any()
        assert call["deterministic"] is True
        assert call["state"] is None and call["episode_start"] is None
        assert call["size"] == (NdbEncoding(4).observation_size,)


class Vector(gymnasium.Wrapper[Any, Any, Any, Any]):
    """BohnenGym with the vector as its observation and the mask by ``action_masks``."""

    def __init__(self, env: BohnenGym) -> None:
        super().__init__(env)
        low, high = env.encoding.bounds()
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self._mask = np.ones(env.encoding.action_count, dtype=bool)

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self._mask = obs["action_mask"].astype(bool)
        return obs["observation"], info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, done, truncated, info = self.env.step(action)
        self._mask = obs["action_mask"].astype(bool)
        return obs["observation"], float(reward), done, truncated, info

    def action_masks(self) -> Any:
        return self._mask


@pytest.fixture(scope="module")
def model_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny MaskablePPO model trained a few steps on 4-player ndb."""
    env = Vector(BohnenGym(NdbEncoding(4), bots="random", illegal="raise"))
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=1,
                        device="cpu", policy_kwargs={"net_arch": [16]})
    model.learn(total_timesteps=64)
    path = tmp_path_factory.mktemp("policy") / "model.zip"
    model.save(path)
    return path


def test_a_trained_model_plays_whole_games_at_every_seat(model_file: Path) -> None:
    game = get_game("ndb")
    for seat in range(3):
        bots = [make_bot("random", game) for _ in range(3)]
        bots[seat] = make_bot(f"policy:model={model_file}", game)
        played = play_game(game, game.options(3), seat, bots)
        assert len(played.result.scores) == 3


def test_a_policy_plays_a_tournament(model_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "t"
    bots = f"policy:model={model_file},random,heuristic"
    assert main(["tournament", "ndb", "--bots", bots, "--games", "3", "--out", str(out)]) == 0
    assert (out / "results.json").is_file()


def test_the_model_is_read_once_per_file_until_it_changes(model_file: Path,
                                                          tmp_path: Path) -> None:
    game = get_game("ndb")
    first = make_bot(f"policy:model={model_file}", game)
    again = make_bot(f"policy:model={model_file}", game)
    assert isinstance(first, PolicyBot) and isinstance(again, PolicyBot)
    assert first.policy is again.policy
    copy = tmp_path / "copy.zip"
    copy.write_bytes(model_file.read_bytes())
    before = policy_bot.load_policy(str(copy))
    copy.write_bytes(model_file.read_bytes() + b"\0")  # changed: its size differs
    assert policy_bot.load_policy(str(copy)) is not before


def test_a_model_of_another_size_is_refused(tmp_path: Path) -> None:
    env = Vector(BohnenGym(NdbEncoding(4), bots="random"))
    env.observation_space = spaces.Box(0, 1, (5,), dtype=np.float32)
    path = tmp_path / "small.zip"
    MaskablePPO("MlpPolicy", env, n_steps=8, batch_size=8, device="cpu").save(path)
    bot = make_bot(f"policy:model={path}", get_game("ndb"))
    assert isinstance(bot, PolicyBot)
    with pytest.raises(ValueError, match=r"shape \(5,\)"):
        bot.encoding(4)


@pytest.mark.parametrize(("content", "fault"), [
    (None, "no model file"),
    (b"not a zip", "is not a MaskablePPO model"),
])
def test_a_bad_model_file_is_refused_with_one_line(tmp_path: Path, content: bytes | None,
                                                   fault: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "model.zip"
    if content is not None:
        path.write_bytes(content)
    bots = f"policy:model={path},random,random"
    assert main(["tournament", "ndb", "--bots", bots, "--games", "3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bohnen: error:") and fault in err and err.count("\n") == 1


def test_the_bot_composes_only_legal_actions_for_any_legal_answer() -> None:
    """Whatever legal id a model answers, the bot's move is one of the legal actions."""
    game = get_game("ndb")

    class Anyone(LastLegal):
        rng = random.Random(3)

        def predict(self, observation: Observation, state: Any = None,
                    episode_start: Any = None, deterministic: bool = False,
                    action_masks: Mask | None = None) -> tuple[Any, Any]:
            assert action_masks is not None
            return np.int64(self.rng.choice(np.flatnonzero(action_masks))), None

    for seed in range(3):
        bots = [PolicyBot("policy:any", game, Anyone()) for _ in range(5)]
        assert len(play_game(game, game.options(5), seed, bots).result.scores) == 5


def test_a_bohnanza_policy_may_propose_within_the_engines_terms() -> None:
    """Issue 37: the encoding reads whom a seat may propose to from the engine's
    proposal terms, so a policy bot's decision carries them (``needs_terms``), in a
    tournament's games as in a table's, and its masks offer proposals."""
    from bohnen.core.bots import decision_for
    from bohnen.rl.bohnanza import BohnanzaEncoding

    game = get_game("bohnanza")
    enc = BohnanzaEncoding(4)
    stub = LastLegal()
    bot = PolicyBot("policy:stub", game, stub)
    state = game.new_game(game.options(4), 3)
    for seat in range(4):
        assert decision_for(state, seat, bot).terms == state.proposal_terms(seat)
    bots = [bot, *(make_bot("heuristic", game) for _ in range(3))]
    play_game(game, game.options(4), 5, bots)
    masks = [call["masks"] for call in stub.calls]
    assert any(m[enc.TARGET:enc.GIVE].any() for m in masks)  # it was offered to propose
