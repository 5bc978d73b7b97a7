"""Speed of the PettingZoo environments of every game (Nicht die Bohne!, Bohnanza in
both trading modes, Bohn Hansa) on one core: AEC steps per second with the encoding
and the masks, beside PettingZoo's own classic card game (``texas_holdem_v4``) in the
same run, and many environments stepped in one process; then the batched environment
(:class:`~bohnen.rl.vector.VectorEnv`), slot steps per second.

A step is one ``env.step`` call after ``env.last()`` (PettingZoo's ``turn``: the dead
steps at the end of each game included); the id is drawn uniformly from the mask, as
PettingZoo's ``performance_benchmark`` draws it. Each figure is the best of
``--repeats`` runs, by CPU time (``time.process_time``: the machine's other load
counts less than in wall time; the engine-alone line is wall time). ``--profile`` adds
where the time of each game's loop goes
(cProfile).

Run: ``python bench/rl_speed.py [--steps N] [--players P] [--envs K] [--games G ...]
[--profile]``.
The Texas hold'em line needs ``pip install rlcard pygame`` (PettingZoo's classic
extras); without them it says so. Never part of the test run.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pettingzoo
from pettingzoo.env_registry.exceptions import FailedToImport

import bohnen.rl  # noqa: F401  (enters bohnen/<game>-v0 in PettingZoo's registry)
from bohnen.core import get_game
from bohnen.rl.envs import aec_env

Env = Any  # a PettingZoo AECEnv (PettingZoo is untyped)
# the environments measured, by name: (game, its options)
SETUPS: dict[str, tuple[str, dict[str, str]]] = {
    "ndb": ("ndb", {}),
    "bohnanza": ("bohnanza", {"trading": "turn_based"}),
    "bohnanza-open": ("bohnanza", {"trading": "open"}),
    "hansa": ("hansa", {}),
}


def run(envs: list[Env], steps: int, seed: int) -> tuple[float, int]:
    """Step ``envs`` in turn (one step each, round the list) with random legal ids for
    ``steps`` steps in all; the seconds and the games finished."""
    rng = random.Random(seed)
    for i, env in enumerate(envs):
        env.reset(seed=seed + i)
    games = 0
    start = time.process_time()
    for n in range(steps):
        env = envs[n % len(envs)]
        if not env.agents:
            env.reset()
            games += 1
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return time.process_time() - start, games


def best(make: Callable[[], Env], steps: int, count: int, repeats: int) -> dict[str, float]:
    runs = [run([make() for _ in range(count)], steps, seed=r) for r in range(repeats)]
    seconds, games = min(runs)
    return {"steps_per_second": steps / seconds, "games_per_second": games / seconds}


def engine_only(setup: str, players: int, steps: int) -> float:
    """Steps per second of the engine alone, as the environment calls it (the acting
    seat's view and legal actions, one move): the floor under any encoding."""
    name, options = SETUPS[setup]
    game = get_game(name)
    rng = random.Random(0)
    state = game.new_game(game.options(players, **options), 0)
    start = time.perf_counter()
    for _ in range(steps):
        if state.is_over:
            state = game.new_game(game.options(players, **options), rng.getrandbits(32))
        for seat in state.to_act():  # in open trading a waiting seat may have no move
            state.view(seat)
            legal = state.legal_actions(seat)
            if legal:
                state.apply(game.parse_action(str(rng.choice(legal))))
                break
    return steps / (time.perf_counter() - start)


def vector(setup: str, players: int, envs: int, steps: int, repeats: int) -> float:
    """Slot steps per second of :class:`~bohnen.rl.vector.VectorEnv` (``envs`` games,
    the learner at seat 0, random bots at the others, a random legal id per slot): each
    of its steps counts ``envs`` slot steps, the bots' moves within them uncounted. The
    CPU time of the best of ``repeats`` runs."""
    from bohnen.rl.vector import VectorEnv  # here: a commit before it still runs the rest
    name, options = SETUPS[setup]
    rng = np.random.default_rng(0)
    best_seconds = float("inf")
    for r in range(repeats):
        env = VectorEnv(name, envs, players=players, bots="random", options=options)
        env.reset(seed=r)
        calls = max(1, steps // envs)
        start = time.process_time()
        for _ in range(calls):
            masks = env.action_masks()
            env.step(np.array([rng.choice(np.flatnonzero(row)) for row in masks]))
        best_seconds = min(best_seconds, time.process_time() - start)
    return max(1, steps // envs) * envs / best_seconds


def texas() -> Callable[[], Env] | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pettingzoo.make("aec", "classic/texas_holdem_v4")
    except (ImportError, FailedToImport):
        return None
    return lambda: pettingzoo.make("aec", "classic/texas_holdem_v4")


def maker(setup: str, players: int) -> Callable[[], Env]:
    name, options = SETUPS[setup]
    return lambda: aec_env(name, players=players, options=options)


def profile(setup: str, players: int, steps: int, top: int = 18) -> str:
    profiler = cProfile.Profile()
    env = maker(setup, players)()
    profiler.runcall(run, [env], steps, 0)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=50_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", nargs="+", choices=list(SETUPS), default=list(SETUPS))
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    rows: list[tuple[str, dict[str, float] | None]] = []
    for setup in args.games:
        make = maker(setup, args.players)
        rows.append((f"{setup} {args.players}p, raw env",
                     best(make, args.steps, 1, args.repeats)))
        rows.append((f"{setup} {args.players}p, {args.envs} envs in one process",
                     best(make, args.steps, args.envs, args.repeats)))
    holdem = texas()
    rows.append(("texas_holdem_v4 (PettingZoo, wrapped)",
                 best(holdem, args.steps, 1, args.repeats) if holdem else None))
    rows.append(("texas_holdem_v4, raw env",
                 best(lambda: holdem().unwrapped, args.steps, 1, args.repeats)
                 if holdem else None))
    print(f"AEC steps per second (CPU time), one core, random legal ids ({args.steps} steps, "
          f"best of {args.repeats})")
    print(f"  {'environment':44} {'steps/s':>10} {'games/s':>9}")
    for name, figures in rows:
        if figures is None:
            print(f"  {name:44} {'not installed (pip install rlcard pygame)':>20}")
        else:
            print(f"  {name:44} {figures['steps_per_second']:10.0f} "
                  f"{figures['games_per_second']:9.1f}")
    for setup in args.games:
        print(f"  {setup + ' engine alone (view, legal, apply)':44} "
              f"{engine_only(setup, args.players, args.steps):10.0f}")
    print(f"VectorEnv slot steps per second (CPU time), {args.envs} slots, random bots")
    for setup in args.games:
        print(f"  {f'{setup} {args.players}p, VectorEnv':44} "
              f"{vector(setup, args.players, args.envs, args.steps, args.repeats):10.0f}")
    if args.profile:
        for setup in args.games:
            print(f"--- {setup} ---")
            print(profile(setup, args.players, args.steps))


if __name__ == "__main__":
    main()
