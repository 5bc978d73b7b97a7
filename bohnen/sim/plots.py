"""The picture of a tournament (PNG): ratings, win shares and scores, with intervals.

Drawn with matplotlib's Agg renderer through a bare ``Figure`` (no pyplot, no
display, no global state). Left: each entrant's rating ``mu`` with ``mu ± 2 sigma``.
Middle: its win share with its 95% Wilson interval as error bars, and the share of
a bot as strong as the others (one win in ``players`` seat-games) as a dashed line.
Right: its scores over its seat-games as a box plot, the mean marked.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bohnen.core.files import write_atomic
from bohnen.sim.ratings import Standing


def win_share_bars(table: Sequence[Standing]) -> tuple[list[float], list[list[float]]]:
    """Each entrant's win share (0 without games) and the lengths of its error bar
    below and above, from its 95% interval."""
    shares = [standing.win_share or 0.0 for standing in table]
    below = [max(0.0, share - standing.win_low) for share, standing in zip(shares, table,
                                                                          strict=True)]
    above = [max(0.0, standing.win_high - share) for share, standing in zip(shares, table,
                                                                           strict=True)]
    return shares, [below, above]


def plot_standings(path: Path, table: Sequence[Standing], score_name: str,
                   title: str, players: int | None = None) -> None:
    """Write the ratings, win shares and score distributions of ``table`` as a PNG at
    ``path`` (drawn in memory, then written atomically); ``players``: the seats of a
    game, for the win share of an even field."""
    from matplotlib.figure import Figure

    names = [standing.name for standing in table]
    rows = list(range(len(table)))
    figure = Figure(figsize=(15, 1.2 + 0.6 * max(len(table), 2)), layout="constrained")
    figure.suptitle(title)
    left, middle, right = figure.subplots(1, 3, sharey=True)
    mus = [standing.rating.mu for standing in table]
    spans = [2 * standing.rating.sigma for standing in table]
    left.errorbar(mus, rows, xerr=spans, fmt="o", capsize=4)
    left.set_xlabel("rating (mu ± 2 sigma)")
    left.grid(axis="x", alpha=0.3)
    _win_shares(middle, table, players)
    scored = [(row, list(standing.scores)) for row, standing in zip(rows, table, strict=True)
              if standing.scores]
    if scored:
        right.boxplot([scores for _, scores in scored], positions=[row for row, _ in scored],
                      orientation="horizontal", showmeans=True, widths=0.5)
    left.set_yticks(rows, names)  # after the box plot, which sets ticks of its own
    left.set_ylim(len(table) - 0.5, -0.5)  # the first bot on top
    right.set_xlabel(score_name)
    right.grid(axis="x", alpha=0.3)
    picture = io.BytesIO()
    figure.savefig(picture, format="png", dpi=100)
    write_atomic(path, picture.getvalue())


def _win_shares(axes: Any, table: Sequence[Standing], players: int | None) -> None:
    """The middle panel: win shares with their 95% intervals."""
    shares, bars = win_share_bars(table)
    axes.errorbar(shares, list(range(len(table))), xerr=bars, fmt="s", capsize=4,
                  color="tab:green")
    if players:
        axes.axvline(1 / players, linestyle="--", color="grey", linewidth=1)
    axes.set_xlim(-0.02, 1.02)  # a share of 0 or 1 stays in sight
    axes.set_xlabel("win share (95% interval)")
    axes.grid(axis="x", alpha=0.3)
