"""Reversible Sequences (Cheney l.3081-3118): four rows of thirteen, families both ways."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rules import IllegalMove, make
from rules.cards import Card, card, cards, packs, rank_of
from rules.free_columns import columns
from rules.games.reversible_sequences import ReversibleSequences
from rules.patience import Table
from tests.kit.solving import PLAIN, assert_knowledge_wins
from tests.kit.stacking import codes, columns_table, home_or_deal, play

GAME = ReversibleSequences()
EMPTY8 = ((),) * 8


def state(columns: Sequence[Sequence[Card]], families: Sequence[Sequence[Card]],
          pack: Sequence[Card], stock: Sequence[Card] = ()) -> Table:
    return columns_table(GAME, columns, families, pack, stock)


def cols(*texts: str, width: int = 13) -> tuple[tuple[Card, ...], ...]:
    out = tuple(cards(t) for t in texts)
    return out + ((),) * (width - len(out))


def wanted() -> list[Card]:
    """Both packs round by round: the ace families' next cards (first pack), then the
    king families' (second pack)."""
    return [card(r, s, p) for k in range(13)
            for p, r in ((0, k + 1), (1, 13 - k)) for s in range(4)]



def test_four_rows_of_thirteen_and_the_lower_row_is_free() -> None:
    order = packs(2)
    st = GAME.layout(order, seed=0)
    assert len(columns(st)) == 13 and all(len(c) == 4 for c in columns(st))
    assert columns(st)[0] == (order[0], order[13], order[26], order[39])
    assert len(GAME.pile(st, "pack")) == 52 and GAME.pile(st, "pack")[-1] == order[52]
    # the lower row (last dealt) holds the free cards: A♣ of the first pack is one
    assert codes(GAME, st)[0] == "c1>f4"


def test_aces_up_kings_down_one_of_each_per_suit() -> None:
    st = state(cols("AS", "KS", "AS", "2H"), EMPTY8, ())
    assert codes(GAME, st)[:3] == ["c1>f1", "c2>f5", "c3>f1"]
    st = play(GAME, st, "c1>f1")
    # the second ace of spades is an ordinary card now: it ends the king family
    assert "c3>f1" not in codes(GAME, st) and "c3>f5" not in codes(GAME, st)


def test_marriages_up_or_down_in_suit_and_never_straight_back() -> None:
    st = state(cols("9C 4H 5H", "6H", "4H", "5D", *["QD"] * 9), EMPTY8, cards("KD"))
    assert codes(GAME, st) == ["c1>c2", "c1>c3", "c2>c1", "c3>c1", "d", "end"]
    st = play(GAME, st, "c1>c2")  # 5♥ onto 6♥, going down
    assert "c2>c1" not in codes(GAME, st)  # 5♥ on 4♥ would do, but straight back
    with pytest.raises(IllegalMove, match="not a legal move"):
        GAME.apply(st, "c2>c1", 0)
    assert "c2>c1" in codes(GAME, play(GAME, st, "d"))  # after another move it may
    st = play(GAME, st, "c3>c2")  # 4♥ on 5♥: the sequence 6 5 4
    assert columns(st)[1] == cards("6H 5H 4H") and columns(st)[2] == ()
    with pytest.raises(IllegalMove):
        GAME.apply(st, "c2>c3", 0)  # spaces are filled from the stock and pack only


def test_sequences_move_as_one_only_under_the_option() -> None:
    st = state(cols("KC 8H 7H", "9H", *["QD"] * 11), EMPTY8, cards("KD"))
    assert "c1.2>c2" not in codes(GAME, st)
    seq = make("reversible_sequences", {"moves": "sequences"})
    assert "c1.2>c2" in codes(seq, st)
    st = play(seq, st, "c1.2>c2")
    assert columns(st)[1] == cards("9H 8H 7H")


