"""What ``bench/targets.py`` measures and how it prints it: the issue's rows
(:class:`Figure`), the measurements (:class:`Results`), and the Markdown tables (one of
figures per CPU second with their ratios and targets, one of instructions per unit, one
of the garbage collector's share where it was timed), with each "n/a" explained in a
note below. Not a benchmark by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from instructions import Count
from workloads import WORKLOADS

SIDE_TITLES = {"pure": "pure", "compiled": "compiled"}


@dataclass(frozen=True)
class Figure:
    """One row of the issue's table: a workload, its sizes (a timed run, a ``--quick``
    run, a callgrind count), and its targets (``minimum`` per CPU second, ``ratio`` to
    the old commit; None where the issue sets none)."""

    workload: str
    label: str
    size: int
    quick: int
    counted: int
    minimum: float | None
    ratio: float | None


@dataclass(frozen=True)
class Collected:
    """The garbage collector's part of a run: its share of the run's CPU time by
    generation (0 the youngest, 2 the full collections), and its collections per
    thousand units."""

    shares: tuple[float, ...]
    per_thousand: float

    def __str__(self) -> str:
        by_generation = " / ".join(f"{share:.1%}" for share in self.shares)
        return (f"{sum(self.shares):.1%} ({by_generation}); "
                f"{self.per_thousand:,.1f} per 1,000")


@dataclass
class Results:
    """Per workload and side: the timed runs, the callgrind count, and the reasons
    of what could not be measured or counted."""

    runs: dict[str, dict[str, list[dict[str, float | str]]]] = field(default_factory=dict)
    counts: dict[str, dict[str, Count]] = field(default_factory=dict)
    missing: dict[str, dict[str, str]] = field(default_factory=dict)
    uncounted: dict[str, dict[str, str]] = field(default_factory=dict)

    def rate(self, workload: str, side: str) -> float | None:
        """Units per CPU second, the best of the side's rounds (None: not measured)."""
        runs = self.runs.get(workload, {}).get(side, [])
        rates = [float(r["units"]) / float(r["cpu_seconds"]) for r in runs
                 if float(r["cpu_seconds"]) > 0]
        return max(rates) if rates else None

    def loaded(self, side: str) -> int | None:
        """The most ``bohnen`` modules a run of the side loaded compiled (None: no run):
        0 on a pure side, more on a compiled one, or the side did not run its build."""
        counts = [int(r.get("compiled_modules", 0)) for by_side in self.runs.values()
                  for r in by_side.get(side, [])]
        return max(counts) if counts else None

    def collector(self, workload: str, side: str) -> Collected | None:
        """The garbage collector's part of the side's best run (the fastest by CPU
        time) among those that timed it (None: no run did: ``--collector`` not asked)."""
        runs = [r for r in self.runs.get(workload, {}).get(side, [])
                if "collector_seconds_g0" in r and float(r["cpu_seconds"]) > 0]
        if not runs:
            return None
        best = max(runs, key=lambda r: float(r["units"]) / float(r["cpu_seconds"]))
        cpu, units = float(best["cpu_seconds"]), float(best["units"])
        return Collected(
            tuple(float(best[f"collector_seconds_g{g}"]) / cpu for g in range(3)),
            sum(float(best[f"collections_g{g}"]) for g in range(3)) * 1000 / units)

    def per_unit(self, workload: str, side: str) -> float | None:
        """Instructions per unit that callgrind counted (None: not counted)."""
        got = self.counts.get(workload, {}).get(side)
        return got.per_unit if got is not None and got.units else None


@dataclass(frozen=True)
class Heading:
    """What the tables are about: the commits, the machine and date, the run."""

    old: str
    new: str
    machine: str
    minutes: float
    rounds: int
    quick: bool
    compiled: str
    scale: float = 1.0


class Notes:
    """The reasons of the "n/a" cells, numbered once each."""

    def __init__(self) -> None:
        self.reasons: dict[str, int] = {}

    def mark(self, side: str, reason: str) -> str:
        key = f"{side}: {reason}"
        number = self.reasons.setdefault(key, len(self.reasons) + 1)
        return f"n/a [{number}]"

    def lines(self) -> list[str]:
        return [f"[{n}] {reason}" for reason, n in self.reasons.items()]


