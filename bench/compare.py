"""Speed before and after a change, measured side by side in one run.

Run: ``python bench/compare.py REF [--rounds R] [--only bohnanza,ndb]``. ``REF`` is a
git commit (or branch, or tag) of this repository: its ``bohnen`` and ``bench`` folders
are exported to a temporary folder, and every speed benchmark (``bench/<game>_speed.py``
and ``bench/ismcts_speed.py``) runs under the old code and under the working tree in
turn, ``R`` rounds, old and new interleaved so that a change of the host's speed falls
on both. Each figure printed is the best of its rounds; the ratio is new over old
(above 1: faster). Prints a Markdown table, ready for the docs. Never part of the test
run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Each benchmark: its script and the arguments it runs with (sizes kept small enough
# for a round of all of them to take about a minute on one core).
BENCHES: dict[str, list[str]] = {
    "bohnanza": ["bohnanza_speed.py", "--games", "300"],
    "ndb": ["ndb_speed.py", "--games", "500"],
    "hansa": ["hansa_speed.py", "--games", "100"],
    "ismcts": ["ismcts_speed.py", "--positions", "4", "--iterations", "200"],
}


def export(ref: str, into: Path) -> None:
    """The ``bohnen`` and ``bench`` folders of commit ``ref``, written under ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "bohnen", "bench"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


def run(tree: Path, bench: list[str]) -> dict[str, float]:
    """One run of a benchmark under the code of ``tree``: its figures, flattened."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    script, *args = bench
    out = subprocess.run([sys.executable, str(tree / "bench" / script), *args, "--json"],
                         check=True, capture_output=True, text=True, env=env, cwd=tree).stdout
    return dict(flatten(json.loads(out)))


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


def table(ref: str, old: dict[str, dict[str, float]], new: dict[str, dict[str, float]]
          ) -> str:
    lines = [f"| benchmark | figure | before ({ref}) | after | after / before |",
             "|---|---|---:|---:|---:|"]
    for bench, figures in new.items():
        for figure, value in figures.items():
            if not faster(figure):
                continue
            before = old.get(bench, {}).get(figure)
            ratio = f"×{value / before:.2f}" if before else "—"
            shown = f"{before:,.0f}" if before is not None else "—"
            lines.append(f"| {bench} | {figure} | {shown} | {value:,.0f} | {ratio} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ref", help="the commit to compare the working tree with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default=",".join(BENCHES),
                        help=f"benchmarks to run, of {','.join(BENCHES)}")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = sorted(set(chosen) - set(BENCHES))
    if unknown:
        parser.error(f"no benchmark called {', '.join(unknown)}; "
                     f"there are {', '.join(BENCHES)}")
    with tempfile.TemporaryDirectory(prefix="bohnen-before-") as folder:
        before = Path(folder)
        try:
            export(args.ref, before)
        except subprocess.CalledProcessError as error:
            parser.error(f"cannot export {args.ref!r}: {error.stderr.decode().strip()}")
        runs: dict[str, dict[str, list[dict[str, float]]]] = {"old": {}, "new": {}}
        for round_ in range(args.rounds):
            for name in chosen:
                for side, tree in (("old", before), ("new", ROOT)):
                    print(f"round {round_ + 1}/{args.rounds}: {name} ({side})",
                          file=sys.stderr, flush=True)
                    runs[side].setdefault(name, []).append(run(tree, BENCHES[name]))
    old = {name: best(r) for name, r in runs["old"].items()}
    new = {name: best(r) for name, r in runs["new"].items()}
    print(table(args.ref, old, new))


if __name__ == "__main__":
    main()
