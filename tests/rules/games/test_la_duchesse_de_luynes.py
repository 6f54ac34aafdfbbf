"""La Duchesse de Luynes (Cadogan 001 l.1606-1661): the face-down Discard, usable only at
the end of each deal; the packets taken up with the Discard underneath; four deals."""

from __future__ import annotations

import pytest

from rules import IllegalMove, render
from rules.cards import KING, Card, cards, packs, rank_of, suit_of
from rules.families import EMPTY8
from rules.games.duchess_of_luynes import DuchessState
from rules.games.la_duchesse_de_luynes import LaDuchesseDeLuynes

GAME = LaDuchesseDeLuynes()


def state(pack: str, places: tuple[str, str, str, str] = ("", "", "", ""), stock: str = "",
          fams: tuple[tuple[Card, ...], ...] = EMPTY8, slot: int = 0,
          redeals: int = 0) -> DuchessState:
    """``pack`` is written first card dealt first; piles bottom to top."""
    return DuchessState(fams, tuple(cards(p) for p in places), cards(stock),
                        tuple(reversed(cards(pack))), slot, redeals, 7)


def codes(st: DuchessState) -> list[str]:
    return [m.code for m in GAME.legal_moves(st, 0)]


def play(st: DuchessState, *moves: str) -> DuchessState:
    for m in moves:
        st = GAME.apply(st, m, 0)
    return st


def test_the_discard_is_dealt_face_down_and_is_not_available_during_the_deal() -> None:
    st = play(state("9C 8C 7C 6C AS AH 2C"), "d", "d", "d", "d", "d", "d")
    assert st.stock == cards("AS AH")
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
    assert st.stock == cards("AH") and st.families[0] == cards("AS")
    view = render(GAME, st, None)
    discard = next(z for z in view["zones"] if z["id"] == "stock")
    assert len(discard["up"]) == 1


def test_the_packets_are_taken_up_in_succession_with_the_discard_underneath() -> None:
    st = state("", ("9C 3C", "8C", "7C", "6C"), "5C 4C")
    st = play(st, "redeal")
    # the first packet first, the Discard last (l.1653-1657)
    assert tuple(reversed(st.pack)) == cards("9C 3C 8C 7C 6C 5C 4C")
    assert st.redeals == 1 and st.stock == () and st.places == ((),) * 4


def test_three_redeals_and_the_fourth_deal_has_no_discard() -> None:
    st = state("", ("9C", "8C", "7C", "6C"), "5C 4C", redeals=2)
    st = play(st, "redeal")
    assert st.redeals == 3
    st = play(st, "d", "d", "d", "d", "d", "d")
    assert st.stock == () and st.places == (cards("9C 5C"), cards("8C 4C"), cards("7C"),
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
    short = DuchessState((st.families[0][:-1], *st.families[1:]), st.places, st.stock,
                         st.pack, st.slot, st.redeals, st.seed)
    assert not GAME.won(short)
