"""Test-wide settings and fixtures."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from hypothesis import HealthCheck, settings

from protocol.limits import Limits

from .support import Running, start

# Hypothesis never judges by wall-clock time: CI machines are shared.
settings.register_profile(
    "sympathy", deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("sympathy")


@pytest.fixture
async def server(request: pytest.FixtureRequest) -> AsyncIterator[Running]:
    """A real server on 127.0.0.1; ``@pytest.mark.limits(...)`` sets its limits."""
    marker = request.node.get_closest_marker("limits")
    limits = Limits(**marker.kwargs) if marker else None
    running, stop, task = await start(limits)
    try:
        yield running
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)
