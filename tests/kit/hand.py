"""Cards moved by hand in the page, as a person moves them: dragged from their place and
dropped on another, or pointed at (source, then destination; a "which move?" choice where
several moves fit), a card sent home by a double-click, a button for a move with no
place; at a round table, a card of one's hand or a back of a neighbour's hand pointed at,
a word move by its key. Never a move chosen from the numbered move list (except where a
round game offers nothing else: :data:`LISTED`).

After each move every place drawn on the page is checked against the rules' own view of
the position. Used by ``tests/web/test_by_hand.py`` (named games, seconds each) and
``scripts/hand-sweep`` (every game, deal 0, to its end or 100 moves).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.async_api import Page
from playwright.async_api import TimeoutError as PlaywrightTimeout

from rules import Play, make, render
from rules.common import AUTO, END
from rules.game import Move
from rules.prng import Rng
from server.app import GameServer
from tests.kit.browser import Person, view_zones
from tests.kit.server import until

ONE_PLACE = ("deal", "turn", "redeal")
#: How the sweep's moves are said to be made when a round game offers no way but the
#: numbered list (Speculation's bids).
LISTED = "list"


@dataclass
class Played:
    """A game played by hand: how many moves, how many each way, whether it ended (won,
    lost, or given up by its button once no other move was left)."""

    moves: int = 0
    hows: dict[str, int] = field(default_factory=dict)
    over: bool = False

    def count(self, how: str) -> None:
        for way in how.split(" + "):
            self.hows[way] = self.hows.get(way, 0) + 1


async def place(page: Page, zone: str, card: str | None, scroll: bool = True,
                drop: bool = False) -> tuple[float, float] | None:
    """Where on screen one points at ``card`` of place ``zone`` (its uncovered top strip),
    or at the place alone (its label; a place drawn inside another, its own cards; to
    ``drop`` on, its cards); scrolled into view (``scroll``), else None when it is off
    screen."""
    at: list[Any] | None = await page.evaluate(
        """([zone, card, scroll, drop]) => {
          const at = document.querySelector(`.table [data-zone="${zone}"]`);
          const own = at.classList.contains('zone') ? at.querySelector(':scope > .stack') : at;
          const el = card ? own.querySelector(`.slot-card.up[data-card="${card}"]`)
            : at.classList.contains('zone') && !drop ? at.querySelector(':scope > .zlabel') : own;
          if (scroll) el.scrollIntoView({block: 'nearest'});
          const r = el.getBoundingClientRect();
          const x = r.left + r.width / 2;
          const y = card ? r.top + Math.min(6, r.height / 2) : r.top + r.height / 2;
          if (y < 0 || y > innerHeight) return null;
          const top = document.elementFromPoint(x, y)?.closest('[data-zone]');
          return [x, y, top ? top.dataset.zone : null];
        }""", [zone, card, scroll, drop])
    if not at:
        return None
    # a person points at what lies on top: another place drawn over this one hides it
    assert at[2] == zone, f"{card or 'the place'} of {zone} is covered by {at[2]}"
    return (at[0], at[1])


def shown(view: dict[str, Any], zone: str, card: str | None) -> str | None:
    """``card`` when the page draws it in ``zone`` (so that one may point at it)."""
    z = next(z for z in view["zones"] if z["id"] == zone)
    fanned = z["kind"] in ("pile", "reserve", "hand", "cell")
    drawn = z["up"][-14:] if fanned else z["up"][-1:]
    return card if card in drawn else None


async def table_top(page: Page) -> float:
    """Where the table begins on the page (not on the screen: scrolling does not move
    it)."""
    top: float = await page.evaluate(
        "document.querySelector('.table-wrap').getBoundingClientRect().top + scrollY")
    return top


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
        top = await table_top(page)
        for i, z in order[::-1] if many else order:
            await point_at(page, z, card(i))
            if not await page.evaluate("window.sympathy.s.points.length"):
                break  # the one move left was played
            # the choice so far is shown without moving the table under the pointer
            assert await table_top(page) == top, "the table moved when a choice was shown"
        how = "point, other order" if many else "point"
    which = page.locator(f'.which button.which-move[data-move="{move["code"]}"]')
    if how != "button" and await which.count():
        # the choice opens where the person sees it, however far the page is scrolled
        seen = await page.evaluate("""() => { const r = document.querySelector('.which h2')
            .getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }""")
        assert seen, f"the 'which move?' box is off screen ({move['code']})"
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


async def give_up(person: Person) -> None:
    """Give up by the table's own button, and say yes when asked."""
    await person.page.click(".actions button.end-move")
    await person.page.click("dialog.ask button.yes")


