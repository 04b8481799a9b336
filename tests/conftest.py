"""Shared test settings: hypothesis profiles (no deadlines: machines here are shared)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60
)
settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=120
)
settings.load_profile("ci" if os.environ.get("CI") else "default")
