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

from speedlib import bare_games, clones_per_second, runner_games, sample_states


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
        "runner": runner_games("hansa", args.players, args.games, "random", args.seed),
        "heuristic": runner_games("hansa", args.players, max(args.games // 10, 1), "heuristic",
                                  args.seed),
        "bare_loop": bare_games("hansa", args.players, args.games, args.seed),
        "clones_per_second": clones_per_second(
            sample_states("hansa", args.players, 1000, args.seed), 50),
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
