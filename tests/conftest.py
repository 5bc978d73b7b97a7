"""Hypothesis profiles: ``HYPOTHESIS_PROFILE=fuzz pytest tests/core/test_engine_fuzz.py
tests/core/test_state_fuzz.py`` runs the fuzz tests long (their default runs stay short:
they ask for their own counts of examples unless this profile is loaded)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

FUZZ_EXAMPLES = 20_000  # a few minutes a test

settings.register_profile(
    "fuzz",
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
