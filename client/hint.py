"""The server's hint as a value, and the one line every client shows for it.

A hint (protocol/README.md, ``hint``) names a legal move for the position at
``version``, or says that the search could not decide (``unknown``) or that there is no
move to make (``none``). One that is ``stale`` was worked out for a position the table
has since left: it is shown as such, never as advice for the table now.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .render import clean


@dataclass(frozen=True, slots=True)
class Hint:
    """``move`` is a move code, or ``None`` when there is no hint to follow."""

    version: int
    verdict: str
    move: str | None
    text: str
    stale: bool = False

    @classmethod
    def from_msg(cls, msg: Mapping[str, Any]) -> Hint:
        move = msg.get("move")
        return cls(int(msg.get("version", -1)), clean(msg.get("verdict") or "", 16),
                   None if move is None else clean(move, 32), clean(msg.get("text") or "", 300),
                   bool(msg.get("stale")))

    def usable(self, version: int) -> bool:
        """Whether this hint names a move to make at the table's ``version``."""
        return self.move is not None and not self.stale and self.version == version


def hint_line(found: Hint) -> str:
    """The hint in one line (``hint: 7♣ to pile 4: wins in 7 of 8 ways the hidden cards
    could lie``), or why there is none."""
    if found.stale:
        return "no hint: the table moved on while it was worked out; ask again"
    if found.move is not None:
        return f"hint: {found.text or found.move}"
    if found.verdict == "unknown":
        return f"no hint: the search could not decide ({found.text})"
    return f"no hint: {found.text or 'there is no move to make'}"


__all__ = ["Hint", "hint_line"]
