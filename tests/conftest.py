"""Hypothesis profiles: ``HYPOTHESIS_PROFILE=fuzz pytest tests/core/test_engine_fuzz.py
tests/core/test_state_fuzz.py`` runs the fuzz tests long (their default runs stay short:
they ask for their own counts of examples unless this profile is loaded). And the
fixture ``with_test_games``: the games only tests register (``extra_games.py``)."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from extra_games import registered_test_games

FUZZ_EXAMPLES = 20_000  # a few minutes a test

settings.register_profile(
    "fuzz",
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])

# absl's logging (OpenSpiel's, the rl extra) binds its handler, on the root logger, to
# the sys.stderr of the moment it is first imported: imported by a test module, that is
# pytest's capture, closed after that module, and every later log line (import-linter's
# test, the interpreter's exit) fails on a closed file. Imported here, it is given the
# process's own stderr.
with contextlib.suppress(ImportError):
    from absl import logging as absl_logging

    absl_logging.get_absl_handler().python_handler.stream = sys.__stderr__


@pytest.fixture
def with_test_games() -> Iterator[tuple[str, ...]]:
    """The games only tests register (Tiny Beans), registered for one test."""
    with registered_test_games() as names:
        yield names
