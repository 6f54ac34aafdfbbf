"""Nivernaise (Cheney l.1637-1677, Appendix l.3332-3340): both rules for the spaces."""

from __future__ import annotations

import pytest

from rules import IllegalMove, make
from rules.cards import Card, card, cards, packs
from rules.families import EMPTY8
from rules.games.nivernaise import NIVERNAISE_STRICT, Nivernaise
from rules.patience import Table
from tests.kit.laid import flanks_table

LENIENT = Nivernaise()
STRICT = NIVERNAISE_STRICT()


table = flanks_table


def sides_of(st: Table) -> tuple[Card, ...]:
    """The side places' cards, 0 for a space."""
    return tuple(p[-1] if p else 0 for p in st.piles[8:16])


def state(sides: str, piles: list[str], pack: str = "",
          fams: tuple[tuple[Card, ...], ...] = EMPTY8, redeals: int = 0) -> Table:
    """Sides in order (``--`` for a space), piles bottom to top, pack first card first."""
    side = tuple(0 if t == "--" else cards(t)[0] for t in sides.split())
    return table(LENIENT, fams, side, tuple(cards(p) for p in piles),
                 tuple(reversed(cards(pack))), redeals, 9)


def codes(game: Nivernaise, st: Table) -> list[str]:
    return [m.code for m in game.legal_moves(st, 0)]


PILES6 = ["9C 9C", "8C", "7C", "6C", "5C", "4C"]
SIDES = "QH JH TH 9H 8H 7H 6H 5H"


def test_aliases_and_the_registered_variant() -> None:
    assert type(make("nivernaise_lenient")) is Nivernaise
    assert type(make("nivernaise_strict")) is NIVERNAISE_STRICT
    assert STRICT.description.variant_of == "nivernaise" and STRICT.option("spaces") == "at_once"
    assert LENIENT.option("spaces") == "when_you_like"


def test_eight_side_cards_right_then_left_and_six_piles_of_four() -> None:
    order = list(packs(2))
    st = LENIENT.layout(tuple(order), seed=0)
    assert sides_of(st) == tuple(order[:8])
    assert st.piles[16:22] == tuple(tuple(order[8 + 4 * i : 12 + 4 * i]) for i in range(6))
    assert len(st.piles[22]) == 72 and st.piles[22][-1] == order[32]
    assert LENIENT.zones(st)[8].label == "side place 1 (right)"


def test_aces_and_kings_from_pile_tops_and_side_cards_then_deal_when_blocked() -> None:
    st = state("AS QH JH TH 9H 8H 7H 6H", ["9C KD", "8C", "7C", "6C", "5C", "4C"],
               pack=" ".join(["2C"] * 24))
    assert codes(LENIENT, st) == ["p1>f7", "s1>f1"]
    with pytest.raises(IllegalMove, match="no card can go to a family"):
        LENIENT.apply(st, "d", 0)
    st = LENIENT.apply(st, "p1>f7", 0)
    st = LENIENT.apply(st, "s1>f1", 0)
    # a space on the right; the lenient rule lets it wait
    assert codes(LENIENT, st) == ["p1>s1", "p2>s1", "p3>s1", "p4>s1", "p5>s1", "p6>s1",
                                  "d>s1", "d"]


def test_with_no_space_a_round_of_four_on_each_pile_is_one_move() -> None:
    pack = "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S 3S 4S 5S 6S 7S 8S 9S 6D 7D 8D 9D KC"
    st = state(SIDES, PILES6, pack=pack)
    assert codes(LENIENT, st) == ["d"]
    assert LENIENT.describe(st, LENIENT.parse_move("d")) == "deal four more cards on each pile"
    st = LENIENT.apply(st, "d", 0)
    assert st.piles[16] == cards("9C 9C 2C 3C 4C 5C")
    assert st.piles[21] == cards("4C 6D 7D 8D 9D")
    assert st.piles[22] == cards("KC") and LENIENT.mark(st, "round_left") == 0
    st = LENIENT.apply(st, "d", 0)  # the last packet is short
    assert st.piles[16:22][0][-1] == cards("KC")[0] and st.piles[22] == ()


