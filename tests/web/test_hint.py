"""The hint in the page: the player's h key and an advisor's Hint button show the hinted
move in the list; the lobby's form sets who may ask and autodrop."""

from __future__ import annotations

from playwright.async_api import Browser

from client.session import Session
from tests.kit.browser import ON_THE_BROWSERS_LOOP, Person, open_room
from tests.kit.hinted import DEAL, GAME, HINTED, SURE, WORDS, line
from tests.kit.server import Running

pytestmark = ON_THE_BROWSERS_LOOP


async def test_h_and_the_hint_button_show_the_hinted_move(browser: Browser,
                                                          site: str) -> None:
    ann, code = await open_room(browser, site, GAME, deal=DEAL, hints="all")
    for version, move in enumerate(line(), 1):  # the player clicks her way there
        await ann.page.click(f'.actions button.move[data-move="{move}"]')
        await ann.wait_version(version)
    await ann.page.keyboard.press("h")
    said = ann.page.locator(".actions .hint-line.found")
    await said.wait_for()
    assert (await said.inner_text()).startswith(f"Hint: {WORDS}: {SURE}")
    hinted = ann.page.locator(".actions button.move.hinted")
    assert await hinted.count() == 1
    assert await hinted.get_attribute("data-move") == HINTED

    xan = await Person.open(browser, f"{site}/r/{code}", name="Xan")  # watches, then
    await xan.wait_version(len(line()))
    await xan.page.click(".actions button:has-text('Advise')")  # advises
    await xan.page.click(".actions button.ask-hint")
    await xan.page.locator(f'.actions button.move.hinted[data-move="{HINTED}"]').click()
    await ann.page.locator(f'.proposals li[data-move="{HINTED}"]').wait_for()
    assert not ann.errors and not xan.errors


async def test_a_player_at_a_table_without_hints_has_no_hint_button(browser: Browser,
                                                                    site: str) -> None:
    ann, _ = await open_room(browser, site, GAME, deal=DEAL, hints="off")
    await ann.page.locator(".actions button.move").first.wait_for()
    assert await ann.page.locator(".actions button.ask-hint").count() == 0
    await ann.page.keyboard.press("h")  # nothing asked, nothing broken
    assert await ann.page.locator(".actions .hint-line").count() == 0 and not ann.errors


async def test_the_lobby_form_sets_who_may_ask_and_autodrop(browser: Browser, site: str,
                                                            server: Running) -> None:
    # autodrop at Sympathy plays every move (all are safe): version 0 may never be shown
    _, code = await open_room(browser, site, "sympathy", wait=False, hints="all",
                              autodrop="on")
    async with Session(server.url, "Wes") as wes:
        joined = await wes.watch(code)
    assert (joined["policy"]["hints"], joined["policy"]["autodrop"]) == ("all", True)
