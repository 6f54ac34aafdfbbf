"""After a game: the solver's analysis of its record, and the record saved to a file.

Shared by the terminal UI's end screen (and its keys at the table) and the line mode's
``analysis`` and ``save`` commands, so both say the same sentences.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rules import RulesError
from rules.analysis import analyse_record

from .render import clean
from .replay import save


async def analysis_lines(record: Mapping[str, Any], view: Mapping[str, Any] | None,
                         seconds: float = 8.0) -> list[str]:
    """The solver's judgement of a finished patience (none for a match between players,
    where it judges nothing), worked out off the event loop."""
    if (view or {}).get("layout") == "round":
        return ["No analysis: the solver judges patience deals, not a match between "
                "players."]
    try:
        found = await asyncio.to_thread(analyse_record, record, time.monotonic, seconds)
    except (RulesError, KeyError, TypeError, ValueError) as exc:
        return [f"No analysis: {clean(str(exc))}"]
    return list(found.lines)


def save_line(record: Mapping[str, Any] | None, code: str, command: str,
              directory: Path | None = None) -> str:
    """Save ``record`` in ``directory`` (the current one by default) and say where, and
    how to replay it, in one sentence."""
    if record is None:
        return "The record is not available (the game is not over, or the server did " \
            "not send it)."
    try:
        path = save(record, directory or Path.cwd(), code)
    except OSError as exc:
        return f"Could not save the record: {clean(str(exc))}"
    shown = path.name if directory is None else str(path)
    return f"Saved to {shown}; replay it with: {command} replay {shown}"
