"""Speed of the Nicht die Bohne! engine on one core: games and clones per second.

Run: ``python bench/ndb_speed.py [--games N] [--players P]``. Prints figures; the docs
(docs/ndb.md, "Speed") quote them. Never part of the test run.
"""

from __future__ import annotations

import argparse
import json

from speedlib import bare_games, clones_per_second, runner_games, sample_states


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
        "runner": runner_games("ndb", args.players, args.games, "random", args.seed),
        "bare_loop": bare_games("ndb", args.players, args.games, args.seed),
        "clones_per_second": clones_per_second(
            sample_states("ndb", args.players, 1000, args.seed), 50),
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
