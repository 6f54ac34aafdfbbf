"""A round game through the page: a person plays a short match against a computer player
with clicks and keys, and a watcher's page never holds a card of a hand (the DOM is
searched for every card of the player's hand, in every form a card is written)."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Browser

from rules import make
from tests.kit.browser import ON_THE_BROWSERS_LOOP, PHONE, Person, open_room
from tests.kit.hand import her_turn, round_move
from tests.kit.server import Running

pytestmark = ON_THE_BROWSERS_LOOP

RANKS = {"A": "ace", "T": "ten", "J": "jack", "Q": "queen", "K": "king"}
SUITS = {"S": ("spades", "♠"), "H": ("hearts", "♥"), "D": ("diamonds", "♦"),
         "C": ("clubs", "♣")}


def forms(code: str) -> list[str]:
    """Every way the page writes a card: its code as data, its name, its short text."""
    name, symbol = SUITS[code[1]]
    rank = "10" if code[0] == "T" else code[0]
    return [f'data-card="{code}"', f"{RANKS.get(code[0], code[0])} of {name}",
            f"{rank}{symbol}"]


async def test_a_match_against_a_computer_player_and_a_watcher_sees_no_hand(
        browser: Browser, site: str) -> None:
    # deal 9: nine and eight cards left after the pairs are thrown out, so Ann draws
    # several times (a random deal may leave three and four, and end after one draw)
    ann, code = await open_room(browser, site, "old_maid", deal=9,
                                fills={"opt-players": "2"}, think_ms="0")
    page = ann.page
    assert await page.locator(".hand.mine .hand-card").count() > 0  # her hand, face up
    wes = await Person.open(browser, f"{site}/r/{code}", name="Wes")
    await wes.page.wait_for_selector(".actions h2:has-text('Watching')")

    await page.click("button.bots")  # a computer player in the empty seat
    await page.wait_for_selector(".members li:has-text('Computer')")
    checked = clicked = keyed = 0
    for _ in range(60):
        await page.wait_for_selector(".hand-back.playable, .end:not([hidden])")
        if await page.locator(".end:not([hidden])").count():
            break
        version = await ann.version()
        hand = await page.eval_on_selector_all(".hand.mine [data-card]",
                                               "els => els.map(e => e.dataset.card)")
        await wes.wait_version(version)
        html = await wes.page.content()
        for card in hand:
            for form in forms(card):
                assert form not in html, (card, form)
        checked += 1
        if clicked <= keyed:  # Ann draws: a click on a back, or left/right and Enter
            await page.click(".hand-back.playable >> nth=0")
            clicked += 1
        else:
            await page.evaluate("document.activeElement && document.activeElement.blur()")
            await page.keyboard.press("ArrowRight")
            await page.keyboard.press("Enter")
            keyed += 1
        # the table moved on (versions only go up; no script evaluated: the page's CSP)
        await page.wait_for_selector(f'.table-wrap:not([data-version="{version}"])',
                                     state="attached")
    await page.wait_for_selector(".end:not([hidden])")
    assert checked >= 2 and clicked and keyed
    assert await page.locator(".match .history li").count() >= 1  # the deals played
    await wes.page.wait_for_selector(".end:not([hidden])")
    assert "old maid" in (await wes.page.inner_text(".match .history")).lower()
    # the result in people's names, from each person's side
    ann_said, wes_said = await page.inner_text(".turn"), await wes.page.inner_text(".turn")
    assert ann_said == ("You lost: Computer (Player 2) won the match "
                        "(Ann (Player 1) is the old maid).")
    assert wes_said == "Computer (Player 2) won the match (Ann (Player 1) is the old maid)."
    assert await page.inner_text(".end h2") == "You lost"
    assert not ann.errors and not wes.errors, (ann.errors, wes.errors)


async def test_snaps_call_is_always_offered_and_the_call_line_names_each_person_once(
        browser: Browser, site: str) -> None:
    # deal 0 of Snap, cards turned by the table's clock every 3 s: Player 2 turns, Ann
    # turns, Player 2 turns a card that matches Ann's: a snap (9 s after the deal, so
    # that Ann's first call comes before it on a busy machine too), which the computer
    # player in seat 2 calls at once
    ann, _ = await open_room(browser, site, "snap", deal=0, think_ms="0",
                             fills={"opt-players": "2", "opt-pace_ms": "3000"})
    page = ann.page
    call = page.locator(".actions .calls button.call-button")
    await call.wait_for()  # no snap is on (none can be before the third card): offered
    assert "Snap" in await call.inner_text()
    await page.click("button.bots")
    await call.click()  # a call with no snap on: the caller's risk
    await page.wait_for_selector(".notice:has-text('There is no snap to call now')")
    await page.wait_for_selector(".members li:has-text('Computer')")
    line = page.locator(".call")
    await line.wait_for()
    said = await line.inner_text()
    assert said == "Call: Computer (Player 2) calls first.", said
    # the table settles the snap; the last move names the person, once
    await page.locator(".last", has_text="Computer (Player 2) wins the snap").wait_for()
    assert "(Player 2) (Player 2)" not in await page.inner_text(".last")
    assert await call.count() == 1  # still offered
    assert ann.errors == []


async def test_the_move_log_says_who_took_your_card_and_names_the_card_you_drew_to_you_alone(
        browser: Browser, site: str) -> None:
    # deal 9, two players: the computer player (left of the dealer, Ann) draws first;
    # it thinks a second, so that Ann's page shows her draw before it draws again
    ann, code = await open_room(browser, site, "old_maid", deal=9,
                                fills={"opt-players": "2"}, think_ms="1000")
    page = ann.page
    wes = await Person.open(browser, f"{site}/r/{code}", name="Wes")
    await wes.page.wait_for_selector(".actions h2:has-text('Watching')")
    await page.click("button.bots")
    await page.wait_for_selector(".hand-back.playable")  # the computer player has drawn
    took = page.locator(".move-log li", has_text="Computer (Player 2) draws a card from Ann")
    await took.wait_for()
    version = await ann.version()
    await page.click(".hand-back.playable >> nth=0")
    mine = page.locator(f'.move-log li[data-version="{version + 1}"]')
    await mine.wait_for()
    shown = {c for _, up in (await ann.zones()).values() for c in up}
    said = await mine.inner_text()
    drawn = said.removeprefix("Ann draws the ").split(" ", 1)[0]
    assert said.startswith(f"Ann draws the {drawn} from Computer (Player 2)"), said
    # the card is in her hand, or thrown out with its mate
    rank = "T" if drawn[:-1] == "10" else drawn[:-1]
    suit = next(k for k, (_, symbol) in SUITS.items() if drawn.endswith(symbol))
    assert rank + suit in shown, (drawn, shown)
    await wes.wait_version(version + 1)
    seen = await wes.page.inner_text(f'.move-log li[data-version="{version + 1}"]')
    assert seen == said.replace(f"the {drawn}", "a card", 1), (seen, said)
    assert drawn not in await wes.page.inner_text(".move-log")
    assert not ann.errors and not wes.errors, (ann.errors, wes.errors)


async def test_all_fours_shows_who_played_each_card_and_the_last_trick_again(
        browser: Browser, site: str) -> None:
    # deal 3, two players: Ann (North) deals, the computer player (East) holds or begs,
    # then leads; Ann answers and follows (her first playable card each time)
    ann, _ = await open_room(browser, site, "all_fours", deal=3, think_ms="0")  # 2 players
    page = ann.page
    await page.click("button.bots")
    await page.wait_for_selector(".members li:has-text('Computer')")
    trick = page.locator(".centre .trick")
    for _ in range(10):  # to the first card Ann plays into a trick East led
        await page.wait_for_selector(".hand-card.playable, .actions button.move")
        if await page.locator(".hand-card.playable").count():
            break
        version = await ann.version()
        await page.click(".actions button.move >> nth=0")  # take one, or run the pack
        await page.wait_for_selector(f'.table-wrap:not([data-version="{version}"])',
                                     state="attached")
    led = (await trick.get_attribute("data-up")) or ""
    assert len(led.split()) == 1, led  # East led one card
    play = trick.locator(".plays .play")
    assert await play.count() == 1
    assert await play.locator("figcaption").inner_text() == "Computer (East)"
    assert await play.get_attribute("data-card") == led
    assert not await page.locator(".facts", has_text="last trick").count()

    mine = await page.get_attribute(".hand-card.playable >> nth=0", "data-card")
    version = await ann.version()
    await page.click(".hand-card.playable >> nth=0")
    await page.wait_for_selector(f'.table-wrap:not([data-version="{version}"])',
                                 state="attached")
    last = trick.locator("details.last-trick")
    await last.wait_for()
    assert (await last.locator("summary").inner_text()).startswith("Last trick: won by ")
    await last.locator("summary").click()  # look at it again
    plays = last.locator(".play")
    assert await plays.count() == 2
    assert [await plays.nth(i).locator("figcaption").inner_text() for i in range(2)] == \
        ["Computer (East)", "you (North)"]
    assert [await plays.nth(i).get_attribute("data-card") for i in range(2)] == [led, mine]
    assert await last.locator(".play.winner").count() == 1
    # East won it and leads the next trick: the last trick can still be looked at
    assert await last.locator(".play.winner figcaption").inner_text() == "Computer (East)"
    await page.wait_for_selector(".hand-card.playable")
    assert len(((await trick.get_attribute("data-up")) or "").split()) == 1
    assert [await plays.nth(i).get_attribute("data-card") for i in range(2)] == [led, mine]
    assert not ann.errors, ann.errors


async def test_a_hand_is_sorted_by_suit_then_by_the_games_own_order_of_ranks(
        browser: Browser, site: str) -> None:
    # the server's order (as dealt) is kept in the codes; the page shows the hand sorted:
    # spades, hearts, clubs, diamonds, each in the game's order of ranks
    async def hand(game: str, deal: int, **fills: str) -> list[str]:
        ann, _ = await open_room(browser, site, game, deal=deal, fills=fills)
        cards = await ann.page.eval_on_selector_all(
            ".hand.mine .hand-card", "els => els.map(e => e.dataset.card)")
        await ann.close()
        return [str(c) for c in cards]

    # All Fours, deal 12 (dealt QS 5H QH AH 3D 4C): the ace above the queen
    assert await hand("all_fours", 12) == ["QS", "5H", "QH", "AH", "4C", "3D"]
    # Pope Joan, three players, deal 1: aces below the deuce
    assert await hand("pope_joan", 1, **{"opt-players": "3"}) == [
        "AS", "2S", "6S", "7S", "KS", "2H", "5H", "8H", "TH", "9C", "AD", "3D", "5D", "TD"]


async def test_the_pope_joan_board_is_drawn_with_each_pool_and_its_counters(
        browser: Browser, site: str) -> None:
    # deal 1, three players: the board dressed for the first deal, trumps clubs
    truth = make("pope_joan", {"players": 3}).public(make("pope_joan", {"players": 3}).deal(1))
    ann, _ = await open_room(browser, site, "pope_joan", deal=1, fills={"opt-players": "3"})
    page_url = ann.page.url
    board = ann.page.locator(".pope-board")
    await board.wait_for()
    pools = await board.locator(".pool[data-pool]").evaluate_all(
        "els => els.map(e => [e.dataset.pool, e.querySelector('.pool-count').textContent])")
    assert dict(pools) == {k: str(v) for k, v in truth["board"].items()}
    assert [p for p, _ in pools][:8] == ["Ace", "King", "Queen", "Knave", "Matrimony",
                                         "Intrigue", "Pope", "Game"]
    assert truth["board"]["Pope"] == 6
    assert "trumps ♣" in await board.locator("h3").inner_text()
    assert "board" not in (await ann.page.inner_text(".facts")).lower()  # drawn, not a line
    # the Pope in the middle of the board, the others round it
    boxes = {p: await board.locator(f'.pool[data-pool="{p}"]').bounding_box()
             for p in ("Pope", "Ace", "Game")}
    pope, ace, game = boxes["Pope"], boxes["Ace"], boxes["Game"]
    assert pope and ace and game
    assert ace["y"] < pope["y"] < game["y"]
    # on a phone, a watcher's page shows the board without scrolling sideways
    wes = await Person.open(browser, page_url, viewport=PHONE, name="Wes")
    await wes.page.locator(".pope-board .pool[data-pool='Pope']").wait_for()
    assert await wes.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not wes.errors, wes.errors
    assert not ann.errors, ann.errors


async def test_the_end_of_a_deal_pauses_with_how_it_went_before_the_next(
        browser: Browser, site: str) -> None:
    # Old Maid deal 9, three deals, Ann against a computer player thinking briefly: Ann
    # draws until the first deal is over
    chosen: dict[str, Any] = {"think_ms": "300", "opt-deals": "3"}  # the lobby's selects
    ann, _ = await open_room(browser, site, "old_maid", "Ann", 9, {"opt-players": "2"}, True,
                             **chosen)
    page = ann.page
    await page.click("button.bots")
    over = page.locator(".deal-over")
    for _ in range(60):
        await page.wait_for_selector(".hand-back.playable, .deal-over:not([hidden])")
        if await over.is_visible():
            break
        version = await ann.version()
        await page.click(".hand-back.playable >> nth=0")
        await page.wait_for_selector(f'.table-wrap:not([data-version="{version}"])',
                                     state="attached")
    await over.wait_for()
    assert await over.locator("h2").inner_text() == "Deal 1 is over"
    summary = await over.locator(".summary").inner_text()
    assert summary in ("Ann (Player 1) is the old maid.",
                       "Computer (Player 2) is the old maid."), summary
    scores = await over.locator(".scores").inner_text()
    maid = 1 if summary.startswith("Ann") else 0
    assert scores == f"points: you (Player 1) {maid} · Computer (Player 2) {1 - maid}"
    # the summary stays while the second deal goes on, until Ann goes on
    assert "deal 2" in (await page.inner_text(".match h3")).lower()
    await over.locator("button.go-on").click()
    await over.wait_for(state="hidden")
    assert not ann.errors, ann.errors


async def test_the_moves_say_whose_hand_by_the_persons_name(browser: Browser, site: str) -> None:
    # Old Maid deal 9, Ann and Bea: Bea (left of the dealer, Ann) draws first, from Ann's
    # hand; each back she may draw names Ann, not Ann's seat ("Player 1")
    ann, code = await open_room(browser, site, "old_maid", deal=9, fills={"opt-players": "2"})
    bea = await Person.open(browser, f"{site}/r/{code}", name="Bea")
    await bea.page.click(".actions button:has-text('Take a seat')")
    backs = bea.page.locator(".hand.theirs .hand-back.playable")
    await backs.first.wait_for()
    said = [await backs.nth(i).get_attribute("aria-label") for i in range(await backs.count())]
    assert said and all("from the left of Ann's hand" in str(s) for s in said), said
    listed = await bea.page.inner_text(".actions ol.moves")
    assert "Ann's hand" in listed and "Player 1" not in listed, listed
    await backs.first.click()  # the back names Ann and still draws from her hand
    await ann.page.locator(".move-log li", has_text="Bea draws a card from Ann").wait_for()
    assert not ann.errors and not bea.errors, (ann.errors, bea.errors)


async def test_left_and_right_walk_the_hand_in_the_order_it_is_shown(
        browser: Browser, site: str) -> None:
    # All Fours deal 12, Ann (North) and Bea (East): Bea stands and leads 3♠, Ann follows
    # with Q♠ and leads next from 5♥ Q♥ A♥ 3♦ 4♣ (the server's order), shown 5♥ Q♥ A♥
    # 4♣ 3♦ (clubs before diamonds): the keys walk them as shown
    ann, code = await open_room(browser, site, "all_fours", deal=12)
    bea = await Person.open(browser, f"{site}/r/{code}", name="Bea")
    await bea.page.click(".actions button:has-text('Take a seat')")
    await bea.page.click(".actions button.move[data-move='hold']")
    await bea.page.click(".hand.mine .hand-card.playable[data-card='3S']")
    await ann.page.click(".hand.mine .hand-card.playable[data-card='QS']")
    page = ann.page
    await page.wait_for_selector(".hand.mine .hand-card.playable >> nth=4")
    shown = await page.eval_on_selector_all(".hand.mine .hand-card.playable",
                                            "els => els.map(e => e.dataset.card)")
    assert shown == ["5H", "QH", "AH", "4C", "3D"], shown
    await page.evaluate("document.activeElement && document.activeElement.blur()")
    walked = []
    for _ in range(6):
        await page.keyboard.press("ArrowRight")
        walked.append(await page.get_attribute(".hand.mine .hand-card.chosen", "data-card"))
    assert walked == [*shown, "5H"], walked  # round again after the last
    await page.keyboard.press("ArrowLeft")
    assert await page.get_attribute(".hand.mine .hand-card.chosen", "data-card") == "3D"
    assert not ann.errors and not bea.errors, (ann.errors, bea.errors)


async def test_space_plays_snip_snap_snorums_snap_as_the_list_says(
        browser: Browser, server: Running, site: str) -> None:
    # deal 0 against computer players: whenever Ann may say "Snap" the list shows its key
    # as space, and space plays it (her other moves by pointing at a card of her hand)
    ann, code = await open_room(browser, site, "snip_snap_snorum", deal=0, think_ms="0")
    page = ann.page
    await page.click("button.bots")
    snaps = 0
    for _ in range(30):
        room = await her_turn(ann, server.app, code, 0)
        if room.game.outcome(room.play.state) is not None:
            break
        snap = page.locator('.actions ol.moves button.move[data-move="snap"]')
        if await snap.count():
            assert await snap.locator("kbd.key").inner_text() == "space"
            await page.evaluate("document.activeElement && document.activeElement.blur()")
            await page.keyboard.press("Space")
            snaps += 1
        else:
            view = await page.evaluate("window.sympathy.s.view")
            await round_move(page, view["moves"]["0"][0])
        await page.wait_for_selector(f'.table-wrap:not([data-version="{room.version}"])',
                                     state="attached")
        if snaps >= 2:
            break
    moves = (await server.app.store.by_code(code)).play.record.moves
    assert snaps >= 1 and [m for m in moves if m == (0, "snap")] == [(0, "snap")] * snaps, moves
    assert ann.errors == []
