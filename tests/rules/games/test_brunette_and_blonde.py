"""Brunette and Blonde (Cheney l.1955-1986): alternate colours on the row and the aces."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalMove
from rules.cards import Card, card, cards, packs
from rules.games.brunette_and_blonde import BrunetteAndBlonde
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = BrunetteAndBlonde()
LENIENT = BrunetteAndBlonde({"marriages": "lenient"})


def family(first_suit: int, n: int = 13, pack: int = 0) -> tuple[Card, ...]:
    """A family from the ace of ``first_suit``, alternating hearts/spades or the like."""
    other = {0: 1, 1: 0, 2: 3, 3: 2}[first_suit]
    return tuple(card(r, first_suit if r % 2 else other, pack) for r in range(1, n + 1))


def row(*piles: str) -> tuple[tuple[Card, ...], ...]:
    out = [cards(p) for p in piles]
    return tuple(out + [()] * (8 - len(out)))


def state(places: tuple[tuple[Card, ...], ...], pack: str = "", stock: str = "",
          fams: tuple[tuple[Card, ...], ...] = ((),) * 8, fresh: bool = False,
          turns: int = 0) -> Table:
    t = GAME.table({f"f{j + 1}": f for j, f in enumerate(fams)}
                   | {f"p{i + 1}": p for i, p in enumerate(places)}
                   | {"pack": tuple(reversed(cards(pack))), "stock": cards(stock)})
    return GAME.marked(replace(t, seed=2, redeals=turns), fresh=int(fresh))


def test_eight_in_a_row_and_the_aces_go_above_as_they_come() -> None:
    st = GAME.layout(stack("9S AH 8D AC 2C 3C 4C 5C 6C 7C", packs(2)), seed=0)
    assert GAME.families(st)[:2] == (cards("AH"), cards("AC"))
    assert [GAME.pile(st, f"p{i + 1}")[0] for i in range(8)] == \
        list(cards("9S 8D 2C 3C 4C 5C 6C 7C"))
    assert codes(GAME, st) == ["p3>f1", "s"]  # black 2 on the red ace; not on A♣


def test_families_alternate_colours_and_alike_ones_are_offered_once() -> None:
    fams = (cards("AH 2S"), cards("AD 2C"), cards("AS 2H"), *((),) * 5)
    st = state(row("3D", "3C"), fams=fams)
    assert codes(GAME, st) == ["p1>f1", "p2>f3"]


def test_only_the_card_turned_is_married_onto_the_row() -> None:
    st = state(row("9S", "9C", "KH"), pack="8H 5D")
    st = play(GAME, st, "s")  # 8♥: one lower, other colour, on either black nine
    assert codes(GAME, st) == ["w>p1", "w>p2", "w>p4", "s"]
    st = play(GAME, st, "s")  # 5♦ turned on it: 8♥ is now a stock card
    st = play(GAME, st, "w>p4")
    assert codes(GAME, st) == ["w>p5", "redeal"]  # a stock card only fills a vacancy
    with pytest.raises(IllegalMove):
        GAME.apply(st, "w>p1", 0)
    assert codes(LENIENT, st) == ["w>p1", "w>p2", "w>p5", "redeal", "end"]


def test_the_books_examples_a_red_eight_on_a_black_nine_a_black_nine_on_a_red_ten() -> None:
    st = state(row("9S", "TH", "TC"), pack="9C 8D")
    st = play(GAME, st, "s")
    assert codes(GAME, st) == ["w>p2", "w>p4", "s"]  # 9♣ on 10♥, not on 10♣
    st = play(GAME, st, "w>p2", "s")
    assert codes(GAME, st) == ["w>p1", "w>p2", "w>p4", "redeal"]  # 8♦ on 9♠ or 9♣


def test_lenient_row_to_row_marriages_not_straight_back() -> None:
    st = state(row("9S 8H", "9C", "KD"))
    assert codes(GAME, st) == []
    assert codes(LENIENT, st) == ["p1>p2", "end"]
    st = play(LENIENT, st, "p1>p2")
    assert codes(LENIENT, st) == []  # 8♥ may not go straight back onto 9♠
    out = LENIENT.outcome(st)
    assert out is not None and not out.won


def test_the_stock_is_turned_twice_then_the_game_is_lost() -> None:
    st = state(row(*["KH"] * 8), stock="5D 6D")
    st = play(GAME, st, "redeal")
    assert GAME.pile(st, "pack") == cards("6D 5D")
    st = play(GAME, st, "s", "s", "redeal", "s", "s")
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won and "no move is left" in out.summary


def test_a_stacked_deal_is_won() -> None:
    order = [c for r in range(1, 14) for c in (
        *(card(r, s) for s in range(4)), *(card(r, s, 1) for s in range(4)))]
    st = GAME.layout(tuple(order), seed=0)
    for _ in range(2000):
        if GAME.outcome(st) is not None:
            break
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if ">f" in m), moves[0]))
    out = GAME.outcome(st)
    assert out is not None and out.won and "share the victory" in out.summary


def test_one_card_short_is_not_a_win() -> None:
    fams = (*(family(s) for s in range(4)), *(family(s, pack=1) for s in range(3)),
            family(3, 12, pack=1))
    st = state(row("KC"), fams=fams)
    assert GAME.outcome(st) is None and codes(GAME, st) == ["p1>f8"]
    out = GAME.outcome(play(GAME, st, "p1>f8"))
    assert out is not None and out.won


def test_a_family_stops_at_the_king() -> None:
    fams = (family(0), *((),) * 7)
    st = state(row("AH"), fams=fams)
    assert codes(GAME, st) == ["p1>f2"]  # the ace begins a new family
    st = state(row("KS", "KH"), fams=(family(1, 12), family(0), *((),) * 6))
    assert codes(GAME, st) == ["p2>f1"]  # red K on the black queen; nothing on a king
