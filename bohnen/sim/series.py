"""A seeded series of bot games played in worker processes, as a tournament's are.

The series is handed to :class:`bohnen.sim.local.LocalBackend` as a tournament whose
seats never turn: game ``i`` seats bot ``j`` in seat ``j`` and has the seed
``derive(seed, i)``, as :func:`bohnen.sim.runner.simulate` plays it. Each game is
played with fresh bots made from their specs, and the games are summed up in the
order of their index, so any number of workers gives the figures of a serial run.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from bohnen.core.game import AnyGame
from bohnen.core.protocol import Options
from bohnen.core.result import Result
from bohnen.core.rng import derive
from bohnen.sim.local import LocalBackend
from bohnen.sim.runner import Played, Summary
from bohnen.sim.schedule import Pairing
from bohnen.sim.tournament import GameOutcome, TournamentSpec


def series_pairings(seed: int, players: int, games: int) -> list[Pairing]:
    """The games of a series: game ``i`` with the seed ``derive(seed, i)``, bot ``j``
    in seat ``j``."""
    seats = tuple(range(players))
    return [Pairing(index, derive(seed, index), seats) for index in range(games)]


def played_of(outcome: GameOutcome) -> Played:
    """A tournament's game as the runner's :class:`Played`."""
    result = Result(outcome.scores, outcome.winners, outcome.reason)
    return Played(outcome.seed, result, outcome.turns, outcome.actions, outcome.record)


def simulate_parallel(game: AnyGame, options: Options, seed: int, games: int,
                      specs: Sequence[str], workers: int,
                      on_game: Callable[[Played], None] | None = None,
                      record: bool = False,
                      on_finished: Callable[[int], None] | None = None) -> Summary:
    """Play the series of :func:`bohnen.sim.runner.simulate` in ``workers`` processes.

    ``specs`` gives the bot of each seat. ``on_finished`` is told how many games ended
    each time some do; ``on_game`` sees each game once all are played, in their order.
    """
    spec = TournamentSpec(game.name, options.to_json(), tuple(specs), seed, games, record)
    outcomes: list[GameOutcome] = []

    def done(finished: list[GameOutcome]) -> None:
        outcomes.extend(finished)
        if on_finished is not None:
            on_finished(len(finished))

    summary = Summary(game.name, options.players, game.score_name)
    start = time.perf_counter()
    LocalBackend(workers).run(spec, series_pairings(seed, options.players, games), done)
    for outcome in sorted(outcomes, key=lambda outcome: outcome.index):
        played = played_of(outcome)
        summary.add(played)
        if on_game is not None:
            on_game(played)
    summary.seconds = time.perf_counter() - start
    return summary
