"""Fixtures for the browser tests: a headless Chromium and the server's page URL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, async_playwright

from ..support import Running
from .browser import CHROMIUM, FLAGS


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    """A fresh headless Chromium (Playwright gives it a new, empty profile)."""
    assert Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}: run scripts/ensure-chromium"
    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            yield b
        finally:
            await b.close()


@pytest.fixture
def site(server: Running) -> str:
    """The page's address on the test server (HTTP on the websocket's port)."""
    return f"http://127.0.0.1:{server.port}"
