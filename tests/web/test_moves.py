"""Clicking places on the table: which move a click (or two) means, for any game."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Browser

from rules import Play, make, render
from tests.kit.browser import ON_THE_BROWSERS_LOOP, Person

pytestmark = ON_THE_BROWSERS_LOOP

CHOOSE = """async ([view, seat, clicks]) => {
  const m = await import('/static/moves.js');
  const moves = view.moves[String(seat)].map((x) => ({ ...x, seat }));
  let selected = null;
  for (const z of clicks) {
    const r = m.choose(selected, z, moves, view.zones);
    if (r.act) return r.act.code;
    selected = r.selected;
  }
  return null;
}"""


def view_after(game: str, seed: int, codes: list[str]) -> dict[str, Any]:
    g = make(game)
    play = Play.start(g, seed)
    for c in codes:
        play = play.push(c, g.to_move(play.state)[0])
    return render(g, play.state, 0)


async def test_a_source_then_a_destination_picks_the_move_between_them(
        browser: Browser, site: str) -> None:
    page = (await Person.open(browser, f"{site}/")).page
    view = view_after("patience_at_st_helena", 1, [])
    codes = {m["code"]: m["text"] for m in view["moves"]["0"]}
    both = [(a, b) for a in codes if ">" in a for b in codes if b == ">".join(a.split(">")[::-1])]
    assert both, "this deal has two cards that may each go onto the other"
    there, back = both[0]
    zone = {z["label"]: z["id"] for z in view["zones"]}
    src = next(zone[lab] for lab in sorted(zone, key=len, reverse=True)
               if f"from {lab} onto" in codes[there])
    dst = next(zone[lab] for lab in sorted(zone, key=len, reverse=True)
               if codes[there].endswith(f"on {lab}"))
    assert await page.evaluate(CHOOSE, [view, 0, [src, dst]]) == there
    assert await page.evaluate(CHOOSE, [view, 0, [dst, src]]) == back


async def test_a_click_on_a_packet_is_that_packet_not_one_that_shares_its_digits(
        browser: Browser, site: str) -> None:
    page = (await Person.open(browser, f"{site}/")).page
    view = view_after("sympathy", 2, ["open"])
    assert await page.evaluate(CHOOSE, [view, 0, ["A1"]]) == "t1"
    assert await page.evaluate(CHOOSE, [view, 0, ["A17"]]) == "t17"
    assert await page.evaluate(CHOOSE, [view, 0, ["B1"]]) is None  # not A's to turn
