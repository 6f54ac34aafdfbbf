"""Learning a game in the page, in a real Chromium: the lobby describes each game and
finds one by a search and filters (book, players, difficulty), labels each option in
words with a sentence, and fits a phone without scrolling sideways; "How to play", from
the lobby, from the table and at /how/GAME, gives the goal first, a picture of a real
start (deal 0 drawn by the page's own table from the view the server sends) and the book
last. Screenshots of the lobby and a rules page at laptop and phone size are saved
(``make web-snapshots``)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Browser, Page

from rules import Play, all_games, make
from rules.guide import guide
from tests.kit.browser import LAPTOP, ON_THE_BROWSERS_LOOP, PHONE, SNAPSHOTS, Person, open_room

pytestmark = ON_THE_BROWSERS_LOOP

OPTION_IDS = {o.name for g in all_games() for o in g.option_specs if "_" in o.name} | {
    str(c) for g in all_games() for o in g.option_specs for c in o.choices if "_" in str(c)}


async def lobby(browser: Browser, site: str, size: dict[str, int]) -> Person:
    ann = await Person.open(browser, f"{site}/", size, name="Ann")
    await ann.page.wait_for_selector("#game option", state="attached")
    await ann.page.wait_for_selector("#game-about .summary")
    return ann


async def choose(page: Page, game_id: str) -> None:
    await page.select_option("#game", game_id)
    await page.wait_for_function(
        "id => document.querySelector('#how-to-play')?.textContent.includes(id)",
        arg=guide(game_id).name)


async def fits(page: Page) -> None:
    """Nothing on the page reaches past the screen's right edge: no sideways scroll."""
    width = await page.evaluate("window.innerWidth")
    assert await page.evaluate("document.documentElement.scrollWidth") <= width
    wide = await page.eval_on_selector_all(
        ".lobby select, .lobby input, .lobby button",
        f"els => els.filter(e => e.getBoundingClientRect().right > {width} + 0.5)"
        ".map(e => e.id || e.outerHTML.slice(0, 60))")
    assert wide == [], wide


@pytest.mark.parametrize("size", ["laptop", "phone"])
async def test_the_lobby_describes_each_game_and_fits_the_screen(browser: Browser, site: str,
                                                                 size: str) -> None:
    ann = await lobby(browser, site, LAPTOP if size == "laptop" else PHONE)
    page = ann.page
    for game_id in ("klondike", "old_maid", "a_spell", "snap", "all_fours"):
        await choose(page, game_id)
        await fits(page)
        about = await page.inner_text("#game-about")
        assert guide(game_id).summary in about
        # every option's label is words, with a sentence; no option id anywhere
        labels = await page.eval_on_selector_all(
            "label[for^=opt-]", "els => els.map(e => [e.htmlFor.slice(4), e.textContent])")
        assert labels, game_id
        for name, text in labels:
            assert text != name and "_" not in text, (game_id, name, text)
            sentence = await page.inner_text(f"#opt-{name}-about")
            assert sentence.endswith("."), (game_id, name)
        form = await page.inner_text("form.create")
        assert not {w for w in OPTION_IDS if w in form}, game_id
        assert "tie ms" not in form and "animals: false" not in form
    await choose(page, "klondike")
    assert await page.inner_text("label[for=opt-passes]") == "Passes through the stock"
    assert await page.eval_on_selector_all(
        "#opt-passes option", "els => els.map(e => [e.value, e.textContent])") == [
        ["until_no_play", "again while the last pass helped"], ["one", "once only"],
        ["unlimited", "as often as you like"]]
    if size == "laptop":
        await choose(page, "babette")
        assert "untitled" not in await page.inner_text("#game")
    SNAPSHOTS.mkdir(parents=True, exist_ok=True)
    await choose(page, "klondike")
    await page.screenshot(path=str(SNAPSHOTS / f"lobby-{size}.png"), full_page=True)
    assert ann.errors == []


async def test_the_lobby_finds_a_game_by_search_book_players_and_difficulty(
        browser: Browser, site: str) -> None:
    ann = await lobby(browser, site, LAPTOP)
    page = ann.page

    async def listed() -> list[str]:
        ids: list[str] = await page.eval_on_selector_all("#game option",
                                                         "els => els.map(e => e.value)")
        return ids

    everything = await listed()
    assert len(everything) == len(all_games())
    await page.fill("#game-search", "snap")
    assert set(await listed()) == {"snap", "animal_snap", "snip_snap_snorum"}
    await page.fill("#game-search", "")
    await page.select_option("#filter-kind", "party")
    party = await listed()
    assert party and all(guide(g).kind == "party" for g in party)
    await page.select_option("#filter-kind", "solo")
    await page.select_option("#filter-difficulty", "easy")
    easy = await listed()
    assert "knaves_dial" in easy and all(guide(g).difficulty == "easy" for g in easy)
    assert "1" in await page.inner_text(".found") and "of" in await page.inner_text(".found")
    await page.select_option("#filter-difficulty", "")
    await page.select_option("#filter-book", "Hoyle, solitaire chapter (early 1900s)")
    hoyle = await listed()
    assert "klondike" in hoyle and "sympathy" not in hoyle
    await page.fill("#game-search", "no such game at all")
    assert await listed() == []
    assert "No game matches" in await page.inner_text("#game-about")
    assert await page.is_disabled("form.create button[type=submit]")
    assert ann.errors == []


