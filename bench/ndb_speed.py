"""Speed of the Nicht die Bohne! engine on one core: games and clones per second.

Run: ``python bench/ndb_speed.py [--games N] [--players P]``. Prints figures; the docs
(docs/ndb.md, "Speed") quote them. Never part of the test run.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from bohnen.bots import make_bot
from bohnen.core import get_game
from bohnen.core.rng import derive
from bohnen.sim.runner import simulate

REPEATS = 3  # each figure is the best of this many runs (the machine may be busy)


def runner_games(players: int, games: int, seed: int) -> dict[str, float]:
    """Complete games through the runner, a random bot in every seat."""
    game = get_game("ndb")
    options = game.options(players)
    runs = [simulate(game, options, seed, games, [make_bot("random")] * players)
            for _ in range(REPEATS)]
    best = min(runs, key=lambda s: s.seconds)
    return {"games_per_second": best.games / best.seconds,
            "actions_per_second": best.actions / best.seconds,
            "mean_actions": best.actions / best.games}


def bare_games(players: int, games: int, seed: int) -> dict[str, float]:
    """Complete games with no runner: the first seat to act picks uniformly."""
    game = get_game("ndb")
    options = game.options(players)
    best = 0.0
    for _ in range(REPEATS):
        rng = random.Random(seed)
        start = time.perf_counter()
        for index in range(games):
            state = game.new_game(options, derive(seed, index))
            while True:
                waiting = state.to_act()
                if not waiting:
                    break
                legal = state.legal_actions(waiting[0])
                state.apply(legal[int(rng.random() * len(legal))])
        best = max(best, games / (time.perf_counter() - start))
    return {"games_per_second": best}


def clones_per_second(players: int, seed: int) -> float:
    game = get_game("ndb")
    rng = random.Random(seed)
    states: list[Any] = []
    state = game.new_game(game.options(players), seed)
    while not state.is_over:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randrange(len(legal))])
        states.append(state.clone())
    best = 0.0
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(100):
            for s in states:
                s.clone()
        best = max(best, 100 * len(states) / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {
        "players": args.players,
        "games": args.games,
        "runner": runner_games(args.players, args.games, args.seed),
        "bare_loop": bare_games(args.players, args.games, args.seed),
        "clones_per_second": clones_per_second(args.players, args.seed),
    }
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    runner = figures["runner"]
    bare = figures["bare_loop"]
    assert isinstance(runner, dict) and isinstance(bare, dict)
    print(f"Nicht die Bohne!, {args.players} players, random bots, one core")
    print(f"  runner     {runner['games_per_second']:8.0f} games/s "
          f"{runner['actions_per_second']:9.0f} actions/s ({runner['mean_actions']:.0f} a game)")
    print(f"  bare loop  {bare['games_per_second']:8.0f} games/s")
    print(f"  clone      {figures['clones_per_second']:8.0f} per second")


if __name__ == "__main__":
    main()
