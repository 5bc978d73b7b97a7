"""Speed before and after a change, measured side by side in one run.

Run: ``python bench/compare.py REF [--rounds R] [--only bohnanza,ndb]
[--builds old,pure,compiled] [--build auto|wheel|mypyc] [--modules LIST]
[--compiled DIR]``. ``REF`` is a git
commit (or branch, or tag) of this repository: its ``bohnen`` folder is exported to a
temporary folder, and every speed benchmark (``bench/<game>_speed.py`` and
``bench/ismcts_speed.py``) runs under the old code, under the working tree in pure
Python (``BOHNEN_PURE=1``) and under the working tree compiled (``bench/sides.py``), in
turn, ``R`` rounds, the sides interleaved so that a change of the host's speed falls on
all. The benchmarks are the working tree's scripts on every side, so that each side
does the same work; a figure a side cannot produce (a script that asks what the old
code lacks, a build that failed) reads "n/a" with the reason. Each figure printed is
the best of its rounds (wall clock, as the scripts measure it); the ratio is the
build's over the old commit's (above 1: faster). Prints a Markdown table, ready for the
docs. Issue 38's targets, by CPU time and instruction counts: ``bench/targets.py``.
Never part of the test run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import sides
import trees
from sides import Side

HERE = Path(__file__).resolve().parent

# Each benchmark: its script and the arguments it runs with (sizes kept small enough
# for a round of all of them to take about a minute on one core).
BENCHES: dict[str, list[str]] = {
    "bohnanza": ["bohnanza_speed.py", "--games", "300"],
    "ndb": ["ndb_speed.py", "--games", "500"],
    "hansa": ["hansa_speed.py", "--games", "100"],
    "ismcts": ["ismcts_speed.py", "--positions", "4", "--iterations", "200"],
}


def run(side: Side, bench: list[str]) -> dict[str, float] | str:
    """One run of a benchmark (the working tree's script) under the code of ``side``:
    its figures, flattened, or why it failed."""
    assert side.tree is not None
    script, *args = bench
    try:
        done = subprocess.run([sys.executable, str(HERE / script), *args, "--json"],
                              capture_output=True, text=True, cwd=side.tree, timeout=1800,
                              env={**side.env, "PYTHONPATH": str(side.tree)})
    except subprocess.TimeoutExpired:
        return "ran over 1800 s"
    if done.returncode != 0:
        lines = [line.strip() for line in done.stderr.splitlines() if line.strip()]
        return "failed: " + (lines[-1] if lines else f"exit status {done.returncode}")
    try:
        return dict(flatten(json.loads(done.stdout)))
    except json.JSONDecodeError:
        return "failed: the script printed no JSON"


def flatten(value: object, prefix: str = "") -> Iterator[tuple[str, float]]:
    """The numeric leaves of a benchmark's JSON, named by their path."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from flatten(inner, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        yield prefix, float(value)


def faster(name: str) -> bool:
    """Whether a figure counts work done per second (higher is better)."""
    return "per_second" in name


def best(runs: list[dict[str, float]]) -> dict[str, float]:
    """Per figure, the best of the runs (highest rate; other figures as measured)."""
    figures: dict[str, float] = {}
    for figure in runs[0]:
        values = [r[figure] for r in runs if figure in r]
        figures[figure] = max(values) if faster(figure) else values[0]
    return figures


def table(ref: str, names: list[str], figures: dict[str, dict[str, dict[str, float]]],
          missing: dict[str, dict[str, str]]) -> str:
    """The Markdown table: a row per rate of each benchmark, a column per side, the
    ratio of each build to the old commit; the reasons of "n/a" below."""
    titles = {"old": ref, "pure": "pure", "compiled": "compiled"}
    builds = [n for n in names if n != "old"]
    ratios = [f"{titles[b]} / {ref}" for b in builds] if "old" in names else []
    head = ["benchmark", "figure", *(titles[n] for n in names), *ratios]
    lines = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    reasons: dict[str, int] = {}
    for bench in BENCHES:
        # the rates in the order the scripts print them, whichever sides printed them
        rates = list(dict.fromkeys(f for side in figures.get(bench, {}).values()
                                   for f in side if faster(f)))
        if not rates and bench not in missing:
            continue
        for figure in rates or ["—"]:
            cells = [bench, figure]
            for name in names:
                value = figures.get(bench, {}).get(name, {}).get(figure)
                if value is not None:
                    cells.append(f"{value:,.0f}")
                else:
                    why = missing.get(bench, {}).get(name, "not measured")
                    number = reasons.setdefault(f"{name}: {why}", len(reasons) + 1)
                    cells.append(f"n/a [{number}]")
            old = figures.get(bench, {}).get("old", {}).get(figure)
            for build in builds if ratios else []:
                value = figures.get(bench, {}).get(build, {}).get(figure)
                cells.append(f"×{value / old:.2f}" if value and old else "—")
            lines.append("| " + " | ".join(cells) + " |")
    lines += ["", *(f"[{n}] {why}" for why, n in reasons.items())] if reasons else []
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ref", help="the commit to compare the working tree with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default=",".join(BENCHES),
                        help=f"benchmarks to run, of {','.join(BENCHES)}")
    sides.add_options(parser, ",".join(sides.SIDES))
    args = parser.parse_args()
    args.builds = sides.builds(parser, args.builds)
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = sorted(set(chosen) - set(BENCHES))
    if unknown:
        parser.error(f"no benchmark called {', '.join(unknown)}; "
                     f"there are {', '.join(BENCHES)}")
    runs: dict[str, dict[str, list[dict[str, float]]]] = {}
    missing: dict[str, dict[str, str]] = {}
    machine = trees.machine()
    with tempfile.TemporaryDirectory(prefix="bohnen-before-") as folder:
        ready = sides.prepare(args, Path(folder))
        for side in ready:
            for name in chosen if side.unavailable else []:
                missing.setdefault(name, {})[side.name] = side.unavailable
        for round_ in range(args.rounds):
            for name in chosen:
                for side in ready:
                    if side.name in missing.get(name, {}):
                        continue
                    print(f"round {round_ + 1}/{args.rounds}: {name} ({side.name})",
                          file=sys.stderr, flush=True)
                    got = run(side, BENCHES[name])
                    if isinstance(got, str):
                        missing.setdefault(name, {})[side.name] = got
                    else:
                        runs.setdefault(name, {}).setdefault(side.name, []).append(got)
    figures = {name: {side: best(r) for side, r in by_side.items()}
               for name, by_side in runs.items()}
    print(f"`{trees.describe(args.ref)}` against `{trees.head()}`"
          + (f" ({sides.compiled_note(ready)})" if sides.compiled_note(ready) else "")
          + f", best of {args.rounds} round(s), wall clock. Machine: {machine}.\n")
    print(table(args.ref, [s.name for s in ready], figures, missing))


if __name__ == "__main__":
    main()
