"""Fooliana (Cheney l.2424-2498) and its "one more chance" variant."""

from __future__ import annotations

import pytest

from rules import IllegalMove, make, render
from rules.cards import cards, rank_of
from rules.games.fooliana import FOOLIANA_EXTRA_PASS, Fooliana, changed
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = Fooliana()
EXTRA = FOOLIANA_EXTRA_PASS()
STOCK_TOP = Fooliana({"space_fill": "stock_top"})


def state(fool: str, row: list[str], hand: str = "", stock: str = "",
          fams: tuple[str, ...] = ("", "", "", ""), changed: bool = False) -> Table:
    """The Fool and stock bottom to top, the hand first card first."""
    piles = {f"f{i + 1}": cards(f) for i, f in enumerate(fams)}
    piles |= {f"r{i + 1}": cards(p) for i, p in enumerate(row)}
    st = GAME.table(piles | {"fool": cards(fool), "hand": tuple(reversed(cards(hand))),
                             "stock": cards(stock)})
    return GAME.marked(st, changed=changed)


def row(st: Table) -> tuple[tuple[int, ...], ...]:
    return st.piles[5:9]


def test_the_fool_the_first_family_card_and_the_row() -> None:
    order = cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 9D 9C 3H 8H TH")
    pack = (*order, *(c for c in make("fooliana").pack() if c not in order))
    st = GAME.layout(pack, seed=0)
    assert GAME.pile(st, "fool") == order[:13] and GAME.families(st)[2] == cards("9D")
    assert row(st) == tuple((c,) for c in cards("9C 3H 8H TH"))
    assert len(GAME.pile(st, "hand")) == 34
    # the fool shows its top card only
    fool = next(z for z in render(GAME, st, None)["zones"] if z["id"] == "fool")
    assert fool["up"] == ["AH"] and fool["down"] == 12
    # a card of the first card's number goes beside it; the Fool's top marries the row
    assert codes(GAME, st)[0] == "r1>f" and "r2>r4" not in codes(GAME, st)


def test_the_families_go_round_the_corner_to_end_below_their_first_card() -> None:
    st = state("2C", ["AH", "KS", "3D", "5C"], hand="4C 4C 4C",
               fams=("9S TS JS QS KS", "", "", ""))
    st = GAME.table({"r1": cards("AS")} | {f"r{i + 1}": row(st)[i] for i in range(1, 4)}
                    | {"f1": GAME.families(st)[0], "fool": GAME.pile(st, "fool"),
                       "hand": GAME.pile(st, "hand")})
    assert "r1>f" in codes(GAME, st)  # A♠ on K♠
    st = play(GAME, st, "r1>f")
    assert GAME.families(st)[0][-1] == cards("AS")[0]


def test_a_space_must_be_filled_from_the_fool_at_once() -> None:
    st = state("7D 8S", ["9S", "5C", "QD", "3H"], hand="KC KC KC", fams=("8S", "", "", ""))
    st = play(GAME, st, "r1>f")
    assert codes(GAME, st) == ["o>r1"]
    with pytest.raises(IllegalMove):
        GAME.apply(st, "d", 0)
    st = play(GAME, st, "o>r1")
    assert row(st)[0] == cards("8S") and GAME.pile(st, "fool") == cards("7D")


def test_once_the_fool_is_out_a_space_takes_the_lowest_card_of_the_pack_in_hand() -> None:
    st = state("", ["", "5C", "QD", "3H"], hand="KC QC JC", stock="2D", fams=("8S", "", "", ""))
    moves = codes(GAME, st)
    assert "h>r1" in moves and "w>r1" not in moves
    before = st
    st = play(GAME, st, "h>r1")
    assert row(st)[0] == cards("JC")  # the bottom card of the hand, not the top
    assert GAME.narrate(before, GAME.parse_move("h>r1"), st) == \
        "fill row pile 1 with the lowest card of the pack in hand: J♣"
    assert "w>r1" in codes(STOCK_TOP, before) and "h>r1" not in codes(STOCK_TOP, before)


def test_any_number_of_cards_of_a_pile_move_if_the_lowest_fits() -> None:
    st = state("KC", ["TS 9H 8C", "TC", "JD", "QS"], hand="2D 2D 2D", fams=("AC", "", "", ""))
    moves = codes(GAME, st)
    assert "2r1>r2" in moves and "3r1>r3" in moves and "r1>r2" not in moves
    st = play(GAME, st, "3r1>r3")
    assert row(st)[2] == cards("JD TS 9H 8C") and row(st)[0] == ()
    assert codes(GAME, st) == ["o>r1"]  # the space it leaves is filled from the Fool


