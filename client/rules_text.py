"""The rules of the game at hand, for ``?`` at the table and ``rules`` in the line mode.

The text is the game module's own docstring (it paraphrases the book, cites its lines and
says how each unclear passage is read), under the book and lines the server's game list
gives, followed by the options the game offers.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Mapping
from typing import Any

from rules import UnknownGame, game_class

from .render import clean


def rules_lines(game_id: str, entry: Mapping[str, Any] | None) -> list[str]:
    """The rules of ``game_id``; ``entry`` is its line of the server's ``games`` list."""
    entry = entry or {}
    out = [clean(entry.get("title") or game_id, 80)]
    book = " ".join(clean(entry.get(k), 120) for k in ("book", "source") if entry.get(k))
    if book:
        out.append(f"from {book}")
    try:
        cls = game_class(game_id)
    except UnknownGame:
        return [*out, "", "This client does not know the game's rules."]
    doc = inspect.cleandoc(sys.modules[cls.__module__].__doc__ or cls.__doc__ or "")
    out += ["", *doc.splitlines()]
    options = entry.get("options") or []
    if options:
        out += ["", "Options (chosen by the host: sympathy host GAME -o NAME=VALUE):"]
        out += [f"  {clean(o.get('name'), 30)} (default {clean(o.get('default'), 30)}): "
                f"{clean(o.get('doc'), 300)}" for o in options]
    return out
