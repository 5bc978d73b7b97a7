"""Hypothesis profiles: ``HYPOTHESIS_PROFILE=fuzz pytest tests/core/test_engine_fuzz.py
tests/core/test_state_fuzz.py`` runs the fuzz tests long (the default run stays short)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

FUZZ_EXAMPLES = 5_000

settings.register_profile(
    "fuzz",
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
