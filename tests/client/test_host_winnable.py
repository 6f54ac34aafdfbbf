"""Winnable deals only from the terminal: ``sympathy host GAME --winnable``, the
full-screen lobby's form (shown only for the games that offer it), and the server's
words where the game does not offer it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Select

from client.plan import Plan
from client.tokens import TokenStore
from client.tui.app import SympathyApp
from client.tui.lobby import CreateScreen
from rules import Play, make
from rules.solver import Budget, solve
from server.winnable import NODES
from tests.kit.cli import Proc
from tests.kit.screen import until as until_shown
from tests.kit.server import Running, until


async def proved_clock(server: Running) -> None:
    """Once the server has a deal of Clock proved winnable (one in sixteen can be won)."""
    stock = server.app.sessions.winnable
    stock.want("clock")
    await until(lambda: stock.ready("clock") >= 1)


async def assert_proved(server: Running, code: str) -> None:
    room = await server.app.store.by_code(code)
    assert room.policy.winnable
    game = make("clock", {})
    assert solve(game, Play.start(game, room.seed).state, Budget(NODES)).won


async def test_host_winnable_is_dealt_a_deal_the_solver_wins(server: Running,
                                                              tmp_path: Path) -> None:
    await proved_clock(server)
    ann = await Proc.start(tmp_path / "ann", "host", "clock", "--winnable", "--plain",
                           "--server", server.url, "--name", "Ann")
    found = await ann.expect(r"joined room (\w+) \(clock(, winnable deals only)?\)")
    await assert_proved(server, found.group(1))
    assert found.group(2), "the terminal says the table deals winnable deals only"
    await ann.send("quit")
    assert await ann.finish() == 0


async def test_host_winnable_of_a_game_without_it_says_why(server: Running,
                                                            tmp_path: Path) -> None:
    ann = await Proc.start(tmp_path / "ann", "host", "klondike", "--winnable", "--plain",
                           "--server", server.url, "--name", "Ann")
    await ann.expect(r"does not offer winnable deals only")
    await ann.finish()


async def test_the_lobby_form_offers_winnable_deals_where_the_game_has_them(
        server: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SYMPATHY_STATE_DIR", str(tmp_path / "state"))
    await proved_clock(server)
    app = SympathyApp(server.url, "Ann", Plan("lobby"), tokens=TokenStore())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await until_shown(lambda: isinstance(app.screen, CreateScreen))
        screen = app.screen
        screen.query_one("#game", Select).value = "klondike"
        await until_shown(lambda: not screen.query_one("#winnable", Checkbox).display)
        screen.query_one("#game", Select).value = "clock"
        await until_shown(lambda: screen.query_one("#winnable", Checkbox).display)
        screen.query_one("#winnable", Checkbox).value = True
        await pilot.click("#go")
        await until_shown(lambda: app.session is not None and app.table.code != "")
        code = app.table.code
        # the table's title says so, as the page's header does
        await until_shown(lambda: "Clock · winnable deals only" in str(
            app.screen.query_one("#title").render()))
    await assert_proved(server, code)
