"""Fours (Cheney l.2918-2946): piles of four, aces to families, marriages, laying again."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from rules import IllegalMove
from rules.cards import card, cards, packs
from rules.games.fours import Fours, laid
from rules.history import remember
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = Fours()
RUNS = " ".join(f"{r}C {r}D {r}H {r}S" for r in "A23456789TJQK")
Piles = tuple[tuple[int, ...], ...]


def state(piles: Piles, families: Sequence[tuple[int, ...]], layings: int = 0,
          moved: bool = False, seen: Sequence[Piles] = ()) -> Table:
    """The piles of the last laying, the families, whether a card has been placed since
    it, and the layings since a card last went home."""
    t = GAME.table({f"p{i + 1}": p for i, p in enumerate(piles)}
                   | {f"f{j + 1}": f for j, f in enumerate(families)})
    t = GAME.marked(replace(t, played=moved), layings=layings, piles=len(piles))
    return remember(t, frozenset(seen)) if seen else t


def piles(st: Table) -> Piles:
    return laid(GAME, st)


def test_the_pack_goes_out_in_piles_of_four_the_fourth_on_top() -> None:
    st = GAME.layout(packs(1), seed=0)
    assert codes(GAME, st) == ["d"]
    st = play(GAME, st, "d")
    assert len(piles(st)) == 13 and piles(st)[0] == cards("AS 2S 3S 4S")
    # the top cards are 4♠ 8♠ Q♠ 3♥ 7♥ J♥ 2♦ 6♦ 10♦ A♣ 5♣ 9♣ K♣: the ace goes home;
    # a lower card may be married on a higher of its suit: 2♦ onto... none is 3♦
    assert codes(GAME, st) == ["10>f"]
    st = play(GAME, st, "10>f")
    assert GAME.families(st)[3] == cards("AC") and piles(st)[9] == cards("JD QD KD")


def test_marriages_put_a_lower_card_on_a_higher_of_its_suit() -> None:
    st = state((cards("9C 5H"), cards("2S 6H"), cards("7S 4H")), ((),) * 4)
    assert codes(GAME, st) == ["1>2", "3>1"]
    with pytest.raises(IllegalMove):
        GAME.apply(st, "2>1", 0)  # a higher on a lower
    st = play(GAME, st, "1>2")
    assert piles(st) == (cards("9C"), cards("2S 6H 5H"), cards("7S 4H"))
    assert codes(GAME, st) == ["3>2"]


def test_when_nothing_more_can_be_done_the_piles_are_gathered_and_laid_again() -> None:
    st = state((cards("9C 5H"), (), cards("2S 7H"), cards("3D")), ((),) * 4, moved=True)
    assert codes(GAME, st) == ["r"]
    st = play(GAME, st, "r")
    # the last pile on the one next it, and so on: the first pile comes out first
    assert piles(st) == (cards("9C 5H 2S 7H"), cards("3D"))


def test_a_laying_with_no_card_to_place_fails() -> None:
    st = state((cards("2S 9C 5H 7D"), cards("4C 8H")), ((),) * 4, layings=1)
    assert codes(GAME, st) == []
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
    assert outcome.summary == \
        "0 of 52 cards in the families; on laying them down in fours, no top card can be placed"
    relaid = state((cards("9C 5H 2S 7H"), cards("3D")), ((),) * 4, layings=2)
    assert GAME.outcome(relaid) is not None


def test_laying_the_same_cards_the_same_way_again_is_not_allowed() -> None:
    lay = (cards("9C 5H 2S 7H"), cards("3D"))
    st = state(lay, ((),) * 4, 1, True, (lay,))
    assert codes(GAME, st) == []
    outcome = GAME.outcome(st)
    assert outcome is not None and "repeat an earlier laying" in outcome.summary


def test_a_stacked_pack_completes_the_families() -> None:
    st = GAME.layout(stack(RUNS, packs(1)), seed=0)
    while GAME.outcome(st) is None:
        st = play(GAME, st, codes(GAME, st)[0])
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won


def test_one_king_short_is_not_a_win() -> None:
    full = tuple(tuple(card(r, s) for r in range(1, 14)) for s in range(4))
    st = state((cards("KC"),), (*full[:3], full[3][:-1]), layings=1)
    assert not GAME.won(st) and codes(GAME, st) == ["1>f"]
    assert GAME.won(play(GAME, st, "1>f"))
