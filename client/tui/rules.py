"""``?`` at the table: the game's rules (see :mod:`client.rules_text`) and the keys."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ..events import Table
from ..render import letters
from ..rules_text import rules_lines
from ..session import Session


def keys_lines() -> list[str]:
    """The keys of the table, as :mod:`client.tui.table` documents them."""
    from . import table

    doc = (table.__doc__ or "").split("\n\n", 1)[-1]
    return ["", "Keys", *(" " + line for line in doc.strip().splitlines())]


class RulesScreen(ModalScreen[None]):
    """The rules, scrolled with up/down/page keys; escape, ``q`` or ``?`` closes it."""

    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen > VerticalScroll { width: 100%; max-width: 96; height: 100%;
                                   border: thick $accent; background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "close")]

    def __init__(self, table: Table, session: Session | None, ascii: bool = False) -> None:
        super().__init__()
        self.table, self.session, self.ascii = table, session, ascii

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self._text(rules_lines(self.table.game, None)), id="rules-text")
        yield Footer()

    def _text(self, lines: list[str]) -> Text:
        body = "\n".join([*lines, *keys_lines()])
        return Text(letters(body) if self.ascii else body)

    async def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()
        if self.session is None:
            return
        try:  # the book and lines as the server knows them
            games = await self.session.games()
        except Exception:  # the rules text stands without them
            return
        entry = next((g for g in games if g.get("id") == self.table.game), None)
        self.query_one("#rules-text", Static).update(
            self._text(rules_lines(self.table.game, entry)))

    def action_close(self) -> None:
        self.dismiss(None)
