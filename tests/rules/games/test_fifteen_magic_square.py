"""The nine-card fifteens puzzle (Vintage 002 l.28): exchanges until eight fifteens."""

from __future__ import annotations

from rules.cards import Card, cards, rank_of
from rules.games.fifteen_magic_square import FifteenMagicSquare, fifteens
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = FifteenMagicSquare()
# the classic square (the sheet's, not the text's): 5 in the centre
SOLVED = "2S 7H 6D 9C 5S AH 4D 3C 8S"
THREE = "5S 7H 6D 9C 2S AH 4D 3C 8S"


def square(text: str) -> Table:
    return GAME.table({f"c{i + 1}": (c,) for i, c in enumerate(cards(text))})


def places(st: Table) -> tuple[Card, ...]:
    """The nine cards of the square, row by row."""
    return tuple(p[-1] for p in st.piles[:9])


def test_nine_cards_ace_to_nine_of_any_suits_the_rest_set_aside() -> None:
    order = stack("KS 3H 3D AC 9S 2D 8H 4S QH 5C 7D 6H", GAME.pack())
    st = GAME.layout(order, 0)
    assert places(st) == cards("3H AC 9S 2D 8H 4S 5C 7D 6H")
    assert sorted(rank_of(c) for c in places(st)) == list(range(1, 10))
    assert len(GAME.pile(st, "aside")) == 43
    assert sum(len(z.face_down) for z in GAME.zones(st)) == 43
    assert len(codes(GAME, st)) == 36 + 1 and codes(GAME, st)[-1] == "end"


def test_the_tableau_with_only_three_fifteens_is_not_solved() -> None:
    # 2 7 6 / 9 5 1 / 4 3 8 with the 2 and the 5 changed: three fifteens, the last row,
    # the last column and one diagonal
    st = square(THREE)
    assert fifteens(st.piles[:9]) == 3 and GAME.outcome(st) is None
    assert GAME.public(st) == {"fifteens": 3}


def test_eight_fifteens_solve_it_and_one_exchange_short_does_not() -> None:
    st = square(THREE)
    assert not GAME.won(st)
    assert GAME.describe(st, GAME.parse_move("x1-5")) == "exchange 5♠ (place 1) and 2♠ (place 5)"
    st = play(GAME, st, "x1-5")
    assert places(st) == cards(SOLVED)
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_an_exchange_is_not_offered_straight_back_and_giving_up_loses() -> None:
    st = play(GAME, square(THREE), "x1-2")
    assert "x1-2" not in codes(GAME, st)
    st = play(GAME, st, "end")
    out = GAME.outcome(st)
    assert out is not None and not out.won and out.summary.startswith("given up with")
