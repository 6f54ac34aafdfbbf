"""Blockade (Cheney l.1389-1422): hand-stacked deals for each rule and the draw."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalMove, render
from rules.cards import Card, card, cards, packs
from rules.families import EMPTY8
from rules.games.blockade import Blockade, is_free
from rules.patience import Table

GAME = Blockade()


def stacked(text: str) -> Table:
    """A pack starting with ``text`` (first card dealt first; the first unused copy of each
    card), then the rest of the two packs in order."""
    rest = list(packs(2))
    head = []
    for c in cards(text):
        copy = c if c in rest else c | 64
        rest.remove(copy)
        head.append(copy)
    return GAME.layout(tuple(head + rest), seed=5)


def codes(st: Table) -> list[str]:
    return [m.code for m in GAME.legal_moves(st, 0)]


def state(rows: str, pack: str = "", fams: tuple[tuple[Card, ...], ...] = EMPTY8,
          drawn: bool = False) -> Table:
    """Rows written in reading order, ``--`` for a space."""
    cells = [() if t == "--" else cards(t) for t in rows.split()]
    t = GAME.table({f"f{j + 1}": f for j, f in enumerate(fams)}
                   | {f"c{i + 1}": c for i, c in enumerate(cells)}
                   | {"pack": tuple(reversed(cards(pack)))})
    return GAME.marked(replace(t, privileges_used=("draw",) * drawn), laid=len(cells))


def rows(st: Table) -> tuple[Card, ...]:
    """The places laid, in reading order: each one's card, 0 for a space."""
    return tuple(p[-1] if p else 0 for p in GAME.rows(st))


def test_the_first_row_of_ten_with_aces_and_kings_going_to_the_left() -> None:
    st = stacked("5C AS 8S KH 2S 7D 6D 5D 4D 9S 3H TC JC 2D")
    # A♠ and K♥ start their families; 2♠, dealt after the ace, goes straight on it
    assert st.piles[:8][0] == cards("AS 2S") and st.piles[:8][5] == cards("KH")
    assert rows(st) == cards("5C 8S 7D 6D 5D 4D 9S 3H TC JC")
    assert GAME.pile(st, "pack")[-1] == cards("2D")[0]
    assert codes(st) == ["d", "auto"]
    st = GAME.apply(st, "d", 0)
    assert rows(st)[10] == cards("2D")[0]  # the second row begins


def test_a_card_between_two_others_is_blockaded() -> None:
    fams = (cards("AS"), *EMPTY8[1:])
    row1 = "9C 9C 9C 9C 9C 9C 9C 9C 9C 9C"
    st = state(f"{row1} 2S 3S 9D 9D 9D 9D 9D 9D 9D 9D 8H 8H", pack="QH", fams=fams)
    assert not is_free(GAME.rows(st), 10)   # 2♠: a card above and one below
    assert is_free(GAME.rows(st), 12)       # row 2, column 3: the bottom row has not reached it
    assert is_free(GAME.rows(st), 20)       # the bottom row
    assert codes(st) == ["d", "auto"]
    st = GAME.apply(st, "d", 0)  # Q♥ fills the bottom row's next place
    assert rows(st)[22] == cards("QH")[0]
    assert not is_free(GAME.rows(st), 12)   # row 2, column 3 is blockaded now


