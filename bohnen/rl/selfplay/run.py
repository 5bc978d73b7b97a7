"""A self-play run that stops and goes on: behaviour cloning from the heuristic, then
MaskablePPO against the pool, a checkpoint and a point of the curve every
``eval_every`` timesteps.

The run's directory holds ``run.json`` (the settings, the timesteps and training games
so far, the wall time so far, the pool), ``checkpoints/step-NNNNNNNNN.zip`` (every
checkpoint, optimizer included: the last one is where a resumed run goes on),
``model.zip`` (a copy of the last checkpoint: the bot ``policy:model=DIR/model.zip``),
``curve.csv`` and ``curve.png`` (:mod:`bohnen.rl.selfplay.curve`). :func:`run` on a
directory that holds ``run.json`` goes on from its last checkpoint with its settings (a
larger ``timesteps`` trains further), appending to the same curve; a run stopped
between two checkpoints loses the steps since the last one.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from bohnen.core.protocol import JSONObject
from bohnen.rl.encoding import Encoding
from bohnen.rl.encodings import make_encoding
from bohnen.rl.imitation import clone, demonstrate
from bohnen.rl.ndb import running_score
from bohnen.rl.selfplay import curve
from bohnen.rl.selfplay.evaluate import evaluate
from bohnen.rl.selfplay.pool import Pool, PoolGym

if TYPE_CHECKING:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import VecEnv

GAMES = {"ndb": "Nicht die Bohne!", "bohnanza": "Bohnanza"}
CLONE_SEED = 500_000  # the demonstration games' seeds start here (+ the run's seed)


@dataclass(frozen=True)
class Settings:
    """What a run does (kept in ``run.json``; see docs/research.md for each)."""

    game: str = "ndb"
    players: int = 4
    seed: int = 0
    timesteps: int = 1_048_576  # self-play timesteps in all (the learner's ids)
    eval_every: int = 65_536  # timesteps between checkpoints (and points of the curve)
    eval_games: int = 200  # games of each evaluation against the heuristic
    pool_size: int = 5  # the last checkpoints the opponents are drawn from
    heuristic_share: float = 0.5  # the opponents' seats that the heuristic takes
    clone_games: int = 1000  # heuristic games to clone (0: no warm start)
    clone_epochs: int = 20
    envs: int = 8
    n_steps: int = 256  # per environment and rollout
    batch_size: int = 512
    n_epochs: int = 4
    learning_rate: float = 1e-4
    ent_coef: float = 0.001
    clip_range: float = 0.1
    gamma: float = 0.995
    net: tuple[int, ...] = (256, 256)  # the policy's hidden layers
    value_net: tuple[int, ...] = (64, 64)  # the value's (small: the checkpoints stay small)
    shaping: float = 0.0  # ndb: weight of the running score's changes (0: the win alone)

    @classmethod
    def from_json(cls, data: JSONObject) -> Settings:
        return cls(**{**data, "net": tuple(data["net"]),
                      "value_net": tuple(data["value_net"])})


@dataclass
class Progress:
    """Where a run stands (``run.json``)."""

    settings: Settings
    timesteps: int = 0
    games: int = 0
    seconds: float = 0.0
    pool: list[str] = field(default_factory=list)
    clone: JSONObject = field(default_factory=dict)

    def save(self, out: Path) -> None:
        data = {**asdict(self), "settings": asdict(self.settings)}
        (out / "run.json").write_text(json.dumps(data, indent=1) + "\n")

    @classmethod
    def load(cls, out: Path) -> Progress | None:
        path = out / "run.json"
        if not path.exists():
            return None
        data = json.loads(path.read_text())
        return cls(Settings.from_json(data["settings"]), data["timesteps"], data["games"],
                   data["seconds"], list(data["pool"]), dict(data["clone"]))


def run(settings: Settings, out: Path, log: Callable[[str], None] = print) -> Progress:
    """Train in ``out`` until ``settings.timesteps`` (see the module); a run already in
    ``out`` goes on with its own settings but this ``timesteps``."""
    import torch
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)  # small networks: one thread, and the cores are few
    out.mkdir(parents=True, exist_ok=True)
    (out / "checkpoints").mkdir(exist_ok=True)
    began = time.perf_counter()
    progress = Progress.load(out)
    if progress is not None:
        progress.settings = replace(progress.settings, timesteps=settings.timesteps)
        log(f"going on from {progress.pool[-1]} at {progress.timesteps} timesteps")
    else:
        progress = Progress(settings)
    settings = progress.settings
    encoding = make_encoding(settings.game, settings.players)
    pool = Pool(settings.pool_size, settings.heuristic_share,
                [str(out / "checkpoints" / name) for name in progress.pool])
    potential = running_score if settings.shaping else None
    venv = DummyVecEnv([lambda: PoolGym(encoding, pool, potential, settings.shaping)
                        for _ in range(settings.envs)])
    before = progress.seconds

    def checkpoint(model: MaskablePPO) -> None:
        name = f"step-{model.num_timesteps:09d}.zip"
        model.save(out / "checkpoints" / name)
        shutil.copyfile(out / "checkpoints" / name, out / "model.zip")
        pool.add(str(out / "checkpoints" / name))
        progress.pool = [*progress.pool, name][-settings.pool_size:]
        progress.timesteps = model.num_timesteps
        progress.games += sum(venv.env_method("finished_games"))
        point = evaluate(model, encoding, settings.eval_games)
        progress.seconds = before + time.perf_counter() - began
        curve.append(out / "curve.csv", curve.Point(
            progress.timesteps, progress.games, round(progress.seconds, 1), point.games,
            point.win_share, point.low, point.high, name))
        progress.save(out)
        draw(out, settings)
        log(f"{progress.timesteps} timesteps, {progress.games} games, "
            f"{progress.seconds:.0f} s: win share {point.win_share:.1%} "
            f"({point.low:.1%} to {point.high:.1%}) against 3 heuristic bots")

    if progress.pool:
        model = _load(out / "checkpoints" / progress.pool[-1], venv, settings)
    else:
        model = _new(venv, settings)
        if settings.clone_games:
            progress.clone = _clone(model, encoding, settings, log)
        checkpoint(model)
    while model.num_timesteps < settings.timesteps:
        steps = min(settings.eval_every, settings.timesteps - model.num_timesteps)
        model.learn(total_timesteps=steps, reset_num_timesteps=False)
        checkpoint(model)
    return progress


def _new(venv: VecEnv, settings: Settings) -> MaskablePPO:
    from sb3_contrib import MaskablePPO

    return MaskablePPO("MlpPolicy", venv, seed=settings.seed, n_steps=settings.n_steps,
                       batch_size=settings.batch_size, n_epochs=settings.n_epochs,
                       gamma=settings.gamma, learning_rate=settings.learning_rate,
                       ent_coef=settings.ent_coef, clip_range=settings.clip_range,
                       device="cpu", policy_kwargs={"net_arch": {"pi": list(settings.net),
                                                  "vf": list(settings.value_net)}})


def _load(path: Path, venv: VecEnv, settings: Settings) -> MaskablePPO:
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(path, env=venv, device="cpu")
    model.set_random_seed(settings.seed + model.num_timesteps)  # not the first run's draws
    return model


def _clone(model: MaskablePPO, encoding: Encoding, settings: Settings,
           log: Callable[[str], None]) -> JSONObject:
    """The warm start: the heuristic's games cloned into ``model``; what it reached."""
    began = time.perf_counter()
    demos = demonstrate(encoding, settings.clone_games, CLONE_SEED + settings.seed)
    made = time.perf_counter() - began
    report = clone(model, demos, settings.clone_epochs, settings.seed)
    log(f"cloned {len(demos)} ids of {demos.games} heuristic games ({demos.skipped} "
        f"actions beyond the caps): agreement {report.agreement[-1]:.1%}")
    return {"games": demos.games, "ids": len(demos), "skipped": demos.skipped,
            "agreement": report.agreement, "losses": report.losses,
            "seconds_playing": round(made, 1),
            "seconds": round(time.perf_counter() - began, 1)}


def draw(out: Path, settings: Settings) -> None:
    """``curve.png`` from ``curve.csv``."""
    title = (f"MaskablePPO by self-play on {GAMES.get(settings.game, settings.game)}, "
             f"{settings.players} players (seed {settings.seed})")
    curve.draw(curve.read(out / "curve.csv"), out / "curve.png", title, settings.players)


def export(checkpoint: Path, dest: Path) -> None:
    """``checkpoint`` written to ``dest`` without its optimizer's state: what the
    ``policy:`` bot needs, about a third of the size (the shipped policies are written
    so). Training goes on from the checkpoint itself, not from the export."""
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(checkpoint, device="cpu")
    policy = model.policy
    # a subclass of torch's Optimizer (Adam): the base class itself takes no lr
    fresh: Callable[..., torch.optim.Optimizer] = policy.optimizer_class
    policy.optimizer = fresh(policy.parameters(), lr=model.learning_rate,
                             **policy.optimizer_kwargs)
    model.save(dest)