async def play_by_hand(ann: Person, game_id: str, deal: int, moves: int,
                       prefer: Callable[[dict[str, Any]], int] = by_cards,
                       to_the_end: bool = False, timeout: float = 30_000) -> Played:
    """Play ``moves`` moves of ``deal`` on Ann's page by hand, each drawn by
    ``Rng.from_seed(deal)`` among the legal moves that do not end the game and that
    ``prefer`` puts first (a run always dragged, other moves dragged and pointed at by
    turns); after each, every place drawn is the rules' own. ``to_the_end``: when only
    a move that ends the game is left, give up by its button (one more move). Returns
    how many moves were made, each way (and how many asked "which move?")."""
    game = make(game_id)
    play: Play[Any] = Play.start(game, deal)
    rng = Rng.from_seed(deal)
    done = Played()
    for step in range(moves):
        if game.outcome(play.state) is not None:
            break
        await settled(ann.page)
        view = await ann.page.evaluate("window.sympathy.s.view")
        seat = view["to_move"][0]
        legal = view["moves"][str(seat)]
        options = [m for m in legal if m["code"] not in (END.code, AUTO.code)]
        if not options:
            if not to_the_end:
                break
            move = next(m for m in legal if m["code"] == END.code)
            await give_up(ann)
            how = "give up"
        else:
            first = min(map(prefer, options))
            options = [m for m in options if prefer(m) == first]
            k, rng = rng.below(len(options))
            move = options[k]
            how = await by_hand(ann.page, view, move, dragging=step % 2 == 0 or by_cards(move) == 0)
        done.count(how)
        try:
            await ann.wait_version(step + 1, timeout)
        except PlaywrightTimeout as e:
            said = await ann.page.inner_text(".notice")
            raise AssertionError(f"{game_id} deal {deal}: {move['code']} ({move['text']}) by "
                                 f"{how} was not played; the page says {said!r}") from e
        play = play.push(Move(move["code"]), seat)
        done.moves += 1
        assert await ann.zones() == view_zones(render(game, play.state, 0)), \
            f"{game_id} deal {deal}: after {move['code']} ({how})"
    done.over = game.outcome(play.state) is not None
    assert ann.errors == [], ann.errors
    return done


def round_zones(view: dict[str, Any], seat: int) -> dict[str, tuple[int, list[str]]]:
    """What a round table draws of ``view`` for the person in ``seat``: another seat's
    hand as backs only (round.js ``handEl``), every other place as the view has it."""
    out = view_zones(view)
    for z in view["zones"]:
        if z["kind"] == "hand" and z.get("owner") != seat:
            out[z["id"]] = (z["down"] + len(z["up"]), [])
    return out


async def round_move(page: Page, move: dict[str, Any]) -> str:
    """Make a round table's ``move`` as a person does: a card of one's hand pointed at,
    a back of a neighbour's hand pointed at, a call by space, a word move by its key, a
    move with no place by its button; else (a move the table offers only in its list)
    by the list. Says how."""
    code = move["code"]
    card: int = await page.evaluate(
        """(text) => [...document.querySelectorAll('.hand.mine .hand-card.playable')]
            .findIndex((b) => b.title === text)""", move["text"])
    if card >= 0:
        await page.locator(".hand.mine .hand-card.playable").nth(card).click()
        return "point at a card in the hand"
    if code[:1] == "d" and code[1:].isdigit():
        await page.click(f'.hand.theirs .hand-back.playable[data-position="{code[1:]}"]'
                         f'[aria-label="{move["text"]}"]')
        return "point at a back"
    if await page.locator(f'.actions .calls button.call-button[data-move="{code}"]').count():
        await page.evaluate("document.activeElement && document.activeElement.blur()")
        await page.keyboard.press("Space")
        return "call by space"
    key: str = await page.evaluate(
        """(code) => { const b = [...document.querySelectorAll('.actions ol.moves button.move')]
            .find((e) => e.dataset.move === code);
          const k = b && b.querySelector('kbd.key'); return k ? k.textContent : ''; }""", code)
    await page.evaluate("document.activeElement && document.activeElement.blur()")
    if key:
        await page.keyboard.press("Space" if key == "space" else key)
        return "call by space" if key == "space" else "key"
    button = page.locator(f'.actions button.placeless-move[data-move="{code}"]')
    if await button.count():
        await button.click()
        return "button"
    await page.click(f'.actions ol.moves button.move[data-move="{code}"]')
    return f"{LISTED} {code}"


async def her_turn(ann: Person, app: GameServer, code: str, seat: int,
                   timeout: float = 30.0) -> Any:
    """The room once it is ``seat``'s turn (or the match is over) and Ann's page shows its
    latest version (no message says when the computer players are done: polled)."""
    latest: dict[str, Any] = {}

    async def still() -> bool:
        room = await app.store.by_code(code)
        latest["room"] = room
        over = room.game.outcome(room.play.state) is not None
        return (over or seat in room.game.to_move(room.play.state)) and \
            await ann.version() == room.version

    await until(still, timeout)
    return latest["room"]


