"""What a table does by itself: computer players' moves and the game's clock.

Pure logic: :func:`find_due` names the next such move of a position and when it is due;
:func:`server.commands.run_due` plays it; :mod:`server.scheduler` is the asyncio part
that waits for the time and commits it through the store.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rules import Game
from rules.game import Seat


@dataclass(frozen=True, slots=True)
class Due:
    """A move the table makes by itself at ``at`` (unix seconds) if the room is still at
    ``version``: a computer player's (``kind`` "bot") or the clock's ("timer")."""

    at: float
    kind: str
    seat: Seat
    version: int


def find_due(game: Game[Any], state: Any, bots: Iterable[Seat], moved_at: float,
             think_ms: int, version: int) -> Due | None:
    """The first of: each computer player whose seat may move, ``think_ms`` after the
    last change of position (``moved_at``), and the game's clock (its own delay); at the
    same time a computer player comes before the clock, and lower seats first."""
    found: list[Due] = []
    movers = set(game.to_move(state))
    for seat in sorted(set(bots) & movers):
        found.append(Due(moved_at + think_ms / 1000, "bot", seat, version))
    timer = game.timer(state)
    if timer is not None:
        found.append(Due(moved_at + timer[0] / 1000, "timer", timer[1], version))
    return min(found, key=lambda d: (d.at, d.kind != "bot", d.seat)) if found else None
