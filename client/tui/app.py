"""The Textual application: one session, owned by one worker, feeding the screens.

The session lives inside a Textual worker for as long as the app runs (the worker is its
owner; cancelling it closes the session). Every session event is handed to the table
screen; a finished game opens :class:`~client.tui.over.GameOver` once, after the client
has checked the revealed seed and replayed the record itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Static
from websockets.exceptions import InvalidHandshake, InvalidURI

from ..events import Event, StateChanged, Table
from ..fair import check
from ..finish import analysis_lines
from ..plan import Plan, start
from ..session import ConnectionLost, ServerError, Session
from ..table_text import come_back_lines, game_over_lines
from ..tokens import TokenStore
from .lobby import LobbyScreen
from .over import GameOver
from .table import TableScreen


class SympathyApp(App[None]):
    TITLE = "Sympathy"
    #: The footer's room goes to the table's own keys (q must show at 80 columns).
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, url: str, player_name: str, plan: Plan, *, ascii: bool = False,
                 tokens: TokenStore | None = None, command: str = "sympathy") -> None:
        super().__init__()
        self.url = url
        self.player_name = player_name
        self.plan = plan
        self.ascii = ascii
        self.tokens = tokens if tokens is not None else TokenStore()
        self.session: Session | None = None
        self.table = Table()
        self.over_shown: int | None = None
        self.error = ""
        #: The finished game's record, as the server sent it (saved with ``s``).
        self.record: Mapping[str, Any] | None = None
        #: What the end screen says of the finished game (it can be opened again).
        self.over_lines: list[str] = []
        #: How to run this client again, in the lines that say so.
        self.command = command

    def compose(self) -> ComposeResult:
        yield Static(f"connecting to {self.url}...", id="splash", markup=False)

    def on_mount(self) -> None:
        self.run_worker(self._main(), name="session", exclusive=True)

    async def _main(self) -> None:
        try:
            async with Session(self.url, self.player_name, tokens=self.tokens,
                               room=self.plan.code) as s:
                self.session, self.table = s, s.table
                if self.plan.action == "lobby":
                    await self.push_screen(LobbyScreen())
                else:
                    await self.sit(self.plan)
                while True:
                    ev = await s.events()
                    if self.return_code is not None:  # exiting: the screens are going
                        return
                    await self.dispatch_event(ev)
        except ServerError as exc:  # the server refused the plan: one line, as --plain says
            self.error = f"error: {exc.code}: {exc.message}"
            self.exit(return_code=1, message=self.error)
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI, ConnectionLost) as exc:
            self.error = f"cannot play at {self.url}: {exc}"
            self.exit(return_code=2, message=self.error)

    def quit_keeping_the_seat(self) -> None:
        """Leave the terminal; the seat stays, and the message says how to come back."""
        self.exit(message="\n".join(come_back_lines(self.table, self.player_name,
                                                     self.url, self.command)) or None)

    async def sit(self, plan: Plan) -> None:
        """Carry out ``plan`` and show the table (raises the server's refusal)."""
        assert self.session is not None
        await start(self.session, plan)
        if isinstance(self.screen, LobbyScreen):
            # Not awaited: this runs inside the lobby's own key handler, and the switch
            # completes only once the lobby is gone, i.e. after that handler returns.
            self.switch_screen(TableScreen(self.ascii))
        else:
            await self.push_screen(TableScreen(self.ascii))

    async def dispatch_event(self, ev: Event) -> None:
        screen = self.screen
        for s in self.screen_stack:
            if isinstance(s, TableScreen) and s.ready:  # it draws itself on mount
                s.session_event(ev)
        if not isinstance(ev, StateChanged):
            return
        if isinstance(screen, GameOver) and not self.table.over:  # the host dealt again
            screen.post_message(GameOver.NewDeal())  # it closes itself, once
        elif self.table.over and self.over_shown != ev.version and \
                not isinstance(screen, GameOver):
            self.over_shown = ev.version
            self.over_lines = await self.game_over_lines()
            await self.show_end()

    async def show_end(self) -> bool:
        """Open the end screen of the finished game (again: it was closed with enter).
        ``False`` when no game is over or it is open already."""
        if not self.table.over or not self.over_lines or isinstance(self.screen, GameOver):
            return False
        await self.push_screen(GameOver(self.over_lines, host=self.table.host,
                                        ascii=self.ascii))
        return True

    async def game_over_lines(self) -> list[str]:
        t = self.table
        assert t.view is not None
        self.record = None
        if "seed" not in t.fair or self.session is None:
            return game_over_lines(t.view, None, t.tally, self.command)
        try:
            self.record = await self.session.record()
        except (ServerError, ConnectionLost, TimeoutError):
            pass
        lines = game_over_lines(t.view, check(t.fair, self.record, t.view, t.audience),
                                t.tally, self.command)
        if self.record is not None and t.view.get("layout") != "round":
            lines += ["", *await analysis_lines(self.record, t.view)]
        return lines
