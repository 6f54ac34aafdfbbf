"""Every legal move of every game can be chosen by pointing in both clients, and what the
server sends with it names no card its audience may not see (issue 23's test).

For every game the clients draw with places (a round game's table is its hands: its
own keys and ``round.js``), deals 0-9, every step of a first-legal playout
(``tests/kit/reach.py``: ``first_legal``, to the end or to the first position that comes
again, cut at ``CUT``):

- every seat to move's legal moves are picked by their places, as their shapes say, in
  the terminal's mapping (``client/pointing.py``, walked as its keys walk it) and in the
  page's (``client/web/point.js``, one Node process a game); a position whose zones and
  moves were checked already is not checked again;
- every view the server sends (the watchers' and each seat to move's, with shapes)
  names no secret card by the tests' one definition (``tests/kit/leaks.py``:
  ``secret_cards``, from the game's own zones), its shapes name only cards the view
  shows (``assert_shapes_shown``), and, judged by the books and not by the game's
  zones (``tests/kit/faces.py``, ``seen.py``: ``Sight``), every card a shape names lies
  face up to that audience now.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import make
from rules.cards import CODES
from tests.kit.faces import book_of
from tests.kit.leaks import assert_hides, assert_shapes_shown, secret_cards
from tests.kit.reach import (
    first_legal,
    games,
    position_key,
    terminal_unreachable,
    unreachable,
    views_at,
)
from tests.kit.seen import Sight

DEALS = range(10)


def named(view: dict[str, Any]) -> set[str]:
    """Every card a shape of ``view`` names (codes)."""
    return {c for ms in view["moves"].values() for m in ms for c in m["shape"]["cards"]
            if c is not None}


@pytest.mark.parametrize("game_id", games())
def test_every_move_is_reached_by_pointing_and_names_only_seen_cards(game_id: str) -> None:
    game = make(game_id)
    book = book_of(game.id, game.description.variant_of)
    pointed: set[int] = set()
    for_node: list[dict[str, Any]] = []
    bad: list[str] = []
    positions = 0
    for deal in DEALS:
        sight = Sight(game, book)
        for step, (played, state) in enumerate(first_legal(game, deal)):
            if played is None:
                sight.deal(state)
            else:
                sight.move(played[1].code, played[0], state)
            positions += 1
            label = f"{game_id} deal {deal} move {step}"
            zones = game.zones(state)
            for audience, view in views_at(game, state).items():
                where = f"{label}, the view for {audience}"
                assert_hides(view, secret_cards(game, state, audience, zones), None, where)
                assert_shapes_shown(view, where)
                face_up = {CODES[c] for c, f in sight.face.items() if audience in f}
                assert named(view) <= face_up, \
                    f"{where}: a shape names {named(view) - face_up}, face down by the book"
                if audience is None:
                    continue
                key = position_key(view, audience)
                if key in pointed:
                    continue
                pointed.add(key)
                bad += terminal_unreachable(view, audience, label)
                for_node.append({"label": label, "seat": audience, "view": view})
    checked, page_bad = unreachable(for_node)
    assert positions > 10 and checked > 0, "the playouts offered moves to point at"
    bad += [f"the page: {b['label']}: {b['move']} {b['why']} ({b.get('points')})"
            for b in page_bad]
    assert not bad, "\n".join(bad[:10])
