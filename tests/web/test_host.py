"""The host on the page: a seated host who chooses to watch is asked first, stays the host
(after a reload too) and leaves the seat to whoever takes it; the host moves people
between seats and roles, seats computer players in any empty seat, and deals again or
offers a rematch with the room's tally; a table with an empty seat says how to bring a
partner in."""

from __future__ import annotations

from playwright.async_api import Browser

from tests.kit.browser import ON_THE_BROWSERS_LOOP, Person, open_room

pytestmark = ON_THE_BROWSERS_LOOP


async def test_a_seated_host_who_just_watches_is_asked_and_stays_the_host(
        browser: Browser, site: str) -> None:
    # deal 2 of Sympathy: B turns up her packet tops first
    ann, code = await open_room(browser, site, "sympathy", deal=2)
    page = ann.page
    member = await page.evaluate("window.sympathy.s.member")
    bea = await Person.open(browser, f"{site}/r/{code}", name="Bea")
    await bea.wait_version(0)
    await page.locator(".people .name", has_text="Bea").wait_for()

    await page.click(".actions button.just-watch")
    question = page.locator("dialog.ask")
    await question.wait_for()
    assert "Leave your seat" in await question.inner_text()
    assert "stay the host" in await question.inner_text()
    await question.locator("button.no").click()  # not now: nothing changes
    await question.wait_for(state="detached")
    assert await page.evaluate("window.sympathy.s.role") == "player"

    await page.click(".actions button.just-watch")
    await page.click("dialog.ask button.yes")
    await page.wait_for_selector(".actions h2:has-text('Watching')")
    await page.wait_for_selector(".people p:has-text('0 playing')")
    assert not await page.locator(".host").is_hidden()  # still the host
    assert await page.evaluate("window.sympathy.s.member") == member  # the same member
    # nobody is left holding the seat "away": Bea takes it
    await bea.page.click(".actions button:has-text('Take a seat')")
    await bea.page.wait_for_selector(".actions h2:has-text('Your moves')")
    await page.locator('.seat-list li[data-seat="0"]', has_text="Bea").wait_for()

    await page.reload()  # the host comes back as the host, watching
    await page.wait_for_selector(".host:not([hidden]) h2:has-text('Host')")
    await page.wait_for_selector(".actions h2:has-text('Watching')")
    assert await page.evaluate("window.sympathy.s.member") == member
    # and sits down again in the seat left free, from her own line in the people list
    mine = page.locator(".people li", has_text="(you)")
    await mine.locator("select.place").select_option("player:1")
    await mine.locator("button.move-member").click()
    await page.wait_for_selector(".turn:has-text('Your turn (B)')")
    await page.keyboard.press("1")  # B opens
    await bea.page.wait_for_selector(".turn:has-text('Your turn (A)')")
    assert ann.errors == [] and bea.errors == []


async def test_a_table_waiting_for_a_partner_says_so_and_a_computer_player_sits(
        browser: Browser, site: str) -> None:
    ann, code = await open_room(browser, site, "sympathy", deal=2, think_ms="0")
    page = ann.page
    waiting = page.locator(".waiting")
    await waiting.wait_for()
    text = await waiting.inner_text()
    assert "Waiting for a partner: share this code or link" in text
    assert code in text and f"{site}/r/{code}" in text
    assert "Computer players can take empty seats" in text
    assert "B to play" not in await page.inner_text(".board")
    assert not (await page.title()).startswith("Your turn")  # B is to play, and B is empty

    await waiting.locator("button.bots-now").click()
    await page.locator(".people li", has_text="Computer").wait_for()
    await waiting.wait_for(state="hidden")
    await page.wait_for_selector(".turn:has-text('Your turn (A)')")  # the computer opened
    assert (await page.title()).startswith("Your turn")
    assert "turns up" in await page.inner_text(".last")
    assert ann.errors == []


