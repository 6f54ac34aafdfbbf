"""A finished game's page (/g/ID): someone who was not at the table opens its link,
steps through it, jumps, and sees the fairness check."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Browser

from tests.kit.browser import ON_THE_BROWSERS_LOOP, Person, open_room
from tests.kit.kept import play_to_the_end
from tests.kit.peer import Peer
from tests.kit.sights import keeping

pytestmark = ON_THE_BROWSERS_LOOP


@pytest_asyncio.fixture(loop_scope="session")
async def kept_site(tmp_path: Path) -> AsyncIterator[str]:
    """A server that keeps finished games (in an SQLite file), its page's address."""
    async with keeping(tmp_path) as site:
        yield site


async def test_someone_not_at_the_table_steps_through_a_finished_game(
        browser: Browser, kept_site: str) -> None:
    # Klondike deal 5: Ann plays 2♦ onto 3♠ (her key "1"), then gives up
    ann, code = await open_room(browser, kept_site, "klondike", deal=5)
    page = ann.page
    await page.keyboard.press("1")
    await ann.wait_version(1)
    before = await ann.zones()
    await page.click(".actions button.end-move")
    await page.click("dialog.ask button.yes")
    await ann.wait_version(2)
    link = page.locator(".end a.kept-game")
    await link.wait_for()
    href = await link.get_attribute("href")
    assert href is not None and href.startswith("/g/") and len(href) == 3 + 16
    assert code not in href

    bea = await Person.open(browser, f"{kept_site}{href}", name="Bea")
    g = bea.page
    await g.wait_for_selector('.table-wrap[data-step="0"]', state="attached")
    assert "Klondike" in await g.inner_text("h1") and "lost" in await g.inner_text("h1")
    fair = g.locator(".fair.ok")
    await fair.wait_for()
    assert "Fair deal" in await fair.inner_text()
    assert "Ann" in await g.inner_text(".end")
    # the deal as dealt, then after move 1 as Ann's table showed it then
    await g.click("button.next")
    await g.wait_for_selector('.table-wrap[data-step="1"]', state="attached")
    assert await bea.zones() == before
    assert "Move 1:" in await g.inner_text("p.last")
    assert "Move 1 of 2" in await g.inner_text(".where")
    await g.keyboard.press("End")
    await g.wait_for_selector('.table-wrap[data-step="2"]', state="attached")
    await g.keyboard.press("Home")
    await g.wait_for_selector('.table-wrap[data-step="0"]', state="attached")
    assert await bea.zones() != before
    # the strip of moves jumps too; playing back walks to the end by itself
    await g.click('.chart .bar-move[data-n="2"]')
    await g.wait_for_selector('.table-wrap[data-step="2"]', state="attached")
    await g.click("button.first")
    await g.wait_for_selector('.table-wrap[data-step="0"]', state="attached")
    await g.click("button.play")
    await g.wait_for_selector('.table-wrap[data-step="2"]', state="attached")
    assert bea.errors == [] and ann.errors == []


