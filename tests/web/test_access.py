"""Accessibility, checked in the page by axe-core (the engine browser extensions use) in a
real Chromium: the lobby, a solo table, Sympathy's, a round table, a rules page and a
finished game's page have no serious or critical fault (a control with no name, text too
faint to read, a list that is not a list...), each as a person reaches it, on a laptop
and on a phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import Browser

from tests.kit.browser import LAPTOP, ON_THE_BROWSERS_LOOP, PHONE
from tests.kit.sights import PAGES, axe_faults, keeping

pytestmark = ON_THE_BROWSERS_LOOP

CHECKED = ["lobby", "klondike", "sympathy", "old_maid", "rules", "kept_game"]


@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("name", CHECKED)
async def test_no_serious_accessibility_fault(browser: Browser, site: str, tmp_path: Path,
                                              name: str, size: str) -> None:
    async with keeping(tmp_path) as kept:
        person = await PAGES[name](browser, site, kept, LAPTOP if size == "laptop" else PHONE)
        faults = await axe_faults(person.page)
        assert faults == [], "\n".join(f"{v['impact']} {v['id']}: {v['help']}\n  "
                                       + "\n  ".join(v["nodes"]) for v in faults)
        assert person.errors == []