def test_no_column_move_brings_back_an_earlier_arrangement() -> None:
    six, twin = cards("6H")[0], cards("6H", 1)[0]
    st = state(((*cards("9C 4H 5H"),), (six,), (twin,), *cols(*["QD"] * 10)[:10]),
                      EMPTY8, cards("KD"))
    st = play(GAME, st, "c1>c2", "c2>c3")  # 5♥ from one six to its twin
    # 5♥ back on the 4♥, or back on the first six, would repeat an arrangement
    assert "c3>c1" not in codes(GAME, st) and "c3>c2" not in codes(GAME, st)
    st = play(GAME, st, "d")  # a card from outside: the slate is clean again
    assert "c3>c1" in codes(GAME, st)


def test_spaces_are_filled_from_the_stock_or_the_pack() -> None:
    st = state(cols("9C", "", "4H"), EMPTY8, cards("KD 7S"), cards("3S"))
    moves = codes(GAME, st)
    assert "s>c2" in moves and "p>c2" in moves and "c1>c2" not in moves
    st = play(GAME, st, "p>c2")
    assert columns(st)[1] == cards("7S") and GAME.pile(st, "pack") == cards("KD")


def test_a_stacked_deal_completes_the_families() -> None:
    # the pack holds the first half as wanted; the rows the second half, the lower row
    # (laid last) wanted first
    want = wanted()
    rows = [want[91:], want[78:91], want[65:78], want[52:65]]
    st = GAME.layout((*(c for r in rows for c in r), *want[:52]), seed=0)
    st = home_or_deal(GAME, st)
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won
    assert [rank_of(f[-1]) for f in GAME.families(st)] == [13] * 4 + [1] * 4


def test_one_card_short_is_not_a_win_and_giving_up_loses() -> None:
    fams = tuple(tuple(f) for f in (
        [card(r, s) for r in range(1, 14)] for s in range(4))) + tuple(
        tuple(card(r, s, 1) for r in range(13, 0, -1)) for s in range(4))
    st = state(cols("AC"), (*fams[:7], fams[7][:-1]), ())
    assert not GAME.won(st) and codes(GAME, st) == ["c1>f8", "end"]
    assert GAME.won(play(GAME, st, "c1>f8"))
    given = play(GAME, st, "end")
    outcome = GAME.outcome(given)
    assert outcome is not None and not outcome.won and "given up" in outcome.summary
    # a finished family takes nothing more (no going round the corner)
    st = state(cols("AS"), (*fams[:7], fams[7][:-1]), ())
    assert codes(GAME, st) == []


def test_stuck_is_lost() -> None:
    st = state(cols("9C 5H", *["QD"] * 12), EMPTY8, (), cards("7S"))
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
    assert outcome.summary == "0 of 104 cards in the families; no move is left"


def test_the_solver_keeps_the_stock_short_and_wins() -> None:
    """Reversible Sequences' knowledge for the solver (cards home first, then the
    marriages that free a card for the families or for the stock's top, the stock's top
    onto the columns before the next card is turned; a key with twins alike) lets a
    search of 1,000 positions win deal 432; without it the generic search won no deal of
    a thousand (docs/winnability.md). The line it finds replays to a win."""
    assert_knowledge_wins("reversible_sequences", 432, 1_000, PLAIN, 10_000)



def test_the_solver_tries_a_marriage_that_frees_a_card_for_home_before_turning() -> None:
    # 5♥ off column 1 frees 2♠ for its family: tried first; emptying column 2 with
    # nothing on the stock to fill it, or freeing 9♣ that nothing wants, after turning
    fams = (cards("AS"), *((),) * 7)
    st = state(cols("2S 5H", "6H", "9C 4H", *["QD"] * 10), fams, cards("KD"))
    assert codes(GAME, st) == ["c1>c2", "c1>c3", "c2>c1", "c3>c1", "d", "end"]
    assert [m.code for m in GAME.order_moves(st, GAME.legal_moves(st, 0))] == \
        ["c1>c2", "c1>c3", "d", "c2>c1", "c3>c1", "end"]
