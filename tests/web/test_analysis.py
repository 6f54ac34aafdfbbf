"""The web page shows the analysis of a finished game: whether the deal could be won, the
move that lost it, and how an advisor's proposal fared (the server works it out with the
solver, from the record)."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Browser

from rules import Play, make
from rules.analysis import analyse, analyse_record
from rules.common import AUTO
from rules.solver import Budget
from tests.kit.browser import ON_THE_BROWSERS_LOOP, Person
from tests.kit.peer import Peer
from tests.kit.server import Running

pytestmark = ON_THE_BROWSERS_LOOP


def losing_play() -> Play[Any]:
    """Little Lots, deal 3, taking the last choice each time: a winnable deal, lost."""
    game = make("little_lots")
    play: Play[Any] = Play.start(game, 3)
    while game.outcome(play.state) is None:
        seat, move = [(s, m) for s, m in game.all_legal(play.state) if m != AUTO][-1]
        play = play.push(move, seat)
    return play


async def test_the_end_of_a_game_shows_where_it_was_lost_and_how_advice_fared(
        server: Running, site: str, browser: Browser) -> None:
    play = losing_play()
    game = play.game
    local = analyse(play.record, Budget(50_000))
    assert local.lost_at is not None
    k = local.lost_at - 1  # the losing move; an advisor proposed the move that kept it
    keeper = next(m.code for m in game.legal_moves(play.states[k], 0)
                  if game.describe(play.states[k], m) == local.keeper)

    ann = await Peer.connect(server.url, "Ann")
    joined = await ann.call("create", game="little_lots", seats="all", deal=3)
    room = joined["room"]
    xan = await Peer.connect(server.url, "Xan")
    assert (await xan.call("join", code=joined["code"], role="advisor"))["type"] == "joined"
    watcher = await Person.open(browser, f"{site}/r/{joined['code']}", name="Wat")
    await watcher.wait_version(0)

    state = await ann.state(0)
    for i, (_, code) in enumerate(play.record.moves):
        if i == k:
            ok = await xan.call("propose", room=room, version=state["version"], move=keeper)
            assert ok["type"] == "ok", ok
        ok = await ann.call("move", room=room, version=state["version"], move=code)
        assert ok["type"] == "ok", ok
        state = await ann.state(ok["version"])

    await watcher.page.wait_for_selector(".end .analysis ul", timeout=30_000)
    section = watcher.page.locator(".end .analysis")
    assert await section.get_attribute("data-deal") == "won"
    assert await section.get_attribute("data-lost-at") == str(local.lost_at)
    shown = await watcher.page.locator(".end .analysis li").all_inner_texts()
    # the server's analysis of the room's own record, sentence for sentence
    record = await ann.call("record", room=room)
    expected = analyse_record(record, lambda: 0.0, 10.0)  # a clock that stands still
    assert shown == list(expected.lines)
    assert shown[0] == "The deal could be won."
    lost = await watcher.page.inner_text(".end .analysis li.lost")
    assert lost.startswith(f"The game was lost at move {local.lost_at}: {local.lost_move}")
    assert f"{local.keeper} instead would have kept it winnable" in lost
    [judged] = await watcher.page.locator(".end .analysis li.proposal").all_inner_texts()
    assert judged.startswith(f"Xan's proposal at move {local.lost_at}")
    assert judged.endswith("(left): kept the game winnable.")
    assert watcher.errors == []
    await watcher.close()
    for peer in (ann, xan):
        await peer.close()


async def test_the_analysis_is_refused_while_the_game_goes_on(server: Running) -> None:
    ann = await Peer.connect(server.url, "Ann")
    joined = await ann.call("create", game="little_lots", seats="all", deal=3)
    refused = await ann.call("analysis", room=joined["room"])
    assert refused["code"] == "record/not_available"
    await ann.close()
