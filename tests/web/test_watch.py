"""A watcher's page follows a game a bot plays through the server, move by move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.async_api import Browser

from rules import Record
from tests.kit.browser import ON_THE_BROWSERS_LOOP, Person, view_zones
from tests.kit.peer import Peer
from tests.kit.server import Running

pytestmark = ON_THE_BROWSERS_LOOP


def assert_drawn(drawn: dict[str, list[str]], shown: dict[str, tuple[int, list[str]]]) -> None:
    """The faces drawn are the zone's top cards, in order; every face-up zone shows one."""
    for zid, faces in drawn.items():
        up = shown[zid][1]
        assert faces == up[len(up) - len(faces):], (zid, faces, up)
        assert bool(faces) == bool(up), (zid, faces, up)


async def test_a_watcher_sees_every_move_with_the_cards_of_the_state(
        server: Running, site: str, browser: Browser, tmp_path: Path) -> None:
    bot = await Peer.connect(server.url, name="Bot")
    joined = await bot.call("create", game="sympathy", seats="all", deal=1, visibility="public")
    room = joined["room"]
    state = await bot.state(0)
    # a watcher peer: what the server sends a watcher, to hold the page to
    eye = await Peer.connect(server.url, name="Eye")
    await eye.call("join", code=joined["code"], role="watcher")

    watcher = await Person.open(browser, f"{site}/r/{joined['code']}", name="Wat")
    await watcher.wait_version(0)
    moves = 0
    while state["view"]["status"] == "playing":
        seen = (await eye.state(state["version"]))["view"]
        shown = await watcher.zones()
        assert shown == view_zones(seen), f"version {state['version']}"
        assert_drawn(await watcher.cards_drawn(), shown)
        seat = state["view"]["to_move"][0]
        move = next(m for m in state["view"]["moves"][str(seat)] if m["code"] != "auto")
        ok = await bot.call("move", room=room, version=state["version"], move=move["code"])
        assert ok["type"] == "ok", ok
        state = await bot.state(ok["version"])
        await watcher.wait_version(ok["version"])
        last = await watcher.page.inner_text(".last")
        assert state["last"]["text"] in last and "Bot" in last
        moves += 1
    assert moves == 51  # deal 1 of Sympathy, first legal move each time
    final = (await eye.state(state["version"]))["view"]
    assert await watcher.zones() == view_zones(final)
    assert final["result"] in await watcher.page.inner_text(".turn")

    # after the game: the seed checked in the page, and the record to download
    await watcher.page.wait_for_selector(".end .fair.ok")
    assert "does NOT match" not in await watcher.page.inner_text(".end")
    async with watcher.page.expect_download() as info:
        await watcher.page.click(".end button.download")
    path = tmp_path / "record.json"
    await (await info.value).save_as(path)
    data: dict[str, Any] = json.loads(path.read_text())
    replayed = Record.from_dict(data).replay()
    outcome = replayed.game.outcome(replayed.state)
    assert outcome is not None and outcome.summary == final["result"]
    assert data["commitment"] == state["fair"]["commitment"]
    assert watcher.errors == []
    await watcher.close()
    await bot.close()
    await eye.close()


async def test_the_people_panel_keeps_up_with_a_crowd_from_presence_changes(
        server: Running, site: str, browser: Browser) -> None:
    """The page folds ``presence_changes`` into its list: a crowd arriving and leaving
    in bursts (several arrivals per frame) ends with the right people and counts."""
    ann = await Person.open(browser, f"{site}/", name="Ann")
    page = ann.page
    await page.wait_for_selector("#game option", state="attached")
    await page.select_option("#game", "sympathy")
    await page.click("form.create button[type=submit]")
    await page.wait_for_url("**/r/*")
    await ann.wait_version(0)
    code = page.url.rsplit("/", 1)[1]
    crowd = [await Peer.connect(server.url, name=f"w{i:02d}") for i in range(30)]
    for p in crowd:
        await p.send("join", code=code, role="watcher")
    people = page.locator(".people")
    await people.locator("p", has_text="30 watching").wait_for()
    await page.locator(".people li").nth(30).wait_for()
    for p in crowd[:12]:
        await p.send("leave", room=await _room(p))
    await people.locator("p", has_text="18 watching").wait_for()
    names = await page.locator(".people li .name").all_inner_texts()
    assert names[0] == "Ann"  # the host first, as she arrived first
    assert sorted(names[1:]) == [f"w{i:02d}" for i in range(12, 30)]


async def _room(p: Peer) -> str:
    joined = await p.wait(lambda m: m.get("type") == "joined")
    room: str = joined["room"]
    return room
