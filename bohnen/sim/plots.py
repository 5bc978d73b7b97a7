"""The picture of a tournament (PNG): ratings with their intervals, score distributions.

Drawn with matplotlib's Agg renderer through a bare ``Figure`` (no pyplot, no
display, no global state). Left: each bot's rating ``mu`` with ``mu ± 2 sigma``.
Right: each bot's scores over its games as a box plot, the mean marked.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from bohnen.core.files import write_atomic
from bohnen.sim.ratings import Standing


def plot_standings(path: Path, table: Sequence[Standing], score_name: str,
                   title: str) -> None:
    """Write the ratings and score distributions of ``table`` as a PNG at ``path``
    (drawn in memory, then written atomically)."""
    from matplotlib.figure import Figure

    names = [standing.name for standing in table]
    rows = list(range(len(table)))
    figure = Figure(figsize=(11, 1.2 + 0.6 * max(len(table), 2)), layout="constrained")
    figure.suptitle(title)
    left, right = figure.subplots(1, 2, sharey=True)
    mus = [standing.rating.mu for standing in table]
    spans = [2 * standing.rating.sigma for standing in table]
    left.errorbar(mus, rows, xerr=spans, fmt="o", capsize=4)
    left.set_xlabel("rating (mu ± 2 sigma)")
    left.grid(axis="x", alpha=0.3)
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
