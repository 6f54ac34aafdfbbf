"""Take Fourteen (Hoyle 003 l.15): twelve piles, pairs of fourteen from the tops."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import cards
from rules.games.take_fourteen import TakeFourteen
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = TakeFourteen()


def state(*piles: str) -> Table:
    return GAME.table({f"p{i + 1}": cards(p) for i, p in enumerate(piles)})


def test_twelve_piles_the_first_four_with_five_cards_all_face_up() -> None:
    pack = GAME.pack()
    st = GAME.layout(pack, seed=0)
    assert [len(p) for p in st.piles[:12]] == [5] * 4 + [4] * 8
    # dealt one at a time round the twelve piles: pile 1 takes cards 1, 13, 25, ...
    assert st.piles[0] == pack[0::12] and st.piles[11][-1] == pack[47]
    assert all(z.up == len(z.cards) for z in GAME.zones(st))


def test_only_two_top_cards_that_make_fourteen() -> None:
    # J 11, Q 12, K 13: the king takes the ace, the knave the three; 7 and 7 pair
    st = state("AS KH", "3D", "JC", "7S", "7H", "4C 6D")
    assert codes(GAME, st) == ["p2-3", "p4-5"]
    st = state("KH AS", "KD", "6D 8C", "5S")
    assert codes(GAME, st) == ["p1-2"]  # 8♣ under 6♦ does not count, nor 5+9 unseen
    with pytest.raises(IllegalMove):
        GAME.apply(st, "p1-3", 0)


def test_taking_off_everything_wins_and_one_pair_short_does_not() -> None:
    st = state("KD AS KH", "KC", "AD", "", "", "", "", "", "", "", "", "AH")
    st = play(GAME, st, "p1-12")
    assert GAME.outcome(st) is None and not GAME.won(st)
    st = play(GAME, st, "p1-2")
    assert GAME.outcome(st) is None
    st = play(GAME, st, "p1-3")
    out = GAME.outcome(st)
    assert out is not None and out.won and len(GAME.pile(st, "out")) == 6


def test_no_pair_of_fourteen_loses() -> None:
    st = state("KH", "KD", "2C 9S", "4S")
    out = GAME.outcome(st)
    assert out is not None and not out.won
    assert out.summary == "no two top cards make fourteen; 5 cards are left"


def test_a_stacked_deal_is_won() -> None:
    # each pile holds one rank pair per level: dealt round the twelve piles, pile i
    # faces pile i + 6 with cards that make fourteen
    pairs = ["A K", "2 Q", "3 J", "4 T", "5 9", "6 8"]
    order = []
    for level in range(4):
        suit = "SHDC"[level]
        order += [f"{p.split()[0]}{suit}" for p in pairs] + [f"{p.split()[1]}{suit}" for p in pairs]
    order += ["7S", "7H", "7D", "7C"]
    st = GAME.layout(cards(" ".join(order)), seed=0)
    while GAME.outcome(st) is None:
        st = play(GAME, st, codes(GAME, st)[0])
    out = GAME.outcome(st)
    assert out is not None and out.won
