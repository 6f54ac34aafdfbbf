"""Musical (Cheney l.910-961): the book's layout and worked examples, as printed."""

from __future__ import annotations

from typing import Any

import pytest

from rules import Play, make, render
from rules.cards import cards, rank_of
from rules.patience import Table
from tests.kit.stacking import turn_undone_unless_shuffled

# The book's layout (l.933-934): 1-2-3-4 over 2-4-6-8.
LINES = "AS 2S 3S 4S 2H 4H 6H 8H"


def stacked(then: str, **options: Any) -> tuple[Any, Table]:
    """The book's two lines, then ``then`` from the top of the pack, then the rest."""
    game = make("musical", options)
    first = cards(LINES) + cards(then)
    rest = tuple(c for c in game.pack() if c not in first)
    st: Table = game.layout(first + rest, seed=3)
    return game, st


def codes(game: Any, st: Table) -> list[str]:
    return [m.code for m in game.legal_moves(st, 0)]


def table(upper: tuple[int, ...], lower: tuple[tuple[int, ...], ...], pack: tuple[int, ...],
          stock: tuple[int, ...]) -> Table:
    """Musical's table: the upper line, the lower piles, the pack (top last), the stock."""
    piles = (*((c,) for c in upper), *lower, pack, stock)
    return Table(piles, (0,) * 8 + (len(pack), 0))


def upper(st: Table) -> tuple[int, ...]:
    return tuple(p[0] for p in st.piles[:4])


def lower(st: Table) -> tuple[tuple[int, ...], ...]:
    return st.piles[4:8]


def test_the_two_lines_are_the_first_of_each_number_to_come() -> None:
    game = make("musical")
    deal = cards("5S 2D AC 2C 3H 4H 4D 6S 8S")
    rest = tuple(c for c in game.pack() if c not in deal)
    st = game.layout(deal + rest, seed=0)
    assert upper(st) == cards("AC 2D 3H 4H")
    assert tuple(p[0] for p in lower(st)) == cards("2C 4D 6S 8S")
    assert st.piles[8][-1] == cards("5S")[0] and len(st.piles[8]) == 44


def test_the_books_examples_nine_under_the_three_six_then_eight_under_the_two() -> None:
    # "if you turn up a nine, you can place it below the three, as six and three are
    # nine; if a six, put it below the two, since four and two are six. Then you will
    # have a place for an eight under the two, for six and two are eight" (l.940-945)
    game, st = stacked("9C 6C 8C")
    st = game.apply(st, "d", 0)
    assert codes(game, st) == ["f3", "d", "auto"]
    assert game.describe(st, game.parse_move("f3")) == \
        "put 9♣ from the stock on 6♥, under the three"
    st = game.apply(st, "f3", 0)
    st = game.apply(st, "d", 0)
    assert codes(game, st)[0] == "f2"
    st = game.apply(st, "f2", 0)
    st = game.apply(st, "d", 0)
    assert codes(game, st)[0] == "f2"
    st = game.apply(st, "f2", 0)
    assert [rank_of(p[-1]) for p in lower(st)] == [2, 8, 9, 8]


def test_past_thirteen_the_amount_beyond_counts() -> None:
    # "knave and three would be ace, queen and four would be three" (l.954-956)
    game = make("musical")
    st = table(cards("AS 2S 3S 4S"),
               (cards("2H"), cards("4H"), cards("6H 9D QD 2D 5D 8D JD"),
                cards("8H QH 3H 7H JH 2C 6C TC AC 5C 9C")),
               cards("KD"), cards("AD"))
    assert codes(game, st) == ["f3", "d", "auto"]
    queen = table(upper(st), (*lower(st)[:3], cards("8H QH")), (), cards("3C"))
    assert codes(game, queen) == ["f1", "f4", "r", "auto"]  # 2+1 and Q+4 both make three
    st = table(upper(st), lower(st), (), cards("KC"))
    assert codes(game, st) == ["f4", "r", "auto"]
    st = game.apply(st, "f4", 0)
    # a pile is finished at its king: nothing more goes on it
    assert rank_of(lower(st)[3][-1]) == 13 and len(lower(st)[3]) == 12


def test_the_stock_is_turned_twice_and_comes_back_in_its_order() -> None:
    game, st = stacked("5C 7C KD")
    for _ in range(44):
        st = game.apply(st, "d", 0)
    assert st.piles[8] == () and "r" in codes(game, st)
    first_three = st.piles[9][:3]
    st = game.apply(st, "r", 0)
    assert st.piles[9] == () and st.redeals == 1
    assert (st.piles[8][-1], st.piles[8][-2], st.piles[8][-3]) == first_three
    for _ in range(44):
        st = game.apply(st, "d", 0)
    st = game.apply(st, "r", 0)
    for _ in range(44):
        st = game.apply(st, "d", 0)
    assert "r" not in codes(game, st)
    once, st = stacked("5C 7C KD", turns=1)
    for _ in range(44):
        st = once.apply(st, "d", 0)
    st = once.apply(st, "r", 0)
    for _ in range(44):
        st = once.apply(st, "d", 0)
    assert "r" not in codes(once, st)


def test_turning_with_a_shuffle_keeps_the_cards() -> None:
    game, st = stacked("5C 7C KD", shuffle=True)
    for _ in range(44):
        st = game.apply(st, "d", 0)
    stock = st.piles[9]
    st = game.apply(st, "r", 0)
    assert sorted(st.piles[8]) == sorted(stock) and st.piles[8] != tuple(reversed(stock))
    view = render(game, st, None)
    assert [z["down"] for z in view["zones"] if z["id"] == "pack"] == [44]


@pytest.mark.parametrize("shuffle", [True, False])
def test_a_shuffled_turn_of_the_stock_is_never_taken_back(shuffle: bool) -> None:
    # deal 0, the pack turned through onto the stock: then the stock is turned. Shuffled,
    # its new order is news (as a card turned up is): undo stops there, so the player
    # cannot take it back and shuffle again from another stock. Taken up as it lies, its
    # order was known: undo takes it back.
    game = make("musical", {"shuffle": shuffle})
    play = Play.start(game, 0)
    while "r" not in codes(game, play.state):
        play = play.push("d", 0)
    assert len(play.states) == 45  # the 44 cards of the pack turned
    turn_undone_unless_shuffled(play, "r", shuffle)