async def picture_of_deal_0(page: Page, game_id: str) -> None:
    """The dialog or page shows the guide goal first, deal 0 drawn as a watcher sees it,
    the book last."""
    g = guide(game_id)
    art = page.locator("article.guide")
    await art.wait_for()
    assert await art.locator("h2").inner_text() == f"How to play {g.name}"
    parts = await page.eval_on_selector_all(
        "article.guide section.guide-part", "els => els.map(e => e.dataset.part)")
    assert parts == ["goal", "layout", "moves", "end"]
    assert g.part("Goal")[0].split("\n")[0] in await art.locator(
        "section[data-part=goal]").inner_text()
    last = await art.evaluate("a => a.lastElementChild.textContent")
    assert last == g.citation
    game = make(game_id)
    state = Play.start(game, 0).state
    drawn: list[list[Any]] = await page.eval_on_selector_all(
        "article.guide .guide-picture [data-zone]",
        "els => els.map(e => [e.dataset.zone, Number(e.dataset.down),"
        " e.dataset.up ? e.dataset.up.split(' ') : []])")
    expected = {z.id: z for z in game.zones(state)}
    assert {d[0] for d in drawn} == set(expected)
    for zid, down, up in drawn:
        z = expected[zid]
        assert down + len(up) == len(z.cards), zid
        assert len(up) <= len(z.face_up), zid


@pytest.mark.parametrize("game_id", ["klondike", "clock", "fifteen_in_a_row", "pope_joan"])
async def test_how_to_play_from_the_lobby_with_a_picture_of_deal_0(browser: Browser,
                                                                   site: str, game_id: str) -> None:
    """On a phone, whatever the table's shape (columns, a clock, 104 cards in fifteen
    columns, a round game's hands)."""
    ann = await lobby(browser, site, PHONE)
    page = ann.page
    await choose(page, game_id)
    await page.click("#how-to-play")
    await page.wait_for_selector("dialog.guide-dialog[open]")
    await picture_of_deal_0(page, game_id)
    await fits(page)
    width = await page.evaluate("window.innerWidth")
    box = await page.locator("dialog.guide-dialog").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert await page.evaluate(  # the dialog's text never runs sideways either
        "() => { const d = document.querySelector('dialog.guide-dialog');"
        " return d.scrollWidth <= d.clientWidth; }")
    await page.click("dialog.guide-dialog button.close")
    await page.wait_for_selector("dialog.guide-dialog", state="detached")
    assert ann.errors == []


async def test_how_to_play_from_the_table(browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "old_maid", deal=5)
    await ann.page.click("button.how-to-play")
    await ann.page.wait_for_selector("dialog.guide-dialog[open]")
    await picture_of_deal_0(ann.page, "old_maid")
    assert "old maid" in (await ann.page.inner_text("section[data-part=goal]")).lower()
    assert ann.errors == []


@pytest.mark.parametrize("size", ["laptop", "phone"])
async def test_a_rules_page_of_its_own(browser: Browser, site: str, size: str) -> None:
    ann = await Person.open(browser, f"{site}/how/sympathy", LAPTOP if size == "laptop" else PHONE)
    await picture_of_deal_0(ann.page, "sympathy")
    assert "does not matter" in await ann.page.inner_text("section[data-part=moves]")
    assert await ann.page.title() == "How to play Sympathy · Sympathy"
    width = await ann.page.evaluate("window.innerWidth")
    assert await ann.page.evaluate("document.documentElement.scrollWidth") <= width
    await ann.page.screenshot(path=str(SNAPSHOTS / f"rules-sympathy-{size}.png"), full_page=True)
    other = await Person.open(browser, f"{site}/how/no_such_game")
    await other.page.wait_for_selector(".guide-body .notice")
    assert "no guide" in (await other.page.inner_text(".guide-body")).lower()
    assert ann.errors == []


async def test_a_yes_or_no_chosen_from_a_list_reaches_the_server_as_yes_or_no(
        browser: Browser, site: str, server: Any) -> None:
    """Snap's turning by the table is offered as a list of two words; choosing 'no'
    makes a table that does not turn by itself (it was sent as the text "false")."""
    ann = await lobby(browser, site, LAPTOP)
    await choose(ann.page, "snap")
    await ann.page.select_option('[data-option="auto_turn"]', "false")
    await ann.page.click("form.create button[type=submit]")
    await ann.page.wait_for_function("() => window.sympathy && window.sympathy.s.room")
    room_id = await ann.page.evaluate("window.sympathy.s.room")
    room = server.app.store.cached(room_id)
    assert room is not None and room.game.options["auto_turn"] is False
    assert ann.errors == []
