"""Words for people at the table (client/web/words.js), in a real Chromium: the facts
line under the turn names seats by their names (never a seat counted from 0), says
nothing meant for the code ("must continue —", "turned this turn no", "offerer 0"),
and leaves out what is said elsewhere or is only a setting."""

from __future__ import annotations

import re

from playwright.async_api import Browser

from tests.kit.browser import ON_THE_BROWSERS_LOOP, Person, open_room

pytestmark = ON_THE_BROWSERS_LOOP

CODE_WORDS = re.compile(r"offerer|must continue|turned this turn|phase|—|\bturn \d|\bnull\b|"
                        r"undefined|\b\w+_\w+\b|pace ms|tie ms|max \w+")


async def test_old_maid_facts_name_people_not_seat_numbers(browser: Browser, site: str) -> None:
    ann, code = await open_room(browser, site, "old_maid", deal=5)
    facts = await ann.page.inner_text(".facts")
    assert "offering their hand: you (Player 1)" in facts, facts
    assert not CODE_WORDS.search(facts), facts
    assert not re.search(r":\s*\d\b", facts.replace("deals: 1", "")), facts
    # another person is named as the terminal names them (client/round_text.py, who)
    bea = await Person.open(browser, f"{site}/r/{code}", name="Bea")
    await bea.page.click(".actions button:has-text('Take a seat')")
    await bea.page.locator(".facts", has_text="offering their hand: Ann (Player 1)").wait_for()
    assert ann.errors == [] and bea.errors == []


async def test_sympathy_facts_say_nothing_meant_for_the_code(browser: Browser,
                                                             site: str) -> None:
    ann, _ = await open_room(browser, site, "sympathy", deal=2, seats="all")
    for v in range(6):
        facts = await ann.page.inner_text(".facts")
        assert not CODE_WORDS.search(facts), facts
        await ann.page.keyboard.press("1")
        await ann.wait_version(v + 1)
    assert ann.errors == []


async def test_snap_facts_leave_out_the_settings(browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "snap", deal=3)
    facts = await ann.page.inner_text(".facts")
    assert not CODE_WORDS.search(facts), facts
    assert "1500" not in facts and "1000" not in facts
    assert ann.errors == []
