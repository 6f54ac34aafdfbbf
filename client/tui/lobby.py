"""The lobby: public rooms, join by code, and a form to open a room.

Keys: enter joins the highlighted room as a player, ``d`` as an advisor, ``w`` watches
it, ``r`` refreshes, ``j`` goes to the code field, ``c`` opens the form, ``q`` quits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Checkbox, DataTable, Footer, Input, Select, Static

from ..links import BadAddress, room_code
from ..plan import Plan
from ..render import clean
from ..session import describe_error

if TYPE_CHECKING:
    from .app import SympathyApp


def _app(screen: Screen[Any]) -> SympathyApp:
    from .app import SympathyApp

    assert isinstance(screen.app, SympathyApp)
    return screen.app


class LobbyScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "refresh", "refresh"), Binding("d", "join('advisor')", "advise"),
        Binding("w", "join('watcher')", "watch"), Binding("j", "code", "join by code"),
        Binding("c", "create", "create a room"), Binding("q", "quit", "quit"),
    ]
    DEFAULT_CSS = "#rooms { height: 1fr; } #lobby-message { color: $error; }"

    def compose(self) -> ComposeResult:
        yield Static("Sympathy: public rooms", classes="head")
        yield DataTable(id="rooms", cursor_type="row", zebra_stripes=True)
        yield Static("", id="lobby-message")
        yield Input(placeholder="j: join code, then enter", id="code")
        yield Footer()

    async def on_mount(self) -> None:
        table = self.query_one("#rooms", DataTable)
        table.add_columns("code", "game", "seats", "advisors", "watchers", "moves", "status")
        table.focus()
        await self.action_refresh()

    async def action_refresh(self) -> None:
        s = _app(self).session
        if s is None:
            return
        try:
            rooms = await s.lobby()
        except Exception as exc:
            self.say(describe_error(exc))
            return
        table = self.query_one("#rooms", DataTable)
        table.clear()
        for r in rooms:
            seats = r.get("seats") or [0, 0]
            status = clean(r.get("status"), 12) + (" (locked)" if r.get("locked") else "")
            table.add_row(*(Text(x) for x in (
                clean(r.get("code"), 16), clean(r.get("title") or r.get("game"), 40),
                f"{seats[0]}/{seats[1]}", str(r.get("advisors", 0)),
                str(r.get("watchers", 0)), str(r.get("moves", 0)), status)),
                key=clean(r.get("code"), 16))
        self.say("" if rooms else "No public rooms yet: c opens one, j joins by code.")

    def say(self, text: str) -> None:
        self.query_one("#lobby-message", Static).update(Text(clean(text, 300)))

    def _highlighted(self) -> str | None:
        table = self.query_one("#rooms", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return str(key.value) if key.value else None

    async def sit(self, plan: Plan) -> None:
        try:
            await _app(self).sit(plan)
        except Exception as exc:
            self.say(describe_error(exc))

    async def on_data_table_row_selected(self, ev: DataTable.RowSelected) -> None:
        await self.action_join("player")

    async def action_join(self, role: str) -> None:
        code = self._highlighted()
        if code:
            await self.sit(Plan("join", code=code, role=role))

    def action_code(self) -> None:
        self.query_one("#code", Input).focus()

    async def on_input_submitted(self, ev: Input.Submitted) -> None:
        """A code, or the page's link to a room of this server (as shared)."""
        if not ev.value.strip():
            return
        try:
            code, _ = room_code(ev.value)  # a link's room is looked for on this server
        except BadAddress as exc:
            self.say(str(exc))
            return
        await self.sit(Plan("join", code=code, role="player"))

    async def action_create(self) -> None:
        s = _app(self).session
        if s is None:
            return
        try:
            games = await s.games()
        except Exception as exc:
            self.say(describe_error(exc))
            return

        async def chosen(plan: Plan | None) -> None:
            if plan is not None:
                await self.sit(plan)

        await self.app.push_screen(CreateScreen(games), chosen)

    def action_quit(self) -> None:
        self.app.exit()


def _options(text: str) -> dict[str, object]:
    """``"match_rule=rank packets=2"`` as options (numbers and booleans read as such)."""
    out: dict[str, object] = {}
    for pair in text.replace(",", " ").split():
        key, _, value = pair.partition("=")
        out[key] = int(value) if value.lstrip("-").isdigit() else (
            value.lower() == "true" if value.lower() in ("true", "false") else value)
    return out


class CreateScreen(ModalScreen[Plan | None]):
    """Pick a game, its options and the table's policies; dismisses with a plan."""

    DEFAULT_CSS = """
    CreateScreen { align: center middle; }
    CreateScreen > Vertical { width: 76; height: auto; border: thick $accent;
                              background: $surface; padding: 1 2; }
    CreateScreen Select { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]

    def __init__(self, games: list[dict[str, Any]]) -> None:
        super().__init__()
        self.games = games

    def compose(self) -> ComposeResult:
        choices = [(f"{clean(g['title'], 40)} ({g['seats']} seat"
                    f"{'s' if g['seats'] != 1 else ''})", str(g["id"])) for g in self.games]
        with Vertical():
            yield Static("Open a room", classes="head")
            yield Select(choices, value=choices[0][1], allow_blank=False, id="game")
            yield Input(placeholder="options: name=value name=value", id="options")
            with Horizontal():
                yield Select([("unlisted", "unlisted"), ("public", "public")],
                             value="unlisted", allow_blank=False, id="visibility")
                yield Select([("advice: anyone", "anyone"), ("advice: invited", "invited"),
                              ("advice: nobody", "nobody")], value="anyone",
                             allow_blank=False, id="advice")
            with Horizontal():
                yield Select([("player takes advice", "player"), ("advisors vote", "vote")],
                             value="player", allow_blank=False, id="advice_mode")
                yield Select([("undo on", "on"), ("undo off", "off"),
                              ("undo past reveals", "past_reveal")], value="on",
                             allow_blank=False, id="undo")
            with Horizontal():
                yield Select([("hints: the player", "player"), ("hints: advisors too", "all"),
                              ("hints: off", "off")], value="player", allow_blank=False,
                             id="hints")
                yield Checkbox("play safe moves by themselves", id="autodrop")
            yield Checkbox("play every seat myself", id="both")
            with Horizontal():
                yield Button("Create", variant="primary", id="go")
                yield Button("Cancel", id="cancel")

    def _value(self, wid: str) -> str:
        return str(self.query_one(f"#{wid}", Select).value)

    def on_button_pressed(self, ev: Button.Pressed) -> None:
        if ev.button.id != "go":
            self.dismiss(None)
            return
        create: dict[str, Any] = {
            "options": _options(self.query_one("#options", Input).value),
            "visibility": self._value("visibility"), "advice": self._value("advice"),
            "advice_mode": self._value("advice_mode"), "undo": self._value("undo"),
            "hints": self._value("hints"),
            "autodrop": self.query_one("#autodrop", Checkbox).value,
            "seats": "all" if self.query_one("#both", Checkbox).value else "one"}
        self.dismiss(Plan("create", game=self._value("game"), create=create))

    def action_cancel(self) -> None:
        self.dismiss(None)
