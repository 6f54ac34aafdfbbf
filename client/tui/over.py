"""The game-over screen: the result, the client's own fairness check, the deal number to
share, the room's running tally, and what comes next.

Keys: enter, escape or space go back to the table (where ``e`` opens this screen again);
``s`` saves the record to a file (replay it with ``sympathy replay FILE``); the host deals
again with ``n`` (a new deal) or ``r`` (a rematch: the same deal); ``q`` quits keeping the
seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static

from ..finish import save_line
from ..render import clean, letters
from . import ending

if TYPE_CHECKING:
    from .app import SympathyApp


class GameOver(ModalScreen[None]):
    """Shows the lines of :func:`client.table_text.game_over_lines` and the keys."""

    DEFAULT_CSS = """
    GameOver { align: center middle; }
    GameOver > Vertical { width: 78; max-width: 100%; height: auto; border: thick $accent;
                          padding: 0 1; background: $surface; }
    #over-message { color: $warning; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "dismiss", "close"), Binding("s", "save", "save"),
        Binding("n", "deal(False)", "next deal"), Binding("r", "deal(True)", "rematch"),
        Binding("q", "quit", "quit")]

    class NewDeal(Message):
        """The host dealt again: the game this screen tells of is gone."""

    def __init__(self, lines: list[str], *, host: bool, ascii: bool = False) -> None:
        super().__init__()
        self.lines, self.host, self.ascii = lines, host, ascii
        #: Not ``_closing``: that is Textual's own flag, and a screen that has it set
        #: refuses every message, the one that removes it too (the app then hangs).
        self.left = False

    def on_game_over_new_deal(self, _msg: NewDeal) -> None:
        self.close()

    def close(self) -> None:
        """Go back to the table (once: a second pop would take the table away too)."""
        if not self.left:
            self.left = True
            self.dismiss(None)

    @property
    def sapp(self) -> SympathyApp:
        from .app import SympathyApp

        assert isinstance(self.app, SympathyApp)
        return self.app

    def compose(self) -> ComposeResult:
        keys = "enter: back to the table (e: this again)  s: save the record  q: quit"
        if self.host:
            keys = "n: next deal  r: rematch (same deal)  " + keys
        else:
            keys += "\n(the host may deal again: n next deal, r rematch)"
        text = "\n".join(self.lines)
        with Vertical():
            yield Static(Text(letters(text) if self.ascii else text), id="over-text")
            yield Static("", id="over-message")
            yield Static(Text(keys), classes="hint")

    def say(self, text: str) -> None:
        self.query_one("#over-message", Static).update(Text(clean(text, 300)))

    async def action_dismiss(self, result: None = None) -> None:
        self.close()

    def action_save(self) -> None:
        app = self.sapp
        self.say(save_line(app.record, app.table.code, app.command))

    async def action_deal(self, same: bool) -> None:
        said = await ending.deal(self.sapp, same)
        if said:
            self.say(said)

    def action_quit(self) -> None:
        self.sapp.quit_keeping_the_seat()
