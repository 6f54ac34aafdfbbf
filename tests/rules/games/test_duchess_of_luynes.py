"""Duchess of Luynes (Cheney l.1683-1720): hand-stacked deals for each rule and re-deal."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalMove, render
from rules.cards import Card, card, cards
from rules.families import EMPTY8
from rules.games.duchess_of_luynes import DuchessOfLuynes
from rules.patience import Table

GAME = DuchessOfLuynes()


def state(pack: str, places: tuple[str, str, str, str] = ("", "", "", ""), stock: str = "",
          fams: tuple[tuple[Card, ...], ...] = EMPTY8, slot: int = 0,
          redeals: int = 0) -> Table:
    """``pack`` is written first card dealt first; piles bottom to top."""
    t = GAME.table({f"f{j + 1}": f for j, f in enumerate(fams)}
                   | {f"p{k + 1}": cards(p) for k, p in enumerate(places)}
                   | {"stock": cards(stock), "pack": tuple(reversed(cards(pack)))},
                   {"stock": 0})
    return GAME.marked(replace(t, redeals=redeals, seed=7), slot=slot)


def deal(game: DuchessOfLuynes, st: Table, n: int) -> Table:
    for _ in range(n):
        st = game.apply(st, "d", 0)
    return st


def codes(st: Table, game: DuchessOfLuynes = GAME) -> list[str]:
    return [m.code for m in game.legal_moves(st, 0)]


def test_rounds_of_four_places_and_two_stock_cards() -> None:
    st = state("9C 8C 7C 6C 5C 4C 3C 2C")
    assert codes(st) == ["d"]
    assert GAME.describe(st, GAME.parse_move("d")) == "deal the next card to place 1"
    st = deal(GAME, st, 8)
    assert st.piles[8:12] == (cards("9C 3C"), cards("8C 2C"), cards("7C"), cards("6C"))
    assert st.piles[12] == cards("5C 4C")
    assert render(GAME, st, None)["public"]["next_card_to"] is None


def test_the_first_pack_deals_to_places_one_and_two_last() -> None:
    st = GAME.deal(3)
    st = deal(GAME, st, 102)
    assert GAME.mark(st, "slot") == 0 and len(st.piles[13]) == 2
    st = deal(GAME, st, 2)
    assert [len(p) for p in st.piles[8:12]] == [18, 18, 17, 17] and len(st.piles[12]) == 34


def test_a_card_used_as_dealt_leaves_its_place_without_a_card_that_round() -> None:
    st = state("AS 9C 8C 7C 2S 5C 4C")
    st = GAME.apply(st, "d", 0)
    assert codes(st) == ["p1>f1", "d"]
    st = GAME.apply(st, "p1>f1", 0)
    st = deal(GAME, st, 3)
    assert st.piles[8:12] == ((), cards("9C"), cards("8C"), cards("7C"))
    # the fifth card, 2♠, may be used before the sixth covers it
    st = GAME.apply(st, "d", 0)
    assert codes(st) == ["w>f1", "d"]
    assert GAME.describe(st, GAME.parse_move("w>f1")) == \
        "play 2♠ from the stock on the ace family of spades"
    st = GAME.apply(st, "w>f1", 0)
    st = GAME.apply(st, "d", 0)
    assert st.piles[12] == cards("5C") and st.piles[:8][0] == cards("AS 2S")
    st = GAME.apply(st, "d", 0)
    assert st.piles[8:12][0] == cards("4C")  # the next round begins at place one


def test_two_renewals_with_the_stock_then_a_last_deal_in_fours() -> None:
    st = state("", places=("2C 3C", "4C", "", "5C"), stock="6C 7C")
    assert codes(st) == ["redeal"]
    st = GAME.apply(st, "redeal", 0)
    # places 1-4 then the stock, each bottom card first
    assert tuple(reversed(st.piles[13])) == cards("2C 3C 4C 5C 6C 7C")
    assert st.piles[8:12] == ((),) * 4 and st.piles[12] == () and st.redeals == 1
    st = deal(GAME, st, 6)
    assert st.piles[12] == cards("6C 7C")
    st = deal(GAME, GAME.apply(st, "redeal", 0), 6)
    assert st.redeals == 2
    st = GAME.apply(st, "redeal", 0)
    assert GAME.public(st)["last_deal_without_stock"]
    st = deal(GAME, st, 6)
    assert st.piles[12] == () and st.piles[8:12] == (cards("2C 6C"), cards("3C 7C"), cards("4C"),
                                            cards("5C"))
    assert codes(st) == []
    with pytest.raises(IllegalMove):
        GAME.apply(st, "redeal", 0)
    out = GAME.outcome(st)
    assert out is not None and not out.won and out.summary.startswith("0 of 104")


def test_the_last_deal_is_described_as_the_book_says() -> None:
    st = state("", places=("2C", "", "", ""), redeals=2)
    assert GAME.describe(st, GAME.parse_move("redeal")) == \
        "take up the rows and stock once more and lay them in the row of four"


def test_stock_only_renewals_deal_the_stock_onto_the_places() -> None:
    game = DuchessOfLuynes({"renew": "stock_only"})
    st = state("", places=("2C", "3C", "4C", "5C"), stock="6C 7C 8C 9C TC JC")
    st = game.apply(st, "redeal", 0)
    assert st.piles[8:12] == (cards("2C"), cards("3C"), cards("4C"), cards("5C"))
    assert tuple(reversed(st.piles[13])) == cards("6C 7C 8C 9C TC JC")
    st = deal(game, st, 6)
    assert st.piles[8:12] == (cards("2C 6C"), cards("3C 7C"), cards("4C 8C"), cards("5C 9C"))
    assert st.piles[12] == cards("TC JC")
    st = game.apply(deal(game, game.apply(st, "redeal", 0), 2), "redeal", 0)
    assert st.redeals == 3 and st.piles[8:12] == ((),) * 4 and len(st.piles[13]) == 10


def test_shuffled_renewals_are_drawn_from_the_deal_s_stream() -> None:
    game = DuchessOfLuynes({"shuffle": True})
    st = state("", places=("2C 3C", "4C", "", "5C"), stock="6C 7C 8C 9C")
    a, b = game.apply(st, "redeal", 0), game.apply(st, "redeal", 0)
    assert a == b and sorted(a.piles[13]) == sorted(cards("2C 3C 4C 5C 6C 7C 8C 9C"))
    assert a.piles[13] != GAME.apply(st, "redeal", 0).piles[13]


def test_a_pack_in_order_wins_in_the_first_deal() -> None:
    order = [card(r, s) for s in range(4) for r in (1, 13)]
    for k in range(1, 13):
        for s in range(4):
            order += [card(1 + k, s, int(k == 12)), card(13 - k, s, 1)]
    st = GAME.layout(tuple(order), seed=0)
    while GAME.outcome(st) is None:
        st = GAME.apply(st, GAME.legal_moves(st, 0)[0], 0)
    out = GAME.outcome(st)
    assert out is not None and out.won and st.redeals == 0
