"""A tournament's figures beside the standings: per entrant and seat, and time per move.

- Per seat: for each entrant (``ratings.py``: equal specs pooled) and each seat, its
  seat-games there, its win share (a shared win split evenly) with Wilson's 95%
  interval, and its mean score. An entrant holding two seats of a game counts one
  seat-game in each.
- Time per move: each entrant's decisions over every game, merged from the figures
  that each game brought back per seat (``movetimes.py``). Games read back from a
  journal written before moves were timed bring none, and count no moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bohnen.core.protocol import JSONObject
from bohnen.sim.movetimes import MoveTimes, total
from bohnen.sim.ratings import entrants, wilson_interval
from bohnen.sim.tournament import GameOutcome


@dataclass(frozen=True, slots=True)
class SeatStanding:
    """One entrant's figures over its games in one seat."""

    bot: int
    name: str
    seat: int
    games: int
    wins: float
    win_low: float
    win_high: float
    mean_score: float | None

    @property
    def win_share(self) -> float | None:
        return self.wins / self.games if self.games else None


def seat_standings(outcomes: Sequence[GameOutcome], names: Sequence[str],
                   players: int) -> list[SeatStanding]:
    """Per entrant (in the order of :func:`entrants`), per seat from 0: its figures."""
    distinct, entrant_of = entrants(names)
    games = [[0] * players for _ in distinct]
    wins = [[0.0] * players for _ in distinct]
    scores = [[0] * players for _ in distinct]
    for outcome in outcomes:
        for seat, position in enumerate(outcome.seats):
            bot = entrant_of[position]
            games[bot][seat] += 1
            scores[bot][seat] += outcome.scores[seat]
            if seat in outcome.winners:
                wins[bot][seat] += 1 / len(outcome.winners)
    table: list[SeatStanding] = []
    for bot, name in enumerate(distinct):
        for seat in range(players):
            count, won = games[bot][seat], wins[bot][seat]
            low, high = wilson_interval(won, count)
            mean = scores[bot][seat] / count if count else None
            table.append(SeatStanding(bot, name, seat, count, won, low, high, mean))
    return table


def seat_json(standing: SeatStanding) -> JSONObject:
    share = standing.win_share
    return {
        "bot": standing.name,
        "seat": standing.seat,
        "games": standing.games,
        "wins": round(standing.wins, 4),
        "win_share": None if share is None else round(share, 4),
        "win_share_95": [round(standing.win_low, 4), round(standing.win_high, 4)],
        "mean_score": None if standing.mean_score is None else round(standing.mean_score, 3),
    }


def entrant_times(outcomes: Sequence[GameOutcome], names: Sequence[str]) -> list[MoveTimes]:
    """Each entrant's time per move over every game (in the order of :func:`entrants`)."""
    distinct, entrant_of = entrants(names)
    parts: list[list[MoveTimes]] = [[] for _ in distinct]
    for outcome in outcomes:
        for seat, times in enumerate(outcome.times):
            parts[entrant_of[outcome.seats[seat]]].append(times)
    return [total(mine) for mine in parts]


def times_json(name: str, times: MoveTimes) -> JSONObject:
    return {"bot": name, **times.to_json()}
