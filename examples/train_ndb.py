"""Train MaskablePPO (sb3-contrib) on Nicht die Bohne! (or Bohnanza: ``--game
bohnanza``), then let the trained policy play ``bohnen tournament`` against random and
heuristic bots.

    pip install torch==2.13.0 && pip install -e '.[rl,train]'
    python examples/train_ndb.py --timesteps 300000 --seed 0 --out runs/ndb

The learner plays one seat of :class:`bohnen.rl.gym.BohnenGym` (a seat drawn anew for
every game, so that the policy learns every place at the table), the other seats are
``--opponents`` bots; its reward is the game's win (1, shared on a tie; 0 otherwise),
with ``--shaping W`` (ndb) plus W times the changes of its running score.
The script writes in ``--out``:

- ``model.zip``: the model, playable as the bot ``policy:model=OUT/model.zip``;
- ``learning_curve.csv`` (every training game: timesteps so far, opponents, win,
  return, length) and ``learning_curve.png`` (the win averaged over the last games
  against timesteps, per opponent: the win share while training);
- ``vs-random/`` and ``vs-heuristic/``: the ``--out`` of ``bohnen tournament GAME --bots
  policy:model=OUT/model.zip,B,B,B --games N`` (results.json with each bot's win share
  and its 95% interval, standings.csv, records, plots.png);
- ``report.json``: the settings, the training time and the policy's win share with its
  interval in each tournament.

``--smoke`` trains a few hundred steps and plays 4 games per tournament: a check that
the path runs end to end (tests/rl/test_train_example.py), not a trained policy.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import torch
from gymnasium import spaces
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

from bohnen.bots import make_bot
from bohnen.cli.seats import split_specs
from bohnen.cli.tournament import make_setup, play, report
from bohnen.core import get_game
from bohnen.rl.encodings import make_encoding
from bohnen.rl.gym import BohnenGym
from bohnen.rl.ndb import running_score
from bohnen.rl.rewards import final_rewards

GAMES = {"ndb": "Nicht die Bohne!", "bohnanza": "Bohnanza"}
TOURNAMENT_BOTS = ("random", "heuristic")
SMOKE_TIMESTEPS = 512
SMOKE_GAMES = 4
CURVE_WINDOW = 200  # training games averaged per point of the curve

Vector = npt.NDArray[np.float32]


class SeatedGym(gymnasium.Env[Vector, np.int64]):
    """:class:`BohnenGym` for MaskablePPO: a Box observation (the vector), the mask by
    ``action_masks()``, and the learner's seat drawn from ``np_random`` for each game."""

    def __init__(self, players: int, opponents: str, shaping: float = 0.0,
                 game: str = "ndb") -> None:
        encoding = make_encoding(game, players)
        potential = running_score if shaping else None
        self.opponents = opponents
        self.seats = [BohnenGym(encoding, seat=seat, bots=opponents, illegal="raise",
                                potential=potential, shaping=shaping)
                      for seat in range(players)]
        low, high = encoding.bounds()
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(encoding.action_count)
        self._env = self.seats[0]
        self._mask = np.zeros(encoding.action_count, dtype=bool)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        self._env = self.seats[int(self.np_random.integers(len(self.seats)))]
        obs, info = self._env.reset(seed=int(self.np_random.integers(2**63)))
        self._mask = obs["action_mask"].astype(bool)
        return obs["observation"], {**info, "seat": self._env.seat}

    def step(self, action: np.int64 | int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self._env.step(action)
        self._mask = obs["action_mask"].astype(bool)
        if terminated:  # the game's win share, whatever the shaped rewards were
            table = self._env.table
            info["win"] = final_rewards(table.result(), table.players, "win")[self._env.seat]
            info["opponents"] = self.opponents
        return obs["observation"], reward, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The ids legal now (MaskablePPO asks before every step)."""
        return self._mask


class Curve(BaseCallback):
    """Every finished training game (from ``Monitor``): timesteps so far, the
    opponents, the win (1, shared on a tie), the return (the win plus the shaped
    rewards, if any), length."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[int, str, float, float, int]] = []

    def _on_step(self) -> bool:
        for info in self.locals["infos"]:
            episode = info.get("episode")
            if episode is not None:
                self.rows.append((self.num_timesteps, str(info["opponents"]),
                                  float(info["win"]), float(episode["r"]), int(episode["l"])))
        return True


@dataclass(frozen=True)
class Settings:
    game: str
    timesteps: int
    seed: int
    players: int
    opponents: str
    shaping: float
    games: int
    envs: int
    n_steps: int
    batch_size: int
    verbose: int = 0


def _maker(settings: Settings, opponent: str) -> Callable[[], gymnasium.Env[Vector, np.int64]]:
    return lambda: Monitor(SeatedGym(settings.players, opponent, settings.shaping,
                                     settings.game))


def train(settings: Settings, out: Path) -> tuple[MaskablePPO, Curve, float]:
    """The trained model, its curve and the seconds it took; the model saved to
    ``out/model.zip``."""
    torch.set_num_threads(1)  # small networks: one thread is faster, and the cores are few
    specs = split_specs(settings.opponents)
    venv = DummyVecEnv([_maker(settings, specs[index % len(specs)])
                        for index in range(settings.envs)])
    model = MaskablePPO("MlpPolicy", venv, seed=settings.seed, n_steps=settings.n_steps,
                        batch_size=settings.batch_size, n_epochs=4, gamma=0.995,
                        learning_rate=3e-4, ent_coef=0.01, device="cpu",
                        policy_kwargs={"net_arch": [128, 128]},
                        verbose=settings.verbose)
    curve = Curve()
    start = time.perf_counter()
    model.learn(total_timesteps=settings.timesteps, callback=curve)
    seconds = time.perf_counter() - start
    model.save(out / "model.zip")
    return model, curve, seconds


def write_curve(curve: Curve, settings: Settings, out: Path) -> None:
    """learning_curve.csv and learning_curve.png."""
    with (out / "learning_curve.csv").open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["timesteps", "opponents", "win", "return", "length"])
        writer.writerows(curve.rows)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for opponent in dict.fromkeys(row[1] for row in curve.rows):
        rows = [row for row in curve.rows if row[1] == opponent]
        steps = np.array([row[0] for row in rows], dtype=float)
        wins = np.array([row[2] for row in rows], dtype=float)
        window = max(1, min(CURVE_WINDOW, len(wins)))
        mean = np.convolve(wins, np.ones(window) / window, mode="valid")
        ax.plot(steps[window - 1:], mean,
                label=f"win share against {opponent}, last {window} training games")
    ax.axhline(1 / settings.players, color="grey", linestyle="--",
               label=f"1/{settings.players}: an even share")
    ax.set_xlabel("timesteps (the learner's decisions)")
    ax.set_ylabel("win share (a win = 1, shared on a tie)")
    against = ", ".join(split_specs(settings.opponents))
    ax.set_title(f"MaskablePPO on {GAMES[settings.game]}, {settings.players} players, "
                 f"against {against}\n{settings.timesteps} timesteps, seed {settings.seed}",
                 fontsize=10)
    ax.set_ylim(0, 1)
    ax.legend(loc="upper left")
    fig.tight_layout()
    fig.savefig(out / "learning_curve.png", dpi=120)
    plt.close(fig)


