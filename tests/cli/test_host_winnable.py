"""``sympathy host GAME --winnable``: a table of winnable deals only from the terminal,
and the server's words where the game does not offer it."""

from __future__ import annotations

from pathlib import Path

from rules import Play, make
from rules.solver import Budget, solve
from server.winnable import NODES
from tests.kit.cli import Proc
from tests.kit.server import Running, until


async def test_host_winnable_is_dealt_a_deal_the_solver_wins(server: Running,
                                                              tmp_path: Path) -> None:
    stock = server.app.sessions.winnable
    stock.want("clock")  # one deal in sixteen of Clock can be won
    await until(lambda: stock.ready("clock") >= 1)
    ann = await Proc.start(tmp_path / "ann", "host", "clock", "--winnable", "--plain",
                           "--server", server.url, "--name", "Ann")
    code = (await ann.expect(r"joined room (\w+)")).group(1)
    room = await server.app.store.by_code(code)
    assert room.policy.winnable
    game = make("clock", {})
    assert solve(game, Play.start(game, room.seed).state, Budget(NODES)).won
    await ann.send("quit")
    assert await ann.finish() == 0


async def test_host_winnable_of_a_game_without_it_says_why(server: Running,
                                                            tmp_path: Path) -> None:
    ann = await Proc.start(tmp_path / "ann", "host", "klondike", "--winnable", "--plain",
                           "--server", server.url, "--name", "Ann")
    await ann.expect(r"does not offer winnable deals only")
    await ann.finish()
