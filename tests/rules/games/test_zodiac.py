"""The Zodiac (Cadogan 001 l.1770-1834): marriages into the Zodiac only, Equator spaces
refilled from the talon when the player likes, re-deals while they place cards, then the
foundations from the Zodiac and the Equator."""

from __future__ import annotations

import pytest

from rules import IllegalMove, make
from rules.cards import Card, cards, packs, rank_of, suit_of
from rules.games.zodiac import Zodiac, second_part
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = Zodiac()
EQ = "2C 2C 2D 2D 3C 3C 3D 3D"
ZO = " ".join(["9S"] * 2 + ["9H"] * 2 + ["TS"] * 2 + ["TH"] * 2 + ["JS"] * 2 + ["JH"] * 2
              + ["6S"] * 2 + ["6H"] * 2 + ["4S"] * 2 + ["4H"] * 2 + ["QS"] * 2 + ["QH"] * 2)


def state(eq: str = EQ, zo: str = ZO, pack: str = "", talon: str = "",
          placed: bool = False) -> Table:
    """``pack`` first card turned first; ``-`` an empty Equator place."""
    e = {f"e{i + 1}": () if w == "-" else cards(w) for i, w in enumerate(eq.split())}
    z = {f"z{k + 1}": cards(w.replace("+", " ")) for k, w in enumerate(zo.split())}
    t = GAME.table(e | z | {"pack": cards(pack)[::-1], "talon": cards(talon)})
    return GAME.marked(t, placed=placed)


def table(zodiac: list[tuple[Card, ...]] | tuple[tuple[Card, ...], ...],
          fams: tuple[tuple[Card, ...], ...] = ((),) * 8) -> Table:
    """Every card placed: the Zodiac packets and the foundations (the Equator empty)."""
    return GAME.table({f"z{k + 1}": p for k, p in enumerate(zodiac)}
                      | {f"f{j + 1}": f for j, f in enumerate(fams)})


def test_the_equator_and_the_zodiac() -> None:
    st = GAME.deal(3)
    assert all(len(GAME.pile(st, f"e{i + 1}")) == 1 for i in range(8))
    assert all(len(GAME.pile(st, f"z{k + 1}")) == 1 for k in range(24))
    assert len(GAME.pile(st, "pack")) == 72
    assert make("the_zodiac").id == "zodiac"


def test_marriages_go_into_the_zodiac_both_ways_and_never_out() -> None:
    st = state(eq="5H 2C 2D 2D 3C 3C 3D 3D", pack="KD")
    # 5♥ on 6♥ (descending) or on 4♥ (ascending); nothing onto the Equator
    assert codes(GAME, st) == ["e1>z15", "e1>z16", "e1>z19", "e1>z20", "t"]
    st = play(GAME, st, "e1>z15")
    assert GAME.pile(st, "z15") == cards("6H 5H") and GAME.pile(st, "e1") == ()
    # the Zodiac cannot marry within itself: 5♥ may not go on to 4♥ of packet 19
    with pytest.raises(IllegalMove):
        GAME.apply(st, "z15>z19", 0)


def test_talon_cards_marry_or_fill_a_space_when_the_player_likes() -> None:
    st = state(eq="- 2C 2D 2D 3C 3C 3D 3D", pack="7H KD")
    assert codes(GAME, st) == ["t"]
    st = play(GAME, st, "t")
    assert codes(GAME, st) == ["w>z15", "w>z16", "w>e1", "t"]
    st = play(GAME, st, "t")   # the space may wait: K♦ is turned on the 7♥
    assert codes(GAME, st) == ["w>e1"]
    st = play(GAME, st, "w>e1")
    assert GAME.pile(st, "e1") == cards("KD") and GAME.mark(st, "placed")


def test_redeals_go_on_while_they_place_cards_and_a_barren_pass_fails() -> None:
    st = state(pack="KD 7H")
    st = play(GAME, st, "t", "t")
    st = play(GAME, st, "w>z15")     # 7♥ placed this pass
    assert codes(GAME, st) == ["redeal"]
    st = play(GAME, st, "redeal", "t")
    assert codes(GAME, st) == []     # K♦ placed nowhere in a whole pass: failed
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
    assert "could not be placed" in outcome.summary


def test_second_part_from_the_zodiac_and_equator_to_a_win() -> None:
    # the Zodiac: 24 packets holding each suit's two runs; every card is placed
    by_suit = {s: sorted((c for c in packs(2) if suit_of(c) == s), key=rank_of)
               for s in range(4)}
    zodiac: list[tuple[Card, ...]] = []
    for cs in by_suit.values():
        ups, downs = cs[0::2], cs[1::2]   # one of each rank for each
        # ascending foundation takes A..6 from one packet (top A) and 7..K from another
        zodiac.append(tuple(reversed(ups[:6])))
        zodiac.append(tuple(reversed(ups[6:])))
        # descending: K..8 and 7..A
        zodiac.append(tuple(downs[7:]))
        zodiac.append(tuple(downs[:7]))
    while len(zodiac) < 24:
        zodiac.append(())
    st = table(zodiac)
    assert second_part(st)
    while GAME.outcome(st) is None:
        st = play(GAME, st, codes(GAME, st)[0])
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won
    fams = GAME.families(st)
    assert sum(len(f) for f in fams) == 104
    short = table(((fams[7][-1],), *st.piles[9:32]), (*fams[:7], fams[7][:-1]))
    assert not GAME.won(short)


def test_no_foundation_before_every_card_is_placed() -> None:
    st = state(eq="AS 2C 2D 2D 3C 3C 3D 3D", pack="7H")
    assert not any(">f" in c for c in codes(GAME, st))


def test_a_card_that_fits_the_ace_and_the_king_foundation_may_go_on_either() -> None:
    # 7♥ fits the hearts from the ace (at 6) and the hearts from the king (at 8); nothing
    # in the book sends it to the first: the player chooses (l.1797-1802, 1816-1821)
    fams = ((), cards("AH 2H 3H 4H 5H 6H"), (), (), (), cards("KH QH JH TH 9H 8H"), (), ())
    zodiac = (cards("7H"),) + ((),) * 23
    st = table(zodiac, fams)
    assert codes(GAME, st) == ["z1>f2", "z1>f6"]
    # an ace of hearts with the king's hearts down to the deuce may still begin the
    # ascending foundation (the first ace played starts it, sheet G4)
    fams = ((), (), (), (), (), cards("KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"), (), ())
    st = table((cards("AH"),) + ((),) * 23, fams)
    assert codes(GAME, st) == ["z1>f2", "z1>f6"]
