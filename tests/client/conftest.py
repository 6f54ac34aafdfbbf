"""Client tests run against a real server on 127.0.0.1 (port 0), started in-process."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from client.tokens import TokenStore
from protocol.limits import Limits
from tests.kit.cli import Proc
from tests.kit.server import Running, start, stop_server


@pytest.fixture
async def server(request: pytest.FixtureRequest) -> AsyncIterator[Running]:
    """``@pytest.mark.limits(...)`` sets the server's limits."""
    marker = request.node.get_closest_marker("limits")
    running, stop, task = await start(Limits(**marker.kwargs) if marker else None)
    try:
        yield running
    finally:
        await stop_server(stop, task)


@pytest.fixture
def tokens(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TokenStore:
    monkeypatch.setenv("SYMPATHY_STATE_DIR", str(tmp_path / "state"))
    return TokenStore()


@pytest.fixture(autouse=True)
async def reap() -> AsyncIterator[None]:
    """End any client process a failing test left behind (each by its own handle)."""
    yield
    while Proc.started:
        p = Proc.started.pop()
        if p.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                p.proc.kill()
            await p.proc.wait()
