"""Le Calcul's sequel (Cadogan 001 l.959-984): the trick always comes out from a
finished Le Calcul, and not from foundations out of order."""

from __future__ import annotations

from dataclasses import replace

from rules import make, render
from rules.cards import rank_of
from rules.games.le_calcul_sequel import LeCalculSequel, calcul_ranks
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = LeCalculSequel()


def packets(st: Table) -> tuple[tuple[int, ...], ...]:
    return st.piles[:4]


def row(st: Table) -> tuple[tuple[int, ...], ...]:
    return st.piles[5:]


def run(st: Table) -> Table:
    while moves := [c for c in codes(GAME, st) if c != "auto"]:
        st = play(GAME, st, moves[0])
    return st


def test_the_four_finished_foundations_of_le_calcul() -> None:
    st = GAME.deal(5)
    assert [tuple(rank_of(c) for c in p) for p in packets(st)] == \
        [calcul_ranks(s) for s in (1, 2, 3, 4)]
    assert calcul_ranks(2)[:8] == (2, 4, 6, 8, 10, 12, 1, 3)  # "fourteen ... by ace"


def test_the_steps_in_order_and_the_trick_comes_out() -> None:
    st = GAME.deal(7)
    assert codes(GAME, st) == ["g", "auto"]
    assert GAME.describe(st, GAME.parse_move("g")) == "place the fourth packet on the third"
    st = play(GAME, st, "g", "g", "g")
    hand = GAME.pile(st, "pack")
    assert rank_of(hand[0]) == 1 and len(hand) == 52  # the ace packet at the bottom
    st = play(GAME, st, "t", "r")
    assert [rank_of(p[0]) for p in row(st)] == list(range(1, 14))
    for _ in range(38):
        st = play(GAME, st, "c")
    # one card short of the end: not a win
    assert codes(GAME, st)[0] == "c" and not GAME.won(st)
    st = play(GAME, st, "c")
    assert not GAME.won(st) and codes(GAME, st)[0] == "u"
    st = play(GAME, st, "u")
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won
    assert all({rank_of(c) for c in p} == {i + 1} for i, p in enumerate(row(st)))


def test_foundations_out_of_order_spoil_it() -> None:
    st = GAME.deal(2)
    p = st.piles[1]
    bad = replace(st, piles=(st.piles[0], (p[1], p[0], *p[2:]), *st.piles[2:]))  # m2
    outcome = GAME.outcome(run(bad))
    assert outcome is not None and not outcome.won


def test_the_row_is_face_down_until_turned() -> None:
    st = play(GAME, GAME.deal(1), "g", "g", "g", "t", "r")
    zones = {z["id"]: z for z in render(GAME, st, None)["zones"]}
    assert zones["r1"]["up"] == [] and zones["pack"]["up"] == []
    assert make("le_calcul_sequel").description.chance
