"""What a Textual app shows right now, as text (one line per terminal row)."""

from __future__ import annotations

from typing import Any

from textual.app import App


def screen_text(app: App[Any]) -> str:
    """The current screen as the terminal would show it, without colour."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def segments(app: App[Any]) -> list[tuple[str, Any]]:
    """Every (text, style) piece of the current screen, row by row."""
    return [(seg.text, seg.style) for strip in app.screen._compositor.render_strips()
            for seg in strip]
