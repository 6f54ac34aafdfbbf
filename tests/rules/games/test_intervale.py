"""Intervale (Cheney l.3124-3156): three rows of eleven, sequences, never two upon two."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rules import IllegalMove
from rules.cards import Card, card, cards, packs, rank_of
from rules.free_columns import columns
from rules.games.intervale import Intervale
from rules.patience import Table
from tests.kit.stacking import codes, columns_table, home_or_deal, play

GAME = Intervale()
EMPTY = ((),) * 8


def state(columns: Sequence[Sequence[Card]], families: Sequence[Sequence[Card]],
          pack: Sequence[Card], stock: Sequence[Card] = ()) -> Table:
    return columns_table(GAME, columns, families, pack, stock)


def cols(*texts: str) -> tuple[tuple[Card, ...], ...]:
    out = tuple(cards(t) for t in texts)
    return out + tuple(cards("QD") for _ in range(11 - len(out)))


def test_three_rows_of_eleven_and_aces_of_the_lower_row_go_below() -> None:
    order = packs(2)
    st = GAME.layout(order, seed=0)
    assert len(columns(st)) == 11 and columns(st)[0] == (order[0], order[11], order[22])
    assert len(GAME.pile(st, "pack")) == 71
    st = state(cols("AS", "AS", "2S"), EMPTY, cards("KH"))
    assert codes(GAME, st)[:2] == ["c1>f1", "c2>f1"]
    st = play(GAME, st, "c1>f1", "c2>f5")  # two families of each suit
    assert GAME.families(st)[0] == cards("AS") and GAME.families(st)[4] == cards("AS")
    assert codes(GAME, st)[0] == "c3>f1"


def test_a_single_card_on_a_sequence_a_sequence_on_one_but_never_two_upon_two() -> None:
    # column 1 ends in the sequence 8♥ 7♥, column 2 in 5♥ 6♥; column 3 is a lone 9♥
    st = state(cols("KC 8H 7H", "KC 5H 6H", "9H"), EMPTY, cards("KH"))
    moves = codes(GAME, st)
    assert "c2>c1" in moves  # "a single card on a sequence of several"
    assert "c1.2>c3" in moves  # "a sequence of several on one"
    st = play(GAME, st, "c1.2>c3")
    assert columns(st)[2] == cards("9H 8H 7H") and columns(st)[0] == cards("KC")
    # "but you must not put two cards upon two" (l.3147-3148): 6♥ 5♥ onto 8♥ 7♥
    two = state(cols("KC 8H 7H", "KC 6H 5H", "9S"), EMPTY, cards("KH"))
    assert "c2.2>c1" not in codes(GAME, two)
    with pytest.raises(IllegalMove):
        GAME.apply(two, "c2.2>c1", 0)
    one = state(cols("KC 7H", "KC 6H 5H", "9S"), EMPTY, cards("KH"))
    assert "c2.2>c1" in codes(GAME, one)


def test_stock_and_pack_fill_spaces_and_follow_suit() -> None:
    st = state(cols("", "4S"), EMPTY, cards("7C"), cards("5S"))
    moves = codes(GAME, st)
    assert moves[:3] == ["s>c1", "s>c2", "p>c1"] and "c2>c1" not in moves
    st = state(cols("9C", "4S"), EMPTY, cards("7C"), cards("5H"))
    assert "s>c2" not in codes(GAME, st)  # marriages follow suit


def test_a_stacked_deal_completes_the_eight_families() -> None:
    want = [card(r, s, p) for r in range(1, 14) for p in range(2) for s in range(4)]
    rows = [want[93:], want[82:93], want[71:82]]  # the lower row wanted first
    st = GAME.layout((*(c for r in rows for c in r), *want[:71]), seed=0)
    st = home_or_deal(GAME, st)
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won
    assert all(rank_of(f[-1]) == 13 and len(f) == 13 for f in GAME.families(st))


def test_one_king_short_is_not_a_win_and_a_finished_family_takes_nothing() -> None:
    fams = tuple(tuple(card(r, s % 4, s // 4) for r in range(1, 14)) for s in range(8))
    st = state((cards("KC"), *((),) * 10), (*fams[:7], fams[7][:-1]), ())
    assert not GAME.won(st) and codes(GAME, st)[0] == "c1>f8"
    assert GAME.won(play(GAME, st, "c1>f8"))
    st = state(cols("AC", "KC"), (*fams[:7], fams[7][:-1]), ())
    assert codes(GAME, st)[0] == "c2>f8" and "c1>f4" not in codes(GAME, st)


def test_stuck_or_given_up_is_lost() -> None:
    st = state(cols("9C 5H"), EMPTY, (), cards("7S"))
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
    st = state(cols("9C 5H"), EMPTY, cards("AH"))
    assert codes(GAME, st) == ["d", "end"]
    outcome = GAME.outcome(play(GAME, st, "end"))
    assert outcome is not None and not outcome.won
