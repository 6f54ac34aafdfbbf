"""The check a game's knowledge for the solver (``order_moves``, ``solver_key``: see
rules/solver.py) is held to: with it the search wins a deal within a small budget and
the line it finds replays to a win; without it (the same game with those methods taken
away) the same search does not win that deal within a larger one. So a test built on it
goes red when the knowledge is lost or weakened."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import make
from rules.record import Play
from rules.solver import WON, Budget, solve

#: The game without its move order and position key (the solver's defaults instead).
PLAIN: Mapping[str, Any] = {"order_moves": None, "solver_key": None}


def assert_knowledge_wins(game_id: str, deal: int, within: int,
                          without: Mapping[str, Any], plain_budget: int,
                          options: Mapping[str, object] | None = None) -> None:
    """Deal ``deal`` of ``game_id`` is won within ``within`` positions, the line replays
    to a win through :class:`rules.record.Play` (every move checked), and the game with
    the methods of ``without`` replaced (``None``: the solver's default) does not win
    it within ``plain_budget``."""
    game = make(game_id, options)
    found = solve(game, game.deal(deal), Budget(within))
    assert found.verdict == WON, (game_id, deal, found.verdict)
    play = Play.start(game, deal)
    for seat, move in found.line:
        play = play.push(move, seat)
    outcome = game.outcome(play.state)
    assert outcome is not None and outcome.won
    plain = type("Plain", (type(game),), dict(without))(game.options)
    assert solve(plain, plain.deal(deal), Budget(plain_budget)).verdict != WON, \
        f"{game_id} deal {deal} is won without the knowledge too: the test pins nothing"
