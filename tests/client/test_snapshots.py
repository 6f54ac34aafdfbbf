"""Snapshots of boards drawn from views: Sympathy, Sympathie and the solo games.

Two kinds: the terminal UI's board as SVG (pytest-textual-snapshot, files in
``tests/client/__snapshots__/test_snapshots/``) and the line mode's text (syrupy,
``__snapshots__/test_snapshots.ambr``). Update them with ``pytest --snapshot-update``
after a deliberate change, and read the diff. The solo games are Clock, Solitaire and
Paternal: a clock face, four waste piles and a tableau.
"""

from __future__ import annotations

from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion

from client.render import board_lines
from tests.kit.board import BoardApp, midgame

#: Three solo games of different shapes: a clock face, four waste piles, a tableau.
SOLO_CASES = ["clock", "solitaire", "paternal"]



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
