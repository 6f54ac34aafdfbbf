"""The whole path of issue 13, end to end, as four people take it on one real server.

Ann is the person under test: the full-screen app of the very command line she types
(``sympathy host sympathy --public ...``), driven by Textual's pilot at 80x24. Bea and
Wes are real ``sympathy play`` processes in terminals of their own (a pty of 80x24):
each opens the lobby, moves to Ann's table in the list and presses its key, Enter to
sit and ``w`` to watch. Xan advises through the client library (the advisor's keys have
their own tests in test_tui.py).

Deal 829 is short: B opens, A takes the second of Xan's two proposals, then the first
legal move each time ends the deal (lost) after 20 moves, two of them Bea's. Then the
rematch (``r``); everyone quits (``q``); Ann runs the same command again and is back in
her seat. Every wait is bounded; nothing
sleeps to synchronise: each step waits for what the next needs (the version drawn on
the screen of whoever presses a key next). One bound covers the whole walk, so a
frozen app fails the test instead of hanging it.
"""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from pathlib import Path

import pytest

from cli.client_cmd import tui_app
from client.session import Session
from client.tui.app import SympathyApp
from client.tui.over import GameOver
from client.tui.table import TableScreen
from tests.kit.screen import WAIT, screen_text, until
from tests.kit.server import Running
from tests.kit.terminal import Terminal

DEAL = 829
#: The bound of the whole walk (a hang guard, not a speed target).
WHOLE = 300.0
DOWN = "\x1b[B"


async def at_version(app: SympathyApp, version: int) -> None:
    """Ann's table screen has drawn ``version`` (her keys act on what it shows)."""
    await until(lambda: any(isinstance(s, TableScreen) and s.drawn_version >= version
                            for s in app.screen_stack))


async def test_host_join_watch_advise_take_the_second_proposal_finish_rematch_resume(
        server: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    account = {"SYMPATHY_STATE_DIR": str(tmp_path / "state")}  # one account for all
    monkeypatch.setenv("SYMPATHY_STATE_DIR", account["SYMPATHY_STATE_DIR"])
    async with asyncio.timeout(WHOLE), Session(server.url, "Cy") as cy:
        # another public table, so that finding Ann's in the lobby takes a choice
        await cy.create("clock", visibility="public")
        await walk(server.url, account, cy)


async def walk(url: str, account: dict[str, str], cy: Session) -> None:
    host = ["host", "sympathy", "--public", "--deal", str(DEAL), "--name", "Ann",
            "--server", url]
    async with AsyncExitStack() as people:
        app = tui_app(host)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, TableScreen)
                        and app.table.view is not None)
            code = app.table.code
            assert app.table.seats == (0,) and app.table.host

            # the lobby lists rooms in the server's order: Ann's is row `row`
            row = [r["code"] for r in await cy.lobby()].index(code)
            assert row > 0
            lobby = ["play", "--server", url, "--name"]
            bea = await people.enter_async_context(Terminal([*lobby, "Bea"], account))
            wes = await people.enter_async_context(Terminal([*lobby, "Wes"], account))
            for term, key in ((bea, "\r"), (wes, "w")):
                await term.wait_for(f"{code} ", WAIT)
                term.type(DOWN * row + key)
            await bea.wait_for("1. open   B turns up", WAIT)  # her moves, drawn
            await wes.wait_for("you: watcher", WAIT)
            xan = await people.enter_async_context(Session(url, "Xan"))
            await xan.join(code, "advisor")
            await until(lambda: len(app.table.members) == 4)
            await pilot.pause()
            assert "Bea (B) to play: open" in screen_text(app)

            bea.type("1")  # B opens
            await at_version(app, 1)
            mine = [m["code"] for m in app.table.my_moves()]
            await xan.wait_until(lambda t: t.version == 1)
            await xan.propose(mine[0])
            await xan.propose(mine[1])
            await until(lambda: len(app.table.proposals) == 2)
            await pilot.pause()
            assert "◀ P2 Xan (1 vote)" in screen_text(app)
            await pilot.press("a", "2")  # take the second proposal
            await at_version(app, 2)
            assert app.table.last is not None
            assert (app.table.last["move"], app.table.last["advised_by"]) == (mine[1], ["Xan"])

            while not app.table.over:  # to the end: Ann's keys, and Bea's in her terminal
                v = app.table.version
                if app.table.my_moves():
                    await pilot.press("1")
                else:  # Bea presses 1 once her own screen shows this version
                    await bea.wait_for(f"v{v}  you: player B", WAIT)
                    bea.type("1")
                await at_version(app, v + 1)
            end = app.table.version
            assert end == 20
            await until(lambda: isinstance(app.screen, GameOver))
            await pilot.pause()
            shown = screen_text(app)
            assert f"deal (seed) {DEAL}: commitment checks out" in shown
            assert "n: next deal  r: rematch" in shown
            await wes.wait_for(f"v{end}  you: watcher", WAIT)

            await pilot.press("r")  # the rematch: the same deal, dealt again
            await until(lambda: isinstance(app.screen, TableScreen)
                        and app.table.version > end and not app.table.over)
            dealt = app.table.version
            assert app.table.tally == {"deals": 1, "won": 0}
            assert app.table.last is not None and "the same deal again" in \
                str(app.table.last["text"])
            for term, role in ((bea, "player B"), (wes, "watcher")):
                await term.wait_for(f"v{dealt}  you: {role}", WAIT)
            await pilot.pause()
            assert "Bea (B) to play: open" in screen_text(app)
            member = app.table.member
            for term, said in ((bea, f"You left room {code}; your place is kept"),
                               (wes, f"You stopped watching room {code}")):
                term.type("q")  # a table joined or watched from the lobby quits on q
                await term.wait_for(said, WAIT)
                assert await term.exit_code(WAIT) == 0

            await pilot.press("q")
            await until(lambda: app.return_code is not None)
        assert app.return_code == 0

        again = tui_app(host)  # the same command line: Ann comes back to her seat
        async with again.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(again.screen, TableScreen)
                        and again.table.view is not None)
            t = again.table
            assert (t.code, t.member, t.seats, t.host) == (code, member, (0,), True)
            assert t.version == dealt and t.tally == {"deals": 1, "won": 0}
            await pilot.pause()
            assert f"room {code}  v{dealt}  you: player A  (host)" in screen_text(again)
