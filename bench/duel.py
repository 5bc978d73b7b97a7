"""Paired duel: a candidate bot against a baseline bot on the same deals.

Run: ``python bench/duel.py GAME CANDIDATE [--baseline heuristic] [--games N]
[--seed S] [--workers K]``. Game ``i`` is dealt from a seed derived from ``S`` and
``i``; the candidate sits in seat ``i mod 4`` against three baseline bots, and the same
deal is played again with a baseline bot in its place. Both games share every chance
(the deck, each seat's rng), so their difference is the candidate's doing and much
less noisy than two separate matches. Every four games it prints the candidate's and
the baseline's win shares in that seat, their difference with its standard error,
and the difference of the seat's score less the others' mean (the score "against the
table"), with its standard error. The docs quote the figures (docs/bots.md).
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass
from multiprocessing import Pool

from bohnen.bots import make_bot
from bohnen.core import get_game
from bohnen.core.result import Result
from bohnen.core.rng import derive
from bohnen.sim.runner import play_game

PLAYERS = 4


@dataclass(frozen=True, slots=True)
class Setup:
    game: str
    candidate: str
    baseline: str
    seed: int


@dataclass(frozen=True, slots=True)
class Pair:
    """One deal played twice: the seat's win share and score against the table, with
    the candidate and with the baseline in it; the candidate's game's seconds."""

    win: float
    base_win: float
    score: float
    base_score: float
    seconds: float


def share(result: Result, seat: int) -> float:
    """The seat's share of the win (shared wins split)."""
    return 1 / len(result.winners) if seat in result.winners else 0.0


def against_table(result: Result, seat: int) -> float:
    """The seat's score less the others' mean."""
    others = [s for k, s in enumerate(result.scores) if k != seat]
    return result.scores[seat] - sum(others) / len(others)


def play_pair(setup: Setup, number: int) -> Pair:
    game = get_game(setup.game)
    options = game.options(PLAYERS)
    seed = derive(setup.seed, number)
    seat = number % PLAYERS
    bots = [make_bot(setup.baseline, game) for _ in range(PLAYERS)]
    bots[seat] = make_bot(setup.candidate, game)
    begun = time.perf_counter()
    played = play_game(game, options, seed, bots).result
    seconds = time.perf_counter() - begun
    base = play_game(game, options, seed,
                     [make_bot(setup.baseline, game) for _ in range(PLAYERS)]).result
    return Pair(share(played, seat), share(base, seat), against_table(played, seat),
                against_table(base, seat), seconds)


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def summary(pairs: list[Pair]) -> str:
    n = len(pairs)
    wins = sum(p.win for p in pairs) / n
    base = sum(p.base_win for p in pairs) / n
    win_diff, win_err = mean_and_error([p.win - p.base_win for p in pairs])
    score_diff, score_err = mean_and_error([p.score - p.base_score for p in pairs])
    seconds = sum(p.seconds for p in pairs) / n
    return (f"{n:4} games  win {wins:6.1%} vs {base:6.1%}  difference {win_diff:+.1%} "
            f"± {win_err:.1%}  score against the table {score_diff:+.2f} ± {score_err:.2f}"
            f"  ({seconds:.1f} s a game)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("candidate", help="the bot tried, e.g. ismcts:seconds=0.5")
    parser.add_argument("--baseline", default="heuristic")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=301)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    try:
        game = get_game(args.game)
        for spec in (args.candidate, args.baseline):
            make_bot(spec, game)
    except ValueError as error:
        parser.error(str(error))
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    setup = Setup(args.game, args.candidate, args.baseline, args.seed)
    pairs: list[Pair] = []
    with Pool(args.workers) as pool:
        jobs = [(setup, number) for number in range(args.games)]
        for pair in pool.imap_unordered(_play, jobs):
            pairs.append(pair)
            if len(pairs) % PLAYERS == 0 or len(pairs) == args.games:
                print(summary(pairs), flush=True)


def _play(job: tuple[Setup, int]) -> Pair:
    return play_pair(*job)


if __name__ == "__main__":
    main()
