"""``sympathy replay FILE``: a saved game, move by move, on the same board as the table.

Keys: right or ``n`` the next move, left or ``p`` the one before, home/end the deal and
the end, ``q`` quits.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from ..render import letters
from ..replay import Step
from ..table_text import changed_zones, last_text
from .board import Board


class ReplayApp(App[None]):
    TITLE = "Sympathy replay"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "step(1)", "next"), Binding("left,p", "step(-1)", "back"),
        Binding("home", "go(0)", "deal"), Binding("end", "go(-1)", "end"),
        Binding("pagedown", "scroll(1)", show=False),
        Binding("pageup", "scroll(-1)", show=False), Binding("q", "quit", "quit"),
    ]
    CSS = """
    #board-box { height: 1fr; scrollbar-gutter: stable; }
    #caption, #last { text-style: bold; }
    """

    def __init__(self, steps: list[Step], *, ascii: bool = False) -> None:
        super().__init__()
        self.steps, self.ascii, self.at = steps, ascii, 0

    def compose(self) -> ComposeResult:
        yield Static("", id="caption")
        with VerticalScroll(id="board-box"):
            yield Board(self.ascii, id="board")
        yield Static("", id="last")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def _text(self, line: str) -> Text:
        return Text(letters(line) if self.ascii else line)

    def show(self) -> None:
        step = self.steps[self.at]
        self.query_one("#caption", Static).update(self._text(step.caption))
        self.query_one("#last", Static).update(self._text(
            f"last: {last_text(step.last)}" if step.last else "the cards as dealt"))
        before = self.steps[self.at - 1].view if self.at else None
        self.query_one(Board).show(step.view, None, last=changed_zones(before, step.view))

    def action_step(self, by: int) -> None:
        self.at = max(0, min(len(self.steps) - 1, self.at + by))
        self.show()

    def action_go(self, where: int) -> None:
        self.at = where % len(self.steps)
        self.show()

    def action_scroll(self, pages: int) -> None:
        box = self.query_one(VerticalScroll)
        box.scroll_to(y=box.scroll_y + pages * max(1, box.size.height - 1), animate=False)
