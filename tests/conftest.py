"""Hypothesis profiles: `dev` (default, quick), `ci`, and `thorough` (long runs).

Pick one with ``HYPOTHESIS_PROFILE=thorough pytest`` (or ``nox -s thorough``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck
from hypothesis import settings

_SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile("dev", max_examples=25, deadline=None, suppress_health_check=_SLOW_OK)
settings.register_profile(
    "ci", max_examples=40, deadline=None, suppress_health_check=_SLOW_OK, derandomize=True
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=_SLOW_OK
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
