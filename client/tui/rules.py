"""How to play (see :mod:`client.rules_text`): ``?`` at the table, with the table's keys
(:class:`RulesScreen`), and the lobby's "How to play" for the game chosen
(:class:`GuideScreen`)."""

from __future__ import annotations

import re
from typing import Any, ClassVar

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
    """The keys of the table, as :mod:`client.tui.table` documents them, in plain text
    (the docstring's markup and its pointers into the code taken out)."""
    from . import table

    doc = (table.__doc__ or "").split("\n\n", 1)[-1]
    doc = re.sub(r"[;,]?\s+see\s+:\w+:`[^`]*`", "", doc)
    doc = re.sub(r":\w+:`([^`]*)`", r"\1", doc).replace("``", "")
    doc = re.sub(r"\(the round layout: ([^)]*)\)", r"(\1)", doc)
    return ["", "Keys", *(" " + line for line in doc.strip().splitlines())]


class TextScreen(ModalScreen[None]):
    """A page of text over the screen, scrolled with up/down/page keys; escape, ``q`` or
    ``?`` closes it."""

    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll { width: 100%; max-width: 96; height: 100%;
                                   border: thick $accent; background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "close")]

    def action_close(self) -> None:
        self.dismiss(None)


class RulesScreen(TextScreen):
    """How to play the table's game, and the table's keys."""

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


class GuideScreen(TextScreen):
    """How to play one game, from the lobby."""

    def __init__(self, game_id: str, entry: dict[str, Any] | None) -> None:
        super().__init__()
        self.game_id, self.entry = game_id, entry

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text("\n".join(rules_lines(self.game_id, self.entry))),
                         id="guide-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()