async def play_round_by_hand(ann: Person, app: GameServer, code: str, moves: int,
                             seed: int = 0, timeout: float = 30.0) -> Played:
    """Play Ann's moves at a round table (computer players in the other seats, moving at
    once) by hand: at each of her turns (no message says when the computer players are
    done: polled), once her page shows the room's latest version,
    every place drawn is checked against the room's own position, and one of her legal
    moves, drawn by ``Rng.from_seed(seed)``, is made as a person makes it
    (:func:`round_move`). At most ``moves`` of hers; stops when the match is over."""
    rng = Rng.from_seed(seed)
    done = Played()
    seat: int = await ann.page.evaluate("window.sympathy.me()")
    for _ in range(moves + 1):
        room = await her_turn(ann, app, code, seat, timeout)
        game, state = room.game, room.play.state
        assert await ann.zones() == round_zones(render(game, state, seat), seat), \
            f"{game.id}: at version {room.version}"
        if game.outcome(state) is not None:
            done.over = True
            break
        if done.moves == moves:
            break
        view = await ann.page.evaluate("window.sympathy.s.view")
        options = [m for m in view["moves"][str(seat)] if m["code"] not in (END.code, AUTO.code)]
        k, rng = rng.below(len(options))
        done.count(await round_move(ann.page, options[k]))
        done.moves += 1
        await ann.page.wait_for_selector(f'.table-wrap:not([data-version="{room.version}"])',
                                         state="attached", timeout=timeout * 1000)
    assert ann.errors == [], ann.errors
    return done




async def shown_after(ann: Person, app: GameServer, code: str, version: int,
                     timeout: float) -> tuple[Any, dict[str, tuple[int, list[str]]]]:
    """The room, and the places Ann's page draws, once her page shows the room's own
    version and that version is past ``version`` (polled: the clock moves the room on by
    itself)."""
    latest: dict[str, Any] = {}

    async def newer() -> bool:
        room = await app.store.by_code(code)
        shown = await ann.page.evaluate(
            """() => [Number(document.querySelector('.table-wrap').dataset.version),
              [...document.querySelectorAll('.table [data-zone]')].map((e) =>
                [e.dataset.zone, Number(e.dataset.down),
                 e.dataset.up ? e.dataset.up.split(' ') : []])]""")
        if shown[0] != room.version or room.version <= version:
            return False
        latest["room"], latest["zones"] = room, {z: (d, u) for z, d, u in shown[1]}
        return True

    await until(newer, timeout, step=0.02)
    return latest["room"], latest["zones"]


async def play_race_by_hand(ann: Person, app: GameServer, code: str, turns: int,
                            timeout: float = 30.0) -> Played:
    """Play Snap (or Animal Snap) on Ann's page as a person does: the table's clock turns
    the cards, and whenever a snap is on that she may call she calls it at once, by
    space and by the call's button by turns (Animal Snap: the right animal's), racing the
    computer players. Every version of the table that her page shows while it is the
    room's own is checked, place by place, against the room's position. Until ``turns``
    cards have been turned or the match is over; ``moves`` counts her calls, each way,
    ``hows["checked"]`` the positions checked and ``hows["taken by the room"]`` her calls
    that the room took (first, or tied)."""
    done = Played()
    seat: int = await ann.page.evaluate("window.sympathy.me()")
    seen = -1
    while True:
        room, zones = await shown_after(ann, app, code, seen, timeout)
        seen = room.version
        game, state = room.game, room.play.state
        assert zones == round_zones(render(game, state, seat), seat), \
            f"{game.id}: at version {room.version}"
        done.count("checked")
        if game.outcome(state) is not None:
            done.over = True
            break
        if state.turns >= turns:
            break
        right = game.right_calls(state, seat) if seat in game.callers(state) else ()
        if not right:
            continue
        if done.moves % 2 == 0:
            await ann.page.evaluate("document.activeElement && document.activeElement.blur()")
            await ann.page.keyboard.press("Space")
            done.count("call by space")
        else:
            await ann.page.click(
                f'.actions .calls button.call-button[data-move="{right[0].code}"]')
            done.count("call by its button")
        done.moves += 1
    # her calls the room took (a call that came after another's is refused, not played)
    took = [m for who, m in room.play.record.moves if who == seat and m not in ("settle", "turn")]
    if took:
        done.hows["taken by the room"] = len(took)
    assert ann.errors == [], ann.errors
    return done
