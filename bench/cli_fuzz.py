"""The whole command-line fuzz series: bad input must be refused in one line, in time.

Run: ``python bench/cli_fuzz.py [--seed 22] [--count 500] [--workers 2] [--json]``.
Runs the catalogue of ``tests/cli/fuzz_cases.py`` (every special file at every place
the command reads a file, and the findings of issue 22) and ``--count`` seeded
mutations of valid records, boards and argument lists, each in its own process
(``python -m bohnen.cli``, stdin closed, killed after ``--timeout`` seconds). Prints
how many cases ran and failed, per family of case and per kind of fault, and each
failed case in one line. Exit code 1 if any case failed. Never
part of the test run; the suite runs a fixed sample of the same series
(``tests/cli/test_cli_fuzz.py``; ``pytest -m fuzz`` runs all of it there).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "cli"))

from fuzz_cases import TIMEOUT, cases, run_all, tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=22, help="seed of the series")
    parser.add_argument("--count", type=int, default=500,
                        help="seeded mutations after the catalogue")
    parser.add_argument("--workers", type=int, default=2, help="cases run at a time")
    parser.add_argument("--timeout", type=float, default=TIMEOUT,
                        help="seconds before a case counts as hung")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    series = cases(args.seed, args.count)
    started = time.monotonic()
    results = run_all(series, args.workers, args.timeout)
    figures = tally(results)
    figures["seed"] = args.seed
    figures["seconds"] = round(time.monotonic() - started, 1)
    failed = [ran.describe() for ran in results if ran.faults()]
    if args.json:
        print(json.dumps({**figures, "failures": failed}))
    else:
        print(f"{figures['cases']} cases (seed {args.seed}) in {figures['seconds']} s: "
              f"{figures['failed']} failed")
        print(f"cases by kind:  {figures['cases_by_kind']}")
        print(f"failed by kind: {figures['failed_by_kind']}")
        print(f"faults:         {figures['faults']}")
        for line in failed:
            print(f"  {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
