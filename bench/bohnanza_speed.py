"""Speed of the Bohnanza engine on one core: games, actions and clones per second.

Run: ``python bench/bohnanza_speed.py [--games N] [--players P]``. Prints figures; the
docs (docs/bohnanza.md, "Speed") quote them. Never part of the test run.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from bohnen.bots import make_bot
from bohnen.core import get_game
from bohnen.core.rng import derive
from bohnen.sim.runner import simulate

REPEATS = 3  # each figure is the best of this many runs (the machine may be busy)


def games_per_second(players: int, games: int, bot: str, seed: int) -> dict[str, float]:
    game = get_game("bohnanza")
    options = game.options(players)
    runs = [simulate(game, options, seed, games, [make_bot(bot)] * players)
            for _ in range(REPEATS)]
    summary = min(runs, key=lambda s: s.seconds)
    return {
        "games_per_second": summary.games / summary.seconds,
        "actions_per_second": summary.actions / summary.seconds,
        "mean_actions": summary.actions / summary.games,
        "mean_turns": summary.turns / summary.games,
    }


def bare_loop(players: int, games: int, seed: int) -> dict[str, float]:
    """Applied actions per second with legal-action generation, no runner around it.

    Every seat picks uniformly among its legal actions (passing included).
    """
    game = get_game("bohnanza")
    options = game.options(players)
    best = 0.0
    for _ in range(REPEATS):
        rng = random.Random(seed)
        actions = 0
        start = time.perf_counter()
        for index in range(games):
            state = game.new_game(options, derive(seed, index))
            while not state.is_over:
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                state.apply(legal[rng.randrange(len(legal))])
                actions += 1
        best = max(best, actions / (time.perf_counter() - start))
    return {"actions_per_second": best}


def sample_states(players: int, count: int, seed: int) -> list[Any]:
    """States from the middle of random games (every phase represented)."""
    game = get_game("bohnanza")
    options = game.options(players)
    rng = random.Random(seed)
    states: list[Any] = []
    while len(states) < count:
        state = game.new_game(options, rng.getrandbits(32))
        while not state.is_over and len(states) < count:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
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


def deep_size(obj: Any, seen: set[int] | None = None) -> int:
    """Bytes of ``obj`` and everything it holds, counting shared immutables once."""
    seen = set() if seen is None else seen
    if id(obj) in seen or (isinstance(obj, int | bool | type(None)) and -5 <= hash(obj) <= 256):
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, list | tuple | set | frozenset):
        size += sum(deep_size(x, seen) for x in obj)
    elif isinstance(obj, dict):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in obj.items())
    elif hasattr(obj, "__slots__") and not isinstance(obj, str):
        size += sum(deep_size(getattr(obj, s), seen) for s in obj.__slots__ if hasattr(obj, s)
                    and s != "options")
    return size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    states = sample_states(args.players, 2000, args.seed)
    figures = {
        "players": args.players,
        "games": args.games,
        "no_trading": games_per_second(args.players, args.games, "random:trades=false",
                                       args.seed),
        "trading": games_per_second(args.players, args.games, "random", args.seed),
        "bare_loop": bare_loop(args.players, args.games // 2, args.seed),
        "clones_per_second": clones_per_second(states, 50),
        "state_bytes_max": max(deep_size(s) for s in states),
        "state_json_bytes_max": max(len(json.dumps(s.to_json())) for s in states),
    }
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"Bohnanza, {args.players} players, random bots, one core")
    for label in ("no_trading", "trading"):
        f = figures[label]
        assert isinstance(f, dict)
        print(f"  {label:11s} {f['games_per_second']:8.0f} games/s "
              f"{f['actions_per_second']:9.0f} actions/s  "
              f"({f['mean_actions']:.0f} actions, {f['mean_turns']:.1f} turns a game)")
    bare = figures["bare_loop"]
    assert isinstance(bare, dict)
    print(f"  bare loop   {bare['actions_per_second']:9.0f} actions/s (legal actions + apply)")
    print(f"  clone       {figures['clones_per_second']:9.0f} per second")
    print(f"  state size  {figures['state_bytes_max']} bytes in memory at most, "
          f"{figures['state_json_bytes_max']} bytes as JSON")


if __name__ == "__main__":
    main()
