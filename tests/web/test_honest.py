"""Honest screens: the page's connection line says what is true, and a room that is gone
(closed by its host, lost by a server that started again without it, never there, or
locked) leaves a dead board, no host controls, and a way back to the lobby."""

from __future__ import annotations

from playwright.async_api import Browser

from protocol.limits import Limits
from server.stores.store import MemoryStore
from tests.kit.browser import ON_THE_BROWSERS_LOOP, Person, open_room
from tests.kit.server import start, stop_server

pytestmark = ON_THE_BROWSERS_LOOP


async def test_an_unknown_room_offers_the_lobby(browser: Browser, site: str) -> None:
    wes = await Person.open(browser, f"{site}/r/NOSUCH9", name="Wes")
    page = wes.page
    out = page.locator(".out")
    await out.wait_for()
    assert "There is no room NOSUCH9" in await out.inner_text()
    assert await page.get_attribute(".conn", "data-state") == "out"
    assert "connected" not in await page.inner_text(".conn")
    await out.locator("a.to-lobby").click()
    await page.wait_for_selector("form.create")  # the lobby
    assert page.url == f"{site}/"
    assert wes.errors == []


async def test_a_closed_room_leaves_a_dead_board_and_no_host_controls(
        browser: Browser, site: str) -> None:
    ann, code = await open_room(browser, site, "sympathy", deal=2)
    bea = await Person.open(browser, f"{site}/r/{code}", name="Bea")
    await bea.wait_version(0)
    await bea.page.click(".actions button:has-text('Take a seat')")
    await bea.page.wait_for_selector(".actions button.move")  # B opens: her move
    await ann.page.click(".host button.close")
    await ann.page.click("dialog.ask button.yes")
    for person in (ann, bea):
        page = person.page
        await page.wait_for_selector(".out:has-text('The host closed the room')")
        assert await page.get_attribute(".conn", "data-state") == "out"
        assert await page.locator(".table-wrap.dead").count() == 1
        assert await page.evaluate("document.querySelector('.table-wrap').inert")
        assert await page.locator(".actions button.move, .host button, .people button").count() == 0
        assert await page.locator(".host").is_hidden()
        await page.locator(".out a.to-lobby").wait_for()
    await bea.page.keyboard.press("1")  # no key plays on a dead board
    assert await bea.page.evaluate("window.sympathy.s.version") == 0
    assert ann.errors == [] and bea.errors == []


async def test_the_connection_line_tells_the_truth_across_a_restart(browser: Browser) -> None:
    store = MemoryStore(Limits().max_rooms)
    running, stop, task = await start(store=store)
    site, port = f"http://127.0.0.1:{running.port}", running.port
    try:
        ann, _ = await open_room(browser, site, "clock", deal=3)
        page = ann.page
        await page.keyboard.press("1")
        await ann.wait_version(1)
        assert await page.inner_text(".conn") == "connected"

        # the server stops: offline, and trying again, never "connected"
        await stop_server(stop, task)
        await page.wait_for_selector(".notice:has-text('cannot be reached')")
        assert await page.get_attribute(".conn", "data-state") == "offline"
        assert "connected" not in await page.inner_text(".conn")
        # it starts again with its rooms: back in the seat, and the old notice is gone
        running, stop, task = await start(store=store, port=port)
        await page.wait_for_selector('.conn[data-state="connected"]')
        assert await page.inner_text(".notice") == ""
        await page.keyboard.press("1")
        await ann.wait_version(2)

        # it starts again without its rooms: the room is gone, and the page says so
        await stop_server(stop, task)
        await page.wait_for_selector('.conn[data-state="offline"]')
        running, stop, task = await start(store=MemoryStore(Limits().max_rooms), port=port)
        await page.wait_for_selector(".out:has-text('This room is gone')")
        assert await page.get_attribute(".conn", "data-state") == "out"
        assert await page.locator(".table-wrap.dead").count() == 1
        assert await page.locator(".actions button.move").count() == 0
        assert await page.locator(".host").is_hidden()
        await page.locator(".out a.to-lobby").wait_for()
        assert [e for e in ann.errors if "WebSocket" not in e] == []
    finally:
        await stop_server(stop, task)
