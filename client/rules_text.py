"""How to play the game at hand, for ``?`` at the table and in the lobby, and ``rules`` in
the line mode.

The text is the game's guide (:mod:`rules.guide`): its name, then the goal, the layout,
the moves and how it ends, in plain words; then the options a host may choose, in
words for people; the book and page last. A game this client has no guide for (a newer
server's) shows the server's one-line summary and its citation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import UnknownGame
from rules.guide import GuideError, guide

from .render import clean


def _options(entry: Mapping[str, Any]) -> list[str]:
    out = []
    for o in entry.get("options") or []:
        label = clean(o.get("label") or str(o.get("name", "")).replace("_", " "), 40)
        about = clean(o.get("about") or o.get("doc"), 300)
        words = [clean(w, 60) for _, w in o.get("choice_labels") or []]
        choices = f" ({' / '.join(words)})" if words else ""
        out.append(f"- {label}: {about}{choices}")
    return ["Options the host may choose", *out, ""] if out else []


def rules_lines(game_id: str, entry: Mapping[str, Any] | None) -> list[str]:
    """How to play ``game_id``; ``entry`` is its line of the server's ``games`` list
    (its options' words), when the client has it."""
    entry = entry or {}
    try:
        g = guide(game_id)
    except (UnknownGame, GuideError):
        title = clean(entry.get("title") or game_id.replace("_", " "), 80)
        summary = clean(entry.get("summary"), 300) or "This client has no guide to this game."
        return [title, "", summary, "", *_options(entry),
                clean(entry.get("citation") or entry.get("book"), 200)]
    lines = g.lines()
    return [*lines[:-1], *_options(entry), g.citation]