def test_threes_are_laid_off_and_only_the_top_is_seen_and_used() -> None:
    st = state("KC", ["9S", "5C", "QD", "3H"], hand="4H 5H 2S 7D", fams=("AS", "", "", ""))
    st = play(GAME, st, "d")
    assert GAME.pile(st, "stock") == cards("4H 5H 2S")
    assert codes(GAME, st)[0] == "w>f"  # 2♠, the third card, on top
    stock = next(z for z in render(GAME, st, None)["zones"] if z["id"] == "stock")
    assert stock["up"] == ["2S"] and stock["down"] == 2
    st = play(GAME, st, "d")  # the last card alone
    assert GAME.pile(st, "hand") == () and GAME.pile(st, "stock")[-1] == cards("7D")[0]


def test_the_stock_is_turned_while_a_pass_changes_something() -> None:
    st = state("KC", ["9S", "5C", "QD", "3H"], hand="4H 5H 2S 7D", fams=("AS", "", "", ""))
    st = play(GAME, st, "d", "w>f", "d")
    assert "turn" in codes(GAME, st)
    st = play(GAME, st, "turn")
    assert GAME.pile(st, "hand")[-1] == cards("4H")[0] and GAME.pile(st, "stock") == ()
    assert not changed(GAME, st)
    st = play(GAME, st, "d")
    assert "turn" not in codes(GAME, st)  # a pass with no change: the game has failed
    out = GAME.outcome(st)
    assert out is not None and not out.won


def test_one_more_chance_deals_the_threes_in_a_different_order() -> None:
    st = state("KC", ["9S", "5C", "QD", "3H"], hand="5H 6H 2S 7D 8D 9D",
               fams=("AS", "", "", ""))
    st = play(EXTRA, st, "d", "w>f", "d", "turn", "d", "d")
    # the second pass changed nothing (tops 7♦ then 9♦)
    assert "turn" in codes(EXTRA, st) and "turn" not in codes(GAME, st)
    assert EXTRA.describe(st, EXTRA.parse_move("turn")) == \
        "turn the stock into the hand once more (one more chance)"
    st = play(EXTRA, st, "turn")
    assert EXTRA.describe(st, EXTRA.parse_move("d")) == "lay off one card onto the stock"
    st = play(EXTRA, st, "d", "d")
    assert GAME.pile(st, "stock") == cards("5H 6H 7D 8D")  # new tops: 5♥, then 8♦
    st = play(EXTRA, st, "d")
    assert GAME.pile(st, "hand") == () and "turn" not in codes(EXTRA, st)
    assert EXTRA.description.variant_of == "fooliana" and EXTRA.option("chance") == "one_more"


def test_a_stacked_deal_is_won_and_one_card_short_is_not() -> None:
    order = [f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC"]
    fool = order[5:18][::-1]  # 2♥ on top, then 2♦ ...
    rest = order[18:]
    hand = [c for k in range(0, len(rest), 3) for c in rest[k:k + 3][::-1]]
    deal = cards(" ".join([*fool, "AS", "AH", "AD", "AC", "2S", *hand]))
    st = GAME.layout(deal, 0)
    while GAME.outcome(st) is None:
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if m.endswith(">f") or m.startswith("o>r")),
                                 "d" if "d" in moves else "turn"))
    out = GAME.outcome(st)
    assert out is not None and out.won and out.summary == "all 52 cards in the families"
    assert [rank_of(c) for c in GAME.families(st)[0]] == list(range(1, 14))
    full = [" ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "SHDC"]
    short = state("", ["", "", "", ""], stock="KC", fams=(*full[:3], full[3][:-3]))
    assert GAME.outcome(short) is None and not GAME.won(short)
    out = GAME.outcome(play(GAME, short, "w>f"))
    assert out is not None and out.won


def test_no_king_on_an_ace_in_the_row_and_stuck_is_lost() -> None:
    st = state("", ["AH", "KS", "7C", "7S"], stock="2D", fams=("9S", "", "", ""))
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and out.summary == "1 of 52 cards in the families; no move is left"


def test_cards_go_to_the_families_before_shifts() -> None:
    st = state("KC", ["9S 8H", "QD", "9C", "KD"], hand="2D 2D 2D",
               fams=("", "AH 2H 3H 4H 5H 6H 7H", "", ""))
    assert codes(GAME, st) == ["r1>f", "d", "r1>r3", "end"]
