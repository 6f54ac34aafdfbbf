"""Every game's views show face up what its book lays face up, and nothing more, judged
by :mod:`tests.kit.faces` (the books' word), not by the game's own ``zones()``.

Each game is dealt a named deal and played by seeded draws; :class:`tests.kit.seen.Sight`
follows every card by the book, and after each move one audience's view (the watcher and
the seats in turn) is held to it. The last tests break three games' ``zones()`` as a bug
would, and see the check catch each.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules import Game
from rules.cards import code
from rules.game import Audience, Zone
from rules.games.i_suspect_you import ISuspectYou, SuspectState
from rules.games.klondike import Klondike
from rules.games.old_maid import OldMaid, OldMaidState
from rules.patience import Table
from tests.kit.conformance import config_id, configurations, make_game
from tests.kit.faces import BOOKS, book_of
from tests.kit.seen import Sight, assert_views_follow_the_book, playout

Config = tuple[str, dict[str, object]]
#: The deal each game is dealt and the draw that chooses its moves.
DEAL, CHOICES = 7, 11
#: How many moves each game is followed for: further where its book lays more than the
#: pack face down.
STEPS, STEPS_LISTED = 25, 60


def listed(game: Game[Any]) -> bool:
    """Whether the game's book lays more than its pack face down (:data:`BOOKS`)."""
    return game.id in BOOKS or game.description.variant_of in BOOKS


def seen_configurations() -> list[Config]:
    """Every game with its default options at every size of table, and every other
    option choice of the games whose book lays more than the pack face down (the
    others lay every card they deal open, whatever their options)."""
    return [c for c in configurations(distinct=True)
            if not c[1] or "players" in c[1] or listed(make_game((c[0], {})))]


def follow(game: Game[Any], steps: int) -> None:
    """Deal :data:`DEAL`, every view of it held to the book; then ``steps`` moves, one
    audience's view after each."""
    sight = Sight(game, book_of(game.id, game.description.variant_of))
    state = game.deal(DEAL)
    sight.deal(state)
    everyone: tuple[Audience, ...] = (None, *range(game.seats))
    assert_views_follow_the_book(sight, state, everyone, f"at the deal of deal {DEAL}")
    for step, (seat, move, after) in enumerate(playout(game, DEAL, CHOICES, steps)):
        sight.move(move.code, seat, after)
        audience = everyone[(step + 1) % len(everyone)]
        assert_views_follow_the_book(sight, after, (audience,),
                                     f"after {move.code} (move {step + 1} of deal {DEAL})")


CONFIGS = seen_configurations()


@pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_views_show_what_the_book_lays_face_up(config: Config) -> None:
    game = make_game(config)
    follow(game, STEPS_LISTED if listed(game) else STEPS)


# -- the check catches a game that shows what its book keeps face down ------------------


class PileShown(ISuspectYou):
    """I Suspect You with every card put down shown to everyone."""

    def zones(self, state: SuspectState) -> tuple[Zone, ...]:
        return tuple(replace(z, up=1) if z.id == "pile" else z for z in super().zones(state))


class ColumnsShown(Klondike):
    """Klondike with the columns' face-down cards shown."""

    def zones(self, state: Table) -> tuple[Zone, ...]:
        return tuple(replace(z, up=len(z.cards)) if z.id.startswith("t") else z
                     for z in super().zones(state))


class HandsShown(OldMaid):
    """Old Maid with every hand shown to everyone."""

    def zones(self, state: OldMaidState) -> tuple[Zone, ...]:
        return tuple(replace(z, private=False) if z.id.startswith("hand") else z
                     for z in super().zones(state))


class CallNamed(ISuspectYou):
    """I Suspect You whose public facts name the card just put down."""

    def public(self, state: SuspectState) -> dict[str, Any]:
        return {**super().public(state), "under": [code(c) for c in state.pile[-1:]]}


@pytest.mark.parametrize(("game", "said"), [
    (PileShown({"players": 3}), r"shows .+ in pile after p.+, which the book"),
    (ColumnsShown(), r"shows .+ in t2 at the deal"),
    (HandsShown({"players": 3}), r"the view for a watcher shows .+ in hand0 at the deal"),
    (CallNamed({"players": 3}), r"the view for .+ after p.+ shows"),
], ids=["i_suspect_you pile", "klondike columns", "old_maid hands", "i_suspect_you facts"])
def test_a_card_shown_that_the_book_keeps_face_down_is_caught(game: Game[Any], said: str
                                                              ) -> None:
    with pytest.raises(AssertionError, match=said):
        follow(game, 5)
