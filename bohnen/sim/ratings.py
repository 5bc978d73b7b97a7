"""Standings of a tournament: win shares with 95% intervals, mean scores, ratings.

- Entrant: a bot of the tournament. The same spec given for several seats
  (``--bots heuristic,heuristic,random``) is one entrant, pooled over every seat it
  holds. The schedule still rotates each spec position (``schedule.py``); the
  standings count by entrant (:func:`entrants`).
- Games: an entrant's seat-games, one per seat it holds in a game: a game where it
  holds two seats counts twice.
- Win share: the entrant's wins over its seat-games, a shared win split evenly among
  the winning seats (so a game where it holds two seats and one of them wins alone
  counts 1 win in 2 seat-games, and the win shares of a tournament, weighed by
  seat-games, add up to its games); its 95% interval is Wilson's score interval over
  the seat-games (two seats of one game cannot both win alone, so they vary less
  than two separate games: the interval errs on the wide side).
- Mean score: over the seat-games.
- Rating: openskill's Plackett-Luce model, updated game after game in the order
  of the schedule (so the same games always give the same ratings) with each
  game's ranking of the seats: the winners first (tied), then the others by score,
  equal scores tied. Each seat is rated with its entrant's rating before the game;
  an entrant in several seats moves its ``mu`` by the sum of its seats' moves and
  its variance (``sigma²``) by the product of their factors, as if it had played
  each seat in turn against the same field (its seats' results against each other
  cancel out). A rating is shown as ``mu ± 2 sigma``; its ordinal,
  ``mu - 3 sigma``, is a cautious single figure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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


def fit_ratings(outcomes: Sequence[GameOutcome], bots: int,
                entrant_of: Sequence[int] | None = None) -> list[Rating]:
    """The rating of each entrant after every game of ``outcomes``, taken in their
    order; ``entrant_of``: the entrant of each spec position (default: each its own,
    ``bots`` of them)."""
    model = PlackettLuce()
    owner = list(range(bots)) if entrant_of is None else list(entrant_of)
    ratings = [model.rating() for _ in range(max(owner, default=-1) + 1)]
    for outcome in outcomes:
        seated = [owner[bot] for bot in outcome.seats]
        teams = [[model.rating(mu=ratings[e].mu, sigma=ratings[e].sigma)] for e in seated]
        ranks = [float(rank) for rank in seat_ranks(outcome.scores, outcome.winners)]
        rated = [team[0] for team in model.rate(teams, ranks=ranks)]
        for entrant in set(seated):
            mine = [new for e, new in zip(seated, rated, strict=True) if e == entrant]
            ratings[entrant] = (mine[0] if len(mine) == 1
                                else _pooled(model, ratings[entrant], mine))
    return [Rating(rating.mu, rating.sigma) for rating in ratings]


def _pooled(model: PlackettLuce, before: Any, seats: Sequence[Any]) -> Any:
    """An entrant's rating after a game where it held several ``seats``: ``mu`` moved
    by the sum of the seats' moves, the variance by the product of their factors."""
    mu = before.mu + sum(seat.mu - before.mu for seat in seats)
    factor = math.prod((seat.sigma / before.sigma) ** 2 for seat in seats)
    return model.rating(mu=mu, sigma=before.sigma * math.sqrt(factor))


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's figures over its seat-games (``bot``: its number among the
    entrants)."""

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


def entrants(names: Sequence[str]) -> tuple[list[str], list[int]]:
    """The entrants of the spec positions named ``names`` (equal names pooled, in the
    order they first appear) and the entrant of each position."""
    distinct = list(dict.fromkeys(names))
    return distinct, [distinct.index(name) for name in names]


def bot_scores(outcomes: Sequence[GameOutcome], entrant_of: Sequence[int]) -> list[list[int]]:
    """Each entrant's score in every seat-game, in the order of the games and seats."""
    scores: list[list[int]] = [[] for _ in range(max(entrant_of, default=-1) + 1)]
    for outcome in outcomes:
        for seat, bot in enumerate(outcome.seats):
            scores[entrant_of[bot]].append(outcome.scores[seat])
    return scores


def bot_wins(outcomes: Sequence[GameOutcome], entrant_of: Sequence[int]) -> list[float]:
    """Each entrant's wins, a shared win split evenly among the winning seats."""
    wins = [0.0] * (max(entrant_of, default=-1) + 1)
    for outcome in outcomes:
        for seat in outcome.winners:
            wins[entrant_of[outcome.seats[seat]]] += 1 / len(outcome.winners)
    return wins


def standings(outcomes: Sequence[GameOutcome], names: Sequence[str]) -> list[Standing]:
    """Every entrant's standing, in the order they first appear in ``names`` (the name
    of each spec position of the tournament; equal names are one entrant)."""
    distinct, entrant_of = entrants(names)
    scores = bot_scores(outcomes, entrant_of)
    wins = bot_wins(outcomes, entrant_of)
    ratings = fit_ratings(outcomes, len(names), entrant_of)
    table: list[Standing] = []
    for bot, name in enumerate(distinct):
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
    """The name of each spec position: its spec, so that one spec given for several
    seats is one entrant (pooled by :func:`standings`)."""
    return list(specs)
