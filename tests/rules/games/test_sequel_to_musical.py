"""A Sequel to Musical (Cheney l.2668-2724): the trick played step by step."""

from __future__ import annotations

from dataclasses import replace

from rules import render
from rules.cards import rank_of
from rules.games.sequel_to_musical import WORDS, SequelToMusical, musical_pile, words
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = SequelToMusical()
Piles = tuple[tuple[int, ...], ...]


def upper(st: Table) -> Piles:
    return st.piles[:4]


def piles(st: Table) -> Piles:
    return st.piles[4:8]


def row(st: Table) -> Piles:
    return st.piles[9:22]


def with_row(st: Table, places: Piles) -> Table:
    return replace(st, piles=(*st.piles[:9], *places, *st.piles[22:]))


def run(st: Table, code: str) -> Table:
    while codes(GAME, st)[:1] == [code]:
        assert codes(GAME, st) == [code, "auto"]
        st = play(GAME, st, code)
    return st


def test_the_deal_is_a_finished_musical() -> None:
    st = GAME.deal(3)
    assert [rank_of(u[0]) for u in upper(st)] == [1, 2, 3, 4]
    assert musical_pile(2) == (4, 6, 8, 10, 12, 1, 3, 5, 7, 9, 11, 13)
    for s, pile in enumerate(piles(st), start=1):
        assert tuple(rank_of(c) for c in pile) == musical_pile(s)
        assert rank_of(pile[-1]) == 13


def test_the_steps_lay_out_four_of_each_rank_and_spell_ace_to_king() -> None:
    st = GAME.deal(11)
    st = run(st, "g")
    # ace, the ace's pile, deuce, its pile ... four and its pile, face up
    ranks = [rank_of(c) for c in GAME.pile(st, "pack")]
    assert ranks == [r for s in (1, 2, 3, 4) for r in (s, *musical_pile(s))]
    st = play(GAME, st, "t", "r")
    assert [rank_of(p[0]) for p in row(st)] == list(range(1, 14))
    st = run(st, "c")
    assert GAME.pile(st, "pack") == ()
    # every place holds the four cards of its rank (the sheet's check)
    assert [sorted(rank_of(c) for c in p) for p in row(st)] == [[r] * 4 for r in range(1, 14)]
    assert all(z["up"] == [] for z in render(GAME, st, None)["zones"] if z["id"][0] == "r")
    st = play(GAME, st, "u")
    assert len(GAME.pile(st, "pack")) == 52
    st = run(st, "s")
    out = GAME.outcome(st)
    assert out is not None and out.won
    assert [len(w) for w in words(st)] == [len(w) for w in WORDS]
    assert sum(len(w) for w in WORDS) == 52
    assert [rank_of(w[-1]) for w in words(st)] == list(range(1, 14))
    tops = [z["up"] for z in render(GAME, st, None)["zones"] if z["id"][0] == "w"]
    assert [t[0][0] for t in tops] == list("A23456789TJQK")


def test_one_letter_short_of_the_king_is_not_a_win() -> None:
    st = GAME.deal(5)
    for _ in range(97):
        st = play(GAME, st, codes(GAME, st)[0])
    assert codes(GAME, st) == ["s", "auto"] and len(GAME.pile(st, "pack")) == 1
    assert GAME.outcome(st) is None and not GAME.won(st)
    assert GAME.describe(st, GAME.parse_move("s")) == \
        'spell "G" of KING: lay a card face up'


def test_a_card_out_of_place_spoils_the_result() -> None:
    st = GAME.deal(5)
    for _ in range(4 + 1 + 1 + 39):
        st = play(GAME, st, codes(GAME, st)[0])
    # a mistake in laying: the card that TWO turns up (place 2's second from the top)
    # swapped with place 3's top card
    places = list(row(st))
    a, b = places[1], places[2]
    places[1], places[2] = (*a[:2], b[3], a[3]), (*b[:3], a[2])
    st = play(GAME, with_row(st, tuple(places)), "u")
    st = run(st, "s")
    out = GAME.outcome(st)
    assert out is not None and not out.won
    assert out.summary == "the result is spoiled: TWO turned up a three"
    assert len(words(st)) == 2


def test_a_wrong_card_at_the_last_letter_of_king_spoils_the_result() -> None:
    # all thirteen words spelled is not enough: "or you will make mistakes, and spoil
    # the result" (l.2722-2724); here the king and QUEEN's queen are swapped
    st = GAME.deal(5)
    for _ in range(97):
        st = play(GAME, st, codes(GAME, st)[0])
    king, queen = GAME.pile(st, "pack")[-1], words(st)[11][-1]
    at = 22 + 11  # QUEEN's pile
    piles = list(st.piles)
    piles[8], piles[at] = (queen,), (*piles[at][:-1], king)
    st = play(GAME, replace(st, piles=tuple(piles)), "s")
    out = GAME.outcome(st)
    assert len(words(st)) == 13 and out is not None and not out.won
    assert out.summary == "the result is spoiled: KING turned up a queen"
