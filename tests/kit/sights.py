"""The pages a person sees, each opened as a person reaches it, for the checks that hold
on every page (tests/web/test_access.py: axe-core finds no serious fault; test_narrow.py:
nothing scrolls sideways on a phone) and the screenshots (``make web-snapshots``).

Every table is a named deal, played a few moves in by the keyboard's ``1`` (the first
move listed), so a page looks the same on every run. The pages that show kept games (a
finished game's page, the lobby's statistics and deal-of-the-day board) need a server
that keeps them (:func:`keeping`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Page

from tests.kit.browser import Person, open_room
from tests.kit.kept import KEY, kept_server, play_to_the_end

#: axe-core, as the Python package ``axe-playwright-python`` ships it (installed by
#: ``make venv`` with the dev extras): run inside the page, nothing fetched at test time.
AXE = files("axe_playwright_python").joinpath("axe.min.js")

#: A screen's size: ``tests.kit.browser.LAPTOP`` or ``PHONE``.
Size = dict[str, int]

#: The faults that fail a page: axe's two worst of four.
SERIOUS = ("serious", "critical")


@asynccontextmanager
async def keeping(tmp: Path) -> AsyncIterator[str]:
    """A server that keeps finished games (in an SQLite file under ``tmp``): its page's
    address."""
    async with kept_server(tmp) as running:
        yield f"http://127.0.0.1:{running.port}"


async def axe_faults(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now: each rule's
    id, impact, help and the first few elements it found (their HTML, cut short)."""
    if not await page.evaluate("typeof window.axe === 'object'"):
        # evaluated through the debugging protocol, which the page's CSP does not bar
        await page.evaluate(AXE.read_text(encoding="utf-8"))
    result = await page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 4).map(n => n.html.slice(0, 160))}))")
    return [v for v in result if v["impact"] in SERIOUS]


async def sideways(page: Page) -> dict[str, Any] | None:
    """``None`` when the page does not scroll sideways; else its widths and the widest
    elements that stick out past the screen's right edge (to say what to fix)."""
    found: dict[str, Any] | None = await page.evaluate("""() => {
      const w = window.innerWidth, sw = document.scrollingElement.scrollWidth;
      if (sw <= w) return null;
      const out = [];
      for (const e of document.querySelectorAll('body *')) {
        const r = e.getBoundingClientRect();
        if (r.right > w + 0.5 && r.width > 0) out.push(
          `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}#${e.id} ` +
          `${Math.round(r.left)}-${Math.round(r.right)}`);
      }
      return {innerWidth: w, scrollWidth: sw, over: out.slice(0, 12)};
    }""")
    return found


async def moves(person: Person, n: int) -> None:
    """Play ``n`` moves by the keyboard's ``1``, waiting for each to be drawn."""
    await person.page.emulate_media(reduced_motion="reduce")  # still pictures: no flash
    for _ in range(n):
        v = await person.version()
        await person.page.keyboard.press("1")
        await person.page.wait_for_selector(f'.table-wrap:not([data-version="{v}"])',
                                            state="attached")


async def table(browser: Browser, site: str, size: Size, game: str, deal: int, n: int = 0,
                seats: str = "one") -> Person:
    """``game``'s ``deal`` opened from the lobby (``seats``: "all" to hold every seat),
    ``n`` moves in."""
    ann, _ = await open_room(browser, site, game, deal=deal, seats=seats, viewport=size)
    await moves(ann, n)
    return ann


async def round_table(browser: Browser, site: str, size: Size, game: str, deal: int,
                      players: str = "2") -> Person:
    """A round game's table with computer players in the empty seats (they play at
    once), at the first moment Ann may move. ``players``: typed, or chosen where the
    game offers a list (All Fours: two or four)."""
    listed = game in CHOSEN_PLAYERS
    chosen: dict[str, Any] = {"opt-players": players} if listed else {}
    ann, _ = await open_room(browser, site, game, deal=deal, think_ms="0",
                             fills={} if listed else {"opt-players": players},
                             viewport=size, **chosen)
    await ann.page.emulate_media(reduced_motion="reduce")
    await ann.page.click("button.bots")
    await ann.page.wait_for_selector(".members li:has-text('Computer')")
    await ann.page.wait_for_selector(".actions h2:has-text('Your moves')")
    return ann


#: Round games whose number of players is a list to choose from, not a number typed.
CHOSEN_PLAYERS = frozenset({"all_fours"})


async def rules_page(browser: Browser, site: str, size: Size, game: str = "klondike"
                     ) -> Person:
    """``/how/GAME``, its picture of a start drawn."""
    ann = await Person.open(browser, f"{site}/how/{game}", size, name="Ann")
    await ann.page.wait_for_selector(".guide .guide-picture [data-zone]", state="attached")
    return ann


async def kept_game(browser: Browser, kept: str, size: Size) -> Person:
    """A finished game's page (``/g/ID``): The Wandering Card's deal 5, played to its
    end (lost) over the protocol, opened by someone who was not there."""
    peer, room = await play_to_the_end(kept.replace("http://", "ws://"))
    games = (await peer.call("room_games", room=room))["games"]
    await peer.close()
    bea = await Person.open(browser, f"{kept}/g/{games[0]['id']}", size, name="Bea")
    await bea.page.wait_for_selector('.table-wrap[data-step="0"]', state="attached")
    await bea.page.locator(".fair.ok").wait_for()
    return bea


async def lobby(browser: Browser, kept: str, size: Size) -> Person:
    """The lobby of a person with a finished game (the statistics' table) who played A
    Spell's deal of the day (its board, with a link): A Spell chosen in the form."""
    await (await play_to_the_end(kept.replace("http://", "ws://"), KEY, None, "a_spell")
           )[0].close()
    ann = await Person.open(browser, f"{kept}/", size, name="Ann")
    await ann.page.evaluate(f"localStorage.setItem('sympathy.player', {KEY!r})")
    await ann.page.reload()
    await ann.page.wait_for_selector("#game option", state="attached")
    await ann.page.select_option("#game", "a_spell")
    await ann.page.wait_for_selector(".mine table.stats")
    await ann.page.wait_for_selector(".daily-board ol.results a")
    return ann


#: Each page by name: an opener given the browser, a plain server's address, a keeping
#: server's and the screen's size.
Opener = Callable[[Browser, str, str, Size], Awaitable[Person]]
PAGES: dict[str, Opener] = {
    "lobby": lambda b, site, kept, size: lobby(b, kept, size),
    "klondike": lambda b, site, kept, size: table(b, site, size, "klondike", 5, 4),
    "sympathy": lambda b, site, kept, size: table(b, site, size, "sympathy", 2, 9, "all"),
    "old_maid": lambda b, site, kept, size: round_table(b, site, size, "old_maid", 9),
    "all_fours": lambda b, site, kept, size: round_table(b, site, size, "all_fours", 3),
    "rules": lambda b, site, kept, size: rules_page(b, site, size),
    "kept_game": lambda b, site, kept, size: kept_game(b, kept, size),
}
