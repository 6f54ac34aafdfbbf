"""The lobby: public rooms, join by code, and a form to open a room.

Keys: enter joins the highlighted room as a player, ``d`` as an advisor, ``w`` watches
it, ``r`` refreshes, ``j`` goes to the code field, ``c`` opens the form, ``q`` quits.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, DataTable, Footer, Input, Select, Static

from rules.guide import KINDS

from ..links import BadAddress, room_code
from ..plan import Plan
from ..render import clean
from ..session import describe_error
from .rules import GuideScreen

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


class CreateScreen(ModalScreen[Plan | None]):
    """Pick a game, its options and the table's policies; dismisses with a plan."""

    DEFAULT_CSS = """
    CreateScreen { align: center middle; }
    CreateScreen > Vertical { width: 76; height: auto; border: thick $accent;
                              background: $surface; padding: 1 2; }
    CreateScreen Select { width: 1fr; }
    CreateScreen #game-options { height: auto; max-height: 7; }
    CreateScreen .option-about { color: $text-muted; }
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
            with Horizontal():
                yield Select(choices, value=choices[0][1], allow_blank=False, id="game")
                yield Button("How to play", id="how")
            yield Static(self._about(choices[0][1]), id="about")
            with VerticalScroll(id="game-options"):
                yield from self._option_widgets(choices[0][1])
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
            with Horizontal():
                yield Checkbox("play every seat myself", id="both")
                # offered for the games whose deals the server's solver proves winnable
                winnable = Checkbox("winnable deals only", id="winnable",
                                    tooltip="Every deal is one the computer has proved can "
                                    "be won; it stays secret until the game ends.")
                winnable.display = bool(self._entry(choices[0][1]).get("winnable"))
                yield winnable
            with Horizontal():
                yield Button("Create", variant="primary", id="go")
                yield Button("Cancel", id="cancel")

    def _entry(self, game_id: str) -> dict[str, Any]:
        return next((g for g in self.games if g.get("id") == game_id), {})

    def _about(self, game_id: str) -> Text:
        """The chosen game in a sentence, with its kind and difficulty."""
        g = self._entry(game_id)
        tags = [KINDS.get(str(g.get("kind")), ""),
                f"{g['difficulty']} difficulty" if g.get("difficulty") else ""]
        tail = " · ".join(t for t in tags if t)
        return Text(clean(g.get("summary"), 300) + (f" ({tail})" if tail else ""))

    def _option_widgets(self, game_id: str) -> list[Widget]:
        """The chosen game's options, each under its label and sentence: a list of its
        choices in words, or a field for a number."""
        out: list[Widget] = []
        for o in self._entry(game_id).get("options") or []:
            name = clean(o.get("name"), 30)
            out.append(Static(Text(f"{clean(o.get('label') or name, 40)}: "
                                   f"{clean(o.get('about') or o.get('doc'), 200)}"),
                              classes="option-about"))
            words = o.get("choice_labels") or []
            if words:
                out.append(Select([(clean(w, 60), json.dumps(v)) for v, w in words],
                                  value=json.dumps(o.get("default")), allow_blank=False,
                                  id=f"opt-{name}", classes="option"))
            else:
                out.append(Input(value=str(o.get("default")), id=f"opt-{name}",
                                 classes="option"))
        return out

    def _chosen_options(self) -> dict[str, object]:
        """The options set to something other than their default."""
        out: dict[str, object] = {}
        for o in self._entry(self._value("game")).get("options") or []:
            name = str(o.get("name"))
            w = self.query_one(f"#opt-{name}")
            if isinstance(w, Select):
                value: object = json.loads(str(w.value))
            elif isinstance(w, Input):
                text = w.value.strip()
                value = int(text) if text.lstrip("-").isdigit() else text
            else:
                continue
            if value != o.get("default"):
                out[name] = value
        return out

    async def on_select_changed(self, ev: Select.Changed) -> None:
        if ev.select.id == "game":
            self.query_one("#about", Static).update(self._about(str(ev.value)))
            box = self.query_one("#game-options", VerticalScroll)
            await box.remove_children()
            await box.mount(*self._option_widgets(str(ev.value)))
            winnable = self.query_one("#winnable", Checkbox)
            winnable.display = bool(self._entry(str(ev.value)).get("winnable"))
            if not winnable.display:
                winnable.value = False

    def _value(self, wid: str) -> str:
        return str(self.query_one(f"#{wid}", Select).value)

    def on_button_pressed(self, ev: Button.Pressed) -> None:
        if ev.button.id == "how":
            game_id = self._value("game")
            self.app.push_screen(GuideScreen(game_id, self._entry(game_id)))
            return
        if ev.button.id != "go":
            self.dismiss(None)
            return
        create: dict[str, Any] = {
            "options": self._chosen_options(),
            "visibility": self._value("visibility"), "advice": self._value("advice"),
            "advice_mode": self._value("advice_mode"), "undo": self._value("undo"),
            "hints": self._value("hints"),
            "autodrop": self.query_one("#autodrop", Checkbox).value,
            "seats": "all" if self.query_one("#both", Checkbox).value else "one"}
        if self.query_one("#winnable", Checkbox).value:
            create["winnable"] = True
        self.dismiss(Plan("create", game=self._value("game"), create=create))

    def action_cancel(self) -> None:
        self.dismiss(None)
