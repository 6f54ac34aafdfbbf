"""The board widget alone, on a view after some first-legal moves: for snapshot tests of
the board and the table text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.app import App, ComposeResult

from client.pointing import places_of, start_places
from client.tui.board import Board
from rules import Play, make, render


def midgame(game_id: str, seed: int, moves: int, audience: int | None) -> dict[str, Any]:
    """The view after ``moves`` first-legal moves of deal ``seed`` (deterministic)."""
    game = make(game_id)
    play: Play[Any] = Play.start(game, seed)
    for _ in range(moves):
        legal = game.all_legal(play.state)
        if not legal or game.outcome(play.state) is not None:
            break
        seat, move = legal[0]
        play = play.push(move, seat)
    return render(game, play.state, audience, shapes=True)


class BoardApp(App[None]):
    """Just the board widget, as the table screen draws it."""

    def __init__(self, view: Mapping[str, Any], me: int | None, ascii: bool = False) -> None:
        super().__init__()
        self.view, self.me, self.ascii = view, me, ascii

    def compose(self) -> ComposeResult:
        yield Board(self.ascii, id="board")

    def on_mount(self) -> None:
        self.draw(self.view, self.me)

    def draw(self, view: Mapping[str, Any], me: int | None) -> None:
        """Show ``view`` as the table would: where each legal move may be picked, the
        first move's places chosen."""
        moves = [m for ms in (view.get("moves") or {}).values() for m in ms]
        legal = start_places(moves)
        picked = places_of(moves[0]) if moves else set()
        self.query_one(Board).show(view, me, legal, picked)
