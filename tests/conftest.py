"""Test-wide settings: Hypothesis never judges by wall-clock time (CI machines are shared)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "sympathy", deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("sympathy")
