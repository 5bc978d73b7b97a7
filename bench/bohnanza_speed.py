"""Speed of the Bohnanza engine on one core: games, actions and clones per second.

Run: ``python bench/bohnanza_speed.py [--games N] [--players P]``. Prints figures; the
docs (docs/bohnanza.md, "Speed") quote them. Never part of the test run.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from speedlib import bare_games, clones_per_second, runner_games, sample_states


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
        slots = [s for cls in type(obj).__mro__ for s in getattr(cls, "__slots__", ())]
        size += sum(deep_size(getattr(obj, s), seen) for s in slots if hasattr(obj, s)
                    and s != "options")
    return size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    states = sample_states("bohnanza", args.players, 2000, args.seed)
    figures = {
        "players": args.players,
        "games": args.games,
        "no_trading": runner_games("bohnanza", args.players, args.games,
                                   "random:trades=false", args.seed),
        "trading": runner_games("bohnanza", args.players, args.games, "random", args.seed),
        "bare_loop": bare_games("bohnanza", args.players, args.games // 2, args.seed),
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
