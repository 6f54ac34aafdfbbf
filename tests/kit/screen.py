"""What a Textual app shows right now, as text (one line per terminal row); and a
bounded wait for what a test needs next."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

#: How long a test waits for one thing before it fails (a hang guard, not a speed target).
WAIT = 30.0


def screen_text(app: App[Any]) -> str:
    """The current screen as the terminal would show it, without colour."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def segments(app: App[Any]) -> list[tuple[str, Any]]:
    """Every (text, style) piece of the current screen, row by row."""
    return [(seg.text, seg.style) for strip in app.screen._compositor.render_strips()
            for seg in strip]


async def until(what: Callable[[], object], timeout: float = WAIT) -> None:
    """Wait until ``what()`` holds; fail with ``TimeoutError`` after ``timeout`` seconds
    (a frozen app fails the test instead of hanging it). It polls rather than pausing
    the pilot: a pilot's pause waits on the current screen's widgets, which a screen
    closing meanwhile may never answer."""
    async with asyncio.timeout(timeout):
        while not what():
            await asyncio.sleep(0.01)


def text_of(pilot: Pilot[None], selector: str) -> str:
    return str(pilot.app.screen.query_one(selector, Static).render())
