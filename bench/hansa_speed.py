"""Speed of the Bohn Hansa engine on one core: games, actions and clones per second.

Run: ``python bench/hansa_speed.py [--games N] [--players P]``. Prints complete games
per second with a random bot in every seat (through the runner, and in a bare loop of
legal actions and apply), with the heuristic bot in every seat, and clones per second
of states from the middle of random games. The docs (docs/hansa.md, "Speed") quote
the figures. Never part of the test run.
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


def runner_games(players: int, games: int, bot: str, seed: int) -> dict[str, float]:
    """Complete games through the runner, ``bot`` in every seat."""
    game = get_game("hansa")
    options = game.options(players)
    runs = [simulate(game, options, seed, games, [make_bot(bot, game) for _ in range(players)])
            for _ in range(REPEATS)]
    best = min(runs, key=lambda s: s.seconds)
    return {"games_per_second": best.games / best.seconds,
            "actions_per_second": best.actions / best.seconds,
            "mean_actions": best.actions / best.games,
            "mean_turns": best.turns / best.games}


def bare_games(players: int, games: int, seed: int) -> dict[str, float]:
    """Complete games with no runner: the first seat to act picks uniformly among its
    legal actions (proposals aside)."""
    game = get_game("hansa")
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


def sample_states(players: int, count: int, seed: int) -> list[Any]:
    """States from the middle of random games (every phase represented)."""
    game = get_game("hansa")
    options = game.options(players)
    rng = random.Random(seed)
    states: list[Any] = []
    while len(states) < count:
        state = game.new_game(options, rng.getrandbits(32))
        while not state.is_over and len(states) < count:
            legal = state.legal_actions(state.to_act()[0])
            state.apply(legal[rng.randrange(len(legal))])
            if rng.random() < 0.05:
                states.append(state.clone())
    return states


def clones_per_second(states: list[Any], rounds: int) -> float:
    best = 0.0
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(rounds):
            for state in states:
                state.clone()
        best = max(best, rounds * len(states) / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {
        "players": args.players,
        "games": args.games,
        "runner": runner_games(args.players, args.games, "random", args.seed),
        "heuristic": runner_games(args.players, max(args.games // 10, 1), "heuristic",
                                  args.seed),
        "bare_loop": bare_games(args.players, args.games, args.seed),
        "clones_per_second": clones_per_second(sample_states(args.players, 1000, args.seed),
                                               50),
    }
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"Bohn Hansa, {args.players} players, one core")
    for label, name in (("runner", "random"), ("heuristic", "heuristic")):
        f = figures[label]
        assert isinstance(f, dict)
        print(f"  {name:10s} {f['games_per_second']:8.1f} games/s "
              f"{f['actions_per_second']:9.0f} actions/s  "
              f"({f['mean_actions']:.0f} actions, {f['mean_turns']:.1f} turns a game)")
    bare = figures["bare_loop"]
    assert isinstance(bare, dict)
    print(f"  bare loop  {bare['games_per_second']:8.1f} games/s (random, legal actions + apply)")
    print(f"  clone      {figures['clones_per_second']:8.0f} per second")


if __name__ == "__main__":
    main()
