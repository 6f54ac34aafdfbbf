"""The table screen: board, turn, legal moves with the proposals, people, chat.

Keys (when no text field has the focus): up/down choose a legal move (its zones light
up on the board), enter plays it (an advisor proposes it), 1-9 play or propose the nth
move at once; a move an advisor proposed is marked in the list with its number, who
proposed it and the votes, and playing it takes the proposal (the advisors are
credited); ``a`` takes a proposal: at once when there is one, else ``a`` then its number.
left/right walk a cursor over the places where a legal move begins and space picks one:
a source, then a destination (or the one place of a deal or a turn; a pair's two places
in either order); a pick that names one legal move plays it, and where several fit the
table asks "which move?"; space on the place just picked again means the move that place
alone completes; escape drops the places picked (the places come from each move's shape,
never its words), see :mod:`client.pointing`. ``v`` plays
the vote, ``u`` undoes, ``h`` asks for a hint (the hinted move is chosen and marked in the
list, so enter plays or proposes it; the player may ask, advisors too where the table
allows), ``:`` opens the command line (a move code, or ``say TEXT``),
``t`` chats, ``p`` shows or hides the people, advice and chat panel (hidden on narrow
terminals, which keep the last chat lines under the board; the connection's state is
always in the title), ``?`` shows the game's rules and these keys, escape returns to the moves,
``q`` quits keeping the seat. Every refusal shows the server's own sentence; a key
pressed while the server cannot be reached says so at once. Giving up has no number:
choose it in the list (or type ``end``), then ``y`` to confirm. Once the game is over,
``e`` opens the end screen again, ``s`` saves the record, and the host's ``n`` and ``r``
deal again (a new deal, the same deal).

At a round game's table (the ``round`` layout: hands around the table) left/right walk
the cards of your hand that you may play (or the positions of the hand you may draw
from) and enter plays the one chosen; space calls (Snap: one big key); the word moves
have letters of their own, shown in the list (``s`` suspect, ``b`` beg, ``o`` take one,
``r`` refuse, ``x`` pass, ``k`` keep, ``e`` sell, ``n`` turn, ``d`` deal...). The host's
``c`` seats computer players in every empty seat; the command line takes ``bot [SEAT]``
and ``invite NAME SEAT`` (an advisor or watcher sits behind a seat). At any table the
host's ``host NAME`` on the command line hands the host role to NAME.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, RichLog, Static

from ..events import ChatLine, Connection, Event, Notice, Table
from ..hint import Hint
from ..pointing import NOTHING, Choice, pick, walkable
from ..render import clean, letters
from ..round_text import is_round
from ..session import describe_error
from ..table_text import (
    chat_text,
    ends_game,
)
from . import ending, hint_key, round_keys, table_draw
from .board import Board
from .which import WhichMove

if TYPE_CHECKING:
    from .app import SympathyApp

#: Below this many columns the side panel hides (``p`` shows it) so the board has room.
NARROW = 110


class TableScreen(Screen[None]):
    DEFAULT_CSS = """
    #main { width: 3fr; }
    #side { width: 1fr; min-width: 30; border-left: solid $primary; }
    TableScreen.narrow #side { display: none; }
    TableScreen.narrow.panel #side { display: block; dock: right; width: 42;
                                     background: $surface; }
    #board-box { height: auto; max-height: 75%; scrollbar-gutter: stable;
                 scrollbar-size-vertical: 1; }
    #moves { height: 1fr; min-height: 2; border: none; padding: 0; }
    #moves:focus { border: none; }
    #advice { height: auto; max-height: 8; }
    #chat { height: 1fr; }
    #message { color: $error; height: auto; }
    #chat-strip { display: none; height: auto; max-height: 3; }
    TableScreen.narrow #chat-strip { display: block; }
    TableScreen.narrow.panel #chat-strip, TableScreen.narrow #chat-strip.empty {
        display: none; }
    #last.in-log { display: none; }
    #conn, #title { text-style: bold; }
    #turn { text-style: bold; color: $success; }
    #command { display: none; }
    #command.open { display: block; }
    .head { color: $accent; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "accept", "take advice"), Binding("v", "vote", "vote", show=False),
        Binding("u", "undo", "undo"), Binding("h", "hint", "hint"),
        Binding("colon", "command", "command"),
        Binding("t", "talk", "chat"), Binding("escape", "to_moves", "moves", show=False),
        Binding("p", "panel", "people"), Binding("question_mark", "rules", "help"),
        Binding("q", "quit", "quit"), Binding("left", "zone(-1)", "zone", show=False),
        Binding("right", "zone(1)", "zone", show=False),
        Binding("space", "pick", "pick zone", show=False),
        Binding("c", "bots", "computer players", show=False),
        Binding("pageup", "scroll_board(-1)", show=False),
        Binding("pagedown", "scroll_board(1)", show=False),
        *[Binding(str(n), f"nth({n})", show=False) for n in range(1, 10)],
    ]

    def __init__(self, ascii: bool = False) -> None:
        super().__init__()
        self.ascii = ascii
        self._shown_moves: list[Mapping[str, Any]] = []
        self._shown_lines: list[str] = []
        self._cursor: str | None = None
        #: The places picked on the board so far, and what they mean.
        self.choice: Choice = NOTHING
        #: The room version the screen shows now (-1 before the first state).
        self.drawn_version = -1
        #: The view drawn at that version, and the zones its last move changed.
        self.drawn_view: Mapping[str, Any] | None = None
        self.changed: set[str] = set()
        self._taking = False  # ``a`` pressed with several proposals: a number follows
        #: The last hint the server gave (marked in the list while it is for the table).
        self.hint: Hint | None = None
        #: Its widgets are there to draw on: from the end of mount to unmount.
        self.ready = False
        #: A move that ends the game, chosen once: ``y`` plays it (see ending.ask).
        self.confirming: str | None = None
        #: How many deals of a round match this screen has seen end (a new one: a pause
        #: with how it went, until the person acts).
        self.deals_seen: int | None = None
        self.confirmed: str | None = None

    @property
    def sapp(self) -> SympathyApp:
        from .app import SympathyApp

        assert isinstance(self.app, SympathyApp)
        return self.app

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="main"):
                yield Static("", id="title")
                with VerticalScroll(id="board-box"):
                    yield Board(self.ascii, id="board")
                yield Static("", id="turn")
                yield Static("", id="last")
                yield Static("", id="message")
                yield Static("", id="chat-strip")
                yield Static("moves", classes="head", id="moves-head")
                yield OptionList(id="moves")
                yield Input(placeholder=": a move code, or 'say TEXT'", id="command",
                            select_on_focus=False)
            with Vertical(id="side"):
                yield Static("", id="conn")
                yield Static("people", classes="head")
                yield Static("", id="people")
                yield Static("advice (a: take; a then N: take proposal N)", classes="head")
                yield OptionList(id="advice")
                yield Static("chat (t)", classes="head")
                yield RichLog(id="chat", wrap=True, markup=False, max_lines=200)
                yield Input(placeholder="t: say something", id="say")
        yield Footer()

    def on_mount(self) -> None:
        self.set_class(self.app.size.width < NARROW, "narrow")
        for line in self.table.chat:
            self.query_one("#chat", RichLog).write(self.text(chat_text(line.sender,
                                                                       line.role, line.text)))
        self.query_one("#moves", OptionList).focus()
        self.ready = True
        self.refresh_table()

    def on_unmount(self) -> None:
        self.ready = False

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < NARROW, "narrow")

    # -- drawing -----------------------------------------------------------------------

    @property
    def table(self) -> Table:
        return self.sapp.table

    def text(self, line: str) -> Text:
        """A line for the screen: with suit letters instead of symbols under ``--ascii``."""
        return Text(letters(line) if self.ascii else line)

    def moves(self) -> list[Mapping[str, Any]]:
        t = self.table
        if t.over:
            return []
        return t.my_moves() if t.role == "player" else (
            t.table_moves() if t.role == "advisor" else [])

    def session_event(self, ev: Event) -> None:
        """Called by the app for every session event (none reaches a screen that is
        being taken down: the app closing while the table still moves)."""
        try:
            self.query_one("#title", Static)
        except NoMatches:
            return
        if isinstance(ev, ChatLine):
            line = chat_text(ev.sender, ev.role, ev.text)
            self.query_one("#chat", RichLog).write(self.text(line))
        elif isinstance(ev, Notice):
            self.show_message(f"{ev.kind}: {ev.message}")
        elif isinstance(ev, Connection) and ev.state in ("connected", "resumed"):
            self.show_message("")  # what was said while away (the title says it is back)
        self.refresh_table()

    def refresh_table(self) -> None:
        table_draw.refresh(self)

    def draw_board(self) -> None:
        table_draw.board(self)

    def active_zones(self) -> list[str]:
        """Ids of the places the zone cursor may stand on, in the view's order: where a
        shown legal move begins, or, once places are picked, where the choice may go on
        (:func:`client.pointing.walkable`)."""
        view = self.table.view
        if view is None:
            return []
        here = walkable(self.choice, self._shown_moves)
        return [str(z.get("id")) for z in view.get("zones", ()) if z.get("id") in here]

    def place_name(self, zone: str) -> str:
        """A place as the board names it, with its label: ``"t3 (column 3)"``."""
        view = self.table.view or {}
        label = next((str(z.get("label") or "") for z in view.get("zones", ())
                      if z.get("id") == zone), "")
        return clean(zone, 24) + (f" ({clean(label, 40)})" if label and label != zone else "")

    def action_zone(self, step: int) -> None:
        if is_round(self.table.view):
            self.walk_hand(step)
            return
        zones = self.active_zones()
        if not zones:
            self.show_message("No legal move to pick a zone for.")
            return
        i = zones.index(self._cursor) + step if self._cursor in zones else 0
        self._cursor = zones[i % len(zones)]
        self.draw_board()

    def walk_hand(self, step: int) -> None:
        round_keys.walk_hand(self, step)

    async def call(self) -> None:
        await round_keys.call(self)

    async def on_key(self, event: events.Key) -> None:
        """Saying yes to giving up, the end screen's keys once the game is over, and a
        round table's letters for its word moves (none while typing)."""
        if isinstance(self.focused, Input):
            return
        if await ending.key(self, event.key) or await round_keys.word_key(self, event.key):
            event.stop()
            event.prevent_default()

    async def action_bots(self) -> None:
        """The host seats computer players in every empty seat."""
        s = self.sapp.session
        if s is not None and self.table.host:
            await self._do(s.bot(), "computer players sit in the empty seats")

    async def action_pick(self) -> None:
        if is_round(self.table.view):
            await self.call()
            return
        zone = self._cursor
        if self.table.view is None or zone is None:
            self.show_message("Walk to a place with left/right first.")
            return
        before = self.choice
        self.choice = choice = pick(before, zone, self._shown_moves)
        if choice.act is not None:
            self.choice = NOTHING
            self.draw_board()
            await self.play(str(choice.act["code"]))
            return
        if not choice.points:
            again = bool(before.points) and zone in before.points
            self.show_message("" if again else f"No legal move begins at "
                              f"{self.place_name(zone)}.")
        elif choice.ask:
            self.ask_which(choice)
        else:
            self.show_points(choice)
        self.draw_board()

    def show_points(self, choice: Choice) -> None:
        """Say what the places picked so far lead to, and choose the first move they
        may mean in the list (enter plays it)."""
        first = self._shown_moves.index(choice.candidates[0])
        self.query_one("#moves", OptionList).highlighted = first
        where = " then ".join(self.place_name(p) for p in choice.points)
        alone = ""
        if choice.complete:
            n = len(choice.complete)
            alone = (f"; space again: {clean(choice.complete[0].get('text'), 60)}"
                     if n == 1 else f"; space again: one of {n} moves")
        self.show_message(f"{where}: pick where to (escape: start again){alone}.",
                          error=False)

    def ask_which(self, choice: Choice) -> None:
        """Several moves fit the places picked: ask which."""
        where = "at " + " and ".join(self.place_name(p) for p in choice.points)

        async def chosen(code: str | None) -> None:
            self.choice = NOTHING
            self.draw_board()
            if code is not None:
                await self.play(code)

        self.show_message("")
        self.app.push_screen(WhichMove(choice.candidates, where, self.ascii), chosen)

    def action_scroll_board(self, pages: int) -> None:
        box = self.query_one("#board-box", VerticalScroll)
        box.scroll_to(y=box.scroll_y + pages * max(1, box.size.height - 1), animate=False)

    def selected_move(self) -> Mapping[str, Any] | None:
        i = self.query_one("#moves", OptionList).highlighted
        return self._shown_moves[i] if i is not None and i < len(self._shown_moves) else None

    def show_message(self, text: str, *, error: bool = True) -> None:
        msg = self.query_one("#message", Static)
        msg.styles.color = None if error else "white"
        msg.update(self.text(clean(text, 300)))

    def on_option_list_option_highlighted(self, ev: OptionList.OptionHighlighted) -> None:
        if ev.option_list.id == "moves":
            self.draw_board()

    # -- acting ------------------------------------------------------------------------

    def offline(self) -> bool:
        """Say so at once when the server cannot be reached now (a request would wait
        for it in silence): ``True`` then."""
        t = self.table
        if t.connection in ("connected", "resumed"):
            return False
        state = table_draw.CONNECTION_TEXT.get(t.connection, t.connection)
        self.show_message(f"Not connected to the server ({state}{': ' + t.gone if t.gone else ''}"
                          "): nothing was sent. Try again once it is back.")
        return True

    async def _do(self, what: Awaitable[Any], done: str = "") -> bool:
        if self.offline():
            if asyncio.iscoroutine(what):
                what.close()  # never sent
            return False
        try:
            await what
        except Exception as exc:  # every refusal is shown, none is fatal
            self.show_message(describe_error(exc))
            return False
        self.show_message(done)
        return True

    async def hand_host(self, name: str) -> None:
        """``host NAME``: the host hands the host role to the member called NAME."""
        s = self.sapp.session
        member = self.table.member_named(name)
        if s is None or not member:
            self.show_message(f"Nobody called {clean(name, 40)} is here.")
            return
        who = next(str(m.get("name")) for m in self.table.members if m.get("id") == member)
        await self._do(s.host("set_host", member=member), f"{clean(who, 40)} is the host now")

    async def play(self, code: str) -> None:
        s = self.sapp.session
        if s is None or self.offline() or ending.ask(self, code):
            return
        if self.table.role == "advisor":
            await self._do(s.propose(code), f"proposed {clean(code, 20)}")
        elif any(str(p.get("move")) == code for p in self.table.proposals):
            await self._do(s.take(code))  # a proposed move: the advisors are credited
        else:
            await self._do(s.move(code))

    async def on_option_list_option_selected(self, ev: OptionList.OptionSelected) -> None:
        if ev.option_list.id == "moves":
            sel = self.selected_move()
            if sel is not None:
                await self.play(str(sel["code"]))
        elif ev.option_list.id == "advice" and self.sapp.session and ev.option.id:
            await self._do(self.sapp.session.take(ev.option.id))

    async def action_nth(self, n: int) -> None:
        if self._taking:
            self._taking = False
            await self.take(n)
        else:  # a move that ends the game has no number
            numbered = [m for m in self._shown_moves if not ends_game(m)]
            if n <= len(numbered):
                await self.play(str(numbered[n - 1]["code"]))

    async def action_accept(self) -> None:
        items = self.table.proposals
        if self.sapp.session is None or not items:
            self.show_message("There is no proposal to take.")
        elif len(items) == 1:
            await self.take(1)
        else:
            self._taking = True
            self.show_message(f"Take which proposal? Press 1-{min(len(items), 9)}.",
                              error=False)

    async def take(self, n: int) -> None:
        """Take proposal number ``n`` (as numbered in the move list and the panel)."""
        items = self.table.proposals
        if self.sapp.session is None or not 1 <= n <= len(items):
            self.show_message(f"There is no proposal {n}.")
            return
        await self._do(self.sapp.session.take(str(items[n - 1]["move"])))

    async def action_vote(self) -> None:
        if self.sapp.session is not None:
            await self._do(self.sapp.session.vote())

    def action_hint(self) -> None:
        hint_key.ask(self)

    async def action_undo(self) -> None:
        if self.sapp.session is not None:
            await self._do(self.sapp.session.undo())

    def action_command(self, text: str = "") -> None:
        box = self.query_one("#command", Input)
        box.add_class("open")
        box.value = text
        box.cursor_position = len(text)
        self.call_after_refresh(box.focus)  # once it is displayed: a hidden box cannot

    def action_talk(self) -> None:
        if self.has_class("narrow") and not self.has_class("panel"):
            self.action_command("say ")
        else:
            self.query_one("#say", Input).focus()

    def action_panel(self) -> None:
        self.toggle_class("panel")
        if not self.has_class("narrow"):
            self.remove_class("panel")

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.table, self.sapp.session, self.ascii))

    def action_to_moves(self) -> None:
        self._taking = False
        if self.choice.points:  # the places picked are dropped
            self.choice = NOTHING
            self.show_message("")
            self.draw_board()
        self.query_one("#command", Input).remove_class("open")
        self.query_one("#moves", OptionList).focus()

    def action_quit(self) -> None:
        self.sapp.quit_keeping_the_seat()

    async def on_input_submitted(self, ev: Input.Submitted) -> None:
        text = ev.value.strip()
        ev.input.value = ""
        s = self.sapp.session
        if text and s is not None:
            words = text.split()
            if ev.input.id == "say" or text.lower().startswith("say "):
                await self._do(s.chat(text[4:] if ev.input.id != "say" else text))
            elif words[0] == "bot" and len(words) <= 2:
                seat = int(words[1]) - 1 if len(words) == 2 and words[1].isdigit() else None
                await self._do(s.bot(seat), "a computer player sits down")
            elif words[0] == "invite" and len(words) >= 2:
                await round_keys.invite(self, words[1:])
            elif words[0] == "host" and len(words) >= 2:
                await self.hand_host(" ".join(words[1:]))
            else:
                await self.play(text)
        self.action_to_moves()  # the keys go back to the table, not into the box
