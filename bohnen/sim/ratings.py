"""Standings of a tournament: win shares with 95% intervals, mean scores, ratings.

- Win share: the wins of a bot over its games, a shared win split evenly among
  the winners; its 95% interval is Wilson's score interval.
- Rating: openskill's Plackett-Luce model, updated game after game in the order
  of the schedule (so the same games always give the same ratings) with each
  game's ranking of the seats: the winners first (tied), then the others by score,
  equal scores tied. A rating is shown as ``mu ± 2 sigma``; its ordinal,
  ``mu - 3 sigma``, is a cautious single figure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from bohnen.sim.tournament import GameOutcome

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a share of ``wins`` (fractions allowed) in ``games``."""
    if games <= 0:
        return 0.0, 1.0
    share = wins / games
    z2 = z * z / games
    centre = (share + z2 / 2) / (1 + z2)
    half = z / (1 + z2) * math.sqrt(share * (1 - share) / games + z2 / (4 * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def seat_ranks(scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Each seat's place (1 = first; ties share a place): winners first, then by score."""
    keys = [(0 if seat in winners else 1, -score) for seat, score in enumerate(scores)]
    return [1 + sum(other < key for other in keys) for key in keys]


@dataclass(frozen=True, slots=True)
class Rating:
    """An openskill rating: the skill estimate ``mu`` and its uncertainty ``sigma``."""

    mu: float
    sigma: float

    @property
    def low(self) -> float:
        return self.mu - 2 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + 2 * self.sigma

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def fit_ratings(outcomes: Sequence[GameOutcome], bots: int) -> list[Rating]:
    """The rating of each bot after every game of ``outcomes``, taken in their order."""
    model = PlackettLuce()
    ratings = [model.rating() for _ in range(bots)]
    for outcome in outcomes:
        teams = [[ratings[bot]] for bot in outcome.seats]
        ranks = [float(rank) for rank in seat_ranks(outcome.scores, outcome.winners)]
        for bot, team in zip(outcome.seats, model.rate(teams, ranks=ranks), strict=True):
            ratings[bot] = team[0]
    return [Rating(rating.mu, rating.sigma) for rating in ratings]


@dataclass(frozen=True, slots=True)
class Standing:
    """One bot's figures over the games it played."""

    bot: int
    name: str
    games: int
    wins: float
    win_low: float
    win_high: float
    mean_score: float | None
    scores: tuple[int, ...]
    rating: Rating

    @property
    def win_share(self) -> float | None:
        return self.wins / self.games if self.games else None


def bot_scores(outcomes: Sequence[GameOutcome], bots: int) -> list[list[int]]:
    """Each bot's score in every game, in the order of the games."""
    scores: list[list[int]] = [[] for _ in range(bots)]
    for outcome in outcomes:
        for seat, bot in enumerate(outcome.seats):
            scores[bot].append(outcome.scores[seat])
    return scores


def bot_wins(outcomes: Sequence[GameOutcome], bots: int) -> list[float]:
    """Each bot's wins, a shared win split evenly among its winners."""
    wins = [0.0] * bots
    for outcome in outcomes:
        for seat in outcome.winners:
            wins[outcome.seats[seat]] += 1 / len(outcome.winners)
    return wins


def standings(outcomes: Sequence[GameOutcome], names: Sequence[str]) -> list[Standing]:
    """Every bot's standing, in the order of ``names`` (the bots of the tournament)."""
    bots = len(names)
    scores = bot_scores(outcomes, bots)
    wins = bot_wins(outcomes, bots)
    ratings = fit_ratings(outcomes, bots)
    table: list[Standing] = []
    for bot, name in enumerate(names):
        games = len(scores[bot])
        low, high = wilson_interval(wins[bot], games)
        mean = sum(scores[bot]) / games if games else None
        table.append(Standing(bot, name, games, wins[bot], low, high, mean,
                              tuple(scores[bot]), ratings[bot]))
    return table


def win_share_key(standing: Standing) -> tuple[float, float, str]:
    """The sort key of the standings: the higher win share first (a bot without games
    last), then the higher rating (its ``mu``), then the name."""
    share = standing.win_share
    return (1.0 if share is None else -share, -standing.rating.mu, standing.name)


def by_win_share(table: Sequence[Standing]) -> list[Standing]:
    """The standings in the order they are shown: the best win share first, ties broken
    by the rating, then by the name."""
    return sorted(table, key=win_share_key)


def entrant_names(specs: Sequence[str]) -> list[str]:
    """A distinct name per bot: its spec, numbered (``#2``, ``#3``) when it repeats."""
    names: list[str] = []
    for spec in specs:
        count = sum(1 for earlier in specs[:len(names)] if earlier == spec)
        names.append(spec if count == 0 and specs.count(spec) == 1 else f"{spec}#{count + 1}")
    return names
