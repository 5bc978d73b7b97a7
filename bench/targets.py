"""Issue 38's targets, measured in one run: the old commit, the working tree in pure
Python and the working tree compiled with mypyc, side by side.

Run: ``python bench/targets.py [REF] [--rounds R] [--quick | --scale F] [--only a,b]
[--builds old,pure,compiled] [--build auto|wheel|mypyc] [--modules LIST]
[--compiled DIR] [--no-count] [--collector] [--json FILE]``. ``REF`` (default ``a6339fc``) is
exported to a temporary folder; the working tree runs as it is with ``BOHNEN_PURE=1``
("pure") and compiled ("compiled": the project's own wheel, or mypyc on the build's
module list, in a copy under ``/tmp`` reused while the sources do not change; or the
tree given by ``--compiled``: ``bench/sides.py``). Every figure is a workload of
``bench/workloads.py`` (four players, random bots), run in a process of its own: the
working tree's workloads under each side's code, so that both sides do the same work.
Rounds interleave the sides, workload by workload, so a change of the host's speed
falls on all of them.

Printed (Markdown, ready for the docs): each figure per second of the worker's CPU
time (``time.process_time``, best of the rounds), the CPU-time ratio of each build to
the old commit (the old commit's CPU seconds per unit over the build's: above 1 is
faster), the issue's target and whether each build meets it; then the instructions
per unit that callgrind counts (``bench/instructions.py``, one run, a small fixed
workload, ``PYTHONHASHSEED=0``), which a busy host does not blur; with ``--collector``,
the garbage collector's share of each figure's CPU time, by generation, and its
collections per thousand units (``bench/workloads.py``'s ``Collector``). A figure a side
cannot produce (a module the old code lacks, a build that failed, the rl extra
missing) reads "n/a" with the reason below the table. ``--quick`` runs small sizes,
one round and no callgrind: a smoke check of a minute or two. Never part of the test
run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import instructions
import sides
import targets_table
import trees
from sides import Side
from targets_table import Figure, Results
from workloads import UNAVAILABLE, WORKLOADS

HERE = Path(__file__).resolve().parent
DEFAULT_REF = "a6339fc"


FIGURES = (
    Figure("ndb", "Nicht die Bohne! games/s", 1000, 40, 5, 2700, 2.0),
    Figure("bohnanza", "Bohnanza games/s, no trading", 1000, 40, 5, 2000, 2.0),
    Figure("bohnanza-trading", "Bohnanza games/s, trading", 250, 10, 2, 500, 2.0),
    Figure("hansa", "Bohn Hansa games/s", 100, 4, 1, 300, 2.0),
    Figure("ismcts-ndb", "ISMCTS iterations/s, Nicht die Bohne!", 300, 25, 25, None, 2.0),
    Figure("ismcts-bohnanza", "ISMCTS iterations/s, Bohnanza", 300, 25, 25, None, 2.0),
    Figure("ismcts-hansa", "ISMCTS iterations/s, Bohn Hansa", 300, 25, 25, None, 2.0),
    Figure("aec-ndb", "AEC steps/s, Nicht die Bohne!", 20000, 1000, 500, 50000, 3.5),
    Figure("aec-bohnanza", "AEC steps/s, Bohnanza", 20000, 1000, 500, 50000, 3.5),
    Figure("openspiel-ndb", "OpenSpiel actions/s, Nicht die Bohne!", 10, 1, 1, None, None),
)
assert all(f.workload in WORKLOADS for f in FIGURES)


def run_worker(side: Side, workload: str, size: int, timeout: float, collector: bool = False
               ) -> dict[str, float | str] | str:
    """One timed run of ``workload`` under ``side``: its figures, or why it failed;
    ``collector``: with the garbage collector's part (``workloads.py --collector``)."""
    assert side.tree is not None
    command = [sys.executable, str(HERE / "workloads.py"), workload, "--size", str(size)]
    command += ["--collector"] if collector else []
    try:
        done = subprocess.run(command, capture_output=True, text=True, cwd=side.tree,
                              env={**side.env, "PYTHONPATH": str(side.tree)}, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"ran over {timeout:.0f} s"
    if done.returncode != 0:
        lines = [line.strip() for line in done.stderr.splitlines() if line.strip()]
        reason = lines[-1] if lines else f"exit status {done.returncode}"
        return reason if done.returncode == UNAVAILABLE else f"failed: {reason}"
    try:
        figures: dict[str, float | str] = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return "failed: the worker printed no figures"
    if Path(str(figures["code"])).resolve() != side.tree.resolve():
        return f"ran the code under {figures['code']}, not {side.tree}"
    return figures


def measure(figures: list[Figure], ready: list[Side], args: argparse.Namespace
            ) -> Results:
    """The timed rounds, interleaved, then the callgrind counts."""
    results = Results()
    for side in ready:
        if side.unavailable:
            for figure in figures:
                results.missing.setdefault(figure.workload, {})[side.name] = side.unavailable
    live = [s for s in ready if not s.unavailable]
    for round_ in range(args.rounds):
        for figure in figures:
            for side in live:
                if side.name in results.missing.get(figure.workload, {}):
                    continue
                print(f"round {round_ + 1}/{args.rounds}: {figure.workload} ({side.name})",
                      file=sys.stderr, flush=True)
                size = figure.quick if args.quick else max(1, round(figure.size * args.scale))
                got = run_worker(side, figure.workload, size, args.timeout, args.collector)
                if isinstance(got, str):
                    results.missing.setdefault(figure.workload, {})[side.name] = got
                else:
                    results.runs.setdefault(figure.workload, {}).setdefault(
                        side.name, []).append(got)
    if args.count:
        count_all(figures, live, results, args.timeout)
    return results


def count_all(figures: list[Figure], live: list[Side], results: Results,
              timeout: float) -> None:
    """Callgrind's count of each workload that ran, side by side."""
    for figure in figures:
        for side in live:
            if side.name not in results.runs.get(figure.workload, {}):
                continue
            print(f"callgrind: {figure.workload} ({side.name})", file=sys.stderr, flush=True)
            assert side.tree is not None
            try:
                got = instructions.count(side.tree, figure.workload, figure.counted,
                                         side.env, timeout=timeout)
            except instructions.NoCount as error:
                results.uncounted.setdefault(figure.workload, {})[side.name] = str(error)
                continue
            results.counts.setdefault(figure.workload, {})[side.name] = got


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ref", nargs="?", default=DEFAULT_REF,
                        help=f"the old commit (default {DEFAULT_REF})")
    parser.add_argument("--rounds", type=int, default=None,
                        help="rounds of timed runs (default 3; 1 with --quick)")
    parser.add_argument("--quick", action="store_true",
                        help="small sizes, one round, no callgrind: a smoke check")
    parser.add_argument("--only", default="",
                        help=f"workloads to run, of {','.join(f.workload for f in FIGURES)}")
    sides.add_options(parser, ",".join(sides.SIDES))
    parser.add_argument("--count", action=argparse.BooleanOptionalAction, default=None,
                        help="count instructions with callgrind (default: yes; no with "
                             "--quick)")
    parser.add_argument("--collector", action="store_true",
                        help="also time the garbage collector's part of each run "
                             "(gc.callbacks; a call at each collection: the figures of a "
                             "run without it are the ones to quote)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply the timed sizes by this (e.g. 0.2 for a shorter run)")
    parser.add_argument("--timeout", type=float, default=900,
                        help="seconds one worker may run")
    parser.add_argument("--json", default="", help="also write every figure to this file")
    args = parser.parse_args(argv)
    args.rounds = args.rounds or (1 if args.quick else 3)
    args.count = (not args.quick) if args.count is None else args.count
    args.builds = sides.builds(parser, args.builds)
    names = [w.strip() for w in args.only.split(",") if w.strip()]
    if unknown := sorted(set(names) - {f.workload for f in FIGURES}):
        parser.error(f"no workload called {', '.join(unknown)}")
    args.figures = [f for f in FIGURES if not names or f.workload in names]
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    started = time.monotonic()
    machine = trees.machine()
    with tempfile.TemporaryDirectory(prefix="bohnen-targets-") as folder:
        ready = sides.prepare(args, Path(folder))
        results = measure(args.figures, ready, args)
    heading = targets_table.Heading(
        old=trees.describe(args.ref), new=trees.head(), machine=machine,
        minutes=(time.monotonic() - started) / 60, rounds=args.rounds, quick=args.quick,
        compiled=sides.compiled_note(ready), scale=args.scale)
    print(targets_table.render(heading, args.figures, [s.name for s in ready], results))
    if args.json:
        Path(args.json).write_text(json.dumps(targets_table.as_json(
            heading, args.figures, results), indent=1))


if __name__ == "__main__":
    main()