def number(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"


def instructions(value: float) -> str:
    if value >= 1e6:
        return f"{value / 1e6:,.2f} M"
    return f"{value / 1e3:,.1f} k" if value >= 1e3 else f"{value:,.0f}"


def met(figure: Figure, rate: float | None, old: float | None) -> str:
    """Whether ``rate`` meets the figure's targets: ✓, ✗, or ? where the ratio
    cannot be judged (no old figure), — where not measured."""
    if rate is None or (figure.minimum is None and figure.ratio is None):
        return "—"
    if figure.minimum is not None and rate < figure.minimum:
        return "✗"
    if figure.ratio is not None:
        if old is None:
            return "?"
        if rate / old < figure.ratio:
            return "✗"
    return "✓"


def figures_table(heading: Heading, figures: list[Figure], sides: list[str],
                  results: Results, notes: Notes) -> list[str]:
    builds = [s for s in sides if s != "old"]
    head = (["figure", "target"] + [heading.old if s == "old" else SIDE_TITLES[s]
                                    for s in sides]
            + [f"{SIDE_TITLES[b]} / {heading.old}" for b in builds if "old" in sides]
            + ["ratio target"] + ([f"met ({', '.join(builds)})"] if builds else []))
    lines = ["| " + " | ".join(head) + " |",
             "|---|---:|" + "---:|" * (len(head) - 3) + ":-:|"]
    for figure in figures:
        old = results.rate(figure.workload, "old")
        cells = [figure.label, number(figure.minimum) if figure.minimum else "—"]
        for side in sides:
            rate = results.rate(figure.workload, side)
            reason = results.missing.get(figure.workload, {}).get(side, "not measured")
            cells.append(number(rate) if rate is not None else notes.mark(side, reason))
        if "old" in sides:
            for build in builds:
                rate = results.rate(figure.workload, build)
                cells.append(f"×{rate / old:.2f}" if rate and old else "—")
        cells.append(f"≥ ×{figure.ratio:g}" if figure.ratio else "—")
        if builds:
            cells.append(" / ".join(met(figure, results.rate(figure.workload, b), old)
                                    for b in builds))
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def counts_table(heading: Heading, figures: list[Figure], sides: list[str],
                 results: Results, notes: Notes) -> list[str]:
    builds = [s for s in sides if s != "old"]
    head = (["figure", "instructions per"]
            + [heading.old if s == "old" else SIDE_TITLES[s] for s in sides]
            + [f"{heading.old} / {SIDE_TITLES[b]}" for b in builds if "old" in sides])
    lines = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    for figure in figures:
        if figure.workload not in results.runs:
            continue
        cells = [figure.label, WORKLOADS[figure.workload].unit.removesuffix("s")]
        for side in sides:
            value = results.per_unit(figure.workload, side)
            reason = (results.uncounted.get(figure.workload, {}).get(side) or
                      results.missing.get(figure.workload, {}).get(side, "not measured"))
            cells.append(instructions(value) if value else notes.mark(side, reason))
        old = results.per_unit(figure.workload, "old")
        for build in builds if "old" in sides else []:
            value = results.per_unit(figure.workload, build)
            cells.append(f"×{old / value:.2f}" if old and value else "—")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def collector_table(heading: Heading, figures: list[Figure], sides: list[str],
                    results: Results) -> list[str]:
    """The garbage collector's part of each figure's best run, side by side (figures no
    side timed it for are left out)."""
    rows = [(f, [results.collector(f.workload, s) for s in sides]) for f in figures]
    rows = [(f, cells) for f, cells in rows if any(c is not None for c in cells)]
    if not rows:
        return []
    titles = [heading.old if s == "old" else SIDE_TITLES[s] for s in sides]
    lines = ["| figure | " + " | ".join(titles) + " |", "|---|" + "---:|" * len(sides)]
    for figure, cells in rows:
        lines.append(f"| {figure.label} | "
                     + " | ".join(str(c) if c is not None else "—" for c in cells) + " |")
    return ["", "The garbage collector's share of the work's CPU time (`gc.callbacks`, "
            "`--collector`), all generations (youngest / middle / full), and its "
            "collections per 1,000 units, in the best run of each side:", "", *lines]


def render(heading: Heading, figures: list[Figure], sides: list[str], results: Results
           ) -> str:
    notes = Notes()
    sizes = ("quick sizes" if heading.quick else
             "full sizes" if heading.scale == 1 else f"the sizes ×{heading.scale:g}")
    out = [f"Issue 38's targets: `{heading.old}` against `{heading.new}`, "
           f"four players, random bots, one core.",
           "",
           f"Machine: {heading.machine}. Each figure per second of the worker's CPU time "
           f"(`time.process_time`), best of {heading.rounds} round(s), {sizes}"
           + (f"; compiled: {heading.compiled}" if heading.compiled else "")
           + f". The run took {heading.minutes:.1f} min. Modules of `bohnen` loaded "
           + "compiled: " + ", ".join(f"{s} {results.loaded(s)}" for s in sides
                                      if results.loaded(s) is not None) + ".",
           "",
           *figures_table(heading, figures, sides, results, notes)]
    if results.counts or results.uncounted:
        out += ["", "Instructions per unit, counted by callgrind (`PYTHONHASHSEED=0`, the "
                "work alone, a small fixed workload; old over new: above 1 is fewer):", "",
                *counts_table(heading, figures, sides, results, notes)]
    out += collector_table(heading, figures, sides, results)
    if notes.reasons:
        out += ["", *notes.lines()]
    return "\n".join(out)


def as_json(heading: Heading, figures: list[Figure], results: Results) -> dict[str, object]:
    """Every figure measured, for a file beside the table."""
    return {"heading": heading.__dict__,
            "figures": {f.workload: {"label": f.label, "minimum": f.minimum,
                                     "ratio": f.ratio} for f in figures},
            "runs": results.runs,
            "instructions": {w: {s: {"instructions": c.instructions, "units": c.units}
                                 for s, c in by_side.items()}
                             for w, by_side in results.counts.items()},
            "missing": results.missing, "uncounted": results.uncounted}
