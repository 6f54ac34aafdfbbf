"""Cards moved by hand in the page: dragged from their place and dropped on another, or
pointed at (source, then destination; a "which move?" choice where several moves fit),
never chosen from the move list; a double-click sends a card home; cards travel from
their old place to the new one unless the person asks for reduced motion; the tab's
title says when it is your turn; the sound's switch is remembered.

Each game is played from a named deal by a named draw (``Rng.from_seed``) among its legal
moves; after each move every place drawn on the page is checked against the rules' own
view of the position the move leads to."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Browser, CDPSession

from rules import Play, make, render
from rules.game import Move
from tests.kit.browser import ON_THE_BROWSERS_LOOP, PHONE, Person, open_room, view_zones
from tests.kit.hand import (
    LISTED,
    place,
    play_by_hand,
    play_race_by_hand,
    play_round_by_hand,
    point_at,
    settled,
)
from tests.kit.server import Running

pytestmark = ON_THE_BROWSERS_LOOP

TALL = {"width": 1280, "height": 1400}


async def test_klondike_by_hand(browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "klondike", deal=1)
    hows = (await play_by_hand(ann, "klondike", 1, 16)).hows
    assert hows.get("drag run") and hows.get("drag") and hows.get("point") \
        and hows.get("double-click") and hows.get("one place"), hows


async def test_empress_of_india_pairs_by_hand(browser: Browser, site: str) -> None:
    # the Army and the Navy on one screen, so that a card is dragged from one to the other
    ann, _ = await open_room(browser, site, "empress_of_india", deal=0, viewport=TALL)
    hows = (await play_by_hand(ann, "empress_of_india", 0, 4)).hows
    assert hows.get("drag") and hows.get("point, other order") and hows.get("which move"), hows


async def test_empress_of_india_on_a_phone_asks_which_move_on_screen(
        browser: Browser, site: str) -> None:
    # on a phone the table is taller than the screen: the choice of moves opens on
    # screen, wherever the page was scrolled to point at the cards (the kit checks it)
    ann, _ = await open_room(browser, site, "empress_of_india", deal=0, viewport=PHONE)
    hows = (await play_by_hand(ann, "empress_of_india", 0, 4)).hows
    assert hows.get("which move"), hows


async def test_fourteen_pairs_by_hand(browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "fourteen", deal=0)
    hows = (await play_by_hand(ann, "fourteen", 0, 8)).hows
    assert hows.get("drag") and hows.get("point, other order"), hows


async def test_paternal_re_deals_by_its_button(browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "paternal", deal=1)
    hows = (await play_by_hand(ann, "paternal", 1, 10, prefer=lambda m: 0)).hows
    assert hows.get("button") and hows.get("drag") and hows.get("point"), hows


async def test_sympathy_both_hands_by_hand(browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "sympathy", deal=0, seats="all")
    hows = (await play_by_hand(ann, "sympathy", 0, 8)).hows
    assert hows.get("one place") == 8, hows


async def test_les_petits_paquets_by_hand(browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "les_petits_paquets", deal=0)
    hows = (await play_by_hand(ann, "les_petits_paquets", 0, 8)).hows
    assert hows.get("drag") and hows.get("double-click"), hows


async def test_clock_by_hand(browser: Browser, site: str) -> None:
    # a clock: thirteen piles round a dial, each card pointed at and taken to its hour
    ann, _ = await open_room(browser, site, "clock", deal=0)
    played = await play_by_hand(ann, "clock", 0, 8)
    assert played.moves == 8 and played.hows.get("point"), played


async def test_l_horloge_by_hand(browser: Browser, site: str) -> None:
    # twelve hours round a frame, the circle of twelve packets of three in its middle:
    # each packet's cards spread, its top card pointed at or dragged to an hour
    ann, _ = await open_room(browser, site, "l_horloge", deal=0)
    await ann.page.emulate_media(reduced_motion="reduce")
    played = await play_by_hand(ann, "l_horloge", 0, 12)
    assert played.moves == 12 and played.hows.get("drag"), played


async def test_zodiac_by_hand_on_a_phone(browser: Browser, site: str) -> None:
    # twenty-four packets round a frame, the foundations and the Equator in its middle,
    # on a phone's screen
    ann, _ = await open_room(browser, site, "zodiac", deal=0, viewport=PHONE)
    await ann.page.emulate_media(reduced_motion="reduce")
    played = await play_by_hand(ann, "zodiac", 0, 12)
    assert played.moves == 12 and played.hows.get("point"), played


async def test_le_sultan_by_hand(browser: Browser, site: str) -> None:
    # a grid: the Sultan's square of kings and aces with the divan round it
    ann, _ = await open_room(browser, site, "le_sultan", deal=0)
    played = await play_by_hand(ann, "le_sultan", 0, 10)
    assert played.moves == 10 and played.hows.get("point") and played.hows.get("one place"), \
        played


async def test_the_square_by_hand(browser: Browser, site: str) -> None:
    # a square: its cards dragged from side to side, its stock turned by pointing at it
    ann, _ = await open_room(browser, site, "the_square", deal=0)
    played = await play_by_hand(ann, "the_square", 0, 10)
    assert played.moves == 10 and played.hows.get("drag") and played.hows.get("one place"), \
        played


async def test_all_fours_by_hand_against_a_computer_player(
        browser: Browser, server: Running, site: str) -> None:
    # a round table: Ann plays deal 0 against a computer player (playing at once) by
    # pointing at the cards of her hand, begging or standing by the buttons and keys the
    # table offers; every place is checked at each of her turns (drag is off at a round
    # table: a card of one's hand is played by pointing at it)
    ann, code = await open_room(browser, site, "all_fours", deal=0, think_ms="0")
    await ann.page.click("button.bots")
    played = await play_round_by_hand(ann, server.app, code, 12)
    assert played.moves == 12 and played.hows.get("point at a card in the hand", 0) >= 8, played
    assert not any(h.startswith(LISTED) for h in played.hows), played


async def test_snip_snap_snorum_by_pointing_at_the_card_of_the_hand(
        browser: Browser, server: Running, site: str) -> None:
    # deal 0 against computer players: Ann's moves ("snip", "snap", ...) each play a card
    # of her hand, which she points at; the match played to its end
    ann, code = await open_room(browser, site, "snip_snap_snorum", deal=0, think_ms="0")
    await ann.page.click("button.bots")
    played = await play_round_by_hand(ann, server.app, code, 20)
    assert played.over and played.hows == {"point at a card in the hand": played.moves}, played
    assert played.moves >= 2, played


async def test_animal_snap_by_the_call_racing_a_computer_player(
        browser: Browser, server: Running, site: str) -> None:
    # deal 0, the table's clock turning a card every 600 ms, a computer player thinking
    # a second before it calls: Ann calls the other's animal at each snap she may, by
    # space and by its button, and the table she sees is the room's at every version.
    # (A computer player thinking 300 ms raced a busy machine's page and browser, and
    # sometimes won every call: the races themselves are the server's tests.)
    ann, code = await open_room(browser, site, "animal_snap", deal=0, think_ms="1000",
                                fills={"opt-pace_ms": "600"}, wait=False)
    # any first table: the clock may have turned a card before the page drew one
    await ann.page.wait_for_selector(".table-wrap[data-version]", state="attached")
    await ann.page.emulate_media(reduced_motion="reduce")
    await ann.page.click("button.bots")
    played = await play_race_by_hand(ann, server.app, code, 16)
    assert played.hows.get("call by space") and played.hows.get("call by its button"), played
    assert played.hows.get("taken by the room") and played.hows["checked"] >= 16, played


SLIDES = """() => {
  window.slides = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    window.slides++;
    return animate.apply(this, args);
  };
}"""


async def test_a_double_click_sends_a_card_home(browser: Browser, site: str) -> None:
    # Klondike deal 6: A♣ of column 3 may go home to its family, or onto 2♦ (column 2)
    ann, _ = await open_room(browser, site, "klondike", deal=6)
    await point_at(ann.page, "t3", "AC")  # one click: two moves, so a choice, no move
    assert await ann.page.evaluate("window.sympathy.s.points") == [{"zone": "t3", "card": "AC"}]
    await ann.page.keyboard.press("Escape")
    at = await place(ann.page, "t3", "AC")
    assert at
    await ann.page.mouse.dblclick(*at)
    await ann.wait_version(1)
    game = make("klondike")
    after = Play.start(game, 6).push(Move("t3>f"), 0)
    assert await ann.zones() == view_zones(render(game, after.state, 0))
    assert ann.errors == []


async def test_cards_travel_to_their_new_place_unless_motion_is_reduced(
        browser: Browser, site: str) -> None:
    for reduced in (False, True):
        ann, _ = await open_room(browser, site, "klondike", deal=1)
        if reduced:
            await ann.page.emulate_media(reduced_motion="reduce")
        await ann.page.evaluate(SLIDES)
        # Klondike deal 1: 7♠ from column 3 onto 8♥ on column 6
        await point_at(ann.page, "t3", "7S")
        await point_at(ann.page, "t6", None)
        await ann.wait_version(1)
        slides = await ann.page.evaluate("window.slides")
        assert (slides == 0) if reduced else (slides >= 1), (reduced, slides)
        await ann.close()


async def test_the_title_says_when_it_is_your_turn(browser: Browser, site: str) -> None:
    ann, code = await open_room(browser, site, "klondike", deal=1)
    assert (await ann.page.title()).startswith("Your turn · ")
    eve = await Person.open(browser, f"{site}/r/{code}", name="Eve")
    await eve.wait_version(0)
    assert "Your turn" not in await eve.page.title()  # a watcher has no turn
    await ann.page.click(".actions button.end-move")
    await ann.page.click("dialog.ask button.yes")
    await ann.wait_version(1)
    assert "Your turn" not in await ann.page.title()  # the game is over


async def test_the_sound_is_off_until_turned_on_and_remembered(browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "klondike", deal=1)
    sound = ann.page.locator("header button.sound")
    assert await sound.inner_text() == "Sound off"
    assert await sound.get_attribute("data-chimes") is None
    await sound.click()
    assert await sound.inner_text() == "Sound on"
    assert await sound.get_attribute("aria-pressed") == "true"
    await ann.page.reload()
    await ann.wait_version(0)
    assert await sound.inner_text() == "Sound on"
    # the page came back to a table where it is her turn: one chime
    assert await sound.get_attribute("data-chimes") == "1"
    await sound.click()
    await ann.page.reload()
    await ann.wait_version(0)
    assert await sound.inner_text() == "Sound off"
    assert await sound.get_attribute("data-chimes") is None
    assert ann.errors == []


async def touch(cdp: CDPSession, kind: str, x: float, y: float) -> None:
    """One touch event, as a finger makes it (Chromium turns it into pointer events)."""
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    await cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


async def test_a_finger_drags_a_card_and_double_taps_one_home(browser: Browser, site: str) -> None:
    # Klondike deal 6 on a phone's touch screen: A♣ of column 3 may go home or onto 2♦ of
    # column 2 (a tap alone plays neither); then A♠ of column 5 likewise
    context = await browser.new_context(viewport=PHONE, has_touch=True)  # type: ignore[arg-type]
    page = await context.new_page()
    person = Person(context, page)
    await page.goto(f"{site}/")
    await page.wait_for_selector("#game option", state="attached")
    await page.select_option("#game", "klondike")
    await page.fill("#deal", "6")
    await page.click("form.create button[type=submit]")
    await person.wait_version(0)
    cdp = await context.new_cdp_session(page)
    game = make("klondike")
    play: Play[Any] = Play.start(game, 6)
    # a double tap on A♣: home to its family
    at = await place(page, "t3", "AC")
    assert at
    for _ in range(2):
        await touch(cdp, "touchStart", *at)
        await touch(cdp, "touchEnd", *at)
    await person.wait_version(1)
    play = play.push(Move("t3>f"), 0)
    assert await person.zones() == view_zones(render(game, play.state, 0))
    # A♠ dragged by a finger from column 5 onto 2♦ (column 2)
    await settled(page)
    start = await place(page, "t5", "AS")
    end = await place(page, "t2", None, scroll=False, drop=True)
    assert start and end, "both columns on the phone's screen"
    await touch(cdp, "touchStart", *start)
    for i in range(1, 6):
        await touch(cdp, "touchMove", start[0] + (end[0] - start[0]) * i / 5,
                    start[1] + (end[1] - start[1]) * i / 5)
    await touch(cdp, "touchEnd", *end)
    await person.wait_version(2)
    play = play.push(Move("t5>t2"), 0)
    assert await person.zones() == view_zones(render(game, play.state, 0))
    assert person.errors == []
