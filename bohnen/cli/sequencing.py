"""What ``bohnen tournament`` prints for paired deals and sequential stopping: the table
of paired differences and the line of the stopping rule's decision."""

from __future__ import annotations

import math

from rich import box
from rich.table import Table

from bohnen.sim.paired import Interval, paired_differences
from bohnen.sim.stopping import Sequential
from bohnen.sim.tournament import TournamentRun


def _interval(interval: Interval, percent: bool) -> str:
    if math.isnan(interval.low):
        return "-"
    if percent:
        return f"{100 * interval.low:+.1f} to {100 * interval.high:+.1f}%"
    return f"{interval.low:+.2f} to {interval.high:+.2f}"


def _mean(value: float, percent: bool) -> str:
    if math.isnan(value):
        return "-"
    return f"{value:+.1%}" if percent else f"{value:+.2f}"


def paired_table(run: TournamentRun, score_name: str) -> Table:
    """The first entrant less each other, deal by deal: win share and mean score
    differences, each with its 95% t interval over the deals."""
    out = Table(title="paired deals: first bot less each other, on the same deals "
                "(95% t intervals over the deals)", box=box.SIMPLE_HEAD, pad_edge=False,
                collapse_padding=True)
    out.add_column("bots", overflow="fold")
    for header in ("deals", "win share\ndifference", "95%\ninterval",
                   f"{score_name}\ndifference", "95%\ninterval"):
        out.add_column(header, justify="right", no_wrap=True)
    for difference in paired_differences(run.outcomes, run.spec.bots):
        out.add_row(f"{difference.first} − {difference.second}", str(difference.deals),
                    _mean(difference.win_share.mean, True),
                    _interval(difference.win_share, True),
                    _mean(difference.score.mean, False),
                    _interval(difference.score, False))
    return out


def decision_line(run: TournamentRun, stop: Sequential) -> str:
    """The stopping rule's decision, or that the run ended undecided."""
    if run.decided_after is not None:
        return (f"decided after {run.decided_after} of at most {run.scheduled} games: "
                f"{stop.line}")
    if stop.last is None:
        return "undecided: no whole block of seat rotations was played"
    return f"undecided after {run.played} games: {stop.line}"
