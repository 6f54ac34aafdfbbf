"""Winnable deals only in the page's lobby: offered for the games that have it, and a
table opened with it is dealt a deal the solver wins."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest_asyncio
from playwright.async_api import Browser

from rules import Play, make
from rules.solver import Budget, solve
from server.winnable import NODES
from tests.kit.browser import ON_THE_BROWSERS_LOOP, Person
from tests.kit.server import Running, start, stop_server, until

pytestmark = ON_THE_BROWSERS_LOOP


@pytest_asyncio.fixture(loop_scope="session")
async def proving() -> AsyncIterator[Running]:
    """A server keeping Clock's winnable deals ahead (one deal in sixteen can be won)."""
    running, stop, task = await start()
    # one proved deal ahead is all this table needs (three, the server's own, kept its
    # workers proving Clock's deals, fifteen in sixteen lost, for the rest of the test)
    running.app.sessions.winnable.ahead = 1
    running.app.sessions.winnable.want("clock")
    try:
        await until(lambda: running.app.sessions.winnable.ready("clock") >= 1)
        yield running
    finally:
        await stop_server(stop, task)


async def test_the_lobby_offers_winnable_deals_where_the_solver_proves_them(
        browser: Browser, proving: Running) -> None:
    ann = await Person.open(browser, f"http://127.0.0.1:{proving.port}/", name="Ann")
    page = ann.page
    await page.wait_for_selector("#game option", state="attached")
    await page.select_option("#game", "klondike")
    assert not await page.is_visible("#winnable")
    await page.select_option("#game", "clock")
    await page.check("#winnable")
    assert await page.is_disabled("#deal")
    await page.click("form.create button[type=submit]")
    await page.wait_for_url("**/r/*")
    await ann.wait_version(0)
    code = page.url.rsplit("/", 1)[1]
    seat = json.loads(await page.evaluate(
        f"Object.entries(localStorage).find(([k]) => k.includes('{code}'))[1]"))
    room = await proving.app.store.load(seat["room"])
    assert room.policy.winnable
    game = make("clock", {})
    assert solve(game, Play.start(game, room.seed).state, Budget(NODES)).won
    # the table says so, and the tab's title stays the game's
    assert "winnable deals only" in await page.inner_text("header h1")
    assert "winnable" not in await page.title()
    assert ann.errors == []
