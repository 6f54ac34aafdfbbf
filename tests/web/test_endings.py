"""Moves that end a game on the page: giving up never has a number (a number shifts as the
list changes), is asked first, and sits well apart from the moves on a phone."""

from __future__ import annotations

from playwright.async_api import Browser, Page

from tests.kit.browser import ON_THE_BROWSERS_LOOP, PHONE, Person, open_room

pytestmark = ON_THE_BROWSERS_LOOP


async def asked_then_refused(page: Page, question_text: str) -> None:
    """The page asks ``question_text`` before the move; Escape says no, the question goes
    and the game goes on."""
    question = page.locator("dialog.ask")
    await question.wait_for()
    assert question_text in await question.inner_text()
    await page.keyboard.press("Escape")  # no
    await question.wait_for(state="detached")
    assert await page.evaluate("window.sympathy.s.view.status") == "playing"


async def test_give_up_has_no_number_and_is_asked_first(browser: Browser, site: str) -> None:
    # Klondike deal 5 lists three moves: 2♦ onto 3♠, the stock, and giving up
    ann, _ = await open_room(browser, site, "klondike", deal=5)
    page = ann.page
    numbered = await page.locator(".actions ol.moves button.move").all_inner_texts()
    assert len(numbered) == 2 and not any("give up" in t.lower() for t in numbered)
    await page.keyboard.press("3")  # the third move of the list once: nothing now
    await page.keyboard.press("1")
    await ann.wait_version(1)
    assert await page.evaluate("window.sympathy.s.last.move") == "t1>t2"
    assert await page.evaluate("window.sympathy.s.view.status") == "playing"

    await page.click(".actions button.end-move")
    await asked_then_refused(page, "Give up this game?")
    await page.click(".actions button.end-move")
    await page.click("dialog.ask button.yes")
    await ann.wait_version(2)
    assert await page.evaluate("window.sympathy.s.view.status") == "lost"
    assert ann.errors == []


async def test_on_a_phone_give_up_is_far_from_turning_the_stock(
        browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "klondike", deal=5)
    await ann.page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    stock = await ann.page.locator('.actions button.move[data-move="d"]').bounding_box()
    end = await ann.page.locator(".actions button.end-move").bounding_box()
    assert stock and end
    gap = end["y"] - (stock["y"] + stock["height"])
    print(f"gap between 'turn the stock' and 'give up' on a phone: {gap:.0f} px")
    assert gap >= 40, gap  # the moves of the list are 4 px apart
    assert ann.errors == []


async def test_taking_a_proposal_to_give_up_is_asked_first(browser: Browser, site: str) -> None:
    ann, code = await open_room(browser, site, "klondike", deal=5, advice="anyone")
    page = ann.page
    xan = await Person.open(browser, f"{site}/r/{code}", name="Xan")
    await xan.wait_version(0)
    await xan.page.click(".actions button:has-text('Advise')")
    await xan.page.click(".actions button.end-move")  # an advisor only proposes: no question
    proposal = page.locator('.proposals li[data-move="end"]')
    await proposal.wait_for()
    await proposal.locator("button.take").click()
    await page.click("dialog.ask button.no")
    await page.keyboard.press("t")  # the key that takes the first proposal asks too
    await page.click("dialog.ask button.yes")
    await ann.wait_version(1)
    assert await page.evaluate("window.sympathy.s.view.status") == "lost"
    assert "advised by Xan" in await page.inner_text(".last")
    assert ann.errors == [] and xan.errors == []


async def test_playing_a_game_to_its_end_is_named_and_asked_as_such(
        browser: Browser, site: str) -> None:
    # The Clock, deal 0: turn the card in hand, or let the game play itself to the end
    # (its shape's kind "auto": not giving up); the button and the question say which
    ann, _ = await open_room(browser, site, "clock", deal=0)
    page = ann.page
    button = page.locator('.actions button.end-move[data-move="auto"]')
    assert (await button.inner_text()).startswith("Play it to the end")
    await button.click()
    await asked_then_refused(page, "Let the game play itself to the end?")
    assert ann.errors == []
