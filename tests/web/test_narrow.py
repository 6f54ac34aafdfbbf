"""A phone 390 px wide: no page scrolls sideways. The lobby with a person's statistics
and a deal of the day's board, a table of every shape (one game each, a named deal a
few moves in), a table whose game was just given up, a rules page and a finished game's
page, in a real Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import Browser

from tests.kit.browser import ON_THE_BROWSERS_LOOP, PHONE, SNAPSHOTS, Person
from tests.kit.sights import PAGES, Opener, Size, keeping, round_table, sideways, table

pytestmark = ON_THE_BROWSERS_LOOP

#: One game of each table shape (the view's layout), beside the pages of every kind.
SHAPES: dict[str, Opener] = {
    "rows": PAGES["klondike"],
    "rows_two_packs": lambda b, site, kept, size: table(b, site, size,
                                                        "british_constitution", 4, 3),
    "twins": PAGES["sympathy"],
    "clock": lambda b, site, kept, size: table(b, site, size, "clock", 3, 12),
    "clock_framed": lambda b, site, kept, size: table(b, site, size, "zodiac", 0, 10),
    "grid": lambda b, site, kept, size: table(b, site, size, "picture", 2, 14),
    "square": lambda b, site, kept, size: table(b, site, size, "the_square", 1, 3),
    "round": PAGES["old_maid"],
    "round_four": lambda b, site, kept, size: round_table(b, site, size, "all_fours", 3, "4"),
}


async def given_up(browser: Browser, site: str, kept: str, size: Size) -> Person:
    """Klondike's deal 5 four moves in, then given up: the end panel, its record and
    analysis offered."""
    ann = await PAGES["klondike"](browser, site, kept, size)
    await ann.page.click(".actions button.end-move")
    await ann.page.click("dialog.ask button.yes")
    await ann.page.locator(".end:not([hidden])").wait_for()
    return ann


NARROW = {**SHAPES, "lobby": PAGES["lobby"], "rules": PAGES["rules"],
          "kept_game": PAGES["kept_game"], "game_over": given_up}


@pytest.mark.parametrize("name", NARROW)
async def test_nothing_scrolls_sideways_on_a_phone(browser: Browser, site: str,
                                                   tmp_path: Path, name: str) -> None:
    async with keeping(tmp_path) as kept:
        person: Person = await NARROW[name](browser, site, kept, PHONE)
        assert await sideways(person.page) is None
        SNAPSHOTS.mkdir(parents=True, exist_ok=True)  # to look at (git-ignored by default)
        await person.page.screenshot(path=str(SNAPSHOTS / f"narrow-{name}.png"), full_page=True)
        # and after the screen turns sideways and back
        await person.page.set_viewport_size({"width": 844, "height": 390})
        await person.page.set_viewport_size(PHONE)  # type: ignore[arg-type]
        assert await sideways(person.page) is None
        if name in SHAPES:
            layout = await person.page.get_attribute(".table", "data-layout")
            assert layout == name.split("_")[0]
        assert person.errors == []
