"""Wandering Card (Cheney l.1249-1298): stacked deals laid out and played card by card."""

from __future__ import annotations

from typing import Any

from rules import make, render
from rules.cards import Card, cards, rank_of
from rules.games.wandering_card import WanderingCard
from rules.patience import Table

# Layer 1 has no card on its own place; layer 2 begins with the ace of hearts on place 1
# (laid aside); layers 3 and 4 have no hits.
LAYERS = (
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "AH 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2H",
    "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2D",
    "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2C",
)


def places(st: Table) -> tuple[tuple[Card, ...], ...]:
    """The thirteen places, place 1 first."""
    return st.piles[1:14]


def hand(st: Table) -> Card | None:
    """The wandering card in hand, if any."""
    return st.piles[15][-1] if st.piles[15] else None


def dealt(game: Any, deal: str) -> Table:
    st: Table = game.layout(cards(deal), seed=0)
    while st.piles[0]:  # the pack
        assert [m.code for m in game.legal_moves(st, 0)] == ["d", "auto"]
        st = game.apply(st, "d", 0)
    return st


def test_a_card_on_its_own_place_is_laid_aside_and_the_next_goes_on() -> None:
    game = WanderingCard()
    st: Table = game.layout(cards(" ".join(LAYERS)), seed=0)
    for _ in range(13):
        st = game.apply(st, "d", 0)
    assert game.mark(st, "layer") == 1 and game.mark(st, "place") == 0
    assert game.describe(st, game.parse_move("d")) == \
        "lay the next card on place 1 (aside if it is an ace)"
    st = game.apply(st, "d", 0)
    assert st.piles[14] == cards("AH") and game.mark(st, "place") == 1  # next: place 2
    st = dealt(game, " ".join(LAYERS))
    assert [len(p) for p in places(st)] == [3] + [4] * 12
    assert places(st)[0] == cards("2S 3D 3C")


def test_the_first_layer_is_not_counted_unless_chosen() -> None:
    deal = " ".join(("AS 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2S", *LAYERS[1:]))
    assert sorted(cards(deal)) == sorted(make("wandering_card").pack())
    kept = dealt(make("wandering_card"), deal)
    assert places(kept)[0][0] == cards("AS")[0]
    counted = dealt(make("wandering_card", {"first_layer": "counted"}), deal)
    assert cards("AS")[0] in counted.piles[14]


def test_the_wandering_goes_pile_to_pile_until_a_top_is_in_its_place() -> None:
    game = make("wandering_card")
    st = dealt(game, " ".join(LAYERS))
    assert game.describe(st, game.parse_move("w")) == \
        "take A♥ from the cards laid aside and put it under the ace pile"
    st = game.apply(st, "w", 0)
    assert places(st)[0] == cards("AH 2S 3D") and hand(st) == cards("3C")[0]
    assert game.describe(st, game.parse_move("w")) == "put 3♣ under the three pile"
    st = game.apply(st, "w", 0)
    assert places(st)[2][0] == cards("3C")[0] and hand(st) == cards("5C")[0]
    while hand(st) is not None:
        st = game.apply(st, "w", 0)
    # the chain stopped at a pile whose top card is in its right place
    assert any(p and rank_of(p[-1]) == i + 1 for i, p in enumerate(places(st)))
    assert game.outcome(st) is not None and not st.piles[14]


def test_a_won_game_has_four_of_each_number_on_its_place() -> None:
    game = make("wandering_card")
    for seed in range(40):
        st = game.apply(game.deal(seed), "auto", 0)
        outcome = game.outcome(st)
        assert outcome is not None
        if outcome.won:
            assert all(len(p) == 4 and {rank_of(c) for c in p} == {i + 1}
                       for i, p in enumerate(places(st)))
            return
    raise AssertionError("no deal of the first 40 came out")


def test_the_pack_is_face_down_and_everything_laid_is_face_up() -> None:
    game = make("wandering_card")
    st = game.apply(game.deal(3), "d", 0)
    view = render(game, st, None)
    assert sum(z["down"] for z in view["zones"]) == 51
    assert sum(len(z["up"]) for z in view["zones"]) == 1
