"""Triangle (Cheney l.2504-2563): the layout, single-card marriages, the open stock."""

from __future__ import annotations

import pytest

from rules import IllegalMove, render
from rules.cards import Card, cards, rank_of, suit_of
from rules.games.triangle import Triangle
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = Triangle()
SUITS = "SHDC"


def deal_order(columns: list[list[Card]]) -> list[Card]:
    """The dealing order that lays ``columns`` (bottom to top, column j with j+1 cards)."""
    return [columns[j][r] for r in range(7) for j in range(r, 7)]


def state(columns: list[str], spare: str = "", fams: tuple[str, ...] = ("",) * 4,
          down: tuple[int, ...] = (0,) * 7) -> Table:
    piles = {f"t{i + 1}": cards(c) for i, c in enumerate(columns)}
    piles |= {f"f{i + 1}": cards(f) for i, f in enumerate(fams)}
    return GAME.table(piles | {"spare": cards(spare)},
                      {f"t{i + 1}": d for i, d in enumerate(down)})


def columns(st: Table) -> tuple[tuple[Card, ...], ...]:
    return st.piles[4:11]


def to_the_families(st: Table) -> Table:
    while GAME.outcome(st) is None:
        st = play(GAME, st, next(m for m in codes(GAME, st) if m.endswith(">f")))
    return st


def test_the_triangle_is_seven_columns_each_with_its_lowest_card_up() -> None:
    pack = cards(" ".join(f"{r}{s}" for s in SUITS for r in "A23456789TJQK"))
    st = GAME.layout(pack, seed=0)
    assert [len(c) for c in columns(st)] == list(range(1, 8))
    assert st.down[4:11] == tuple(range(7))
    # the first row: one card face up, six face down; the second starts in place two
    assert columns(st)[0] == pack[:1] and columns(st)[6][0] == pack[6]
    assert columns(st)[1] == (pack[1], pack[7])
    assert st.piles[11] == pack[28:]
    view = render(GAME, st, None)
    assert sum(z["down"] for z in view["zones"]) == 21
    assert next(z for z in view["zones"] if z["id"] == "spare")["up"][:2] == ["3D", "4D"]


def test_a_stacked_deal_is_won_and_a_card_short_of_it_is_not() -> None:
    # the spare cards are every ace to six; the triangle holds the sevens to kings, each
    # column higher at the bottom, so the families can always take a column's top
    high = sorted((c for c in cards(" ".join(f"{r}{s}" for s in SUITS for r in "789TJQK"))),
                  key=lambda c: (-rank_of(c), suit_of(c)))
    columns: list[list[Card]] = [[] for _ in range(7)]
    for c in high:
        j = next(j for j in range(7) if len(columns[j]) < j + 1)
        columns[j].append(c)
    low = cards(" ".join(f"{r}{s}" for r in "A23456" for s in SUITS))
    st = GAME.layout((*deal_order(columns), *low), 0)
    st = to_the_families(st)
    out = GAME.outcome(st)
    assert out is not None and out.won and out.summary == "all 52 cards in the families"
    full = [" ".join(f"{r}{s}" for r in "A23456789TJQK") for s in SUITS]
    short = state(["KC", "", "", "", "", "", ""], fams=(*full[:3], full[3][:-3]))
    assert GAME.outcome(short) is None and not GAME.won(short)
    assert play(GAME, short, "t1>f") is not None and GAME.won(play(GAME, short, "t1>f"))


def test_one_card_at_a_time() -> None:
    st = state(["9H 8S", "TH", "9D", "KD", "KD", "KD", "KD"])
    # 9♥ may not go onto a ten with the 8♠ on it (l.2545-2547): only 8♠ moves
    assert codes(GAME, st) == ["t1>t3", "end"]
    st = state(["9H 8S", "TC", "8D", "KD", "KD", "KD", "KD"])
    assert codes(GAME, st) == []


def test_a_column_top_moves_and_the_card_under_it_turns_up() -> None:
    st = state(["9H 8S", "9D", "KS", "KS", "KS", "KS", "KS"], down=(1, 0, 0, 0, 0, 0, 0))
    assert codes(GAME, st) == ["t1>t2", "end"]
    before = st
    st = play(GAME, st, "t1>t2")
    assert st.down[4] == 0 and columns(st)[1] == cards("9D 8S")
    assert GAME.narrate(before, GAME.parse_move("t1>t2"), st) == \
        "put 8♠ from column 1 onto 9♦ on column 2: 9♥"
    # it may not go straight back; the single card 8♠ alone moves, never 9♦ with it
    assert "t2>t1" not in codes(GAME, st)


def test_a_space_takes_any_turned_up_card_and_families_give_cards_back() -> None:
    st = state(["", "9D 4C", "QS", "KS", "KS", "KS", "KH"], spare="4H",
               fams=("AS 2S 3S", "", "", ""))
    moves = codes(GAME, st)
    assert {"s4h>t1", "t2>t1", "f1>t1"} <= set(moves)
    assert "t3>t1" not in moves  # a lone card moved to a space changes nothing
    assert "f1>t2" not in moves and "s4h>t2" not in moves
    st = play(GAME, st, "s4h>t1")
    assert "f1>t1" in codes(GAME, st)  # 3♠ back from its family onto the red four
    st = play(GAME, st, "f1>t1")
    assert GAME.families(st)[0] == cards("AS 2S") and "t1>f" not in codes(GAME, st)
    with pytest.raises(IllegalMove):
        GAME.apply(st, "t1>f", 0)


def test_the_columns_do_not_go_round_the_corner() -> None:
    st = state(["AH", "AD", "KS", "KC", "QS", "QC", "2S"], fams=("AS", "", "", ""))
    moves = codes(GAME, st)
    assert "t3>t1" not in moves and "t4>t2" not in moves  # no king on an ace
    assert "t1>t7" in moves and "t7>f" in moves


def test_stuck_is_lost_and_giving_up_is_lost() -> None:
    st = state(["2S", "2C", "4H", "4D", "6S", "6C", "8H"])
    out = GAME.outcome(st)
    assert out is not None and not out.won
    assert out.summary == "0 of 52 cards in the families; no move is left"
    st = play(GAME, GAME.deal(1), "end")
    out = GAME.outcome(st)
    assert out is not None and not out.won and out.summary.endswith("given up")


def test_cards_go_to_the_families_before_shifts() -> None:
    st = state(["9S 8H", "9D", "9C", "KD", "KD", "KD", "KD"], spare="8D",
               fams=("", "AH 2H 3H 4H 5H 6H 7H", "", ""))
    assert codes(GAME, st) == ["t1>f", "s8d>t3", "t1>t3", "end"]
    st = state(["9S 8H", "9D", "9C", "KD", "KD", "KD", "KD"])
    assert codes(GAME, st) == ["t1>t3", "end"]
