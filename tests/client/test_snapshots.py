"""Snapshots of boards drawn from views: Sympathy, Sympathie and the solo games.

Two kinds: the terminal UI's board as SVG (pytest-textual-snapshot, files in
``tests/client/__snapshots__/test_snapshots/``) and the line mode's text (syrupy,
``__snapshots__/test_snapshots.ambr``). Update them with ``pytest --snapshot-update``
after a deliberate change, and read the diff. The solo games are Clock, Solitaire and
Paternal: a clock face, four waste piles and a tableau.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from textual.app import App, ComposeResult

from client.render import board_lines
from client.table_text import move_zones
from client.tui.board import Board
from rules import Play, make, render

#: Three solo games of different shapes: a clock face, four waste piles, a tableau.
SOLO_CASES = ["clock", "solitaire", "paternal"]


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
    return render(game, play.state, audience)


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
        """Show ``view`` as the table would: every legal move's zones, the first picked."""
        moves = [m for ms in (view.get("moves") or {}).values() for m in ms]
        legal = set().union(*(move_zones(view, m) for m in moves)) if moves else set()
        picked = move_zones(view, moves[0]) if moves else set()
        self.query_one(Board).show(view, me, legal, picked)


def test_sympathy_board_svg(snap_compare: Any) -> None:
    view = midgame("sympathy", 42, 14, 0)
    assert view["status"] == "playing"
    assert snap_compare(BoardApp(view, 0), terminal_size=(100, 16))


def test_sympathie_board_svg_in_letters(snap_compare: Any) -> None:
    view = midgame("sympathie", 42, 9, None)
    assert snap_compare(BoardApp(view, None, ascii=True), terminal_size=(100, 16))


@pytest.mark.parametrize("game_id", SOLO_CASES)
def test_solo_board_svg(snap_compare: Any, game_id: str) -> None:
    view = midgame(game_id, 42, 6, 0)
    assert snap_compare(BoardApp(view, 0), terminal_size=(100, 30))


@pytest.mark.parametrize(("game_id", "moves", "audience"), [
    ("sympathy", 14, 0), ("sympathy", 14, None), ("sympathie", 9, 1)])
def test_plain_board_text(snapshot: SnapshotAssertion, game_id: str, moves: int,
                          audience: int | None) -> None:
    view = midgame(game_id, 42, moves, audience)
    assert "\n".join(board_lines(view, me=audience)) == snapshot


@pytest.mark.parametrize("game_id", SOLO_CASES)
def test_plain_solo_board_text(snapshot: SnapshotAssertion, game_id: str) -> None:
    assert "\n".join(board_lines(midgame(game_id, 42, 6, 0), me=0)) == snapshot
