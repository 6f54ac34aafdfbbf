"""Driving the web page in a real headless Chromium (Debian's, via Playwright's Python API).

Playwright never downloads a browser here: it launches the Chromium that
``scripts/ensure-chromium`` installs (or ``SYMPATHY_CHROMIUM``), with the flags that work
on a machine with no outside network. Each person in a test is a browser context of
their own (their own localStorage), as two people on two machines would be.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, BrowserContext, Page

#: Every browser test runs on the loop where the process's one Chromium was started
#: (tests/web/conftest.py); a module of coroutine tests sets ``pytestmark`` to this.
ON_THE_BROWSERS_LOOP = pytest.mark.asyncio(loop_scope="session")
CHROMIUM = os.environ.get("SYMPATHY_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

#: Where screenshots go: SYMPATHY_SNAPSHOTS, else a git-ignored folder beside the tests.
#: ``make web-snapshots`` writes them into tests/web/__snapshots__ to be committed.
SNAPSHOTS = Path(os.environ.get("SYMPATHY_SNAPSHOTS")
                 or Path(__file__).parents[1] / "web" / "artifacts")


class Person:
    """One browser context with one page, and the page's script errors."""

    def __init__(self, context: BrowserContext, page: Page) -> None:
        self.context = context
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)

    @classmethod
    async def open(cls, browser: Browser, url: str, viewport: dict[str, int] | None = None,
                   name: str = "") -> Person:
        context = await browser.new_context(viewport=viewport or LAPTOP)  # type: ignore[arg-type]
        if name:
            await context.add_init_script(
                "localStorage.getItem('sympathy.name') || "
                f"localStorage.setItem('sympathy.name', {name!r})")
        page = await context.new_page()
        person = cls(context, page)
        await page.goto(url)
        return person

    async def version(self) -> int:
        v = await self.page.get_attribute(".table-wrap", "data-version")
        return -1 if v is None else int(v)

    async def wait_version(self, version: int, timeout: float = 30_000) -> None:
        """Until the page draws the table at ``version`` (``timeout`` in ms: a hang guard,
        as long as Playwright's own, for a browser on a machine whose cores are busy)."""
        await self.page.wait_for_selector(f'.table-wrap[data-version="{version}"]',
                                          state="attached", timeout=timeout)

    async def zones(self) -> dict[str, tuple[int, list[str]]]:
        """Every zone drawn on screen: id -> (face-down count, face-up codes)."""
        rows: list[list[Any]] = await self.page.eval_on_selector_all(
            ".table [data-zone]",
            "els => els.map(e => [e.dataset.zone, Number(e.dataset.down),"
            " e.dataset.up ? e.dataset.up.split(' ') : []])")
        return {z: (down, up) for z, down, up in rows}

    async def cards_drawn(self) -> dict[str, list[str]]:
        """The card faces actually drawn in each zone (the SVGs), bottom to top."""
        rows: list[list[Any]] = await self.page.eval_on_selector_all(
            ".table .zone",
            "els => els.map(e => [e.dataset.zone, Array.from("
            "e.querySelectorAll(':scope > .stack svg.card.face'), s => s.dataset.card)])")
        return {z: cards for z, cards in rows}

    async def close(self) -> None:
        await self.context.close()


async def open_room(browser: Browser, site: str, game: str, name: str = "Ann",
                    deal: int | None = None, fills: dict[str, str] | None = None,
                    wait: bool = True, viewport: dict[str, int] | None = None,
                    **choices: str) -> tuple[Person, str]:
    """Ann opens a room from the lobby's form: ``choices`` are chosen in its selects and
    ``fills`` typed into its fields (after the game, whose options appear with it);
    returns her page and the room's code, once her page shows the first table (``wait``:
    a table that plays its safe moves by itself may never show version 0)."""
    ann = await Person.open(browser, f"{site}/", viewport, name=name)
    page = ann.page
    await page.wait_for_selector("#game option", state="attached")
    await page.select_option("#game", game)
    for field, text in (fills or {}).items():
        await page.fill(f"#{field}", text)
    for field, value in choices.items():
        await page.select_option(f"#{field}", value)
    if deal is not None:
        await page.fill("#deal", str(deal))
    await page.click("form.create button[type=submit]")
    await page.wait_for_url("**/r/*")
    if wait:
        await ann.wait_version(0)
    return ann, page.url.rsplit("/", 1)[1]


def view_zones(view: dict[str, Any]) -> dict[str, tuple[int, list[str]]]:
    return {z["id"]: (z["down"], list(z["up"])) for z in view["zones"]}
