"""Paired deals: the difference between two entrants on the same cards, with its interval.

In a tournament of paired deals (``--paired``, ``schedule.py``) each block of seat
rotations is one deal played ``n`` times, every bot in every seat once. An entrant is
a bot spec: a spec given for several seats (``--bots a,b,b,b``) is one entrant that
sits in several seats of every game. For one deal and an entrant, its win share is
its wins (a shared win split evenly) over the seats it took in the deal's games, and
its mean score likewise. The paired difference of entrant A over entrant X is, deal
by deal, A's figure less X's; its mean over the deals has a 95% interval from
Student's t with ``deals - 1`` degrees of freedom (the deals are independent, their
games are not). Since every entrant held every seat's cards in a deal, the luck of
the deal and of the seat falls out of the difference: far fewer games tell two bots
apart than with a fresh deal for every game.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bohnen.core.protocol import JSONObject
from bohnen.sim.ratings import entrants
from bohnen.sim.tournament import GameOutcome

# Student's t, two-sided 95% (the 0.975 quantile), for 1 to 30 degrees of freedom.
T95 = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
       2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
       2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423)
Z975 = 1.959963984540054  # the normal distribution's 0.975 quantile


def t95(freedom: int) -> float:
    """Student's t 0.975 quantile for ``freedom`` degrees of freedom: the table up to 30,
    beyond it the Cornish-Fisher expansion about the normal quantile (within 0.0001)."""
    if freedom < 1:
        raise ValueError(f"degrees of freedom must be 1 or more, not {freedom}")
    if freedom <= len(T95):
        return T95[freedom - 1]
    z, v = Z975, float(freedom)
    return (z + (z ** 3 + z) / (4 * v) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * v * v)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * v ** 3))


def deal_figures(games: Iterable[GameOutcome], entrant_of: Sequence[int],
                 count: int) -> list[tuple[float, float]]:
    """Each of ``count`` entrants' win share and mean score over its seats in ``games``
    (one deal's games); an entrant that took no seat gets ``nan``."""
    wins = [0.0] * count
    scores = [0.0] * count
    seats = [0] * count
    for game in games:
        for seat, bot in enumerate(game.seats):
            entrant = entrant_of[bot]
            seats[entrant] += 1
            scores[entrant] += game.scores[seat]
            if seat in game.winners:
                wins[entrant] += 1 / len(game.winners)
    return [(wins[e] / seats[e], scores[e] / seats[e]) if seats[e] else (math.nan, math.nan)
            for e in range(count)]


def whole_deals(outcomes: Iterable[GameOutcome], players: int) -> list[list[GameOutcome]]:
    """The games of each deal whose ``players`` rotations were all played, in the order
    of the schedule (a deal cut short by an interrupted run is left out)."""
    deals: dict[int, list[GameOutcome]] = {}
    for outcome in outcomes:
        deals.setdefault(outcome.index // players, []).append(outcome)
    return [deals[deal] for deal in sorted(deals) if len(deals[deal]) == players]


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean over deals and its 95% t interval (``nan`` bounds under two deals)."""

    mean: float
    low: float
    high: float

    def to_json(self) -> list[float | None]:
        return [_rounded(self.mean), _rounded(self.low), _rounded(self.high)]


def _rounded(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 4)


def t_interval(values: Sequence[float]) -> Interval:
    """The mean of ``values`` with its 95% t interval (sample standard deviation, ``n - 1``
    degrees of freedom)."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n < 2:
        return Interval(mean, math.nan, math.nan)
    variance = sum((value - mean) ** 2 for value in values) / (n - 1)
    half = t95(n - 1) * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half)


@dataclass(frozen=True, slots=True)
class PairedDifference:
    """Entrant ``first`` less entrant ``second`` over ``deals`` whole deals."""

    first: str
    second: str
    deals: int
    win_share: Interval
    score: Interval

    def to_json(self) -> JSONObject:
        win, score = self.win_share.to_json(), self.score.to_json()
        return {"first": self.first, "second": self.second, "deals": self.deals,
                "win_share_difference": win[0], "win_share_difference_95": win[1:],
                "score_difference": score[0], "score_difference_95": score[1:],
                "interval": "Student's t over deals, deals - 1 degrees of freedom"}


def paired_differences(outcomes: Sequence[GameOutcome], specs: Sequence[str]
                       ) -> list[PairedDifference]:
    """The first entrant less each other entrant, deal by deal, over the whole deals of
    a tournament of paired deals between the bots ``specs``."""
    names, entrant_of = entrants(specs)
    figures = [deal_figures(deal, entrant_of, len(names))
               for deal in whole_deals(outcomes, len(specs))]
    out: list[PairedDifference] = []
    for other in range(1, len(names)):
        wins = [deal[0][0] - deal[other][0] for deal in figures]
        scores = [deal[0][1] - deal[other][1] for deal in figures]
        out.append(PairedDifference(names[0], names[other], len(figures),
                                    t_interval(wins), t_interval(scores)))
    return out


def paired_json(outcomes: Sequence[GameOutcome], specs: Sequence[str]) -> list[JSONObject]:
    """The ``paired`` entry of results.json: each of :func:`paired_differences`."""
    return [difference.to_json() for difference in paired_differences(outcomes, specs)]
