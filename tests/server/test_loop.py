"""The server's event loop: uvloop when installed, asyncio's otherwise (server/loop.py)."""

from __future__ import annotations

import asyncio

import pytest

from server import loop


def test_auto_is_uvloop_exactly_when_it_is_installed() -> None:
    assert loop.chosen("auto") == ("uvloop" if loop.available() else "asyncio")
    assert loop.chosen("asyncio") == "asyncio"
    with pytest.raises(ValueError):
        loop.chosen("trio")
    if not loop.available():
        with pytest.raises(RuntimeError):
            loop.chosen("uvloop")


def test_a_runner_runs_a_coroutine_on_the_chosen_loop() -> None:
    async def name() -> str:
        return type(asyncio.get_running_loop()).__module__

    with loop.runner("asyncio") as r:
        assert r.run(name()).startswith("asyncio")
    if loop.available():
        with loop.runner("uvloop") as r:
            assert r.run(name()).startswith("uvloop")
