"""What the room page says of people (client/web/words.js), run in the page itself: a
match's result from each person's side in people's names, a shared match and a match
nobody won, and a call line that names each person once."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Browser

from tests.kit.browser import ON_THE_BROWSERS_LOOP, Person

pytestmark = ON_THE_BROWSERS_LOOP

SAY = """async ([result, role, seats]) => {
  const w = await import("/static/words.js");
  const s = {
    role, seats, view: { layout: "round", status: "won", result,
      seats: ["North", "East", "South", "West"] },
    presence: { members: [
      { role: "player", seats: [0], name: "Ann" },
      { role: "player", seats: [1], name: "Computer (East)" },
      { role: "player", seats: [2], name: "Bea" }] },
  };
  return [w.resultText(s),
          w.callText(s, { seat: 1, first: 0, outcome: "lost", margin_ms: 12 })];
}"""


async def test_results_and_calls_are_said_in_peoples_names(browser: Browser, site: str) -> None:
    page = (await Person.open(browser, f"{site}/")).page

    async def say(result: str, role: str, seats: list[int]) -> Any:
        return await page.evaluate(SAY, [result, role, seats])

    won = "North and South share the match: East holds the old maid."
    assert await say(won, "player", [0]) == [
        "You share the match with Bea (South) (Computer (East) holds the old maid).",
        "Computer (East) calls 12 ms after you: too late."]
    assert (await say(won, "player", [1]))[0] == (
        "You lost: Ann (North) and Bea (South) shared the match "
        "(Computer (East) holds the old maid).")
    assert await say(won, "watcher", []) == [
        "Ann (North) and Bea (South) share the match (Computer (East) holds the old maid).",
        "Computer (East) calls 12 ms after Ann (North): too late."]
    assert (await say("West wins the match.", "player", [0]))[0] == "You lost: West won the match."
    assert (await say("Nobody wins the match.", "watcher", []))[0] == "Nobody wins the match."
