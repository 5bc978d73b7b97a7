"""Speed of the ISMCTS bot on one core: iterations per second, per game.

Run: ``python bench/ismcts_speed.py [--players P] [--positions K] [--iterations N]
[--games bohnanza,ndb,hansa] [--params playout=heuristic] [--json]``. For each game
it takes ``K`` positions spread over a random game (early, middle, late: the seat to
act has a choice), searches each with an iteration budget, and prints the iterations
per second at each and overall, by the clock and by the process's CPU time (which a
busy machine blurs less). An iteration is one sample of the hidden cards
(``Game.sampler``), one descent of the tree and one playout by the game's policy
(``Game.playout``: Bohnanza stops after a few turns, Nicht die Bohne! at the end of
the round), so early positions are slower; ``--params`` adds the bot's parameters,
e.g. ``playout=heuristic`` for playouts played by the heuristic bot. Never part of the
test run.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from bohnen.bots import make_bot
from bohnen.bots.ismcts import IsmctsBot
from bohnen.core import get_game
from bohnen.core.bots import Decision
from bohnen.core.game import AnyGame
from bohnen.core.protocol import AnyState


def positions(game: AnyGame, players: int, seed: int, count: int) -> list[tuple[AnyState, int]]:
    """``count`` positions at even steps of one random game (no proposals played),
    each where the seat to act has more than one choice."""
    rng = random.Random(seed)
    state = game.new_game(game.options(players), seed)
    line: list[tuple[AnyState, int]] = []
    while not state.is_over:
        seats = state.to_act()
        seat = seats[int(rng.random() * len(seats))]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            line.append((state.clone(), seat))
        closing = [a for a in legal if getattr(a, "ends_trading", False)]
        state.apply(closing[0] if closing else legal[int(rng.random() * len(legal))])
    step = max(1, len(line) // count)
    return line[step // 2::step][:count]


def measure(game: AnyGame, players: int, seed: int, count: int, iterations: int,
            params: str = "") -> dict[str, Any]:
    """Iterations per second at each position and over all of them."""
    bot = make_bot(f"ismcts:iterations={iterations}" + (f",{params}" if params else ""), game)
    assert isinstance(bot, IsmctsBot)
    rates: list[float] = []
    total_iterations = 0
    total_seconds = total_cpu = 0.0
    for index, (state, seat) in enumerate(positions(game, players, seed, count)):
        decision = Decision(seat, state.view(seat), state.legal_actions(seat),
                            state.proposals(seat))
        start, cpu = time.perf_counter(), time.process_time()
        bot.act(decision, random.Random(seed * 1000 + index))
        seconds = time.perf_counter() - start
        total_cpu += time.process_time() - cpu
        assert bot.last is not None
        rates.append(bot.last.iterations / seconds)
        total_iterations += bot.last.iterations
        total_seconds += seconds
    return {"positions": len(rates), "iterations_per_position": iterations,
            "per_position": [round(r) for r in rates],
            "iterations_per_second": round(total_iterations / total_seconds),
            "cpu_iterations_per_second": round(total_iterations / max(total_cpu, 1e-9))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--games", default="bohnanza,ndb,hansa")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--params", default="", help="more ismcts parameters, a,b=c")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {name: measure(get_game(name), args.players, args.seed, args.positions,
                             args.iterations, args.params)
               for name in args.games.split(",")}
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"ISMCTS{' ' + args.params if args.params else ''}, {args.players} players, "
          f"{args.iterations} iterations a position, one core")
    for name, fig in figures.items():
        spread = " ".join(f"{r:5d}" for r in fig["per_position"])
        print(f"  {name:10s} {fig['iterations_per_second']:6d} iterations/s, "
              f"{fig['cpu_iterations_per_second']:6d} per CPU second "
              f"(positions early to late: {spread})")


if __name__ == "__main__":
    main()
