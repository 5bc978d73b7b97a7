"""Paired duel: a candidate bot against a baseline bot on the same deals.

Run: ``python bench/duel.py GAME CANDIDATE [--baseline heuristic] [--games N]
[--seed S] [--workers K] [--players P] [--sprt ELO0,ELO1,ALPHA,BETA]``. It is a
tournament of paired deals (``bohnen tournament GAME --bots CANDIDATE,BASELINE,...
--paired``, ``bohnen/sim/paired.py``): the candidate and ``P - 1`` baseline bots, each
deal played ``P`` times with the seats rotated, so that the candidate holds every
seat's cards once. After each whole deal it prints the candidate's and the baseline's
win shares, the paired win share difference (the candidate's less the baseline's,
deal by deal) and the paired score difference, each with its 95% t interval over the
deals; with ``--sprt`` it stops once the SPRT is decided (``bohnen/sim/sprt.py``).

Until issue 36 this script played each deal twice, the candidate in one seat and
then the baseline in its place, and gave the difference with its standard error;
the duels quoted in docs/bots.md up to 2026-11-26 were measured that way.
"""

from __future__ import annotations

import argparse

from bohnen.bots import make_bot
from bohnen.core import get_game
from bohnen.sim.local import LocalBackend
from bohnen.sim.paired import PairedDifference, paired_differences, whole_deals
from bohnen.sim.ratings import bot_wins, entrants
from bohnen.sim.sprt import parse_sprt
from bohnen.sim.stopping import Sequential, SprtRule
from bohnen.sim.tournament import GameOutcome, TournamentSpec, run_tournament


def summary(outcomes: list[GameOutcome], spec: TournamentSpec,
            stop: Sequential | None) -> str:
    """One line: games, both entrants' win shares, the paired differences, the SPRT."""
    deals = whole_deals(sorted(outcomes, key=lambda o: o.index), spec.players)
    games = [game for deal in deals for game in deal]
    _, entrant_of = entrants(spec.bots)
    wins = bot_wins(games, entrant_of)  # per entrant
    mine = wins[0] / len(games)
    theirs = wins[1] / (len(games) * (spec.players - 1))
    (difference,) = paired_differences(games, spec.bots)
    line = (f"{len(games):4} games  win {mine:6.1%} vs {theirs:6.1%}  "
            f"{_figures(difference)}")
    return line if stop is None else f"{line}  {stop.line}"


def _figures(difference: PairedDifference) -> str:
    win, score = difference.win_share, difference.score
    if difference.deals < 2:
        return f"difference {win.mean:+.1%}  score {score.mean:+.2f}"
    return (f"difference {win.mean:+.1%} ({win.low:+.1%} to {win.high:+.1%})  "
            f"score {score.mean:+.2f} ({score.low:+.2f} to {score.high:+.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("candidate", help="the bot tried, e.g. ismcts:seconds=0.5")
    parser.add_argument("--baseline", default="heuristic")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=301)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--sprt", help="stop once decided: elo0,elo1,alpha,beta")
    args = parser.parse_args()
    try:
        game = get_game(args.game)
        for spec in (args.candidate, args.baseline):
            make_bot(spec, game)
        if args.candidate == args.baseline:
            raise ValueError("the candidate and the baseline are the same bot")
        if not game.min_players <= args.players <= game.max_players:
            raise ValueError(f"{game.name} is played by {game.min_players} to "
                             f"{game.max_players}, not {args.players}")
        sprt = None if args.sprt is None else parse_sprt(args.sprt)
    except ValueError as error:
        parser.error(str(error))
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    bots = (args.candidate, *[args.baseline] * (args.players - 1))
    spec = TournamentSpec(game.name, game.options(args.players).to_json(), bots, args.seed,
                          args.games, paired=True)
    stop = None if sprt is None else Sequential(SprtRule.of(sprt, bots, True), args.players)
    played: list[GameOutcome] = []
    shown = [0]

    def show(outcomes: list[GameOutcome]) -> None:
        played.extend(outcomes)
        deals = len(whole_deals(played, args.players))
        if deals > shown[0]:
            shown[0] = deals
            print(summary(played, spec, stop), flush=True)

    run = run_tournament(spec, LocalBackend(args.workers), show, stop=stop)
    if run.decided_after is not None:
        print(f"decided after {run.decided_after} games:",
              summary(run.outcomes, spec, stop), flush=True)


if __name__ == "__main__":
    main()
