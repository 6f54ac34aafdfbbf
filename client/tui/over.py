"""The game-over screen: the result, the revealed seed and the client's own check."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class GameOver(ModalScreen[None]):
    """Shows the lines of :func:`client.table_text.game_over_lines`; any of enter,
    escape or space closes it (the table stays on screen behind)."""

    DEFAULT_CSS = """
    GameOver { align: center middle; }
    GameOver > Vertical { width: 72; height: auto; border: thick $accent; padding: 1 2;
                          background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape,space", "dismiss", "close")]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("\n".join(self.lines), id="over-text", markup=False)
            yield Static("enter: back to the table", classes="hint")

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)