async def test_the_host_deals_again_offers_a_rematch_and_sees_the_tally(
        browser: Browser, site: str) -> None:
    # Klondike deal 5: two moves, the stock, and giving up
    ann, code = await open_room(browser, site, "klondike", deal=5)
    page = ann.page
    first = await ann.zones()
    bob = await Person.open(browser, f"{site}/r/{code}", name="Bob")
    await bob.wait_version(0)

    # the host moves Bob from watching to advising
    bob_line = page.locator(".people li", has_text="Bob")
    await bob_line.locator("select.place").select_option("advisor")
    await bob_line.locator("button.move-member").click()
    await bob.page.wait_for_selector(".actions h2:has-text('Propose a move')")

    async def give_up(version: int) -> None:
        await page.click(".actions button.end-move")
        await page.click("dialog.ask button.yes")
        await ann.wait_version(version)
        await page.wait_for_selector(".end:not([hidden])")

    await give_up(1)
    assert "This room so far: 0 won of 1 deal played." in await page.inner_text(".end .tally")
    await bob.wait_version(1)
    assert await bob.page.locator(".end button.rematch").count() == 0  # the host's alone
    assert "The host may deal again" in await bob.page.inner_text(".end")

    await page.click(".end button.rematch")  # the same deal again
    await ann.wait_version(2)
    await page.wait_for_selector(".end", state="hidden")
    assert await ann.zones() == first
    await give_up(3)
    await page.click(".end button.next-deal")  # a new deal
    await ann.wait_version(4)
    assert await ann.zones() != first
    await give_up(5)
    assert "This room so far: 0 won of 3 deals played." in await page.inner_text(".end .tally")
    assert ann.errors == [] and bob.errors == []


async def test_the_host_makes_someone_else_the_host_from_the_people_list(
        browser: Browser, site: str) -> None:
    # deal 2 of Sympathy; Bea takes seat B, Wes watches and then goes away
    ann, code = await open_room(browser, site, "sympathy", deal=2)
    page = ann.page
    bea = await Person.open(browser, f"{site}/r/{code}", name="Bea")
    await bea.wait_version(0)
    assert await bea.page.locator(".host").is_hidden()
    bea_line = page.locator(".people li", has_text="Bea")
    await bea_line.wait_for()
    assert await page.locator(".people li", has_text="(you)").locator(
        "button.make-host").count() == 0  # not to herself
    await bea_line.locator("button.make-host").click()
    question = page.locator("dialog.ask")
    assert "Make Bea the host?" in await question.inner_text()
    await question.locator("button.no").click()  # not now: nothing changes
    await question.wait_for(state="detached")
    assert await page.evaluate("window.sympathy.s.host") is True

    await bea_line.locator("button.make-host").click()
    await page.click("dialog.ask button.yes")
    # Bea has the host's controls now, Ann has none; both lists say who hosts
    await bea.page.wait_for_selector(".host:not([hidden]) h2:has-text('Host')")
    await page.wait_for_selector(".host", state="hidden")
    await page.locator(".people li", has_text="Bea").locator(".muted", has_text="· host").wait_for()
    assert await page.locator(".people button.make-host").count() == 0
    assert "host" not in await bea.page.locator(".people li", has_text="Ann").locator(
        "> .muted").inner_text()
    await bea.page.locator(".people li", has_text="Ann").locator("button.make-host").wait_for()
    # Wes comes, then goes away: the host role cannot go to someone away
    wes = await Person.open(browser, f"{site}/r/{code}", name="Wes")
    await bea.page.locator(".people li", has_text="Wes").wait_for()
    await wes.close()
    await bea.page.locator(".people li", has_text="away").wait_for()
    assert await bea.page.locator(".people li", has_text="Wes").locator(
        "button.make-host").count() == 0
    await page.reload()  # after a reload Ann is still not the host
    await page.wait_for_selector(".people li:has-text('(you)')")
    assert await page.locator(".host").is_hidden()
    assert ann.errors == [] and bea.errors == []


async def test_a_place_chosen_in_the_people_list_stays_while_the_room_talks(
        browser: Browser, site: str) -> None:
    """Sympathy, deal 2. The host chooses "plays B" for herself in the people list; Cy
    arrives before she presses Move (the page is drawn again at every message): the
    menu still shows her choice, and Move seats her at B."""
    ann, code = await open_room(browser, site, "sympathy", deal=2)
    page = ann.page
    bea = await Person.open(browser, f"{site}/r/{code}", name="Bea")
    await bea.wait_version(0)
    await page.click(".actions button.just-watch")
    await page.click("dialog.ask button.yes")
    await page.wait_for_selector(".actions h2:has-text('Watching')")
    mine = page.locator(".people li", has_text="(you)")
    await mine.locator("select.place").select_option("player:1")
    cy = await Person.open(browser, f"{site}/r/{code}", name="Cy")
    await cy.wait_version(0)
    await page.locator(".people .name", has_text="Cy").wait_for()
    assert await mine.locator("select.place").input_value() == "player:1"
    await mine.locator("button.move-member").click()
    await page.wait_for_selector(".turn:has-text('Your turn (B)')")
