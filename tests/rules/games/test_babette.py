"""Babette (Vintage 002 l.30-47): the garden in rows of eight, lower rows block upper
ones, aces up and kings down in suit, the garden taken up by columns twice."""

from __future__ import annotations

from dataclasses import replace

from rules import make
from rules.cards import Card, cards
from rules.games.babette import Babette
from rules.patience import Table
from rules.solo import pack_of
from tests.kit.stacking import codes, play, stack

GAME = Babette()


def garden(*rows: str) -> tuple[tuple[Card | None, ...], ...]:
    return tuple(tuple(None if t == "--" else cards(t)[0] for t in r.split()) for r in rows)


def state(*rows: str, pack: str = "", fams: tuple[str, ...] = ("",) * 8,
          redeals: int = 0) -> Table:
    places = {f"g{r * 8 + col + 1}": () if c is None else (c,)
              for r, row in enumerate(garden(*rows)) for col, c in enumerate(row)}
    ids = [f"{'a' if i < 4 else 'k'}{i % 4 + 1}" for i in range(8)]
    t = GAME.table(places | {"pack": pack_of(cards(pack))}
                   | {k: cards(f) for k, f in zip(ids, fams, strict=True)})
    return GAME.marked(replace(t, redeals=redeals), rows=len(rows))


def rows_of(st: Table) -> tuple[tuple[Card, ...], ...]:
    """The rows dealt, each its cards (a place with none left out)."""
    return tuple(tuple(p[-1] for p in st.piles[8 + 8 * r:16 + 8 * r] if p)
                 for r in range(GAME.mark(st, "rows")))


def test_the_garden_is_dealt_a_row_of_eight_at_a_time() -> None:
    st = GAME.deal(3)
    assert codes(GAME, st) == ["d"]
    st = play(GAME, st, "d")
    assert len(rows_of(st)) == 1 and len(rows_of(st)[0]) == 8 and len(GAME.pile(st, "pack")) == 96
    for _ in range(12):
        st = play(GAME, st, "d")
    assert len(rows_of(st)) == 13 and not GAME.pile(st, "pack")


def test_each_row_blocks_the_one_above_until_the_place_below_is_empty() -> None:
    st = state("AS 2H 3D 4C 5S 6H 7D 8C", "9S AH -- KC 9D TD JD QD")
    # A♠ is blocked by 9♠; A♥ is free in the last row; K♣ goes down from the king
    assert codes(GAME, st) == ["g10>a", "g12>k", "redeal"]  # the pack is exhausted
    st = play(GAME, st, "g10>a")
    assert codes(GAME, st)[:2] == ["g2>a", "g12>k"]  # 2♥ released by the vacancy
    # A♦ lies over a vacancy: released, though K♦ is lower down in its column
    st = state("AD 9S", "-- 9H", "KD QD")
    assert codes(GAME, st) == ["g1>a", "g17>k", "redeal"]
    lowest = make("babette", {"available": "lowest"})
    assert codes(lowest, st) == ["g17>k", "redeal"]


def test_taken_up_by_columns_the_last_column_uppermost() -> None:
    st = state("AS 2S 3S 4S 5S 6S 7S 8S", "9S TS -- QS KS AH 2H 3H", "4H 5H")
    assert codes(GAME, st)[-1] == "redeal"
    st = play(GAME, st, "redeal")
    assert rows_of(st) == () and st.redeals == 1
    st = play(GAME, st, "d")
    # the new first row: column 8 from its top card down, then column 7, ...
    assert rows_of(st)[0] == cards("8S 3H 7S 2H 6S AH 5S KS")
    st = play(GAME, st, "d")
    assert rows_of(st)[1] == cards("4S QS 3S 2S TS 5H AS 9S")
    st = play(GAME, st, "d")
    assert rows_of(st)[2] == cards("4H") and not GAME.pile(st, "pack")


def test_two_redeals_at_most() -> None:
    st = state("9S TS", pack="", redeals=2)
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won
    assert out.summary.startswith("no available card can be played and no re-deal is left")


def test_all_104_wins_and_one_short_does_not() -> None:
    up = [" ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "SHDC"]
    down = [" ".join(f"{r}{s}" for r in "KQJT98765432A") for s in "SHDC"]
    st = state("AC", fams=(*up, *down[:3], down[3][:-3]))
    assert GAME.outcome(st) is None and not GAME.won(st)
    out = GAME.outcome(play(GAME, st, "g1>k"))
    assert out is not None and out.won


def test_a_stacked_deal_is_won() -> None:
    # row by row: aces to kings of both packs, so each card dealt can go up at once
    order = stack(" ".join(f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC" * 2),
                  GAME.pack())
    st = GAME.layout(order, 0)
    while GAME.outcome(st) is None:
        st = play(GAME, st, codes(GAME, st)[0])
    out = GAME.outcome(st)
    assert out is not None and out.won and st.redeals == 0
