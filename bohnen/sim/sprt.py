"""The sequential probability ratio test of two entrants, as cutechess-cli and fastchess run it.

``--sprt elo0,elo1,alpha,beta`` tests H0 "the first entrant is ``elo0`` Elo above the
second" against H1 "it is ``elo1`` above", with the chances ``alpha`` of accepting H1
when H0 holds and ``beta`` of accepting H0 when H1 holds. After each look the
log-likelihood ratio (LLR) is compared with the bounds ``a = ln(beta / (1 - alpha))``
and ``b = ln((1 - beta) / alpha)``: at ``b`` or above H1 is accepted, at ``a`` or below
H0, in between the run goes on.

The LLR is the generalised SPRT's (Michel Van den Bergh's, fastchess's ``logistic``
model): with ``s0`` and ``s1`` the expected scores of the hypotheses,
``s = 1 / (1 + 10 ** (-elo / 400))``, and ``N`` scores of mean ``m`` and variance
``v`` (over ``N``, not ``N - 1``), ``LLR = N (s1 - s0) (2m - s0 - s1) / (2v)``.

A score is the first entrant's result against the second in one unit, from 0 to 1.
In one game, every seat of the first entrant is set against every seat of the second:
1 for the seat placed higher (winners first, then by score: ``seat_ranks``), 1/2 for
the same place, 0 for a lower one; the game's score is the mean of these. With one
seat each it is the win, draw or loss of the classic, trinomial test. Without paired
deals the unit is the game; with paired deals it is the deal, scored by the mean over
its games (with two games a deal, the pentanomial test of paired openings).

The LLR is 0 until there are :data:`LEAST_UNITS` units. The test divides by the
variance measured, and that of a few units is too unsure: with two, a quarter of the
time it is under a tenth of the true one, and the LLR ten times too large decides a
test of a wide Elo range at once. (cutechess-cli and fastchess need no such guard:
a chess test crosses its bounds after thousands of games.) A variance below
:data:`LEAST_VARIANCE` (every unit alike, as when one bot wins every game) is taken as
that least one, as fishtest replaces an empty class of results by 0.001, so that such
a run is decided instead of showing an LLR of 0 for ever (fastchess's way).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from bohnen.core.files import excerpt
from bohnen.sim.ratings import seat_ranks
from bohnen.sim.tournament import GameOutcome

LEAST_VARIANCE = 1e-3
LEAST_UNITS = 10  # games, or deals with paired deals, before the LLR counts
H0, H1 = "H0", "H1"


def expected_score(elo: float) -> float:
    """The expected score of a player ``elo`` Elo above its opponent (logistic)."""
    return 1 / (1 + 10 ** (-elo / 400))


@dataclass(frozen=True, slots=True)
class Sprt:
    """The hypotheses (Elo of the first entrant over the second) and error chances."""

    elo0: float
    elo1: float
    alpha: float
    beta: float

    @property
    def lower(self) -> float:
        """The bound ``a``: at or below it H0 is accepted."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """The bound ``b``: at or above it H1 is accepted."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, count: int, total: float, squares: float) -> float:
        """The LLR of ``count`` scores whose sum is ``total`` and sum of squares ``squares``."""
        if count < LEAST_UNITS:
            return 0.0
        mean = total / count
        variance = max(squares / count - mean * mean, LEAST_VARIANCE)
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return count * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def verdict(self, llr: float) -> str | None:
        """H1 or H0 once the LLR reaches a bound, else None."""
        if llr >= self.upper:
            return H1
        if llr <= self.lower:
            return H0
        return None


def llr_of(sprt: Sprt, scores: Sequence[float]) -> float:
    """The LLR of the units' ``scores``."""
    return sprt.llr(len(scores), sum(scores), sum(score * score for score in scores))


def parse_sprt(text: str) -> Sprt:
    """The test of ``--sprt elo0,elo1,alpha,beta``; ``ValueError`` naming what is wrong."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 4:
        raise ValueError(f"--sprt {excerpt(text)}: give four values, elo0,elo1,alpha,beta "
                         f"(e.g. 0,10,0.05,0.05), not {len(parts)}")
    values: list[float] = []
    for name, part in zip(("elo0", "elo1", "alpha", "beta"), parts, strict=True):
        try:
            value = float(part)
        except ValueError:
            raise ValueError(f"--sprt: {name} {excerpt(part)} is not a number") from None
        if not math.isfinite(value):
            raise ValueError(f"--sprt: {name} must be a finite number, not {part}")
        values.append(value)
    elo0, elo1, alpha, beta = values
    if elo0 >= elo1:
        raise ValueError(f"--sprt: elo0 ({elo0:g}) must be below elo1 ({elo1:g})")
    for name, value in (("alpha", alpha), ("beta", beta)):
        if not 0 < value < 1:
            raise ValueError(f"--sprt: {name} must be between 0 and 1, not {value:g}")
    if alpha + beta >= 1:
        raise ValueError(f"--sprt: alpha + beta must be below 1, not {alpha + beta:g}")
    return Sprt(elo0, elo1, alpha, beta)


def game_score(game: GameOutcome, entrant_of: Sequence[int], first: int,
               second: int) -> float | None:
    """The ``first`` entrant's score against the ``second`` in ``game`` (None if either
    took no seat in it)."""
    places = seat_ranks(game.scores, game.winners)
    mine = [places[seat] for seat, bot in enumerate(game.seats) if entrant_of[bot] == first]
    theirs = [places[seat] for seat, bot in enumerate(game.seats)
              if entrant_of[bot] == second]
    if not mine or not theirs:
        return None
    points = [1.0 if a < b else 0.5 if a == b else 0.0 for a in mine for b in theirs]
    return sum(points) / len(points)
