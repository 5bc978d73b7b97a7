"""The tables of a tournament as printed: standings, per seat, time per move.

``bohnen tournament`` prints them once its games are played, and ``bohnen report``
prints them again from a tournament's folder; the figures are defined in
``bohnen/sim/ratings.py``, ``figures.py`` and ``movetimes.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table

from bohnen.sim.figures import SeatStanding
from bohnen.sim.movetimes import MoveTimes
from bohnen.sim.ratings import Standing, by_win_share


def _table(title: str) -> Table:
    return Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)


def _share(share: float | None) -> str:
    return "-" if share is None else f"{share:.1%}"


def _interval(low: float, high: float) -> str:
    return f"{100 * low:.1f}–{100 * high:.1f}%"


def _mean(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def standings_table(title: str, score_name: str, table: Sequence[Standing]) -> Table:
    """Per entrant, the best win share first (ties: the higher rating, then the name):
    games, wins, win share and its 95% interval, mean score, rating."""
    out = _table(title)
    # A long bot spec folds over several lines; the figures are never cut.
    out.add_column("bot", overflow="fold")
    for header in ("games", "wins", "win\nshare", "95%\ninterval",
                   f"mean\n{score_name}", "rating\nμ", "\n± 2σ"):
        out.add_column(header, justify="right", no_wrap=True)
    for standing in by_win_share(table):
        rating = standing.rating
        out.add_row(standing.name, str(standing.games), f"{standing.wins:.1f}",
                    _share(standing.win_share),
                    _interval(standing.win_low, standing.win_high),
                    _mean(standing.mean_score), f"{rating.mu:.2f}", f"{2 * rating.sigma:.2f}")
    return out


def seat_table(score_name: str, seats: Sequence[SeatStanding]) -> Table:
    """Per entrant and seat (seats from 0): seat-games, win share with its 95%
    interval, mean score."""
    out = _table("per seat")
    out.add_column("bot", overflow="fold")
    for header in ("seat", "games", "wins", "win\nshare", "95%\ninterval", f"mean\n{score_name}"):
        out.add_column(header, justify="right", no_wrap=True)
    for row in seats:
        out.add_row(row.name, str(row.seat), str(row.games), f"{row.wins:.1f}",
                    _share(row.win_share), _interval(row.win_low, row.win_high),
                    _mean(row.mean_score))
    return out


def milliseconds(seconds: float | None) -> str:
    """A duration in milliseconds, to three figures or so (``-``: none)."""
    if seconds is None:
        return "-"
    ms = seconds * 1000
    return f"{ms:.0f}" if ms >= 100 else f"{ms:.1f}" if ms >= 1 else f"{ms:.3f}"


def times_table(names: Sequence[str], times: Sequence[MoveTimes]) -> Table:
    """Per entrant: moves timed, mean, 99th percentile and longest, its budget and the
    moves over it (the durations in milliseconds)."""
    out = _table("time per move (ms)")
    out.add_column("bot", overflow="fold")
    for header in ("moves", "mean", "p99", "max", "budget", "over\nbudget"):
        out.add_column(header, justify="right", no_wrap=True)
    for name, figures in zip(names, times, strict=True):
        budget, share = figures.budget, figures.over_share
        over = "-" if share is None else f"{figures.over} ({share:.1%})"
        out.add_row(name, str(figures.moves), milliseconds(figures.mean),
                    milliseconds(figures.p99),
                    milliseconds(figures.longest if figures.moves else None),
                    milliseconds(budget), over)
    return out
