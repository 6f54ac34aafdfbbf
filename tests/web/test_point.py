"""Every legal move is reachable by pointing, in the page's own mapping module
(``client/web/point.js``) run under Node: a named sample of games whose tables cover
every shape the page draws with places (``tests/kit/reach.py``: ``SAMPLE``), deals 0-2,
30 moves of a seeded playout each. ``scripts/reach-sweep`` runs every game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kit.reach import NODE, SAMPLE, positions, unreachable


def test_node_is_here() -> None:
    assert Path(NODE).exists(), f"no Node at {NODE}: run scripts/ensure-node"


@pytest.mark.parametrize("game", SAMPLE)
def test_every_legal_move_is_reachable_by_pointing(game: str) -> None:
    views = [v for deal in range(3) for v in positions(game, deal, 30)]
    checked, bad = unreachable(views)
    assert checked > 30, "the playouts offered moves to point at"
    assert not bad, "\n".join(f"{b['label']}: {b['move']} {b['why']} ({b.get('points')})"
                              for b in bad[:10])
