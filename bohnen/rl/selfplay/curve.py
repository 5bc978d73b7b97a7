"""The self-play curve: one row per evaluation (:mod:`bohnen.rl.selfplay.evaluate`),
appended to ``curve.csv`` as the run goes (a resumed run goes on in the same file), and
drawn as ``curve.png`` (matplotlib, imported when drawn).

Columns: ``timesteps`` (the learner's ids so far; 0 is the policy after behaviour
cloning, before self-play), ``games`` (training games so far), ``seconds`` (the run's
wall time so far, the cloning included), ``eval_games``, ``win_share``, ``low`` and
``high`` (its 95 % Wilson interval), ``checkpoint`` (the file evaluated).
"""

from __future__ import annotations

import csv
from dataclasses import astuple, dataclass, fields
from pathlib import Path


@dataclass(frozen=True)
class Point:
    """One row of the curve (see the module)."""

    timesteps: int
    games: int
    seconds: float
    eval_games: int
    win_share: float
    low: float
    high: float
    checkpoint: str


COLUMNS = tuple(f.name for f in fields(Point))


def append(path: Path, point: Point) -> None:
    """``point`` at the end of the CSV file ``path`` (its header first if it is new)."""
    new = not path.exists()
    with path.open("a", newline="") as file:
        writer = csv.writer(file)
        if new:
            writer.writerow(COLUMNS)
        writer.writerow(astuple(point))


def read(path: Path) -> list[Point]:
    """The points of the CSV file ``path`` (none if there is no file)."""
    if not path.exists():
        return []
    with path.open(newline="") as file:
        return [Point(int(row["timesteps"]), int(row["games"]), float(row["seconds"]),
                      int(row["eval_games"]), float(row["win_share"]), float(row["low"]),
                      float(row["high"]), row["checkpoint"])
                for row in csv.DictReader(file)]


def draw(points: list[Point], path: Path, title: str, players: int) -> None:
    """The win share against timesteps with its interval, and the even share."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    steps = [p.timesteps for p in points]
    ax.fill_between(steps, [p.low for p in points], [p.high for p in points], alpha=0.25,
                    label="95 % interval")
    ax.plot(steps, [p.win_share for p in points], marker="o",
            label="win share against 3 heuristic bots (fixed seeds)")
    ax.axhline(1 / players, color="grey", linestyle="--",
               label=f"1/{players}: an even share")
    ax.set_xlabel("timesteps of self-play (0: after behaviour cloning)")
    ax.set_ylabel("win share (a win = 1, shared on a tie)")
    ax.set_ylim(0, max(0.5, max((p.high for p in points), default=0.0) + 0.05))
    ax.set_title(title, fontsize=10)
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
