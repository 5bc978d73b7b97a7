"""Local tournament throughput against the number of worker processes.

Run: ``python bench/tournament_scaling.py [--games N] [--game NAME] [--bots SPECS]``.
Prints games per second for 1, 2, ... workers (up to the machine's cores) and the
speed-up over one worker. Never part of the test run.
"""

from __future__ import annotations

import argparse
import os

from bohnen.core import get_game
from bohnen.sim.local import LocalBackend
from bohnen.sim.tournament import TournamentSpec, run_tournament


def games_per_second(game: str, bots: tuple[str, ...], games: int, workers: int) -> float:
    spec = TournamentSpec(game, get_game(game).options(len(bots)).to_json(), bots, 1, games)
    run = run_tournament(spec, LocalBackend(workers=workers))
    return run.played / run.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="bohnanza")
    parser.add_argument("--bots", default="heuristic,random,random,random")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--max-workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    bots = tuple(args.bots.split(","))
    base = 0.0
    print(f"{args.game}, bots {args.bots}, {args.games} games")
    for workers in range(1, args.max_workers + 1):
        rate = games_per_second(args.game, bots, args.games, workers)
        base = base or rate
        print(f"  {workers} worker(s): {rate:8.1f} games/s  (x{rate / base:.2f})")


if __name__ == "__main__":
    main()
