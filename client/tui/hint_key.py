"""``h`` at the table screen (see :mod:`client.tui.table`): ask the server for a hint.

The answer is said in the message line (``hint: ...``, or why there is none, or the
server's sentence when it refuses: ``hint/not_allowed``, ``hint/busy``) and the hinted
move is chosen in the move list and marked there, so that enter plays it (an advisor's
enter proposes it). The mark lasts while the table stays at the hint's version. The
hint is asked in a worker of the screen, so that the table keeps moving meanwhile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import OptionList

from ..hint import Hint, hint_line
from ..session import describe_error

if TYPE_CHECKING:
    from .table import TableScreen

#: After the hinted move's words in the list.
MARK = "  <- hint"


def mark(screen: TableScreen, code: str) -> str:
    """The hint's mark for move ``code`` in the list, if the hint names it now."""
    found = screen.hint
    if found is None or not found.usable(screen.table.version) or found.move != code:
        return ""
    return MARK


def ask(screen: TableScreen) -> None:
    """Ask for a hint, once at a time (a second ``h`` meanwhile replaces the first)."""
    if screen.sapp.session is None or screen.offline():
        return
    screen.show_message("hint: thinking...", error=False)
    screen.run_worker(_ask(screen), group="hint", exclusive=True, exit_on_error=False)


async def _ask(screen: TableScreen) -> None:
    session = screen.sapp.session
    assert session is not None
    try:
        found = await session.hint()
    except Exception as exc:  # every refusal is said, none is fatal
        if screen.ready:
            screen.show_message(describe_error(exc))
        return
    if screen.ready:
        show(screen, found)


def show(screen: TableScreen, found: Hint) -> None:
    """Say the hint, and choose and mark its move in the list."""
    screen.hint = found
    screen.show_message(hint_line(found) + _then(screen, found), error=False)
    screen.refresh_table()
    codes = [str(m.get("code")) for m in screen._shown_moves]
    if found.usable(screen.table.version) and found.move in codes:
        screen.query_one("#moves", OptionList).highlighted = codes.index(str(found.move))
        screen.draw_board()


def _then(screen: TableScreen, found: Hint) -> str:
    if not found.usable(screen.table.version):
        return ""
    return " (enter proposes it)" if screen.table.role == "advisor" else " (enter plays it)"
