"""Fifteen in a Row (Cheney l.2078-2131): the opening, marriages in suit, streets."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import Card, card, cards, packs
from rules.games.fifteen_in_a_row import FifteenInARow
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = FifteenInARow()


def state(families: tuple[tuple[Card, ...], ...], columns: tuple[tuple[Card, ...], ...]
          ) -> Table:
    """A table with these eight families and fifteen columns."""
    return GAME.table({f"f{j + 1}": f for j, f in enumerate(families)}
                      | {f"c{i + 1}": p for i, p in enumerate(columns)})


EMPTY8: tuple[tuple[Card, ...], ...] = ((),) * 8


def cols(*piles: str, pad: str = "JC") -> tuple[tuple[Card, ...], ...]:
    """Columns, first row first; the others hold a lone card that cannot move."""
    out = [cards(p) for p in piles]
    return tuple(out + [cards(pad)] * (15 - len(out)))


def fams(*ns: int) -> tuple[tuple[Card, ...], ...]:
    """f1-f4 up from the aces, f5-f8 down from the kings, with ``n`` cards each."""
    return tuple(tuple(card(r if j < 4 else 14 - r, j % 4) for r in range(1, n + 1))
                 for j, n in enumerate(ns))


def test_seven_rows_of_fifteen_the_last_of_fourteen_lapping_over() -> None:
    order = packs(2)
    st = GAME.layout(order, seed=0)
    assert [len(p) for p in st.piles[8:]] == [7] * 14 + [6]
    assert st.piles[8:][0] == tuple(order[15 * r] for r in range(7))
    assert st.piles[8:][14][-1] == order[89]


def test_the_opening_only_aces_and_kings_and_the_pull_from_under_a_free_card() -> None:
    st = state(EMPTY8, cols("9C AS", "2S KH 5D", "9H 2S"))
    # A♠ begins its family; 2♠ may not follow until a king family is begun too; K♥
    # lies under 5♦ and may be pulled out, 5♦ sliding up
    assert codes(GAME, st) == ["c1>f1", "x2>f6", "c1>c3", "c3>c1", "end"]
    st = play(GAME, st, "c1>f1")
    assert codes(GAME, st) == ["x2>f6", "end"]
    with pytest.raises(IllegalMove):
        GAME.apply(st, "c2>f1", 0)
    before = st
    st = play(GAME, st, "x2>f6")
    assert st.piles[8:][1] == cards("2S 5D") and st.piles[:8][5] == cards("KH")
    assert GAME.describe(before, GAME.parse_move("x2>f6")).startswith(
        "take K♥ from under 5♦ in column 2")
    # the opening is over: no more pulls, every free card may go home
    assert "x" not in "".join(codes(GAME, st))


def test_marriages_in_suit_up_or_down_not_straight_back_and_streets() -> None:
    st = state(fams(1, 0, 0, 0, 1, 0, 0, 0), cols("5C 8H", "9H", "7H", "KD 9D"))
    assert codes(GAME, st) == ["c1>c2", "c1>c3", "c2>c1", "c3>c1", "end"]
    st = play(GAME, st, "c1>c3")
    assert "c3>c1" not in codes(GAME, st)
    # column 1 (5♣) leaves; a street takes any free card, but not a lone one
    st = state(fams(1, 0, 0, 0, 1, 0, 0, 0), cols("", "9H", "KD 9D", pad="9C 8D"))
    moves = codes(GAME, st)
    assert "c3>c1" in moves and "c4>c1" in moves and "c2>c1" not in moves


def test_a_stacked_deal_is_won() -> None:
    # Step t of the game wants rank t on each ace family and rank 14 - t on each king
    # family: the first pack's cards go up, the second's down. Dealt in step order, the
    # last (free) row holds the aces and kings and each column's cards come free in turn.
    def step(c: Card) -> int:
        return c & 15 if c < 64 else 14 - (c & 15)

    order = sorted(packs(2), key=step)
    rows = [order[:14], *(order[14 + 15 * k : 29 + 15 * k] for k in range(6))]
    st = GAME.layout(tuple(c for r in reversed(rows) for c in r), seed=0)
    assert set(p[-1] for p in st.piles[8:][:14]) == set(order[:14])
    for _ in range(104):  # each move a free card home, the earliest step first
        home = [m for m in codes(GAME, st) if m[0] == "c" and ">f" in m]
        _, best = min((step(st.piles[8:][int(m[1 : m.index(">")]) - 1][-1]), m) for m in home)
        st = play(GAME, st, best)
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_one_card_short_is_not_a_win() -> None:
    full = fams(13, 13, 13, 13, 13, 13, 13, 12)
    st = state(full, cols("AC", pad=""))
    assert GAME.outcome(st) is None and codes(GAME, st) == ["c1>f8", "end"]
    out = GAME.outcome(play(GAME, st, "c1>f8"))
    assert out is not None and out.won


def test_no_move_left_is_lost_and_giving_up_is_lost() -> None:
    st = state(EMPTY8, cols("5C", "9H", "7D"))
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won and "no move is left" in out.summary
    st = state(fams(1, 0, 0, 0, 1, 0, 0, 0), cols("5C 2S"))
    out = GAME.outcome(play(GAME, st, "end"))
    assert out is not None and not out.won and "given up" in out.summary


def test_families_stop_at_the_king_and_the_ace() -> None:
    st = state(fams(13, 0, 0, 0, 13, 0, 0, 0), cols("AS 9D", "KS 9C"))
    assert codes(GAME, st) == []  # both spade families are done; no third one
