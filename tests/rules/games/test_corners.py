"""Corners (Cheney l.2236-2317): the book's nine-to-eight example, and the centre rules."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import cards, packs, rank_of
from rules.games.corners import Corners
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = Corners()
ANY = Corners({"centre_moves": "any"})
RANKS = "9TJQKA2345678"


def state(corners: list[str], centre: list[str], pack: str = "", stock: str = "",
          game: Corners = GAME) -> Table:
    piles = {f"c{i + 1}": cards(c) for i, c in enumerate(corners)}
    piles |= {f"p{i + 1}": cards(p) for i, p in enumerate(centre)}
    return game.table(piles | {"pack": tuple(reversed(cards(pack))), "stock": cards(stock)})


def corners(st: Table) -> tuple[tuple[int, ...], ...]:
    return st.piles[:4]


def centre(st: Table) -> tuple[tuple[int, ...], ...]:
    return st.piles[4:9]


def greedy(st: Table) -> Table:
    while GAME.outcome(st) is None:
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if m.endswith(">c")), "d"))
    return st


def test_a_nine_first_ranges_each_corner_from_nine_round_to_eight() -> None:
    # the book's example (l.2263-2266): the first card a nine
    order = " ".join(f"{r}{s}" for r in RANKS for s in "SHDC")
    st = GAME.layout(stack(order, packs(1)), seed=0)
    # the other nines go to the corners as they appear, while the centre fills
    assert [rank_of(c[0]) for c in corners(st)] == [9, 9, 9, 9]
    assert [p for p in centre(st)] == [(c,) for c in cards("TS TH TD TC JS")]
    st = greedy(st)
    out = GAME.outcome(st)
    assert out is not None and out.won
    assert out.summary == "the four suits lie in the four corners and the centre is empty"
    for corner in corners(st):
        assert [rank_of(c) for c in corner] == [9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6, 7, 8]


def test_one_card_short_of_the_corners_is_not_a_win() -> None:
    full = [" ".join(f"{r}{s}" for r in RANKS) for s in "SHDC"]
    st = state([*full[:3], full[3][:-3]], ["", "", "", "", ""], stock="8C")
    assert GAME.outcome(st) is None and not GAME.won(st)
    assert codes(GAME, st) == ["w>c", "w>p1"]
    st = play(GAME, st, "w>c")
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_an_ace_goes_on_a_king_in_the_corners_but_on_a_deuce_in_the_centre() -> None:
    st = state(["9S TS JS QS KS", "9H", "", ""], ["2D", "AH", "KC", "5C", "7C"],
               pack="AS")
    assert "p2>p1" in codes(GAME, st)  # A♥ on the deuce
    assert not any(m.startswith("p") and m.endswith(">p2") for m in codes(GAME, st))
    st = play(GAME, st, "d")
    assert codes(GAME, st)[0] == "w>c"  # A♠ on K♠ in the corner
    assert GAME.describe(st, GAME.parse_move("w>c")) == \
        "play A♠ from the stock on the top left corner"


def test_a_card_of_the_first_rank_must_go_to_a_corner() -> None:
    st = state(["9S", "9H", "", ""], ["KD", "QC", "QC", "5C", "7C"], pack="9D 3H")
    before = st
    st = play(GAME, st, "d")
    assert corners(st)[2] == cards("9D") and GAME.pile(st, "stock") == ()
    assert GAME.narrate(before, GAME.parse_move("d"), st) == \
        "turn 9♦: it goes to the bottom left corner"
    st = play(GAME, st, "d")
    assert GAME.pile(st, "stock") == cards("3H")


def test_centre_cards_move_only_to_leave_a_space() -> None:
    st = state(["9S", "", "", ""], ["KD QC", "QH", "JS", "TD 5C", "4H"], pack="2C")
    moves = codes(GAME, st)
    assert "p3>p2" in moves  # J♠ alone: moving it empties its place
    assert "p5>p4" in moves
    assert "p1>p2" not in moves  # Q♣ has K♦ under it: no space made
    assert "p1>p2" not in codes(ANY, st)  # (Q on Q is no marriage anyway)
    st2 = state(["9S", "", "", ""], ["KD JC", "QH", "JS", "TD 5C", "4H"], pack="2C")
    assert "p1>p2" not in codes(GAME, st2) and "p1>p2" in codes(ANY, st2)
    with pytest.raises(IllegalMove):
        GAME.apply(st2, "p1>p2", 0)
    st = play(GAME, st, "p3>p2")
    assert centre(st)[2] == () and codes(GAME, st)[-1] == "d"


def test_the_centre_is_built_down_without_following_suit_and_spaces_filled() -> None:
    st = state(["9S", "", "", ""], ["", "QH", "JS", "TD", "4H"], pack="2C", stock="JD 3S")
    moves = codes(GAME, st)
    assert "w>p5" in moves and "w>p1" in moves  # 3♠ on 4♥; 3♠ into the space
    st = play(GAME, st, "w>p5")
    assert "w>p2" in codes(GAME, st)  # J♦ on Q♥, any suit


def test_stuck_with_the_pack_out_is_lost() -> None:
    st = state(["9S", "", "", ""], ["QH", "QH", "6S", "6S", "4H"], stock="KC 2D")
    out = GAME.outcome(st)
    assert out is not None and not out.won
    assert out.summary == "1 of 52 cards in the corners; no move is left"
    st = play(ANY, ANY.deal(3), "end")
    out = ANY.outcome(st)
    assert out is not None and out.summary.endswith("given up")
