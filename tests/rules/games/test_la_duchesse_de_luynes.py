"""La Duchesse de Luynes (Cadogan 001 l.1606-1661): the face-down Discard, usable only at
the end of each deal; the packets taken up with the Discard underneath; four deals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalMove, render
from rules.cards import KING, Card, cards, packs, rank_of, suit_of
from rules.families import EMPTY8
from rules.games.la_duchesse_de_luynes import LaDuchesseDeLuynes
from rules.patience import Table

GAME = LaDuchesseDeLuynes()


def state(pack: str, places: tuple[str, str, str, str] = ("", "", "", ""), stock: str = "",
          fams: tuple[tuple[Card, ...], ...] = EMPTY8, slot: int = 0,
          redeals: int = 0) -> Table:
    """``pack`` is written first card dealt first; piles bottom to top."""
    t = GAME.table({f"f{j + 1}": f for j, f in enumerate(fams)}
                   | {f"p{k + 1}": cards(p) for k, p in enumerate(places)}
                   | {"stock": cards(stock), "pack": tuple(reversed(cards(pack)))},
                   {"stock": len(cards(stock)) if pack else 0})
    return GAME.marked(replace(t, redeals=redeals, seed=7), slot=slot)


def codes(st: Table) -> list[str]:
    return [m.code for m in GAME.legal_moves(st, 0)]


def play(st: Table, *moves: str) -> Table:
    for m in moves:
        st = GAME.apply(st, m, 0)
    return st


def test_the_discard_is_dealt_face_down_and_is_not_available_during_the_deal() -> None:
    st = play(state("9C 8C 7C 6C AS AH 2C"), "d", "d", "d", "d", "d", "d")
    assert st.piles[12] == cards("AS AH")
    # two aces in the Discard, yet nothing may be played from it while the pack lasts
    assert codes(st) == ["d"]
    with pytest.raises(IllegalMove, match="only at the end of each deal"):
        GAME.apply(st, "w1>f1", 0)
    view = render(GAME, st, None)
    discard = next(z for z in view["zones"] if z["id"] == "stock")
    assert discard["up"] == [] and discard["down"] == 2
    assert GAME.narrate(play(state("9C 8C 7C 6C AS"), "d", "d", "d"),
                        GAME.parse_move("d"), st) == "deal 6♣ to packet 4"
    before = play(state("9C 8C 7C 6C AS"), "d", "d", "d", "d")
    assert GAME.narrate(before, GAME.parse_move("d"), st) == \
        "deal a card face down to the Discard"


def test_at_the_end_of_the_deal_the_whole_discard_is_examined_and_used() -> None:
    st = play(state("9C 8C 7C 6C AS AH"), "d", "d", "d", "d", "d", "d")
    # the pack is exhausted: both Discard cards are available, not only the top one
    assert codes(st) == ["w1>f1", "w2>f2", "redeal"]
    st = play(st, "w1>f1")
    assert st.piles[12] == cards("AH") and st.piles[:8][0] == cards("AS")
    view = render(GAME, st, None)
    discard = next(z for z in view["zones"] if z["id"] == "stock")
    assert len(discard["up"]) == 1


def test_the_packets_are_taken_up_in_succession_with_the_discard_underneath() -> None:
    st = state("", ("9C 3C", "8C", "7C", "6C"), "5C 4C")
    st = play(st, "redeal")
    # the first packet first, the Discard last (l.1653-1657)
    assert tuple(reversed(st.piles[13])) == cards("9C 3C 8C 7C 6C 5C 4C")
    assert st.redeals == 1 and st.piles[12] == () and st.piles[8:12] == ((),) * 4


def test_three_redeals_and_the_fourth_deal_has_no_discard() -> None:
    st = state("", ("9C", "8C", "7C", "6C"), "5C 4C", redeals=2)
    st = play(st, "redeal")
    assert st.redeals == 3
    st = play(st, "d", "d", "d", "d", "d", "d")
    assert st.piles[12] == () and st.piles[8:12] == (cards("9C 5C"), cards("8C 4C"), cards("7C"),
                                            cards("6C"))
    # no more re-deals, and nothing goes: the patience has failed
    assert codes(st) == []
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won


def test_a_stacked_pack_wins_and_one_card_short_does_not() -> None:
    # every ace and king first, then the rest rising: each card goes up as it is dealt
    order = sorted(packs(2), key=lambda c: (0 if rank_of(c) in (1, KING) else rank_of(c),
                                            suit_of(c), c))
    st = GAME.layout(tuple(order), seed=1)
    while GAME.outcome(st) is None:
        legal = codes(st)
        st = play(st, next((c for c in legal if ">f" in c), legal[0]))
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won
    # the ace of spades' family one card short, that card (the king) back on packet 1
    fams = st.piles[:8]
    short = replace(st, piles=(fams[0][:-1], *fams[1:], (fams[0][-1],), *st.piles[9:]))
    assert not GAME.won(short)
