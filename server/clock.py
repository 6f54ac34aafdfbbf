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


#: After a move that ended a deal of a round match, the table waits this long before its
#: computer players or its clock move (where computer players think at all: a table
#: whose host chose "play at once" does not wait), so that people read how the deal went.
DEAL_PAUSE_MS = 3000


def find_due(game: Game[Any], state: Any, bots: Iterable[Seat], moved_at: float,
             think_ms: int, version: int, pause_ms: int = 0) -> Due | None:
    """The first of: each computer player whose seat may move, ``think_ms`` after the
    last change of position (``moved_at``), and the game's clock (its own delay); at the
    same time a computer player comes before the clock, and lower seats first. Each
    waits ``pause_ms`` more (the end of a deal: :data:`DEAL_PAUSE_MS`)."""
    found: list[Due] = []
    movers = set(game.to_move(state))
    for seat in sorted(set(bots) & movers):
        found.append(Due(moved_at + (think_ms + pause_ms) / 1000, "bot", seat, version))
    timer = game.timer(state)
    if timer is not None:
        found.append(Due(moved_at + (timer[0] + pause_ms) / 1000, "timer", timer[1],
                         version))
    return min(found, key=lambda d: (d.at, d.kind != "bot", d.seat)) if found else None
