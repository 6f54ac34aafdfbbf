"""Fixtures for the browser tests: one headless Chromium per test process, a fresh server
per test, and the server's page URL.

Starting Chromium (and Playwright's driver) costs about two seconds, so each pytest
process starts it once and every browser test of that process runs on the same event
loop (each module says ``pytestmark = ON_THE_BROWSERS_LOOP``). Tests stay apart: each
person in a test is a browser context of their own (:class:`tests.kit.browser.Person`:
its own storage and cookies), closed with the test, and each test has a server of its
own.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Browser, async_playwright

from protocol.limits import Limits
from tests.kit.browser import CHROMIUM, FLAGS, ON_THE_BROWSERS_LOOP
from tests.kit.server import Running, start

__all__ = ["ON_THE_BROWSERS_LOOP"]

@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser() -> AsyncIterator[Browser]:
    """The process's headless Chromium (Playwright gives each context an empty profile)."""
    assert Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}: run scripts/ensure-chromium"
    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            yield b
        finally:
            await b.close()


@pytest_asyncio.fixture(autouse=True, loop_scope="session")
async def _close_contexts(request: pytest.FixtureRequest) -> AsyncIterator[None]:
    """After a browser test, every context it opened is closed, so no page of it lives
    on (reconnecting to a stopped server) into the next test."""
    yield
    if "browser" in request.fixturenames:
        b: Browser = request.getfixturevalue("browser")
        for context in b.contexts:
            await context.close()


@pytest_asyncio.fixture(loop_scope="session")
async def server(request: pytest.FixtureRequest) -> AsyncIterator[Running]:
    """A real server of the test's own on 127.0.0.1 (on the session's loop, where the
    browser runs); ``@pytest.mark.limits(...)`` sets its limits."""
    marker = request.node.get_closest_marker("limits")
    running, stop, task = await start(Limits(**marker.kwargs) if marker else None)
    try:
        yield running
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)


@pytest.fixture
def site(server: Running) -> str:
    """The page's address on the test server (HTTP on the websocket's port)."""
    return f"http://127.0.0.1:{server.port}"
