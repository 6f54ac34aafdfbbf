"""Picture Gallery (Cheney l.2997-3030): pairs making eleven covered until courts fill it."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import cards, packs, rank_of
from rules.games.picture_gallery import PictureGallery
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = PictureGallery()
LAYOUT = "AS TS 2S 9S 3S 8S 4S 7S 5S 6S AH TH"
PAIRS = ("2H 9H 3H 8H 4H 7H 5H 6H " + " ".join(f"{a}{s} {b}{s}" for s in "DC"
                                               for a, b in zip("A2345", "T9876", strict=True)))
COURTS = " ".join(f"{r}{s}" for s in "SHDC" for r in "JQK")


def test_court_cards_go_under_the_pack_while_laying_out() -> None:
    st = GAME.layout(stack("KS 5D QH " + LAYOUT, packs(1)), seed=0)
    assert codes(GAME, st) == ["d", "auto"]
    st = play(GAME, st, "d")
    assert [p[-1] for p in st.piles[:12]] == list(cards("5D " + LAYOUT)[:12])
    assert st.piles[12][:2] == cards("QH KS")  # at the bottom, the last put under lowest
    assert all(rank_of(p[-1]) < 11 for p in st.piles[:12])


def test_two_cards_making_eleven_are_covered_from_the_pack() -> None:
    st = GAME.layout(stack(LAYOUT + " KD 9C", packs(1)), seed=0)
    st = play(GAME, st, "d")
    assert codes(GAME, st) == ["p1-2", "p1-12", "p2-11", "p3-4", "p5-6", "p7-8", "p9-10",
                               "p11-12", "auto"]
    st = play(GAME, st, "p1-2")
    assert st.piles[0] == cards("AS KD") and st.piles[1] == cards("TS 9C")
    # a court card blocks its place; the nine covering the ten pairs with the deuce
    assert "p1-12" not in codes(GAME, st) and "p2-3" in codes(GAME, st)
    with pytest.raises(IllegalMove):  # three and four do not make eleven
        GAME.apply(st, "p5-7", 0)


def test_a_stacked_pack_covers_the_square_with_court_cards() -> None:
    st = GAME.layout(stack(" ".join((LAYOUT, PAIRS, COURTS)), packs(1)), seed=0)
    while GAME.outcome(st) is None:
        st = play(GAME, st, codes(GAME, st)[0])
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won and st.piles[12] == ()
    assert sorted(rank_of(p[-1]) for p in st.piles[:12]) == [11] * 4 + [12] * 4 + [13] * 4


def test_two_cards_left_in_the_pack_is_not_a_win() -> None:
    places = tuple((c,) for c in cards("JS QS KS JH QH KH JD QD KD JC 5S 6S"))
    st = gallery(places, cards("QC KC"))
    assert not GAME.won(st) and codes(GAME, st) == ["p11-12", "auto"]
    assert GAME.won(play(GAME, st, "p11-12"))


def test_no_pair_making_eleven_loses_while_cards_remain() -> None:
    places = tuple((c,) for c in cards("JS QS KS JH QH KH JD QD KD JC 5S 7S"))
    st = gallery(places, cards("QC KC"))
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
    assert outcome.summary == \
        "no two cards make eleven; 2 cards are left in the pack and 10 of 12 places " \
        "show a court card"


def gallery(places: tuple[tuple[int, ...], ...], pack: tuple[int, ...]) -> Table:
    """Picture Gallery's table: the twelve places and the pack (top last)."""
    return Table((*places, pack), (0,) * 12 + (len(pack),))
