"""Wall time of a bot's moves: does a ``seconds`` budget hold in real games?

Run: ``python bench/move_time.py [--game bohnanza] [--bot SPEC] [--games N]
[--seed S] [--budget SECONDS] [--json]``. Plays ``N`` 4-player games, the bot in seat
``i mod 4`` of game ``i`` against three heuristic bots, times each of its moves around
its ``act`` (whatever it does: the prior's move, the search, the choice) with the
runner's own timing (``bohnen/sim/movetimes.py``, as ``bohnen tournament`` shows it),
and prints the moves timed, how many took longer than ``--budget`` (by default the
bot's own ``seconds``), the median, the 99th percentile (both read from the histogram,
at most 4.4% above the true value) and the longest. The default bot is ``LEARNED`` of
``bench/strength.py``. Never part of the test run.
"""

from __future__ import annotations

import argparse
import json

from strength import LEARNED

from bohnen.bots import make_bot
from bohnen.core import get_game
from bohnen.core.bots import AnyBot
from bohnen.core.rng import derive
from bohnen.sim.movetimes import MoveTimes, budget_of
from bohnen.sim.runner import play_game

PLAYERS = 4


def measure(game_name: str, spec: str, games: int, seed: int,
            budget: float | None) -> MoveTimes:
    """The time per move of the bot over ``games`` games, timed by the runner as a
    tournament times it (``bohnen/sim/movetimes.py``)."""
    game = get_game(game_name)
    times = MoveTimes(budget)
    for index in range(games):
        bots: list[AnyBot] = [make_bot("heuristic", game) for _ in range(PLAYERS)]
        seat = index % PLAYERS
        bots[seat] = make_bot(spec, game)
        played = play_game(game, game.options(PLAYERS), derive(seed, index), bots, timed=True)
        times = times.merge(MoveTimes.of(played.move_seconds[seat], budget))
    return times


def figures(times: MoveTimes) -> dict[str, float | int | None]:
    """Moves timed, over the budget, median, 99th percentile and longest (seconds)."""
    return {"moves": times.moves, "over": times.over, "budget": times.budget,
            "median": times.percentile(0.5), "p99": times.p99, "longest": times.longest}


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
    budget = args.budget if args.budget is not None else budget_of(bot)
    if budget is None:
        parser.error("give --budget: the bot has no seconds of its own")
    result = figures(measure(args.game, args.bot, args.games, args.seed, budget))
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.game}: {result['moves']} moves of {args.bot} in {args.games} games; "
          f"{result['over']} over {budget:g} s; median {result['median'] or 0:.3f} s, "
          f"99th percentile {result['p99'] or 0:.3f} s, longest {result['longest']:.3f} s")


if __name__ == "__main__":
    main()
