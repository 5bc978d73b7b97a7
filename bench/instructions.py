"""Instructions counted by callgrind for one workload of ``bench/workloads.py``: the
judge of a speed change on a busy machine (the count does not move with the host's
load, and ``PYTHONHASHSEED=0`` with the workloads' fixed seeds makes it repeat).

Only the work is counted, not Python's start nor the imports: valgrind runs with
instrumentation off (``--instr-atstart=no``) and the worker turns it on and off around
the work through a probe, a small C library of callgrind's client requests
(``CALLGRIND_START_INSTRUMENTATION`` and ``..._STOP_...`` from ``valgrind/callgrind.h``)
that :func:`probe` compiles once with ``cc`` under ``/tmp`` and the worker loads with
ctypes (``BOHNEN_BENCH_PROBE``). Not a benchmark by itself.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
HEADER = Path("/usr/include/valgrind/callgrind.h")
PROBE_SOURCE = """#include <valgrind/callgrind.h>
void bench_start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }
void bench_stop(void) { CALLGRIND_STOP_INSTRUMENTATION; }
"""


class NoCount(Exception):
    """Instructions cannot be counted here (no valgrind, no compiler, or the run
    failed); the message says why."""


@dataclass(frozen=True)
class Count:
    """Instructions of one run of a workload, and the units it did."""

    instructions: int
    units: int

    @property
    def per_unit(self) -> float:
        return self.instructions / self.units


def probe(folder: Path | None = None) -> Path:
    """The probe library (built once; kept under the temporary folder)."""
    if shutil.which("valgrind") is None:
        raise NoCount("valgrind is not installed")
    if not HEADER.exists():
        raise NoCount(f"no {HEADER} (the valgrind development headers)")
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise NoCount("no C compiler for the probe")
    folder = folder or Path(tempfile.gettempdir()) / "bohnen-bench-probe"
    library = folder / "probe.so"
    if library.exists():
        return library
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "probe.c"
    source.write_text(PROBE_SOURCE)
    done = subprocess.run([compiler, "-shared", "-fPIC", "-O1", "-o", str(library),
                           str(source)], capture_output=True, text=True)
    if done.returncode != 0:
        raise NoCount(f"cannot build the probe: {done.stderr.strip()[:200]}")
    return library


def count(tree: Path, name: str, size: int, extra_env: dict[str, str],
          seed: int = 1, timeout: float = 900) -> Count:
    """Callgrind's count of workload ``name`` of ``size`` under the code of ``tree``."""
    library = probe()
    with tempfile.TemporaryDirectory(prefix="bohnen-callgrind-") as folder:
        out = Path(folder) / "callgrind.out"
        env = {**os.environ, **extra_env, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0",
               "BOHNEN_BENCH_PROBE": str(library)}
        command = ["valgrind", "--tool=callgrind", "--instr-atstart=no",
                   f"--callgrind-out-file={out}", sys.executable,
                   str(HERE / "workloads.py"), name, "--size", str(size), "--seed", str(seed)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, env=env,
                                  cwd=tree, timeout=timeout)
        except subprocess.TimeoutExpired as error:
            raise NoCount(f"callgrind ran over {timeout:.0f} s") from error
        if done.returncode != 0:
            lines = [x for x in done.stderr.splitlines() if x and not x.startswith("==")]
            raise NoCount(lines[-1] if lines else f"exit status {done.returncode}")
        try:
            units = int(json.loads(done.stdout.strip().splitlines()[-1])["units"])
        except (IndexError, KeyError, json.JSONDecodeError) as error:
            raise NoCount("the worker printed no figures") from error
        return Count(total(out.read_text()), units)


def total(callgrind_out: str) -> int:
    """The instructions (``Ir``) a callgrind output file counts in all: its
    ``totals:`` line (its ``summary:`` line reads 0 after the probe's
    ``CALLGRIND_ZERO_STATS``)."""
    for prefix in ("totals:", "summary:"):
        for line in callgrind_out.splitlines():
            if line.startswith(prefix):
                return int(line.split()[1])
    raise NoCount("callgrind wrote no total")
