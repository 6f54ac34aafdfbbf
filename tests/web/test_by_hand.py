"""Cards moved by hand in the page: dragged from their place and dropped on another, or
pointed at (source, then destination; a "which move?" choice where several moves fit),
never chosen from the move list; a double-click sends a card home; cards travel from
their old place to the new one unless the person asks for reduced motion; the tab's
title says when it is your turn; the sound's switch is remembered.

Each game is played from a named deal by a named draw (``Rng.from_seed``) among its legal
moves; after each move every place drawn on the page is checked against the rules' own
view of the position the move leads to."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.async_api import Browser, CDPSession, Page

from rules import Play, make, render
from rules.common import AUTO, END
from rules.game import Move
from rules.prng import Rng
from tests.kit.browser import ON_THE_BROWSERS_LOOP, PHONE, Person, open_room, view_zones

pytestmark = ON_THE_BROWSERS_LOOP

ONE_PLACE = ("deal", "turn", "redeal")
TALL = {"width": 1280, "height": 1400}


async def place(page: Page, zone: str, card: str | None, scroll: bool = True,
                drop: bool = False) -> tuple[float, float] | None:
    """Where on screen one points at ``card`` of place ``zone`` (its uncovered top strip),
    or at the place alone (its label; a place drawn inside another, its own cards; to
    ``drop`` on, its cards); scrolled into view (``scroll``), else None when it is off
    screen."""
    at: list[float] | None = await page.evaluate(
        """([zone, card, scroll, drop]) => {
          const at = document.querySelector(`.table [data-zone="${zone}"]`);
          const own = at.classList.contains('zone') ? at.querySelector(':scope > .stack') : at;
          const el = card ? own.querySelector(`.slot-card.up[data-card="${card}"]`)
            : at.classList.contains('zone') && !drop ? at.querySelector(':scope > .zlabel') : own;
          if (scroll) el.scrollIntoView({block: 'nearest'});
          const r = el.getBoundingClientRect();
          const y = card ? r.top + Math.min(6, r.height / 2) : r.top + r.height / 2;
          return y < 0 || y > innerHeight ? null : [r.left + r.width / 2, y];
        }""", [zone, card, scroll, drop])
    return (at[0], at[1]) if at else None


def shown(view: dict[str, Any], zone: str, card: str | None) -> str | None:
    """``card`` when the page draws it in ``zone`` (so that one may point at it)."""
    z = next(z for z in view["zones"] if z["id"] == zone)
    fanned = z["kind"] in ("pile", "reserve", "hand", "cell")
    drawn = z["up"][-14:] if fanned else z["up"][-1:]
    return card if card in drawn else None


async def settled(page: Page) -> None:
    """Until the cards that travel to their new places are there."""
    await page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")


async def point_at(page: Page, zone: str, card: str | None) -> None:
    at = await place(page, zone, card)
    assert at, f"{zone} is on screen"
    await page.mouse.click(*at)


async def drag(page: Page, src: tuple[str, str], dst: str) -> bool:
    """Drag the card ``src`` (place, card) onto place ``dst``, when both are on screen
    together (a person does not drag beyond the screen)."""
    start = await place(page, *src)
    end = await place(page, dst, None, scroll=False, drop=True)
    if not start or not end:
        return False
    await page.mouse.move(*start)
    await page.mouse.down()
    await page.mouse.move((start[0] + end[0]) / 2, (start[1] + end[1]) / 2, steps=4)
    await page.mouse.move(*end, steps=4)
    await page.mouse.up()
    return True


def home_move(view: dict[str, Any], move: dict[str, Any]) -> bool:
    """Whether ``move`` is the one move that sends its card home (onto a foundation)."""
    kinds = {z["id"]: z["kind"] for z in view["zones"]}
    s = move["shape"]

    def home(m: dict[str, Any]) -> bool:
        t = m["shape"]
        return t["kind"] == "move" and t["from"] == s["from"] and \
            kinds.get(t["to"]) == "foundation" and t["cards"][:1] == s["cards"][:1]
    return home(move) and sum(map(home, view["moves"][str(view["to_move"][0])])) == 1


async def by_hand(page: Page, view: dict[str, Any], move: dict[str, Any], dragging: bool) -> str:
    """Make ``move`` on the page by hand (dragging its card where it can be dragged, else
    pointing; a pair pointed at in the other order; a card home by a double-click);
    says how."""
    s = move["shape"]
    places = [z for z in dict.fromkeys([s["from"], s["to"], *(s.get("also") or [])]) if z]
    picked = s["kind"] in ("move", "pair", "privilege", "other")
    cards = s.get("cards") or []
    many = s["kind"] == "pair" or bool(s.get("also"))

    def card(i: int) -> str | None:
        c = cards[i] if picked and (many or i == 0) and i < len(cards) else None
        return shown(view, places[i], c)

    if not places:
        await page.click(f'.actions button.placeless-move[data-move="{move["code"]}"]')
        how = "button"
    elif s["kind"] in ONE_PLACE:
        await point_at(page, places[0], None)
        how = "one place"
    elif dragging and len(places) == 2 and card(0) and \
            await drag(page, (places[0], card(0)), places[1]):  # type: ignore[arg-type]
        how = "drag run" if len(cards) > 1 and s["kind"] == "move" else "drag"
    elif home_move(view, move) and card(0):
        at = await place(page, places[0], card(0))
        assert at
        await page.mouse.dblclick(*at)
        how = "double-click"
    else:
        order = list(enumerate(places))
        for i, z in order[::-1] if many else order:
            await point_at(page, z, card(i))
            if not await page.evaluate("window.sympathy.s.points.length"):
                break  # the one move left was played
        how = "point, other order" if many else "point"
    which = page.locator(f'.which button.which-move[data-move="{move["code"]}"]')
    if how != "button" and await which.count():
        await which.click()
        how += " + which move"
    return how


def by_cards(move: dict[str, Any]) -> int:
    """The policy's preference (lower first): a run of cards, a pair, a card from one
    place to another, then the rest."""
    s = move["shape"]
    if s["kind"] == "move" and s["to"] and len(s["cards"]) > 1:
        return 0
    return 1 if s["kind"] == "pair" else 2 if s["kind"] == "move" else 3


async def play_by_hand(ann: Person, game_id: str, deal: int, moves: int,
                       prefer: Callable[[dict[str, Any]], int] = by_cards) -> dict[str, int]:
    """Play ``moves`` moves of ``deal`` on Ann's page by hand, each drawn by
    ``Rng.from_seed(deal)`` among the legal moves that do not end the game and that
    ``prefer`` puts first (a run always dragged, other moves dragged and pointed at by
    turns); after each, every place drawn is the rules' own. Returns how many moves
    were made each way (and how many asked "which move?")."""
    game = make(game_id)
    play: Play[Any] = Play.start(game, deal)
    rng = Rng.from_seed(deal)
    hows: dict[str, int] = {}
    for step in range(moves):
        if game.outcome(play.state) is not None:
            break
        await settled(ann.page)
        view = await ann.page.evaluate("window.sympathy.s.view")
        seat = view["to_move"][0]
        options = [m for m in view["moves"][str(seat)] if m["code"] not in (END.code, AUTO.code)]
        first = min(map(prefer, options))
        options = [m for m in options if prefer(m) == first]
        k, rng = rng.below(len(options))
        move = options[k]
        how = await by_hand(ann.page, view, move, dragging=step % 2 == 0 or by_cards(move) == 0)
        for way in how.split(" + "):
            hows[way] = hows.get(way, 0) + 1
        await ann.wait_version(step + 1)
        play = play.push(Move(move["code"]), seat)
        assert await ann.zones() == view_zones(render(game, play.state, 0)), \
            f"{game_id} deal {deal}: after {move['code']} ({how})"
    assert ann.errors == []
    return hows


async def test_klondike_by_hand(browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "klondike", deal=1)
    hows = await play_by_hand(ann, "klondike", 1, 16)
    assert hows.get("drag run") and hows.get("drag") and hows.get("point") \
        and hows.get("double-click") and hows.get("one place"), hows


async def test_empress_of_india_pairs_by_hand(browser: Browser, site: str) -> None:
    # the Army and the Navy on one screen, so that a card is dragged from one to the other
    ann, _ = await open_room(browser, site, "empress_of_india", deal=0, viewport=TALL)
    hows = await play_by_hand(ann, "empress_of_india", 0, 4)
    assert hows.get("drag") and hows.get("point, other order") and hows.get("which move"), hows


async def test_fourteen_pairs_by_hand(browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "fourteen", deal=0)
    hows = await play_by_hand(ann, "fourteen", 0, 8)
    assert hows.get("drag") and hows.get("point, other order"), hows


async def test_paternal_re_deals_by_its_button(browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "paternal", deal=1)
    hows = await play_by_hand(ann, "paternal", 1, 10, prefer=lambda m: 0)
    assert hows.get("button") and hows.get("drag") and hows.get("point"), hows


async def test_sympathy_both_hands_by_hand(browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "sympathy", deal=0, seats="all")
    hows = await play_by_hand(ann, "sympathy", 0, 8)
    assert hows.get("one place") == 8, hows


async def test_les_petits_paquets_by_hand(browser: Browser, site: str) -> None:
    ann, _ = await open_room(browser, site, "les_petits_paquets", deal=0)
    hows = await play_by_hand(ann, "les_petits_paquets", 0, 8)
    assert hows.get("drag") and hows.get("double-click"), hows


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