async def test_a_kept_games_moves_and_the_advice_left_are_in_words(
        browser: Browser, kept_site: str) -> None:
    # Klondike deal 5: Xan proposes the second move offered, Yan the first; Ann plays the
    # first (Yan's advice taken, Xan's left), then gives up
    url = kept_site.replace("http://", "ws://")
    ann = await Peer.connect(url, "Ann")
    joined = await ann.call("create", game="klondike", deal=5)
    room = joined["room"]
    xan = await Peer.connect(url, "Xan")
    await xan.call("join", code=joined["code"], role="advisor")
    yan = await Peer.connect(url, "Yan")
    await yan.call("join", code=joined["code"], role="advisor")
    state = await ann.latest_state(0)
    taken, left = [m for m in state["view"]["moves"]["0"] if m["code"] not in ("end", "auto")][:2]
    await xan.call("propose", room=room, version=state["version"], move=left["code"])
    await yan.call("propose", room=room, version=state["version"], move=taken["code"])
    await ann.call("move", room=room, version=state["version"], move=taken["code"])
    await ann.call("move", room=room, version=state["version"] + 1, move="end")
    gid = (await ann.call("room_games", room=room))["games"][0]["id"]
    step = (await ann.call("archived_step", game=gid, n=1))["last"]
    assert step["left"] == [{"move": left["code"], "by": ["Xan"], "text": left["text"]}]
    for p in (ann, xan, yan):
        await p.close()

    bea = await Person.open(browser, f"{kept_site}/g/{gid}", name="Bea")
    g = bea.page
    await g.wait_for_selector('.table-wrap[data-step="0"]', state="attached")
    await g.click("button.next")
    await g.wait_for_selector('.table-wrap[data-step="1"]', state="attached")
    caption = await g.inner_text("p.last")
    assert f"Move 1: {step['text']}" in caption and step["text"] != taken["code"], caption
    assert f"proposed and not taken: {left['text']})" in caption, caption
    # the strip marks the advice taken and the advice left, and says whose
    bar = g.locator('.chart .bar-move[data-n="1"]')
    assert {"advised", "left"} <= set((await bar.get_attribute("class") or "").split())
    title = await bar.get_attribute("title")
    assert title is not None and title.startswith(f"Move 1: {step['text']}"), title
    assert f"advised by Yan; advice not taken: {left['text']}" in title, title
    last = await g.get_attribute('.chart .bar-move[data-n="2"]', "class") or ""
    assert "advised" not in last and "left" not in last  # giving up: nobody advised it
    assert bea.errors == []


async def test_a_link_that_opens_nothing_says_so(browser: Browser, kept_site: str) -> None:
    p = await Person.open(browser, f"{kept_site}/g/AAAAAAAAAAAAAAAA")
    await p.page.wait_for_selector("text=No finished game is kept under this link")
    assert p.errors == []


@pytest.mark.parametrize("path", ["/g/short", "/g/AAAAAAAAAAAAAAAA/x"])
async def test_a_malformed_game_path_is_not_a_page(browser: Browser, kept_site: str,
                                                     path: str) -> None:
    p = await Person.open(browser, f"{kept_site}{path}")
    assert "Sympathy" not in await p.page.title()


async def test_the_lobby_counts_a_won_and_a_lost_game_of_this_browser(
        browser: Browser, kept_site: str) -> None:
    ann = await Person.open(browser, f"{kept_site}/", name="Ann")
    page = ann.page
    await page.wait_for_selector(".mine >> text=No finished game yet")
    key = await page.evaluate("localStorage.getItem('sympathy.player')")
    assert isinstance(key, str) and len(key) >= 16
    url = kept_site.replace("http://", "ws://")
    moves = {}
    for game, deal in (("a_spell", 0), ("wandering_card", 5)):  # won, then lost
        peer, room = await play_to_the_end(url, key, deal, game)
        moves[game] = len((await peer.call("record", room=room))["moves"])
        await peer.close()
    other, _ = await play_to_the_end(url, "someone-else-0123456789", 6)  # another key
    await other.close()
    await page.reload()
    await page.wait_for_selector(".mine table.stats")
    assert (await page.inner_text(".mine .totals")) == "2 played, 1 won."
    spell = page.locator('.mine tr[data-game="a_spell"]')
    assert await spell.locator(".won").inner_text() == "1"
    card = page.locator('.mine tr[data-game="wandering_card"]')
    assert await card.locator(".played").inner_text() == "1"
    assert await card.locator(".won").inner_text() == "0"
    # the best results: of the won game; none for the game never won
    assert await spell.locator(".fewest").inner_text() == str(moves["a_spell"])
    assert await spell.locator(".fastest").inner_text() == "under a minute"
    assert await card.locator(".fewest").inner_text() == "\N{EN DASH}"
    # the statistics to save: JSON (the server's answer) and CSV (a row a game)
    async with page.expect_download() as info:
        await page.click(".mine button.export-json")
    saved = json.loads(Path(await (await info.value).path()).read_text())
    assert (saved["played"], saved["won"]) == (2, 1)
    assert {g["game"]: g["fewest_moves"] for g in saved["games"]} == \
        {"a_spell": moves["a_spell"], "wandering_card": None}
    async with page.expect_download() as info:
        await page.click(".mine button.export-csv")
    download = await info.value
    assert download.suggested_filename == "sympathy-stats.csv"
    rows = list(csv.DictReader(io.StringIO(Path(await download.path()).read_text())))
    assert {r["game"]: (r["played"], r["won"], r["fewest_moves"]) for r in rows} == \
        {"a_spell": ("1", "1", str(moves["a_spell"])), "wandering_card": ("1", "0", "")}
    await page.click(".mine button.forget")
    await page.click("dialog.ask button.yes")
    await page.wait_for_selector(".mine >> text=No finished game yet")
    assert ann.errors == []


