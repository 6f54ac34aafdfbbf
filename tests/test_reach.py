"""Every legal move of every game can be chosen by pointing in both clients, and the
shapes the server sends with them name no card their audience may not see (issue 23).

For every game the clients draw with places, every step of a first-legal playout
(``tests/kit/reach.py``: ``first_legal``, to the end or to the first position that comes
again, cut at ``CUT``) of each deal of :func:`checks`:

- every seat to move's legal moves are picked by their places, as their shapes say, in
  the terminal's mapping (``client/pointing.py``, walked as its keys walk it) and in the
  page's (``client/web/point.js``, in one Node process for the module); a position whose
  zones and moves were checked already is not checked again;
- in every view the server sends (the watchers' and each seat to move's, with shapes),
  the shapes name no secret card by the tests' one definition (``tests/kit/leaks.py``:
  ``secret_cards``, from the game's own zones), name only cards the view shows
  (``assert_shapes_shown``), and, judged by the books and not by the game's zones
  (``tests/kit/faces.py``, ``seen.py``: ``Sight``), only cards that lie face up to that
  audience now.

A round game's table is its hands, reached by its own keys and ``round.js``: its shapes
are judged the same way, deals 0-9.

The cost is a view with shapes made for every audience at every step (the server's own
work): every game on deals 0-9, about 135 s of CPU in all, a third of it Empress of
India (500-odd moves a position), whose deals are checked one a test so that the
suite's workers share them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules import Game, make
from rules.cards import CODES
from rules.game import Audience
from rules.registry import all_games
from tests.kit.faces import book_of
from tests.kit.leaks import assert_hides, assert_shapes_shown, secret_cards
from tests.kit.reach import (
    Page,
    first_legal,
    games,
    position_key,
    terminal_unreachable,
    views_at,
)
from tests.kit.seen import Sight

#: The round games: their tables are their hands (no places to point at).
ROUND_GAMES = sorted(g.id for g in all_games() if make(g.id).description.layout == "round")

#: Every deal the issue names.
DEALS = range(10)
#: The games whose deals are each a test of their own (a deal costs seconds of CPU).
ONE_DEAL_A_TEST = ("empress_of_india",)


def checks() -> list[tuple[str, range]]:
    """Each test's game and deals: deals 0-9 of every game, in one test a game or one a
    deal."""
    return [(g, range(d, d + 1)) for g in games() if g in ONE_DEAL_A_TEST for d in DEALS] \
        + [(g, DEALS) for g in games() if g not in ONE_DEAL_A_TEST]


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    running = Page()
    try:
        yield running
    finally:
        running.close()


def named(view: dict[str, Any]) -> set[str]:
    """Every card a shape of ``view`` names (codes)."""
    return {c for ms in view["moves"].values() for m in ms for c in m["shape"]["cards"]
            if c is not None}


def played_out(game: Game[Any], deals: range
               ) -> Iterator[tuple[str, dict[Audience, dict[str, Any]]]]:
    """Every position of the first-legal playouts of ``deals`` (its label, and the views
    the server sends there), each view's shapes judged on the way: no secret card by
    the tests' one definition, only cards the view shows, and only cards the book lays
    face up to that audience now."""
    book = book_of(game.id, game.description.variant_of)
    for deal in deals:
        sight = Sight(game, book)
        for step, (played, state) in enumerate(first_legal(game, deal)):
            if played is None:
                sight.deal(state)
            else:
                sight.move(played[1].code, played[0], state)
            label = f"{game.id} deal {deal} move {step}"
            zones = game.zones(state)
            views = views_at(game, state)
            for audience, view in views.items():
                where = f"{label}, the shapes for {audience}"
                shapes = [m["shape"] for ms in view["moves"].values() for m in ms]
                assert_hides(shapes, secret_cards(game, state, audience, zones), None, where)
                assert_shapes_shown(view, where)
                face_up = {CODES[c] for c, f in sight.face.items() if audience in f}
                assert named(view) <= face_up, \
                    f"{where}: name {named(view) - face_up}, face down by the book"
            yield label, views


@pytest.mark.parametrize(("game_id", "dealt"), checks(),
                         ids=[f"{g}-{d.start}-{d.stop - 1}" for g, d in checks()])
def test_every_move_is_reached_by_pointing_and_names_only_seen_cards(
        game_id: str, dealt: range, page: Page) -> None:
    game = make(game_id)
    pointed: set[int] = set()
    for_node: list[dict[str, Any]] = []
    bad: list[str] = []
    positions = 0
    for label, views in played_out(game, dealt):
        positions += 1
        for audience, view in views.items():
            if audience is None:
                continue
            key = position_key(view, audience)
            if key in pointed:
                continue
            pointed.add(key)
            bad += terminal_unreachable(view, audience, label)
            for_node.append({"label": label, "seat": audience, "view": view})
    checked, page_bad = page.unreachable(for_node)
    assert positions > 10 and checked > 0, "the playouts offered moves to point at"
    bad += [f"the page: {b['label']}: {b['move']} {b['why']} ({b.get('points')})"
            for b in page_bad]
    assert not bad, "\n".join(bad[:10])


@pytest.mark.parametrize("game_id", ROUND_GAMES)
def test_a_round_tables_shapes_name_only_seen_cards(game_id: str) -> None:
    """A round game's moves are chosen at its hands, by their own keys; what their
    shapes name is judged all the same, deals 0-9."""
    positions = sum(1 for _ in played_out(make(game_id), DEALS))
    assert positions >= 10
