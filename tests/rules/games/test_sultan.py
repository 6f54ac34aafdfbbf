"""Scenario tests for Cheney's The Sultan (l.724-795): the book's square (l.737-752) and
small hand-stacked packs for the divan, the stock and the two re-deals."""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalMove, Play, make, render
from rules.cards import KING, card, cards, name, packs, rank_of
from rules.games.sultan import D, Sultan, W
from rules.packets import PACK, TURNED
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

SQUARE = "KC KC KD KH KD KS KH KS AH"


def stacked(text: str, **options: Any) -> tuple[Any, Table]:
    """Two packs whose first cards are ``text`` (dealt first), the rest in pack order."""
    game = make("sultan", options)
    return game, game.layout(stack(text, packs(2)), seed=3)


def greedy(game: Any, st: Table) -> Table:
    """Play to the end, preferring a move to a family."""
    while game.outcome(st) is None:
        legal = codes(game, st)
        st = play(game, st, next((c for c in legal if ">f" in c), legal[0]))
    return st


def test_the_square_and_the_divan() -> None:
    game, st = stacked(SQUARE + " 2C 3C 4C 5C 6C 7C 8C 9C TC")
    tops = [name(f[-1]) for f in game.families(st)]
    assert tops == ["K♣", "A♥", "K♣", "K♦", "K♥", "K♦", "K♠", "K♥", "K♠"]
    divan = [name(p[0]) for p in st.piles[D:W]]
    assert divan == ["2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "8♣", "9♣"]
    assert len(st.piles[PACK]) == 104 - 9 - 8
    assert game.pile_specs[game.index["f5"]].label == "the Sultan"


def test_the_sultan_takes_nothing_and_the_other_heart_king_takes_the_ace() -> None:
    game, st = stacked(SQUARE + " AH 2H 3C 4C 5C 6C 7C 8C")
    assert codes(game, st) == ["t", "d1>f8", "d2>f2"]  # A♥ on the lower K♥, 2♥ on A♥
    st = play(game, st, "d1>f8")
    # an emptied divan place is filled at once, from the stock or the pack
    assert codes(game, st) == ["p>d1"]
    assert game.describe(st, game.parse_move("p>d1")) == \
        "fill divan place 1 with the next card of the pack"
    before = game.hidden_count(st)
    st = play(game, st, "p>d1")
    assert game.hidden_count(st) == before - 1 and st.piles[D]


def test_the_stock_fills_the_divan_and_feeds_the_families() -> None:
    game, st = stacked(SQUARE + " AC 2D 3D 4D 5D 6D 7D 8D QH 2C")
    st = play(game, st, "t")
    assert codes(game, st) == ["p>w", "d1>f1", "d1>f3"]  # Q♥ cannot go up: to the stock
    st = play(game, st, "p>w", "t")
    assert codes(game, st) == ["p>w", "d1>f1", "d1>f3"]  # 2♣ waits for its ace
    st = play(game, st, "d1>f1")
    assert codes(game, st) == ["w>d1", "p>d1"]
    st = play(game, st, "p>d1")  # the turned 2♣ is the card "from the pack"
    assert not st.piles[TURNED] and name(st.piles[D][-1]) == "2♣"
    st = play(game, st, "d1>f1", "w>d1")
    assert name(st.piles[D][-1]) == "Q♥" and not st.piles[W]


def test_the_stock_is_taken_up_twice_in_the_order_it_was_laid() -> None:
    game, st = stacked(SQUARE)
    while st.piles[PACK] or st.piles[TURNED]:
        st = play(game, st, "t" if not st.piles[TURNED] else "p>w")
    assert codes(game, st)[-1] == "redeal" and game.public(st)["redeals_left"] == 2
    first_laid = st.piles[W][0]
    st = play(game, st, "redeal")
    assert st.piles[PACK][-1] == first_laid and not st.piles[W]
    while st.piles[PACK] or st.piles[TURNED]:
        st = play(game, st, "t" if not st.piles[TURNED] else "p>w")
    st = play(game, st, "redeal")
    while st.piles[PACK] or st.piles[TURNED]:
        st = play(game, st, "t" if not st.piles[TURNED] else "p>w")
    assert "redeal" not in codes(game, st)
    assert game.public(st)["redeals_left"] == 0


def test_one_redeal_reading_and_shuffled_redeal() -> None:
    game, st = stacked(SQUARE, redeals=1, shuffle=True)
    while st.piles[PACK] or st.piles[TURNED]:
        st = play(game, st, "t" if not st.piles[TURNED] else "p>w")
    st2 = play(game, st, "redeal")
    stock = st.piles[W]
    assert sorted(st2.piles[PACK]) == sorted(stock) and st2.piles[PACK] != stock[::-1]
    while st2.piles[PACK] or st2.piles[TURNED]:
        st2 = play(game, st2, "t" if not st2.piles[TURNED] else "p>w")
    assert "redeal" not in codes(game, st2)


def test_a_pack_in_order_makes_the_picture() -> None:
    # after the square, the 95 cards in rank order: aces first, queens last
    game = Sultan()
    rest = sorted((c for c in packs(2) if rank_of(c) != KING and c != card(1, 1)),
                  key=lambda c: (rank_of(c), c))
    head = cards(SQUARE)
    st = greedy(game, game.layout(head + tuple(rest), seed=0))
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won
    fams = game.families(st)
    assert [rank_of(f[-1]) for f in fams] == [12, 12, 12, 12, 13, 12, 12, 12, 12]
    assert fams[4] == cards("KH")  # the Sultan, untouched, among his eight queens


def test_random_play_reaches_an_end_and_views_show_no_pack() -> None:
    game = make("sultan")
    play_ = Play.start(game, 21)
    view = render(game, play_.state, None)
    pack = next(z for z in view["zones"] if z["id"] == "pack")
    assert pack["up"] == [] and pack["down"] == 104 - 17


def test_an_empty_divan_place_must_be_filled_first() -> None:
    game, st = stacked(SQUARE + " AH 2H 3C 4C 5C 6C 7C 8C")
    st = play(game, st, "d1>f8")
    with pytest.raises(IllegalMove, match="First fill divan place 1 from the stock or the pack"):
        game.apply(st, "t", 0)