def test_a_space_above_or_below_frees_a_card_and_spaces_fill_in_order() -> None:
    fams = (cards("AS"), *EMPTY8[1:])
    st = state("2S 4S 5S 9C 9C 9C 9C 9C 9C 9C "
               "3S 9D 9D 9D 9D 9D 9D 9D 9D 9D "
               "8H 8H", pack="KD TH JH", fams=fams)
    assert codes(st) == ["c1>f1", "d", "auto"]
    st = GAME.apply(st, "c1>f1", 0)  # now the 3♠ has a space above it
    assert codes(st) == ["c11>f1", "d", "auto"]
    assert GAME.describe(st, GAME.parse_move("c11>f1")) == \
        "play 3♠ (row 2, place 1) on the ace family of spades"
    st = GAME.apply(st, "c11>f1", 0)
    st = GAME.apply(st, "c2>f1", 0)
    st = GAME.apply(st, "c3>f1", 0)
    assert rows(st)[:3] == (0,) * 3 and rows(st)[10] == 0
    st = GAME.apply(st, "d", 0)  # K♦ starts its family: no space is filled
    assert st.piles[:8][6] == cards("KD")
    st = GAME.apply(st, "d", 0)  # T♥ fills the first space in reading order
    assert rows(st)[0] == cards("TH")[0]
    before = st
    st = GAME.apply(st, "d", 0)
    assert rows(st)[1] == cards("JH")[0]
    assert GAME.narrate(before, GAME.parse_move("d"), st) == "deal J♥ to row 1, place 2"


def test_a_dealt_card_fitting_both_families_goes_up() -> None:
    fams = (cards("AS 2S 3S 4S 5S 6S"), *EMPTY8[1:4], cards("KS QS JS TS 9S 8S"), *EMPTY8[5:])
    st = state("9C", pack="7S", fams=fams)
    st = GAME.apply(st, "d", 0)
    assert st.piles[:8][0][-1] == cards("7S")[0] and len(st.piles[:8][4]) == 6


def test_the_one_draw_when_the_pack_is_out() -> None:
    fams = (cards("AS"), *EMPTY8[1:])
    st = state("9C 9C 9C 9C 9C 9C 9C 9C 9C 9C 2S 3S 9D 9D 9D 9D 9D 9D 9D 9D "
               "8H 8H 8H", fams=fams)
    assert codes(st) == ["x11>f1", "auto"]
    with pytest.raises(IllegalMove, match="that family"):
        GAME.apply(st, "c11>f1", 0)
    st = GAME.apply(st, "x11>f1", 0)
    assert st.privileges_used == ("draw",)
    assert render(GAME, st, None)["public"]["privileges_left"] == {"draw": 0}
    # 3♠ is still between 9♣ and 9♦, and the draw is spent: nothing is left
    assert codes(st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won


def test_no_draw_while_the_pack_lasts_or_a_free_card_fits() -> None:
    fams = (cards("AS"), *EMPTY8[1:])
    rows = "9C 9C 9C 9C 9C 9C 9C 9C 9C 9C 2S 9D 9D 9D 9D 9D 9D 9D 9D 9D 8H"
    assert codes(state(rows, pack="QH", fams=fams)) == ["d", "auto"]
    free_fits = "2H 9C 9C 9C 9C 9C 9C 9C 9C 9C 2S 9D 9D 9D 9D 9D 9D 9D 9D 9D 8H"
    fams2 = (cards("AS"), cards("AH"), *EMPTY8[2:])
    assert codes(state(free_fits, fams=fams2)) == ["c1>f2", "auto"]
    with pytest.raises(IllegalMove, match="no free card fits"):
        GAME.apply(state(free_fits, fams=fams2), "x11>f1", 0)
    with pytest.raises(IllegalMove, match="draw has been used"):
        GAME.apply(state(free_fits, fams=fams2, drawn=True), "x11>f1", 0)


def test_a_pack_in_order_goes_straight_to_the_families() -> None:
    # the first ace and king of each suit are pack 0's; the rest fit as dealt
    order = [card(r, s) for s in range(4) for r in (1, 13)]
    for k in range(1, 13):
        for s in range(4):
            order += [card(1 + k, s, int(k == 12)), card(13 - k, s, 1)]
    st = GAME.layout(tuple(order), seed=0)
    out = GAME.outcome(st)
    assert out is not None and out.won and rows(st) == ()


def test_auto_plays_to_the_end() -> None:
    assert GAME.outcome(GAME.apply(GAME.deal(4), "auto", 0)) is not None
