"""The command line under fuzzed bad input (``fuzz_cases.py``): every case is refused
with exit code 2 and ONE line on stderr starting ``bohnen: error:``, no traceback, in
time, with a short stderr. Each case runs in its own ``python -m bohnen.cli`` process
(stdin closed, killed at the timeout).

The suite runs a fixed sample: the core of the catalogue (FIFOs, /dev/zero, deep
nesting and the other findings of issue 22, at every place a file is read) and a
seeded draw of the mutations. ``pytest -m fuzz`` runs the whole series;
``python bench/cli_fuzz.py`` runs it and prints its figures.
"""

from __future__ import annotations

import pytest
from fuzz_cases import Ran, cases, run_all, sample

TIMEOUT = 30.0  # seconds per case: a refusal takes well under one
SERIES = cases()
SAMPLE = sample(SERIES, 30)
COMMANDS = {"simulate", "tournament", "replay", "games", "bots", "play", "hansa"}


@pytest.fixture(scope="module")
def sample_runs() -> dict[int, Ran]:
    """The sample, run two processes at a time."""
    return dict(enumerate(run_all(SAMPLE, workers=2, timeout=TIMEOUT)))


@pytest.mark.parametrize("index", range(len(SAMPLE)),
                         ids=[f"{case.kind}-{case.label}-{i}" for i, case in enumerate(SAMPLE)])
def test_bad_input_is_refused_in_one_line(sample_runs: dict[int, Ran], index: int) -> None:
    ran = sample_runs[index]
    assert not ran.faults(), ran.describe()


def test_the_sample_reaches_every_command(sample_runs: dict[int, Ran]) -> None:
    reached = {ran.argv[0] for ran in sample_runs.values() if ran.argv}
    assert reached >= COMMANDS
    hansa = {ran.argv[1] for ran in sample_runs.values() if ran.argv[:1] == ("hansa",)}
    assert {"check-board", "simulate"} <= hansa


def test_the_series_is_the_same_for_the_same_seed() -> None:
    again = cases()
    assert [(c.kind, c.label, c.seed) for c in again] == [(c.kind, c.label, c.seed)
                                                          for c in SERIES]
    assert len(SERIES) >= 500
    other = cases(seed=23)
    assert [c.seed for c in other] != [c.seed for c in SERIES]


@pytest.mark.fuzz
def test_the_whole_series() -> None:
    """Every case of the series (minutes: ``pytest -m fuzz``)."""
    failed = [ran.describe() for ran in run_all(SERIES, workers=2, timeout=TIMEOUT)
              if ran.faults()]
    assert not failed, "\n".join(failed)
