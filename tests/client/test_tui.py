"""The full-screen UI driven headless by Textual's pilot against a real server."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Select, Static

from client.events import PresenceChanged
from client.plan import Plan
from client.session import Session
from client.tokens import TokenStore
from client.tui.app import SympathyApp
from client.tui.lobby import CreateScreen, LobbyScreen
from client.tui.over import GameOver
from client.tui.table import TableScreen
from tests.kit.screen import text_of, until
from tests.kit.server import Running


async def settle(pilot: Pilot[None], app: SympathyApp, version: int) -> None:
    assert app.session is not None
    await app.session.wait_until(lambda t: t.version >= version)
    await pilot.pause()
    await pilot.pause()


async def lobby_rooms(app: SympathyApp, pilot: Pilot[None]) -> DataTable[Any]:
    """The lobby's list of rooms, once it shows at least one."""
    await until(lambda: isinstance(app.screen, LobbyScreen))
    rooms = app.screen.query_one("#rooms", DataTable)
    await until(lambda: rooms.row_count > 0)
    return rooms


async def test_create_a_room_from_the_lobby(server: Running, tokens: TokenStore) -> None:
    async with Session(server.url, "Cy") as cy:
        listed = await cy.create("sympathie", visibility="public")
        app = SympathyApp(server.url, "Ann", Plan("lobby"), tokens=tokens)
        async with app.run_test(size=(120, 40)) as pilot:
            rooms = await lobby_rooms(app, pilot)
            row = [str(c) for c in rooms.get_row_at(0)]
            assert row[:3] == [listed["code"], "Sympathie", "1/2"]
            assert row[-1] == "playing"
            await create_from_the_form(app, pilot, server)


async def create_from_the_form(app: SympathyApp, pilot: Pilot[None], server: Running) -> None:
    """Open a Sympathy room with the lobby's form; a library player joins it."""
    await pilot.press("c")
    await until(lambda: isinstance(app.screen, CreateScreen))
    app.screen.query_one("#game", Select).value = "sympathy"
    await pilot.click("#go")
    await until(lambda: isinstance(app.screen, TableScreen))
    assert app.session is not None
    await app.session.wait_until(lambda t: t.view is not None)
    code = app.table.code
    async with Session(server.url, "Bea") as bea:
        await bea.join(code, "player")
        await app.session.wait_until(lambda t: len(t.members) == 2)
        await pilot.pause()
        assert "Bea (player B)" in text_of(pilot, "#people")
        await bea.move("open")
        await settle(pilot, app, 1)
        assert "B turns up 17 packet tops" in text_of(pilot, "#last")


async def test_second_player_plays_takes_advice_and_resumes(server: Running,
                                                            tokens: TokenStore) -> None:
    async with Session(server.url, "Ann") as ann, Session(server.url, "Xan") as xan:
        code = (await ann.create("sympathy", deal=181))["code"]  # 24 moves this way
        await xan.join(code, "advisor")
        app = SympathyApp(server.url, "Bea", Plan("join", code=code), tokens=tokens)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(lambda: isinstance(app.screen, TableScreen))
            await settle(pilot, app, 0)
            assert app.table.seats == (1,)
            await pilot.press("1")  # B opens: the first (only) legal move
            await settle(pilot, app, 1)
            assert "B turns up 17 packet tops" in text_of(pilot, "#last")
            moves = app.screen.query_one("#moves", OptionList)
            assert moves.option_count == 0  # A's turn now

            # an illegal typed code is explained by the server's sentence
            await ann.wait_until(lambda t: t.version == 1)
            ok = await ann.move(ann.table.my_moves()[0]["code"])
            await settle(pilot, app, ok["version"])
            while not app.table.my_moves():  # play until it is B's turn again
                await ann.wait_until(lambda t: bool(t.my_moves()))
                ok = await ann.move(ann.table.my_moves()[0]["code"])
                await settle(pilot, app, ok["version"])
            await pilot.press("colon", *"t99", "enter")
            await pilot.pause()
            assert "not a packet" in text_of(pilot, "#message")

            await xan.wait_until(lambda t: t.version == app.table.version)
            advice = xan.table.table_moves()[-1]["code"]
            await xan.propose(advice)
            await app.session.wait_until(lambda t: bool(t.proposals))  # type: ignore[union-attr]
            await pilot.pause()
            assert app.screen.query_one("#advice", OptionList).option_count == 1
            before = app.table.version
            await pilot.press("escape", "a")
            await settle(pilot, app, before + 1)
            assert app.table.last is not None and app.table.last["advised_by"] == ["Xan"]

            assert app.session is not None
            app.session.drop_connection()
            await app.session.wait_until(lambda t: t.connection == "resumed")
            await pilot.pause()
            assert text_of(pilot, "#conn") == "resumed"
            assert app.table.seats == (1,)
            saved = tokens.by_code(server.url, code, "Bea")
            assert saved is not None and saved.role == "player"
            await ann.wait_until(lambda t: all(m["connected"] for m in t.members))

            # play on to the end: B by keys, A by the library; the game-over screen checks
            while not app.table.over:
                v = app.table.version
                if app.table.my_moves():
                    await pilot.press("escape", "enter")
                else:
                    await ann.wait_until(lambda t, v=v: t.version == v)  # type: ignore[misc]
                    await ann.move(ann.table.my_moves()[0]["code"])
                await settle(pilot, app, v + 1)
            await until(lambda: isinstance(app.screen, GameOver))
            shown = str(app.screen.query_one("#over-text", Static).render())
            assert "commitment checks out" in shown
            assert "the record replays to the same game: yes" in shown