def tournament(model: Path, opponent: str, settings: Settings, out: Path) -> dict[str, Any]:
    """``bohnen tournament GAME --bots policy:model=MODEL,B,B,... --games N --seed S --out
    OUT/vs-B`` run through the command's own functions; the policy's standing."""
    bots = ",".join([f"policy:model={model}"] + [opponent] * (settings.players - 1))
    where = out / f"vs-{opponent}"
    setup = make_setup(settings.game, bots, settings.games, settings.seed, out=where)
    code = report(setup, play(setup, show_progress=False))
    if code != 0:
        raise RuntimeError(f"the tournament against {opponent} ended with code {code}")
    results = json.loads((where / "results.json").read_text())
    standing: dict[str, Any] = results["standings"][0]
    return {"bots": bots, "out": str(where), **standing}


def parse(argv: Sequence[str] | None) -> tuple[Settings, Path]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timesteps", type=int, default=300_000,
                        help="the learner's decisions to train on (default 300000)")
    parser.add_argument("--seed", type=int, default=0, help="training and tournament seed")
    parser.add_argument("--out", type=Path, required=True, help="the directory to write")
    parser.add_argument("--game", default="ndb", choices=sorted(GAMES),
                        help="the game (default ndb)")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 7),
                        help="players at the table (3 to 6 for ndb, 3 to 5 for bohnanza; "
                             "default 4)")
    parser.add_argument("--opponents", default="random",
                        help="the bot at every other seat while training (default random); "
                             "several, comma-separated, share out the parallel games")
    parser.add_argument("--shaping", type=float, default=0.0,
                        help="ndb: weight of the shaped reward (changes of the running "
                             "score, bohnen.rl.ndb.running_score; default 0: the win alone)")
    parser.add_argument("--games", type=int, default=400,
                        help="games of each tournament (default 400)")
    parser.add_argument("--smoke", action="store_true",
                        help=f"{SMOKE_TIMESTEPS} timesteps and {SMOKE_GAMES} games per "
                             "tournament: the path end to end, no real training")
    parser.add_argument("--verbose", action="store_true",
                        help="sb3's figures after every rollout (mean return, losses)")
    args = parser.parse_args(argv)
    if args.timesteps < 1 or args.games < 1:
        parser.error("--timesteps and --games must be 1 or more")
    if args.game == "bohnanza" and args.players > 5:
        parser.error("Bohnanza is played by 3 to 5 here")
    if args.shaping and args.game != "ndb":
        parser.error("--shaping is for ndb (its running score)")
    for spec in split_specs(args.opponents):
        try:
            make_bot(spec, get_game(args.game))
        except ValueError as exc:
            parser.error(f"--opponents: {exc}")
    if args.smoke:
        settings = Settings(args.game, SMOKE_TIMESTEPS, args.seed, args.players, args.opponents,
                            args.shaping,
                            SMOKE_GAMES, envs=2, n_steps=128, batch_size=64,
                            verbose=int(args.verbose))
    else:
        settings = Settings(args.game, args.timesteps, args.seed, args.players, args.opponents,
                            args.shaping,
                            args.games, envs=8, n_steps=512, batch_size=256,
                            verbose=int(args.verbose))
    return settings, args.out


def main(argv: Sequence[str] | None = None) -> int:
    settings, out = parse(argv)
    out.mkdir(parents=True, exist_ok=True)
    _, curve, seconds = train(settings, out)
    write_curve(curve, settings, out)
    model = out / "model.zip"
    results = {opponent: tournament(model, opponent, settings, out)
               for opponent in TOURNAMENT_BOTS}
    summary = {"settings": asdict(settings), "training_seconds": round(seconds, 1),
               "training_games": len(curve.rows), "tournaments": results}
    (out / "report.json").write_text(json.dumps(summary, indent=1) + "\n")
    for opponent, standing in results.items():
        low, high = standing["win_share_95"]
        print(f"policy against {opponent}: win share {standing['win_share']:.1%} "
              f"(95% interval {low:.1%} to {high:.1%}) over {standing['games']} games; "
              f"an even share is {1 / settings.players:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
