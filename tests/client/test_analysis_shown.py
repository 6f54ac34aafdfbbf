"""The terminal client's game-over screen shows the solver's analysis: the move that
lost a winnable deal (a watcher's TUI against a real server; the player is the library)."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from client.plan import Plan
from client.session import Session
from client.tokens import TokenStore
from client.tui.app import SympathyApp
from client.tui.over import GameOver
from rules import Play, make
from rules.analysis import analyse
from rules.common import AUTO
from rules.solver import Budget
from tests.kit.screen import until
from tests.kit.server import Running


def losing_line() -> list[str]:
    """Little Lots, deal 3, taking the last choice each time: a winnable deal, lost."""
    game = make("little_lots")
    play: Play[Any] = Play.start(game, 3)
    while game.outcome(play.state) is None:
        seat, move = [(s, m) for s, m in game.all_legal(play.state) if m != AUTO][-1]
        play = play.push(move, seat)
    return [code for _, code in play.record.moves]


async def test_the_game_over_screen_names_the_losing_move(server: Running,
                                                          tokens: TokenStore) -> None:
    codes = losing_line()
    async with Session(server.url, "Ann") as ann:
        code = (await ann.create("little_lots", deal=3))["code"]
        app = SympathyApp(server.url, "Wes", Plan("join", code=code, role="watcher"),
                          tokens=tokens)
        async with app.run_test(size=(120, 50)) as pilot:
            for move in codes:
                await ann.move(move)
            await until(lambda: isinstance(app.screen, GameOver))
            await pilot.pause()
            shown = str(app.screen.query_one("#over-text", Static).render())
    record = Play.start(make("little_lots"), 3).record
    for move in codes:
        record = type(record)(record.game, record.options, record.seed,
                              (*record.moves, (0, move)))
    expected = analyse(record, Budget(50_000))
    assert expected.lost_at is not None
    assert "The deal could be won." in shown
    assert f"The game was lost at move {expected.lost_at}: {expected.lost_move}" in shown
