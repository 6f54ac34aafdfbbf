"""Moves chosen by pointing in the terminal, as a person does: left/right walk the zone
cursor to a place, space picks it; a source then a destination, a pair's places in
either order, and a short "which move?" where the places picked fit several moves
(client/pointing.py reads each move's shape, never its words)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.pilot import Pilot

from client.plan import Plan
from client.tokens import TokenStore
from client.tui.app import SympathyApp
from client.tui.board import Board
from client.tui.table import TableScreen
from client.tui.which import WhichMove
from tests.kit.screen import screen_text, text_of, until
from tests.kit.server import Running


async def table_of(app: SympathyApp) -> TableScreen:
    await until(lambda: isinstance(app.screen, TableScreen) and app.table.view is not None
                and app.screen.drawn_version == app.table.version)
    assert isinstance(app.screen, TableScreen)
    return app.screen


async def walk_to(pilot: Pilot[None], screen: TableScreen, zone: str) -> None:
    """Press right until the zone cursor stands on ``zone`` (it walks only the places
    where a move may be picked now)."""
    places = screen.active_zones()
    assert zone in places, f"the cursor cannot reach {zone}: only {places}"
    for _ in range(len(places) + 1):
        if screen._cursor == zone:
            return
        await pilot.press("right")
    raise AssertionError(f"the cursor never reached {zone}")


async def point(pilot: Pilot[None], app: SympathyApp, *zones: str) -> None:
    """Walk to each of ``zones`` in turn and pick it."""
    for zone in zones:
        await walk_to(pilot, await table_of(app), zone)
        await pilot.press("space")
        await pilot.pause()


async def played(app: SympathyApp, code: str) -> None:
    """Wait for the move ``code`` to be the table's last move."""
    await until(lambda: (app.table.last or {}).get("move") == code)
    await table_of(app)


def picked(screen: TableScreen) -> tuple[str, ...]:
    """The places picked so far on the board."""
    return screen.choice.points


def up(app: SympathyApp, zone: str) -> list[str]:
    view: Mapping[str, Any] = app.table.view or {}
    return next(list(z["up"]) for z in view["zones"] if z["id"] == zone)


async def test_klondike_deal_0_played_by_pointing(server: Running, tokens: TokenStore) -> None:
    app = SympathyApp(server.url, "Ann", Plan("create", game="klondike",
                                              create={"deal": 0}), tokens=tokens)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await table_of(app)
        # the cursor walks only where a move begins: the stock and three columns
        assert set(screen.active_zones()) == {"stock", "t4", "t5", "t7"}
        await point(pilot, app, "t5")  # its one move: the ace of hearts goes home
        await played(app, "t5>f")
        assert up(app, "f2") == ["AH"]
        await point(pilot, app, "t4")
        await played(app, "t4>t3")
        await point(pilot, app, "t4")
        await played(app, "t4>f")
        await point(pilot, app, "t3")
        await played(app, "t3>t4")
        for n in range(6):  # the stock, one place: each pick deals
            await point(pilot, app, "stock")
            await until(lambda n=n: app.table.version == 5 + n)  # type: ignore[misc]
        assert up(app, "waste")[-1] == "9D"
        # the 9 of diamonds may go to two columns: the waste, then where to
        await point(pilot, app, "waste")
        screen = await table_of(app)
        assert picked(screen) == ("waste",)
        assert set(screen.active_zones()) == {"waste", "t4", "t7"}
        assert "pick where to" in text_of(pilot, "#message")
        await pilot.press("right")  # the cursor on to a destination
        await pilot.pause()
        drawn = screen.query_one(Board).drawn.plain
        assert "*waste" in drawn and ">t" in drawn  # the source stays marked
        await pilot.press("escape")  # start again: nothing is picked
        await pilot.pause()
        assert picked(screen) == ()
        assert app.table.version == 10
        await point(pilot, app, "waste", "t7")
        await played(app, "w>t7")
        assert up(app, "t7")[-2:] == ["TS", "9D"]


async def test_a_pair_picked_either_way_and_which_move(server: Running,
                                                      tokens: TokenStore) -> None:
    """Empress of India, deal 0: the queen of hearts at a6 pairs with the two of spades
    at n5, or goes onto it: picked a6 then n5, the table asks which."""
    app = SympathyApp(server.url, "Ann", Plan("create", game="empress_of_india",
                                              create={"deal": 0}), tokens=tokens)
    async with app.run_test(size=(120, 40)) as pilot:
        await table_of(app)
        await point(pilot, app, "a6", "n5")
        await until(lambda: isinstance(app.screen, WhichMove))
        shown = screen_text(app)
        assert "Which move? 2 moves" in shown
        assert "a6 (" in shown and "n5 (" in shown
        await pilot.press("escape")  # none of them: nothing is played
        screen = await table_of(app)
        assert app.table.version == 0 and picked(screen) == ()
        await point(pilot, app, "a6", "n5")
        await until(lambda: isinstance(app.screen, WhichMove))
        which = app.screen
        assert isinstance(which, WhichMove)
        second = str(which.moves[1]["code"])
        await pilot.press("2")
        await played(app, second)
        assert second in ("a6>n5", "a6+n5")
        await table_of(app)


async def test_a_pair_picked_from_its_second_place(server: Running,
                                                  tokens: TokenStore) -> None:
    """The pair picked n5 first: the table asks between the pair and the two going
    onto the queen; choosing the pair takes both cards out."""
    app = SympathyApp(server.url, "Ann", Plan("create", game="empress_of_india",
                                              create={"deal": 0}), tokens=tokens)
    async with app.run_test(size=(120, 40)) as pilot:
        await table_of(app)
        await point(pilot, app, "n5", "a6")
        await until(lambda: isinstance(app.screen, WhichMove))
        which = app.screen
        assert isinstance(which, WhichMove)
        codes = [str(m["code"]) for m in which.moves]
        assert sorted(codes) == ["a6+n5", "n5>a6"]
        await pilot.press(*["down"] * codes.index("a6+n5"), "enter")
        await played(app, "a6+n5")
        assert "QH" not in up(app, "a6")[-1:] and "2S" not in up(app, "n5")[-1:]
