"""Sympathy and three solo games of different shapes (packets, a clock, a grid), Klondike
mid-game, and two round tables (Old Maid, All Fours) on a laptop and on a phone: every
place on the table fits the screen's width, and a screenshot of each is saved
(``make web-snapshots`` refreshes the committed ones)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import Browser

from tests.kit.browser import LAPTOP, ON_THE_BROWSERS_LOOP, PHONE, SNAPSHOTS, open_room
from tests.kit.sights import PAGES, keeping, sideways

pytestmark = ON_THE_BROWSERS_LOOP

# game, deal, moves to play first (by the keyboard's "1": the first move in the list)
TABLES = [("sympathy", 2, 9), ("little_lots", 3, 3), ("clock", 3, 12), ("picture", 2, 14)]


@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize(("game", "deal", "moves"), TABLES)
async def test_each_table_fits_the_screen(browser: Browser, site: str, game: str, deal: int,
                                          moves: int, size: str) -> None:
    ann, _ = await open_room(browser, site, game, deal=deal, seats="all")
    await ann.page.emulate_media(reduced_motion="reduce")  # still pictures: no flash
    await ann.page.set_viewport_size(LAPTOP if size == "laptop" else PHONE)  # type: ignore[arg-type]
    for v in range(moves):
        await ann.page.keyboard.press("1")
        await ann.wait_version(v + 1)
    width = await ann.page.evaluate("window.innerWidth")
    assert await ann.page.evaluate("document.documentElement.scrollWidth") <= width
    boxes = await ann.page.eval_on_selector_all(
        ".table .zone", "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [e.dataset.zone, r.left, r.right, r.width]; })")
    zones = await ann.zones()
    assert {b[0] for b in boxes} <= set(zones) and len(boxes) >= 8
    for zid, left, right, w in boxes:
        assert left >= 0 and right <= width and w >= 28, (zid, left, right, w)
    if size == "phone":  # the table comes first, above the side panel
        table = await ann.page.locator(".board").bounding_box()
        side = await ann.page.locator(".side").bounding_box()
        assert table is not None and side is not None and table["y"] < side["y"]
    SNAPSHOTS.mkdir(parents=True, exist_ok=True)
    await ann.page.screenshot(path=str(SNAPSHOTS / f"{game}-{size}.png"), full_page=True)
    assert ann.errors == []


@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("name", ["klondike", "old_maid", "all_fours"])
async def test_klondike_and_the_round_tables_fit_the_screen(
        browser: Browser, site: str, tmp_path: Path, name: str, size: str) -> None:
    # Klondike's deal 5 four moves in; Old Maid's deal 9 and All Fours' deal 3 against a
    # computer player, when Ann is first to move
    async with keeping(tmp_path) as kept:
        ann = await PAGES[name](browser, site, kept, LAPTOP if size == "laptop" else PHONE)
        page = ann.page
        width = await page.evaluate("window.innerWidth")
        assert await sideways(page) is None
        boxes = await page.eval_on_selector_all(
            ".table .zone", "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return [e.dataset.zone, r.left, r.right]; })")
        assert len(boxes) >= 3
        for zid, left, right in boxes:
            assert left >= 0 and right <= width, (zid, left, right)
        if name == "klondike":  # each family under its suit's sign, not "the spade…"
            signs = await page.eval_on_selector_all(
                ".table .kind-foundation .zlabel", "els => els.map(e => e.textContent)")
            assert signs == ["♠", "♥", "♦", "♣"], signs
        # no label under a card is cut short on its first line (two lines at most)
        cut = await page.eval_on_selector_all(
            ".table .zlabel", "els => els.filter(e => e.scrollWidth > e.clientWidth + 1)"
            ".map(e => e.textContent)")
        assert cut == [], cut
        SNAPSHOTS.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(SNAPSHOTS / f"{name}-{size}.png"), full_page=True)
        assert ann.errors == []
