"""A person's whole walk at the full-screen table, at 80x24, 100x30 and 120x36 (issue 26).

Each walk is the app of the very command line a person types (``sympathy host ...``),
driven by Textual's pilot against a real server on 127.0.0.1; the screen is read as the
terminal shows it, so what a narrow terminal hides (the side panel) cannot pass for
shown.

- Sympathy, deal 181: Ann hosts; her first screen says she waits for a partner, with
  the code, the page's link and ``c``; Bea sits and says two lines, both on screen; the
  network fails (a proxy refuses and cuts): the title says so and a key says at once that
  nothing was sent; it comes back, resumed; then the first legal move each time to the
  end (Ann by keys, Bea by the library); the end screen closed by an extra enter opens
  again with ``e``, and the host's ``r`` deals the rematch from the table.
- Klondike, deal 0 (five moves listed, giving up last): giving up has no number (``5``
  plays nothing), is asked for (``n`` plays on, ``y`` gives up); the end screen closed,
  ``e`` opens it, ``s`` saves the record and ``n`` deals again from the table.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.pilot import Pilot

from cli.client_cmd import tui_app
from client.session import Session
from client.tokens import TokenStore
from client.tui.app import SympathyApp
from client.tui.over import GameOver
from client.tui.table import TableScreen
from tests.kit.proxy import Proxy
from tests.kit.screen import screen_text, until
from tests.kit.server import Running

SIZES = [(80, 24), (100, 30), (120, 36)]


def shown(app: SympathyApp) -> str:
    """The screen as the terminal shows it, column by column (the table, then the side
    panel beyond its rule, where it is shown), its words joined by single spaces (so a
    sentence that wraps reads as one)."""
    rows = [line.split("│", 1) for line in screen_text(app).splitlines()]
    columns = [r[0] for r in rows] + [r[1] for r in rows if len(r) > 1]
    return " ".join(" ".join(columns).split())


async def on_the_table(app: SympathyApp, version: int) -> None:
    """The table screen is on top and has drawn ``version``."""
    await until(lambda: isinstance(app.screen, TableScreen)
                and app.screen.drawn_version >= version and app.table.version >= version)


async def showing(app: SympathyApp, *words: str) -> None:
    """Every one of ``words`` is on the screen (fails with what is, after the wait)."""
    try:
        await until(lambda: all(w in shown(app) for w in words))
    except TimeoutError:
        raise AssertionError(f"not all of {words} on the screen:\n{screen_text(app)}") \
            from None


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_host_wait_chat_lose_the_server_come_back_finish_reopen_the_end_rematch(
        server: Running, tokens: TokenStore, size: tuple[int, int]) -> None:
    async with Proxy(server.port).running() as proxy:
        app = tui_app(["host", "sympathy", "--deal", "181", "--name", "Ann",
                       "--server", proxy.url])
        async with app.run_test(size=size) as pilot:
            await on_the_table(app, 0)
            code = app.table.code
            # the first screen: nobody in B yet, so not "B to play"
            await showing(app, "Waiting for a partner", code,
                          f"http://127.0.0.1:{proxy.port}/r/{code}", "press c")
            assert "B to play" not in shown(app)

            async with Session(server.url, "Bea") as bea:
                await bea.join(code, "player")
                await until(lambda: "Waiting for a partner" not in shown(app))
                await bea.chat("first line from Bea")
                await bea.chat("second line from Bea")
                await showing(app, "<Bea> first line from Bea", "<Bea> second line from Bea")
                await bea.move("open")  # B opens; then it is Ann's turn
                await on_the_table(app, 1)

                proxy.down = True  # the server cannot be reached: refused and cut
                proxy.cut()
                await showing(app, "reconnecting")
                await pilot.press("1")
                await showing(app, "Not connected to the server")
                assert app.table.version == 1
                proxy.down = False
                await showing(app, "[resumed]")

                await play_to_the_end(app, pilot, bea)
            await until(lambda: isinstance(app.screen, GameOver))
            await pilot.press("enter")  # the extra enter after the last move
            await on_the_table(app, app.table.version)
            await showing(app, "e: the end screen again", "n: next deal", "r: rematch")
            await pilot.press("e")
            await until(lambda: isinstance(app.screen, GameOver))
            assert "commitment checks out" in shown(app)
            await pilot.press("escape")
            await on_the_table(app, app.table.version)
            over = app.table.version
            await pilot.press("r")  # the rematch, from the table
            await on_the_table(app, over + 1)
            assert not app.table.over and app.table.tally["deals"] == 1


async def play_to_the_end(app: SympathyApp, pilot: Pilot[None], bea: Session) -> None:
    """The first legal move each time: Ann's by her key ``1``, Bea's by the library."""
    while not app.table.over:
        v = app.table.version
        await on_the_table(app, v)
        if app.table.my_moves():
            await pilot.press("1")
        else:
            await bea.wait_until(lambda t, v=v: t.version == v)  # type: ignore[misc]
            await bea.move(bea.table.my_moves()[0]["code"])
        await until(lambda v=v: app.table.version > v)  # type: ignore[misc]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_giving_up_has_no_number_and_is_asked_then_the_end_screen_keys_stay(
        server: Running, tokens: TokenStore, size: tuple[int, int], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # where ``s`` saves the record
    app = tui_app(["host", "klondike", "--deal", "0", "--name", "Ann", "--server",
                   server.url])
    async with app.run_test(size=size) as pilot:
        await on_the_table(app, 0)
        assert [m["code"] for m in app.table.my_moves()] == ["t5>f", "t4>t3", "t7>t3", "d",
                                                              "end"]
        await showing(app, "end give up")
        assert not re.search(r"\d\.\s+end\b", screen_text(app))  # no number to shift
        await pilot.press("5", "1")  # 5 is nothing now; 1 plays the ace home
        await on_the_table(app, 1)
        assert app.table.last is not None and app.table.last["move"] == "t5>f"
        assert not app.table.over

        await pilot.press("end", "enter")  # choose giving up in the list
        await showing(app, "End the game now? This move ends it: give up", "y: yes")
        await pilot.press("n")
        await showing(app, "The game goes on.")
        await pilot.press("enter", "y")
        await until(lambda: isinstance(app.screen, GameOver))
        assert app.table.over and app.table.version == 2
        await pilot.press("enter")
        await on_the_table(app, 2)
        await pilot.press("e")
        await until(lambda: isinstance(app.screen, GameOver))
        await pilot.press("escape")
        await on_the_table(app, 2)
        await pilot.press("s")
        await showing(app, "Saved to sympathy-klondike-")
        assert [p.name for p in tmp_path.glob("sympathy-klondike-*.json")] != []
        await pilot.press("n")  # the host's next deal, from the table
        await on_the_table(app, 3)
        assert not app.table.over


async def test_playing_on_by_itself_to_the_end_has_no_number_either(
        server: Running, tokens: TokenStore) -> None:
    """The Clock, deal 42: the moves are a turn and "auto" (the game of pure chance plays
    on by itself to its end); ``2`` is no move, and ``auto`` is asked for."""
    app = tui_app(["host", "clock", "--deal", "42", "--name", "Ann", "--server",
                   server.url])
    async with app.run_test(size=(80, 24)) as pilot:
        await on_the_table(app, 0)
        assert [m["code"] for m in app.table.my_moves()] == ["t", "auto"]
        await showing(app, "1. t ", "auto play on by itself to the end")
        assert "2. auto" not in shown(app)
        await pilot.press("2", "1")
        await on_the_table(app, 1)
        assert app.table.last is not None and app.table.last["move"] == "t"
        await pilot.press("end", "enter")
        await showing(app, "End the game now? This move ends it: play on by itself")
        await pilot.press("y")
        await until(lambda: app.table.over)