def test_lenient_spaces_wait_while_the_cards_are_dealt_one_by_one() -> None:
    st = state("-- JH TH 9H 8H 7H 6H 5H", PILES6, pack="2C 3C 4C 5C AD 3D")
    assert codes(LENIENT, st)[-1] == "d"
    st = LENIENT.apply(st, "d", 0)  # one card at a time while a place is empty
    assert st.piles[16:22][0][-1] == cards("2C")[0] and LENIENT.mark(st, "round_left") == 23
    assert codes(LENIENT, st) == ["p1>s1", "p2>s1", "p3>s1", "p4>s1", "p5>s1", "p6>s1",
                                  "d>s1", "d"]
    st = LENIENT.apply(st, "d", 0)
    st = LENIENT.apply(st, "d", 0)
    st = LENIENT.apply(st, "d", 0)
    before = st
    st = LENIENT.apply(st, "d", 0)  # A♦ goes on pile 2; it may not go to a family yet
    assert LENIENT.narrate(before, LENIENT.parse_move("d"), st) == "deal A♦ on pile 2"
    assert "p2>f3" not in codes(LENIENT, st)
    with pytest.raises(IllegalMove, match="Finish dealing"):
        LENIENT.apply(st, "p2>f3", 0)
    # the valuable card just dealt is put in the space; with no space left, the rest of
    # the round goes at once
    st = LENIENT.apply(st, "p2>s1", 0)
    assert sides_of(st)[0] == cards("AD")[0]
    assert codes(LENIENT, st) == ["d"]
    assert LENIENT.describe(st, LENIENT.parse_move("d")) == \
        "deal the rest of this round on the piles"
    st = LENIENT.apply(st, "d", 0)
    assert st.piles[22] == () and LENIENT.mark(st, "round_left") == 0
    assert st.piles[17][-1] == cards("3D")[0]
    assert codes(LENIENT, st) == ["s1>f3", "redeal"]


def test_a_space_may_be_filled_from_the_pack() -> None:
    st = state("-- JH TH 9H 8H 7H 6H 5H", PILES6, pack="KS 2C")
    before = st
    st = LENIENT.apply(st, "d>s1", 0)
    assert sides_of(st)[0] == cards("KS")[0]
    assert LENIENT.narrate(before, LENIENT.parse_move("d>s1"), st) == \
        "fill side place 1 with K♠ from the pack"
    assert codes(LENIENT, st) == ["s1>f5"]


def test_strict_rule_fills_a_space_as_soon_as_it_occurs() -> None:
    st = state("AS JH TH 9H 8H 7H 6H 5H", PILES6, pack="2C")
    st = STRICT.apply(st, "s1>f1", 0)
    assert codes(STRICT, st) == ["p1>s1", "p2>s1", "p3>s1", "p4>s1", "p5>s1", "p6>s1",
                                 "d>s1"]
    with pytest.raises(IllegalMove, match="as soon as it occurs"):
        STRICT.apply(st, "d", 0)
    st = STRICT.apply(st, "p6>s1", 0)
    assert sides_of(st)[0] == cards("4C")[0] and st.piles[16:22][5] == ()
    assert codes(STRICT, st) == ["d"]


def test_strict_rule_waits_when_nothing_can_fill_the_space() -> None:
    st = state("AS JH TH 9H 8H 7H 6H 5H", ["", "", "", "", "", ""])
    st = STRICT.apply(st, "s1>f1", 0)
    assert codes(STRICT, st) == []
    out = STRICT.outcome(st)
    assert out is not None and not out.won


def test_two_shuffled_redeals_of_the_piles_only() -> None:
    piles = ["9C 8C 7C 6C", "5C 4C 3C 2C", "9D 8D 7D 6D", "5D 4D 3D 2D", "9S 8S 7S 6S",
             "5S 4S 3S 2S 9S"]
    st = state(SIDES, piles)
    assert codes(LENIENT, st) == ["redeal"]
    a = LENIENT.apply(st, "redeal", 0)
    assert a == LENIENT.apply(st, "redeal", 0)  # our PRNG, the deal's stream
    assert sides_of(a) == sides_of(st) and a.redeals == 1
    assert [len(p) for p in a.piles[16:22]] == [4] * 6 and len(a.piles[22]) == 1
    assert sorted([*(c for p in a.piles[16:22] for c in p), *a.piles[22]]) == \
        sorted(c for p in st.piles[16:22] for c in p)
    b = LENIENT.apply(LENIENT.apply(a, "d", 0), "redeal", 0)
    assert b.redeals == 2 and "redeal" not in codes(LENIENT, b)
    c = LENIENT.apply(b, "d", 0)
    assert "twice" in LENIENT.why_illegal(c, LENIENT.parse_move("redeal"), 0)
    out = LENIENT.outcome(c)
    assert out is not None and not out.won


def test_the_last_cards_complete_the_families() -> None:
    ups = [tuple(card(r, s) for r in range(1, 13)) for s in range(4)]
    downs = [tuple(card(r, s, 1) for r in range(13, 1, -1)) for s in range(4)]
    fams = (*ups, *downs)
    st = state("KS KH KD KC -- -- -- --", ["AS", "AH", "AD", "AC", "", ""], fams=fams)
    st = table(LENIENT, fams, sides_of(st),
               tuple(tuple(c | 64 for c in p) for p in st.piles[16:22]), (), 0, 9)
    while LENIENT.outcome(st) is None:
        st = LENIENT.apply(st, LENIENT.legal_moves(st, 0)[0], 0)
    out = LENIENT.outcome(st)
    assert out is not None and out.won and out.summary == "all 104 cards in the families"