async def test_an_advisor_proposes_with_the_players_keys_and_chats(
        server: Running, tokens: TokenStore) -> None:
    async with Session(server.url, "Ann") as ann, Session(server.url, "Bea") as bea:
        code = (await ann.create("sympathy", deal=42))["code"]
        await bea.join(code, "player")
        await bea.wait_until(lambda t: bool(t.my_moves()))
        await bea.move("open")
        app = SympathyApp(server.url, "Xan", Plan("join", code=code, role="advisor"),
                          tokens=tokens)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(lambda: isinstance(app.screen, TableScreen))
            await settle(pilot, app, 1)
            assert app.table.role == "advisor"
            await pilot.press("right", "right", "space")  # the zone cursor: A1, then A2
            await ann.wait_until(lambda t: [p["move"] for p in t.proposals] == ["t2"])
            await pilot.press("left", "space")  # back to A1
            await ann.wait_until(lambda t: {p["move"] for p in t.proposals} == {"t1", "t2"})
            await pilot.press("5")
            await ann.wait_until(lambda t: len(t.proposals) == 3)
            assert ann.table.proposals[0]["by"] == ["Xan"]
            await pilot.press("t", *"good luck", "enter")
            await ann.wait_until(lambda t: bool(t.chat))
            assert ann.table.chat[-1].text == "good luck" and ann.table.chat[-1].sender == "Xan"
            await pilot.press("escape", "u")  # an advisor may not undo: the server says why
            await pilot.pause()
            assert "Only a player" in text_of(pilot, "#message")


async def test_an_unreachable_server_ends_the_app_with_a_sentence(tokens: TokenStore) -> None:
    app = SympathyApp("ws://127.0.0.1:9", "Ann", Plan("lobby"), tokens=tokens)
    async with app.run_test():
        await until(lambda: app.return_code is not None)
    assert app.return_code == 2 and "cannot play at ws://127.0.0.1:9" in app.error


async def test_a_table_screen_draws_nothing_before_it_is_mounted(
        server: Running, tokens: TokenStore) -> None:
    """Sitting from the lobby switches to a table screen while the session's events
    flow; an event that reaches the screen before it has its widgets is left to its
    mount, which draws the table whole (watching from the lobby crashed, NoMatches
    '#title', when the join's events won that race)."""
    async with Session(server.url, "Ann") as ann:
        code = (await ann.create("sympathy"))["code"]
        app = SympathyApp(server.url, "Wes", Plan("join", code=code, role="watcher"),
                          tokens=tokens)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, TableScreen))
            later = TableScreen()
            app.push_screen(later)  # as the lobby does: not awaited, not mounted yet
            await app.dispatch_event(PresenceChanged(app.table.members, app.table.counts))
            await until(lambda: later.ready)
            await pilot.pause()
            assert "you: watcher" in text_of(pilot, "#title")



async def command(pilot: Pilot[None], app: SympathyApp, text: str) -> None:
    """``:`` then ``text`` and enter, typed once the command line has the keys (before,
    they would be the table's keys)."""
    await pilot.press("colon")
    await until(lambda: getattr(app.screen.focused, "id", None) == "command")
    await pilot.press(*text, "enter")


async def test_the_host_hands_the_host_role_on_from_the_command_line(
        server: Running, tokens: TokenStore) -> None:
    app = SympathyApp(server.url, "Ann", Plan("create", game="sympathy",
                                              create={"deal": 3}), tokens=tokens)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: isinstance(app.screen, TableScreen))
        assert app.session is not None
        await app.session.wait_until(lambda t: t.view is not None and t.host)
        async with Session(server.url, "Bea") as bea:
            await bea.join(app.table.code, "player")
            assert not bea.table.host
            await app.session.wait_until(lambda t: t.member_named("bea") != "")
            await command(pilot, app, "host Zed")
            await until(lambda: "Nobody called Zed is here" in text_of(pilot, "#message"))
            await command(pilot, app, "host bea")
            await bea.wait_until(lambda t: t.host)
            await app.session.wait_until(lambda t: not t.host)
            await until(lambda: "Bea is the host now" in text_of(pilot, "#message"))
            # Ann is no longer the host: the server refuses her a second time
            await command(pilot, app, "host Bea")
            await until(lambda: "Only the host" in text_of(pilot, "#message"))
