"""The Old Stager (Cheney l.2193-2230): the kings' privilege, free cards, the stock."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalMove
from rules.cards import card, cards, packs, rank_of, suit_of
from rules.games.old_stager import OldStager
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = OldStager()
FILLER = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"  # eleven cards of no consequence


def state(columns: list[str], pack: str = "", stock: str = "",
          fams: tuple[str, ...] = ("",) * 8, privileged: bool = False) -> Table:
    piles = {f"t{i + 1}": cards(c) for i, c in enumerate(columns)}
    piles |= {f"f{i + 1}": cards(f) for i, f in enumerate(fams)}
    t = GAME.table(piles | {"pack": tuple(reversed(cards(pack))), "stock": cards(stock)})
    return GAME.marked(replace(t, privileges_used=("lay_off",) * privileged), laid=39)


def columns(st: Table) -> tuple[tuple[int, ...], ...]:
    return st.piles[8:21]


def test_three_rows_of_thirteen_overlapping_downward() -> None:
    order = packs(2)
    st = GAME.layout(order, seed=0)
    assert len(columns(st)) == 13 and all(len(c) == 3 for c in columns(st))
    assert columns(st)[0] == (order[0], order[13], order[26])
    assert len(GAME.pile(st, "pack")) == 65 and GAME.pile(st, "pack")[-1] == order[39]


def test_a_king_on_a_lower_card_of_its_suit_may_move_to_the_next_place() -> None:
    # place 1 holds 5♠; the king of spades falls on it in row two
    head = f"5S 2D {FILLER} KS 9C 4C"
    st = GAME.layout(stack(head, packs(2)), 0)
    assert GAME.mark(st, "laid") == 14 and codes(GAME, st) == ["k", "n"]
    assert GAME.describe(st, GAME.parse_move("k")) == \
        "move K♠ on to the next place and fill its place from the pack"
    moved = play(GAME, st, "k")
    assert columns(moved)[0][:2] == cards("5S 9C")  # the next card took the king's place
    assert columns(moved)[1][:2] == cards("2D KS")  # the king moved on to the next place
    assert GAME.mark(moved, "laid") == 39 and len(GAME.pile(moved, "pack")) == 65
    left = play(GAME, st, "n")
    assert columns(left)[0][:2] == cards("5S KS") and columns(left)[1][:2] == cards("2D 9C")
    off = OldStager({"king_privilege": "off"}).layout(stack(head, packs(2)), 0)
    assert GAME.mark(off, "laid") == 39 and columns(off)[0][:2] == cards("5S KS")


def test_a_king_moved_on_waits_in_view_while_the_next_one_is_asked_about() -> None:
    head = f"5S 5H {FILLER} KS KS 9C 4C"
    st = play(GAME, GAME.layout(stack(head, packs(2)), 0), "k")
    # the second king of spades fell on the 5♠ too
    assert GAME.mark(st, "offer") and GAME.pile(st, "waiting") == cards("KS")
    assert GAME.mark(st, "laid") == 14
    assert sum(len(z.cards) for z in GAME.zones(st)) == 104
    st = play(GAME, st, "k")
    assert columns(st)[0][:2] == cards("5S 9C") and columns(st)[1][:2] == cards("5H KS")
    assert columns(st)[2][1] & 63 == cards("KS")[0] and GAME.pile(st, "waiting") == ()


def test_nothing_is_played_while_the_rows_are_laid() -> None:
    head = f"AS 2D {FILLER} KS 9C 4C"
    st = GAME.layout(stack(head, packs(2)), 0)
    assert codes(GAME, st) == ["k", "n"]
    with pytest.raises(IllegalMove):
        GAME.apply(st, "d", 0)
    assert GAME.public(st)["phase"] == "laying out"


def test_the_privilege_reads_directly_on_or_anywhere_above() -> None:
    # row one 5♠, row two 9♦, row three K♠: covering only 9♦, but above 5♠
    head = f"5S {FILLER} 2D 9D {FILLER} 2D KS 3C"
    covering = GAME.layout(stack(head, packs(2)), 0)
    assert GAME.mark(covering, "laid") == 39 and columns(covering)[0] == cards("5S 9D KS")
    some = OldStager({"king_privilege": "anywhere"})
    anywhere = play(some, some.layout(stack(head, packs(2)), 0), "k")
    assert columns(anywhere)[0] == cards("5S 9D 3C")
    assert columns(anywhere)[1][2] == cards("KS")[0]


def test_only_the_lowest_cards_are_free_and_marriages_follow_suit_downward() -> None:
    st = state(["7S 4D", "5D 9C", "5S 8H", "AS 2S"] + ["KH"] * 9, pack="QC")
    moves = codes(GAME, st)
    assert "t1>t2" not in moves  # 4♦ on 9♣: no
    assert "t2>t3" not in moves and "t3>t2" not in moves
    st2 = state(["7S 4D", "5D 9C", "8S 5D", "2H AS"] + ["KH"] * 9, pack="QC")
    moves = codes(GAME, st2)
    # A♠ free; 4♦ on 5♦, a marriage that empties no column, after dealing
    assert moves == ["t4>f", "d", "t1>t3", "end"]
    assert "t2>t1" not in moves  # 9♣ on 4♦: wrong way
    with pytest.raises(IllegalMove):
        GAME.apply(st2, "t1>t2", 0)


def test_a_space_takes_only_the_stocks_top_card() -> None:
    st = state(["", "5D 9C", "8S 6H"] + ["KH"] * 10, pack="QC", stock="7H")
    moves = codes(GAME, st)
    assert "w>t1" in moves and "t2>t1" not in moves and "t3>t1" not in moves
    st = play(GAME, st, "w>t1")
    assert "t3>t1" in codes(GAME, st)  # 6♥ on the 7♥ in the space


def test_the_privilege_lays_the_three_bottom_stock_cards_on_top_once() -> None:
    st = state(["9S"] * 13, stock="AS 2S 3S JD QD", fams=("",) * 8)
    assert codes(GAME, st) == ["p", "end"]
    st = play(GAME, st, "p")
    assert GAME.pile(st, "stock") == cards("JD QD AS 2S 3S") and st.privileges_used == ("lay_off",)
    assert "p" not in codes(GAME, st)  # once only
    st = state(["9S"] * 13, stock="AS 2S 3S JD QD", pack="KC")
    assert "p" not in codes(GAME, st)  # not while the pack lasts


def test_a_stacked_deal_is_won_and_one_card_short_is_not() -> None:
    two = packs(2)
    low = sorted((c for c in two if rank_of(c) <= 8), key=lambda c: (rank_of(c), c))
    nine = next(c for c in two if rank_of(c) == 9 and suit_of(c) == 0)
    high = sorted((c for c in two if rank_of(c) >= 9 and c != nine),
                  key=lambda c: (-rank_of(c), c))
    st = GAME.layout((*high, *low, nine), 0)
    while GAME.outcome(st) is None:
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if m.endswith(">f")), "d"))
    out = GAME.outcome(st)
    assert out is not None and out.won and out.summary == "all 104 cards in the families"
    full = [" ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "SHDC"]
    short = state([""] * 13, stock="KC", fams=(*full, *full[:3], full[3][:-3]))
    assert GAME.outcome(short) is None and not GAME.won(short)
    out = GAME.outcome(play(GAME, short, "w>f"))
    assert out is not None and out.won


def test_stuck_after_the_privilege_is_lost() -> None:
    st = state(["9S"] * 13, stock="KD QD AD 2D JD", privileged=True)
    out = GAME.outcome(st)
    assert out is not None and not out.won
    assert out.summary == "0 of 104 cards in the families; no move is left"
    st = GAME.deal(8)
    while GAME.public(st).get("phase") == "laying out":
        st = play(GAME, st, "k")
    out = GAME.outcome(play(GAME, st, "end"))
    assert out is not None and out.summary.endswith("given up")


def test_marriages_do_not_go_round_the_corner() -> None:
    st = state(["9D AS", "9D KS", "9D QS", "9D 2S"] + ["9D"] * 9, pack="5C")
    moves = codes(GAME, st)
    assert "t3>t2" in moves and "t1>t4" in moves
    assert "t2>t1" not in moves  # no king on an ace


def test_a_family_stops_at_its_king_and_the_second_ace_begins_the_other() -> None:
    # "pile on them by suits from ace to king" (l.2208): a finished family takes
    # no ace; the second pack's ace of spades starts the second spade family
    full = " ".join(f"{r}S" for r in "A23456789TJQK")
    st = state([""] * 13, fams=(full, *[""] * 7))
    st = replace(st, piles=(*st.piles[:21], (card(1, 0, 1),), *st.piles[22:]))
    st = play(GAME, st, "w>f")
    assert [len(f) for f in GAME.families(st)] == [13, 0, 0, 0, 1, 0, 0, 0]
