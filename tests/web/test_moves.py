"""Pointing at places on the table: which move a click (or two) means, read from the
moves' shapes by the page's own module (``client/web/point.js``) in the browser."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Browser

from rules import Play, make, render
from tests.kit.browser import ON_THE_BROWSERS_LOOP, Person

pytestmark = ON_THE_BROWSERS_LOOP

POINT = """async ([view, seat, points]) => {
  const m = await import('/static/point.js');
  const moves = view.moves[String(seat)].map((x) => ({ ...x, seat })).filter((x) => !m.isEnding(x));
  let chosen = [];
  for (const [zone, card] of points) {
    const r = m.point(chosen, { zone, card }, moves, view.zones);
    if (r.act) return r.act.code;
    chosen = r.points;
  }
  return null;
}"""


def view_after(game: str, seed: int, codes: list[str]) -> dict[str, Any]:
    g = make(game)
    play = Play.start(g, seed)
    for c in codes:
        play = play.push(c, g.to_move(play.state)[0])
    return render(g, play.state, 0, shapes=True)


async def test_a_source_then_a_destination_picks_the_move_between_them(
        browser: Browser, site: str) -> None:
    page = (await Person.open(browser, f"{site}/")).page
    view = view_after("patience_at_st_helena", 1, [])
    moves = view["moves"]["0"]
    both = [(a, b) for a in moves for b in moves if a["shape"]["kind"] == "move"
            and (b["shape"]["from"], b["shape"]["to"]) == (a["shape"]["to"], a["shape"]["from"])]
    assert both, "this deal has two cards that may each go onto the other"
    there, back = both[0]
    src, dst = there["shape"]["from"], there["shape"]["to"]
    assert await page.evaluate(POINT, [view, 0, [[src, None], [dst, None]]]) == there["code"]
    assert await page.evaluate(POINT, [view, 0, [[dst, None], [src, None]]]) == back["code"]


async def test_a_click_on_a_packet_is_that_packet_not_one_that_shares_its_digits(
        browser: Browser, site: str) -> None:
    page = (await Person.open(browser, f"{site}/")).page
    view = view_after("sympathy", 2, ["open"])
    assert await page.evaluate(POINT, [view, 0, [["A1", None]]]) == "t1"
    assert await page.evaluate(POINT, [view, 0, [["A17", None]]]) == "t17"
    assert await page.evaluate(POINT, [view, 0, [["B1", None]]]) is None  # not A's to turn


#: Klondike deal 4 after these moves: column 7 holds 6♣ 5♦ 4♣ 3♦; the run from 6♣ may go
#: onto 7♥ (column 2), and 3♦ alone to its family.
KLONDIKE_4 = ["t7>t6", "d", "t5>f", "d", "d", "d", "w>f", "d", "w>t4", "w>t6", "w>t2", "d",
              "w>t3", "d", "d", "d", "d", "d", "d", "d", "d", "w>t7", "d", "t1>t7", "w>t7",
              "t2>t1"]


async def test_the_card_pointed_at_tells_which_cards_move(browser: Browser, site: str) -> None:
    page = (await Person.open(browser, f"{site}/")).page
    view = view_after("klondike", 4, KLONDIKE_4)
    assert await page.evaluate(POINT, [view, 0, [["t7", "6C"], ["t2", None]]]) == "t7>t2"
    assert await page.evaluate(POINT, [view, 0, [["t7", "3D"], ["f3", None]]]) == "t7>f"
    # a card with one move: one click plays it; column 7's label, two moves: none yet
    assert await page.evaluate(POINT, [view, 0, [["t7", "3D"]]]) == "t7>f"
    assert await page.evaluate(POINT, [view, 0, [["t7", None]]]) is None
    home = """async ([view, at]) => {
      const m = await import('/static/point.js');
      return m.homeMove(at, view.moves['0'], view.zones)?.code ?? null;
    }"""
    assert await page.evaluate(home, [view, {"zone": "t7", "card": "3D"}]) == "t7>f"
    assert await page.evaluate(home, [view, {"zone": "t7", "card": "6C"}]) is None
