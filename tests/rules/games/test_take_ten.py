"""Take Ten (Hoyle 003 l.5): pairs of ten and each suit's K Q J 10 lifted together."""

from __future__ import annotations

from rules.cards import cards
from rules.games.take_ten import TakeTen
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = TakeTen()


def state(places: str, pack: str = "") -> Table:
    cs = {f"c{i + 1}": () if t == "--" else cards(t) for i, t in enumerate(places.split())}
    return GAME.table(cs | {"pack": cards(pack)[::-1]})


def test_thirteen_face_up_in_rows_of_five_five_and_three() -> None:
    st = GAME.deal(5)
    zones = GAME.zones(st)
    assert [z.group for z in zones[:13]] == ["row 1"] * 5 + ["row 2"] * 5 + ["row 3"] * 3
    assert len(GAME.pile(st, "pack")) == 39 and all(st.piles[:13])


def test_pairs_of_ten_and_the_four_honours_of_a_suit() -> None:
    st = state("AS 9H TD 5C 5S KD QD JD 4H 3C 7C KS QS")
    assert codes(GAME, st) == ["p1-2", "p4-5", "p10-11", "s3-6-7-8", "auto"]
    # a ten never pairs, and the K Q of spades wait for their knave and ten
    st = state("TS TH KS QS")
    assert codes(GAME, st) == []


def test_lifted_places_are_refilled_from_the_pack_in_order() -> None:
    st = state("AS 9H 2C", pack="3D 4D")  # 3♦ on top of the pack
    st = play(GAME, st, "p1-2")
    assert st.piles[:3] == tuple((c,) for c in cards("3D 4D 2C"))
    assert not GAME.pile(st, "pack")


def test_the_table_cleared_wins_and_one_pair_short_is_not_a_win() -> None:
    st = state("AS 9H 2C 8C")
    st = play(GAME, st, "p1-2")
    assert GAME.outcome(st) is None and not GAME.won(st)
    st = play(GAME, st, "p3-4")
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_nothing_to_lift_loses() -> None:
    st = state("AS 7H 2C", pack="KD")
    out = GAME.outcome(st)
    assert out is not None and not out.won
    assert out.summary == "no cards can be lifted; 4 cards are left"


def test_a_stacked_deal_plays_out_to_a_win_by_itself() -> None:
    first = "AS 9S 2S 8S 3S 7S 4S 6S 5S 5H KS QS JS"
    rest = "TS " + " ".join(f"{a}{s} {b}{s}" for s in "HDC" for a, b in
                            ("A9", "28", "37", "46"))
    order = stack(first + " " + rest + " 5D 5C KH QH JH TH KD QD JD TD KC QC JC TC",
                  GAME.pack())
    st = GAME.layout(order, seed=0)
    st = play(GAME, st, "auto")
    out = GAME.outcome(st)
    assert out is not None and out.won
