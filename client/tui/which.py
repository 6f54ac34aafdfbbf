""""Which move?": the short choice the table asks where the places picked on the board
fit several legal moves (:func:`client.pointing.pick`): one line each, its card first
where the shape names one, then its words. Up/down and enter (or 1-9) choose; escape
chooses none and leaves the table as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..render import clean, letters


def choice_line(n: int, move: Mapping[str, Any]) -> str:
    """``"2. put 9♥ from column 3 onto 10♠ on column 5"``."""
    return f"{n}. {clean(move.get('text') or move.get('code'), 100)}"


class WhichMove(ModalScreen[str | None]):
    """Asks which of ``moves`` is meant; dismissed with its code (``None``: none)."""

    DEFAULT_CSS = """
    WhichMove { align: center middle; }
    WhichMove > Vertical { width: 78; max-width: 100%; height: auto; border: thick $accent;
                           padding: 0 1; background: $surface; }
    #which { height: auto; max-height: 14; border: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "none of them"),
        *[Binding(str(n), f"nth({n})", show=False) for n in range(1, 10)]]

    def __init__(self, moves: Sequence[Mapping[str, Any]], where: str,
                 ascii: bool = False) -> None:
        super().__init__()
        self.moves, self.where, self.ascii = list(moves), where, ascii

    def _text(self, line: str) -> Text:
        return Text(letters(line) if self.ascii else line)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self._text(f"Which move? {len(self.moves)} moves {self.where}:"),
                         id="which-head")
            yield OptionList(*[Option(self._text(choice_line(i, m)))
                               for i, m in enumerate(self.moves, 1)], id="which")
            yield Static("enter or its number: play it   escape: none of them")

    def on_mount(self) -> None:
        box = self.query_one("#which", OptionList)
        box.highlighted = 0
        box.focus()

    def on_option_list_option_selected(self, ev: OptionList.OptionSelected) -> None:
        ev.stop()
        self.dismiss(str(self.moves[ev.option_index].get("code")))

    def action_nth(self, n: int) -> None:
        if n <= len(self.moves):
            self.dismiss(str(self.moves[n - 1].get("code")))
