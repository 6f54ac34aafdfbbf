"""Staircase (Cheney l.2569-2624): the mirrored layout, runs, the buried stock."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalMove
from rules.cards import Card, card, cards, packs, rank_of, suit_of
from rules.games.staircase import Staircase
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = Staircase()


def state(columns: list[str], pack: str = "", stock: str = "",
          fams: tuple[str, ...] = ("",) * 8, down: tuple[int, ...] = (0,) * 10,
          hand: str = "") -> Table:
    piles = {f"t{i + 1}": cards(c) for i, c in enumerate(columns)}
    piles |= {f"f{i + 1}": cards(f) for i, f in enumerate(fams)}
    return GAME.table(piles | {"pack": tuple(reversed(cards(pack))), "stock": cards(stock),
                               "hand": cards(hand)},
                      {f"t{i + 1}": d for i, d in enumerate(down)})


def columns(st: Table) -> tuple[tuple[int, ...], ...]:
    return st.piles[8:18]


def greedy(st: Table) -> Table:
    while GAME.outcome(st) is None:
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if m.endswith(">f")),
                                 "b" if "b" in moves else "d"))
    return st


def test_the_staircase_is_the_triangle_mirrored_on_ten_columns() -> None:
    order = packs(2)
    st = GAME.layout(order, seed=0)
    assert [len(c) for c in columns(st)] == list(range(10, 0, -1))
    assert st.down[8:18] == tuple(range(9, -1, -1))
    # row one: the right-hand card face up, then to the left; the last row is one
    # card at the extreme left, face up
    assert columns(st)[9] == order[:1] and columns(st)[0][0] == order[9]
    assert columns(st)[8] == (order[1], order[10])
    assert columns(st)[0][-1] == order[54]
    assert len(GAME.pile(st, "pack")) == 49 and GAME.pile(st, "pack")[-1] == order[55]


def test_a_stacked_deal_is_won() -> None:
    # the pack: every ace to six and one seven, in family order; the staircase holds
    # the rest, higher cards at the bottom of each column
    two = packs(2)
    low = sorted((c for c in two if rank_of(c) <= 6), key=lambda c: (rank_of(c), c))
    seven = next(c for c in two if rank_of(c) == 7 and suit_of(c) == 0)
    high = sorted((c for c in two if rank_of(c) >= 7 and c != seven),
                  key=lambda c: (-rank_of(c), c))
    columns: list[list[Card]] = [[] for _ in range(10)]
    for c in high:
        j = next(j for j in range(10) if len(columns[j]) < 10 - j)
        columns[j].append(c)
    order = [columns[j][r] for r in range(10) for j in range(9 - r, -1, -1)]
    st = GAME.layout((*order, *low, seven), 0)
    assert sorted(GAME.pile(st, "pack")) == sorted((*low, seven))
    st = greedy(st)
    out = GAME.outcome(st)
    assert out is not None and out.won and out.summary == "all 104 cards in the families"


def test_one_card_short_of_the_families_is_not_a_win() -> None:
    full = [" ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "SHDC"]
    st = state(["KC"] + [""] * 9, fams=(*full, *full[:3], full[3][:-3]))
    assert GAME.outcome(st) is None and not GAME.won(st)
    st = play(GAME, st, "t1>f")
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_any_part_of_a_run_moves_if_its_deepest_card_marries() -> None:
    cols = ["9H 8S 7D", "9D", "TC", "5S"] + ["KD"] * 6
    st = state(cols, pack="2C")
    moves = codes(GAME, st)
    assert "2t1>t2" in moves  # 8♠ 7♦ onto the red nine
    assert "3t1>t3" in moves  # the whole run onto the black ten
    assert "t1>t2" not in moves
    st = play(GAME, st, "2t1>t2")
    assert columns(st)[1] == cards("9D 8S 7D") and columns(st)[0] == cards("9H")
    assert GAME.describe(st, GAME.parse_move("3t2>t3")) == \
        "put 9♦ to 7♦ from column 2 onto 10♣ on column 3"
    assert "2t2>t1" not in codes(GAME, st)  # not straight back


def test_spaces_take_any_run_from_another_line() -> None:
    cols = ["", "9H 8S 7D", "5S 4H", "KD"] + ["KD"] * 6
    st = state(cols, down=(0, 1, 0, 0, 0, 0, 0, 0, 0, 0), pack="2C")
    moves = codes(GAME, st)
    assert {"t2>t1", "2t2>t1", "t3>t1"} <= set(moves)
    assert "2t3>t1" not in moves  # the whole column: nothing gained
    # 9♥ lies face down, so the run is 8♠ 7♦ only
    assert "3t2>t1" not in moves and "2t2>t1" in moves


def test_a_dealt_card_is_used_or_buried_and_the_stock_waits_for_the_pack() -> None:
    st = state(["9C", "5S"] + ["KD"] * 8, pack="8H 4H 2C")
    assert codes(GAME, st) == ["d", "end"]
    st = play(GAME, st, "d")
    assert codes(GAME, st) == ["h>t1", "b"]
    st = play(GAME, st, "b")
    assert GAME.pile(st, "stock") == cards("8H")
    # buried, "even if it is the top card": 8♥ may not go on 9♣ while the pack lasts
    assert "w>t1" not in codes(GAME, st)
    with pytest.raises(IllegalMove):
        GAME.apply(st, "w>t1", 0)
    st = play(GAME, st, "d", "h>t2", "d")
    assert codes(GAME, st) == ["b"]  # 2♣ has no place: it must be buried
    st = play(GAME, st, "b")
    assert GAME.pile(st, "stock") == cards("8H 2C") and codes(GAME, st) == []


def test_stock_cards_come_up_once_the_pack_is_out() -> None:
    st = state(["9C", "5S"] + ["KD"] * 8, stock="AH 8H")
    assert codes(GAME, st) == ["w>t1", "end"]
    st = play(GAME, st, "w>t1")
    assert codes(GAME, st) == ["w>f", "end"]


def test_families_follow_suit_and_columns_do_not_wrap() -> None:
    st = state(["AH", "KS", "2S", "KC"] + ["QC"] * 6, fams=("AS",) + ("",) * 7)
    moves = codes(GAME, st)
    assert "t3>f" in moves and "t1>f" in moves
    assert "t2>t1" not in moves and "t4>t1" not in moves  # no king on an ace


def test_stuck_with_the_pack_out_is_lost_and_end_gives_up() -> None:
    st = state(["2S", "2C", "4S", "4C", "6S", "6C", "8S", "8C", "TS", "TC"], stock="3S")
    out = GAME.outcome(st)
    assert out is not None and not out.won
    assert out.summary == "0 of 104 cards in the families; no move is left"
    st = play(GAME, GAME.deal(2), "end")
    out = GAME.outcome(st)
    assert out is not None and out.summary.endswith("given up")


def test_a_family_stops_at_its_king_and_the_second_ace_begins_the_other() -> None:
    # families "following suit" (l.2585-2586), ace to king: a finished family takes no
    # ace; the second pack's ace of spades starts the second spade family
    full = " ".join(f"{r}S" for r in "A23456789TJQK")
    st = state(["5D"] * 10, fams=(full, *[""] * 7))
    st = replace(st, piles=(*st.piles[:8], (card(1, 0, 1),), *st.piles[9:]))
    st = play(GAME, st, "t1>f")
    assert [len(f) for f in GAME.families(st)] == [13, 0, 0, 0, 1, 0, 0, 0]
