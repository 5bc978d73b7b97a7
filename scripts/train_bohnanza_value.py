"""Train the learned evaluation of Bohnanza positions (``bohnen/bohnanza/learned``).

Run: ``python scripts/train_bohnanza_value.py [--games 5000] [--players 3,4,5]
[--seed 1] [--workers 2] [--out bohnen/bohnanza/learned/weights.json]``.

For each number of players it plays ``--games`` seeded games of heuristic bots (one in
every seat), takes every seat's figures at the start of every turn, and fits to the
talers each seat ended with a ridge regression for each stage of the game. One game in
five is held out first to measure the fit against the game's simple estimates; the
weights written are then fitted on all the games. Same arguments, same weights: the
defaults give the weights shipped.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

from bohnen.bohnanza import GAME
from bohnen.bohnanza.data import Phase
from bohnen.bohnanza.learned.features import FEATURES, features
from bohnen.bohnanza.learned.model import FORMAT, WEIGHTS, parse
from bohnen.bots import make_bot
from bohnen.bots.bot_playout import bot_move
from bohnen.core.files import write_atomic
from bohnen.core.rng import derive

STAGES = (0.5, 1.5, 3.0, 5.0, 8.0)  # upper bounds of own turns left
RIDGE = 1.0  # the ridge penalty (the fits have tens of thousands of rows a stage)
HOLD_OUT = 5  # one game in this many is held out to measure the fit
IX = {name: i for i, name in enumerate(FEATURES)}


def play(job: tuple[int, int]) -> tuple[list[list[float]], list[float]]:
    """One game of heuristic bots: every seat's figures at each turn start, and the
    talers that seat ended with."""
    players, seed = job
    state = GAME.new_game(GAME.options(players), seed)
    bots = [make_bot("heuristic", GAME) for _ in range(players)]
    rng = random.Random(derive(seed, 1))
    rows: list[list[float]] = []
    seen = -1
    while True:
        if state.phase == Phase.PLANT and state.planted == 0 and state.turn != seen:
            seen = state.turn
            rows.extend(features(state))
        if not bot_move(state, bots, rng):
            break
    scores = state.result().scores
    return rows, [float(scores[k % players]) for k in range(len(rows))]


def stage_of(x: np.ndarray) -> np.ndarray:
    return np.searchsorted(np.array(STAGES), x[:, IX["turns_left"]], side="left")


def fit(x: np.ndarray, y: np.ndarray) -> list[list[float]]:
    """Ridge weights (bias first) for each stage."""
    a = np.column_stack([np.ones(len(x)), x])
    stage = stage_of(x)
    fitted: dict[int, list[float]] = {}
    for k in range(len(STAGES) + 1):
        m = stage == k
        if m.any():
            gram = a[m].T @ a[m] + RIDGE * np.eye(a.shape[1])
            fitted[k] = np.linalg.solve(gram, a[m].T @ y[m]).tolist()
    # a stage no position reached takes the nearest stage's weights
    return [fitted[min(fitted, key=lambda j: (abs(j - k), j))]
            for k in range(len(STAGES) + 1)]


def predict(weights: list[list[float]], x: np.ndarray) -> np.ndarray:
    a = np.column_stack([np.ones(len(x)), x])
    w = np.array(weights)[stage_of(x)]
    out: np.ndarray = np.einsum("ij,ij->i", a, w)
    return out


def figures(pred: np.ndarray, y: np.ndarray, players: int) -> dict[str, float]:
    """How well ``pred`` foretells the end: its error on a seat's talers, on its lead over
    the best other seat, and how often its best seat is a winner."""
    p, t = pred.reshape(-1, players), y.reshape(-1, players)
    leads_p = p - np.array([[np.delete(r, s).max() for s in range(players)] for r in p])
    leads_t = t - np.array([[np.delete(r, s).max() for s in range(players)] for r in t])
    picked = t[np.arange(len(t)), p.argmax(axis=1)] == t.max(axis=1)
    return {"talers_rmse": float(np.sqrt(np.mean((p - t) ** 2))),
            "lead_rmse": float(np.sqrt(np.mean((leads_p - leads_t) ** 2))),
            "winner_picked": float(picked.mean())}


def train(players: int, games: int, seed: int, workers: int) -> dict[str, Any]:
    jobs = [(players, derive(seed, players, i)) for i in range(games)]
    with Pool(workers) as pool:
        played = pool.map(play, jobs, chunksize=16)
    held = [i % HOLD_OUT == 0 for i in range(games)]
    parts: dict[bool, tuple[np.ndarray, np.ndarray]] = {}
    for side in (False, True):
        rows = [r for (g, h) in zip(played, held, strict=True) if h == side for r in g[0]]
        ends = [e for (g, h) in zip(played, held, strict=True) if h == side for e in g[1]]
        parts[side] = (np.array(rows), np.array(ends))
    (x_fit, y_fit), (x_out, y_out) = parts[False], parts[True]
    measured = {"learned": figures(predict(fit(x_fit, y_fit), x_out), y_out, players)}
    for name, cols in (("talers + estimate", ("talers", "estimate")),
                       ("talers + heuristic worth", ("talers", "worth"))):
        simple = x_out[:, IX[cols[0]]] + x_out[:, IX[cols[1]]]
        measured[name] = figures(simple, y_out, players)
    x_all, y_all = np.vstack([x_fit, x_out]), np.concatenate([y_fit, y_out])
    print(f"{players} players: {games} games, {len(y_all) // players} turn starts")
    for name, f in measured.items():
        print(f"  {name:26s} talers ±{f['talers_rmse']:.2f}  lead ±{f['lead_rmse']:.2f}  "
              f"winner picked {100 * f['winner_picked']:.1f}%")
    return {"model": {"stages": list(STAGES), "weights": fit(x_all, y_all)},
            "held_out": measured, "positions": int(len(y_all) // players)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", default="3,4,5")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    args = parser.parse_args(argv)
    try:
        counts = sorted({int(p) for p in args.players.split(",")})
    except ValueError:
        parser.error(f"--players: a list of numbers of players, not {args.players!r}")
    if not all(3 <= n <= 5 for n in counts):
        parser.error(f"--players: Bohnanza is for 3 to 5 players, not {args.players}")
    if args.games < HOLD_OUT:
        parser.error(f"--games: at least {HOLD_OUT}, not {args.games}")
    trained = {n: train(n, args.games, args.seed, args.workers) for n in counts}
    data = {"format": FORMAT, "features": list(FEATURES),
            "models": {str(n): t["model"] for n, t in trained.items()},
            "trained": {"games": args.games, "seed": args.seed, "bots": "heuristic",
                        "ridge": RIDGE, "hold_out": f"1 game in {HOLD_OUT}",
                        "positions": {str(n): t["positions"] for n, t in trained.items()},
                        "held_out": {str(n): t["held_out"] for n, t in trained.items()}}}
    parse(data, "the trained weights")  # what is written loads
    write_atomic(args.out, json.dumps(data, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