async def test_the_deal_of_the_day_board_shows_two_peoples_results(
        browser: Browser, kept_site: str) -> None:
    ann = await Person.open(browser, f"{kept_site}/", name="Ann")
    page = ann.page
    await page.wait_for_selector("#game option", state="attached")
    await page.select_option("#game", "wandering_card")
    await page.wait_for_selector(".daily-board >> text=Nobody has finished it yet today")
    key = await page.evaluate("localStorage.getItem('sympathy.player')")
    url = kept_site.replace("http://", "ws://")
    bea, _ = await play_to_the_end(url, "bea-player-key-0123456789abc", None)
    await bea.close()
    await page.select_option("#game", "a_spell")
    await page.select_option("#game", "wandering_card")
    await page.wait_for_selector(".daily-board >> text=/1 played, [01] won/")
    assert await page.locator(".daily-board a").count() == 0  # not played yet: no links
    mine, _ = await play_to_the_end(url, key, None)
    await mine.close()
    await page.select_option("#game", "a_spell")
    await page.select_option("#game", "wandering_card")
    await page.wait_for_selector(".daily-board >> text=/2 played, [012] won/")
    links = page.locator(".daily-board ol.results a")
    assert await links.count() == 2
    href = await links.first.get_attribute("href") or ""
    assert href.startswith("/g/")
    assert "each player's first game counts" in await page.inner_text(".daily-board")
    # the button opens a room on the day's deal, by the game's own rules whatever the
    # form says (the server refuses the day's deal with other options, or peeking undo)
    await page.select_option("#opt-first_layer", "counted")
    await page.select_option("#undo", "past_reveal")
    await page.click("button#daily")
    await page.wait_for_url("**/r/*")
    await ann.wait_version(0)
    # a game of the board's page says whose day it was
    await page.goto(f"{kept_site}{href}")
    await page.wait_for_selector(".game-page >> text=/The deal of the day of \\d{4}-\\d\\d-\\d\\d/")
    assert ann.errors == []


async def test_a_kept_game_nobody_analysed_draws_its_chart(browser: Browser,
                                                            kept_site: str) -> None:
    # The Wandering Card's deal 5, played to its end over the protocol, lost: nobody
    # asked for an analysis at the table
    url = kept_site.replace("http://", "ws://")
    peer, room = await play_to_the_end(url, "chart-key-0123456789abcdef", 5)
    gid = (await peer.call("room_games", room=room))["games"][0]["id"]
    assert (await peer.call("archived", game=gid))["analysis"] is None
    bea = await Person.open(browser, f"{kept_site}/g/{gid}", name="Bea")
    g = bea.page
    # the page asks for it: the chart then shows where the game stood at each move
    await g.wait_for_selector(".chart ul.analysis li")
    assert await g.locator(".chart .bar-move.unknown").count() == 0
    assert await g.locator(".chart .bar-move.lost").count() > 0
    assert "could not be won" in await g.inner_text(".chart")
    # kept with the game: the page opens with it next time
    assert (await peer.call("archived", game=gid))["analysis"]["deal"] == "lost"
    await peer.close()
    assert bea.errors == []
