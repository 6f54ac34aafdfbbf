"""The end of a game at the table screen (see :mod:`client.tui.table`).

A move that ends the game (giving up) is asked for twice: choosing it (enter, or its
code on the command line; it has no number, which would shift as the list changes) asks
"End the game now? y: yes", and only ``y`` plays it; any other key plays on.

Once the game is over the table keeps the end screen's keys: ``e`` opens the end screen
again (enter closes it, and an extra enter after the last move does), ``s`` saves the
record, and the host's ``n`` and ``r`` deal again (a new deal, a rematch). The end
screen's own keys call the same functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..finish import save_line
from ..session import describe_error
from ..table_text import confirm_line, ends_game

if TYPE_CHECKING:
    from .app import SympathyApp
    from .table import TableScreen

#: How the table screen says the end screen's keys once the game is over.
OVER_KEYS = "e: the end screen again  s: save the record"
HOST_KEYS = "  n: next deal  r: rematch"


def ask(screen: TableScreen, code: str) -> bool:
    """Before playing ``code``: ``True`` when it ends the game and the player has not
    yet said yes (the question is shown; ``y`` then plays it)."""
    if not ends_game(code) or screen.confirmed == code or screen.table.role != "player":
        screen.confirmed = None
        return False
    move = next((m for m in screen._shown_moves if str(m.get("code")) == code), None)
    screen.confirming = code
    screen.show_message(confirm_line(move, "y: yes, end it; any other key: play on"))
    return True


async def key(screen: TableScreen, key: str) -> bool:
    """The keys of this module at the table (``True``: the key was one of them)."""
    if screen.confirming is not None:
        code, screen.confirming = screen.confirming, None
        if key == "y":
            screen.confirmed = code
            await screen.play(code)
        else:
            screen.show_message("The game goes on.", error=False)
        return True
    if not screen.table.over:
        return False
    app = screen.sapp
    if key == "e":
        if not await app.show_end():
            screen.show_message("The end screen is not ready yet.")
        return True
    if key == "s":
        screen.show_message(save_line(app.record, app.table.code, app.command), error=False)
        return True
    if key in ("n", "r"):
        said = await deal(app, key == "r")
        if said:
            screen.show_message(said)
        return True
    return False


async def deal(app: SympathyApp, same: bool) -> str:
    """The host deals again (``same``: the same deal); the refusal's sentence, or ``""``."""
    s = app.session
    if s is None or app.table.connection not in ("connected", "resumed"):
        return "Not connected to the server: nothing was sent. Try again once it is back."
    try:
        await s.next_deal(same)
    except Exception as exc:  # the server's sentence: not the host, not over...
        return describe_error(exc)
    return ""
