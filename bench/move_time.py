"""Wall time of a bot's moves: does a ``seconds`` budget hold in real games?

Run: ``python bench/move_time.py [--game bohnanza] [--bot SPEC] [--games N]
[--seed S] [--budget SECONDS] [--json]``. Plays ``N`` 4-player games, the bot in seat
``i mod 4`` of game ``i`` against three heuristic bots, times each of its moves around
its ``act`` (whatever it does: the prior's move, the search, the choice), and prints
the moves timed, how many took longer than ``--budget`` (by default the bot's own
``seconds``), the median, the 99th percentile and the longest. The default bot is
``LEARNED`` of ``bench/strength.py``. Never part of the test run.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from strength import LEARNED

from bohnen.bots import make_bot
from bohnen.bots.ismcts import IsmctsBot
from bohnen.core import get_game
from bohnen.core.bots import AnyBot, Decision
from bohnen.core.rng import derive
from bohnen.sim.runner import play_game

PLAYERS = 4


class Timed:
    """A bot whose every move is timed into ``times``."""

    def __init__(self, bot: AnyBot, times: list[float]) -> None:
        self.bot = bot
        self.times = times
        self.name = bot.name
        self.needs_view = bot.needs_view
        self.proposes = bot.proposes

    def act(self, decision: Decision[Any], rng: random.Random) -> Any:
        start = time.perf_counter()
        action = self.bot.act(decision, rng)
        self.times.append(time.perf_counter() - start)
        return action


def measure(game_name: str, spec: str, games: int, seed: int) -> list[float]:
    """The wall time of each of the bot's moves over ``games`` games."""
    game = get_game(game_name)
    times: list[float] = []
    for index in range(games):
        bots: list[AnyBot] = [make_bot("heuristic", game) for _ in range(PLAYERS)]
        bots[index % PLAYERS] = Timed(make_bot(spec, game), times)
        play_game(game, game.options(PLAYERS), derive(seed, index), bots)
    return times


def figures(times: list[float], budget: float) -> dict[str, float]:
    """Moves timed, over the budget, median, 99th percentile and longest (seconds)."""
    ordered = sorted(times)
    return {"moves": len(ordered), "over": sum(t > budget for t in ordered),
            "budget": budget, "median": ordered[len(ordered) // 2],
            "p99": ordered[int(len(ordered) * 0.99)], "longest": ordered[-1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="bohnanza")
    parser.add_argument("--bot", default=LEARNED)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds a move may take (default: the bot's own seconds)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    game = get_game(args.game)
    bot = make_bot(args.bot, game)
    budget = args.budget
    if budget is None:
        budget = bot.settings.seconds if isinstance(bot, IsmctsBot) else None
    if budget is None:
        parser.error("give --budget: the bot has no seconds of its own")
    result = figures(measure(args.game, args.bot, args.games, args.seed), budget)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.game}: {result['moves']} moves of {args.bot} in {args.games} games; "
          f"{result['over']} over {budget:g} s; median {result['median']:.3f} s, "
          f"99th percentile {result['p99']:.3f} s, longest {result['longest']:.3f} s")


if __name__ == "__main__":
    main()
