"""The Idiot's Delight (Hoyle 003 l.17-21): the triangle of 45 and seven apart, one card
at a time, red on black, any card into a space, nothing back from the aces."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import cards, rank_of, suit_of
from rules.games.idiots_delight import IdiotsDelight
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = IdiotsDelight()
SUITS = "SHDC"


def state(files: list[str], reserve: str = "",
          fams: tuple[str, ...] = ("",) * 4) -> Table:
    piles = {f"t{i + 1}": cards(f) for i, f in enumerate(files)}
    piles |= {f"f{i + 1}": cards(f) for i, f in enumerate(fams)}
    return GAME.table(piles | {"reserve": cards(reserve)})


def files(st: Table) -> tuple[tuple[int, ...], ...]:
    return st.piles[4:13]


def test_a_triangle_of_45_with_the_file_of_nine_at_the_left_and_seven_apart() -> None:
    pack = GAME.pack()
    st = GAME.layout(pack, seed=0)
    assert [len(f) for f in files(st)] == list(range(9, 0, -1))
    # the row of nine first, then eight from the left on them
    assert [f[0] for f in files(st)] == list(pack[:9])
    assert files(st)[0][1] == pack[9] and files(st)[7][1] == pack[16]
    assert GAME.pile(st, "reserve") == pack[45:]
    assert all(z.up == len(z.cards) for z in GAME.zones(st))


def test_a_red_seven_on_a_black_eight_one_bottom_card_at_a_time() -> None:
    st = state(["8S 7H", "8C", "9D 6C", "KH"], reserve="7D")
    moves = codes(GAME, st)
    assert "t1>t2" in moves and "r7d>t2" in moves  # red sevens on the black eight
    assert "t3>t1" in moves  # 6♣ on 7♥
    assert "t4>t2" not in moves and not any(m.startswith("t2>") for m in moves)
    st = play(GAME, st, "t1>t2")
    assert files(st)[1] == cards("8C 7H") and "t2>t1" not in codes(GAME, st)


def test_spaces_take_any_card_and_kings_only_there() -> None:
    st = state(["", "QS JD", "KH"], reserve="5C")
    moves = codes(GAME, st)
    assert {"t2>t1", "r5c>t1"} <= set(moves)
    assert "t3>t1" not in moves  # the king's file would only move to another space


def test_aces_free_go_up_and_nothing_comes_back() -> None:
    st = state(["2S AH", "KD"], reserve="AS", fams=("", "", "", ""))
    moves = codes(GAME, st)
    assert moves[:2] == ["t1>f", "ras>f"]
    st = play(GAME, st, "ras>f")
    assert GAME.families(st)[0] == cards("AS")
    assert not any(m.startswith("f") for m in codes(GAME, st))
    with pytest.raises(IllegalMove):
        GAME.apply(st, "f1>t2", 0)


def test_all_on_the_aces_wins_one_short_does_not_and_stuck_or_giving_up_loses() -> None:
    full = [" ".join(f"{r}{s}" for r in "A23456789TJQK") for s in SUITS]
    st = state(["KC"], fams=(*full[:3], full[3][:-3]))
    assert GAME.outcome(st) is None and not GAME.won(st)
    out = GAME.outcome(play(GAME, st, "t1>f"))
    assert out is not None and out.won
    stuck = state(["2S", "2C", "4H", "4D", "6S", "6C", "8H", "8D", "TS"])
    out = GAME.outcome(stuck)
    assert out is not None and not out.won
    assert out.summary == "0 of 52 cards in the families; no move is left"
    out = GAME.outcome(play(GAME, GAME.deal(4), "end"))
    assert out is not None and not out.won and out.summary.endswith("given up")


def test_a_stacked_deal_is_won() -> None:
    # dealt highest first, so each file runs down from the top and every row lies on a
    # row of higher cards; the seven apart are the lowest cards
    order = sorted(GAME.pack(), key=lambda c: (-rank_of(c), suit_of(c)))
    st = GAME.layout(tuple(order[:45]) + tuple(reversed(order[45:])), 0)
    while GAME.outcome(st) is None:
        st = play(GAME, st, next(m for m in codes(GAME, st) if m.endswith(">f")))
    out = GAME.outcome(st)
    assert out is not None and out.won
