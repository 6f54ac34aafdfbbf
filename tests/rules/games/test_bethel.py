"""Bethel (Cheney l.2790-2821): families by ones, twos, threes and fours, ending in kings."""

from __future__ import annotations

from functools import partial

import pytest

from rules import IllegalMove, make
from rules.cards import RANK_NAMES, Card, cards, packs, rank_of
from rules.games.bethel import Bethel
from rules.patience import Table
from tests.kit.laid import bethel_table
from tests.kit.solving import assert_knowledge_wins
from tests.kit.stacking import codes, play, stack

GAME = Bethel()


bethel_state = partial(bethel_table, GAME)


def book_order() -> tuple[Card, ...]:
    """A pack stacked so that every card turned up goes straight to its family."""
    pool = list(packs(1))
    order = []
    for k in range(1, 14):
        for j in range(1, 5):
            r = (j * k - 1) % 13 + 1
            c = next(c for c in pool if rank_of(c) == r)
            pool.remove(c)
            order.append(c)
    return tuple(order)


def greedy(st: Table) -> Table:
    """Turn and place on the first family that takes the card, else on pile below 1."""
    while True:
        moves = codes(GAME, st)
        if not moves:
            return st
        st = play(GAME, st, moves[0])


def test_a_stacked_pack_builds_the_four_families_to_kings() -> None:
    st = greedy(GAME.layout(book_order(), seed=0))
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won
    assert outcome.summary == "the four families all end in kings"
    # the sheet's sequences (l.2796-2819): by ones, twos, threes ("by its own number",
    # the line the printer dropped) and fours, counting past thirteen from one again
    shown = [" ".join(RANK_NAMES[rank_of(c)] for c in f) for f in st.piles[:4]]
    assert shown == ["A 2 3 4 5 6 7 8 9 10 J Q K",
                     "2 4 6 8 10 Q A 3 5 7 9 J K",
                     "3 6 9 Q 2 5 8 J A 4 7 10 K",
                     "4 8 Q 3 7 J 2 6 10 A 5 9 K"]


def test_the_four_are_taken_out_first_and_any_card_may_wait_below() -> None:
    st = GAME.layout(packs(1), seed=0)  # spades first: A 2 3 4 of spades
    assert [rank_of(f[0]) for f in st.piles[:4]] == [1, 2, 3, 4] and len(st.piles[8]) == 48
    assert codes(GAME, st) == ["t"]
    st = play(GAME, st, "t")  # 5♠: on the family by ones? it needs a 2
    assert codes(GAME, st) == ["c>w1", "c>w2", "c>w3", "c>w4"]
    with pytest.raises(IllegalMove):  # a card turned up is placed before the next
        GAME.apply(st, "t", 0)
    st = play(GAME, st, "c>w3")
    assert st.piles[4:8][2] == cards("5S") and codes(GAME, st) == ["t"]


def near_the_end(hand: str) -> Table:
    done = greedy(GAME.layout(book_order(), seed=0))
    fams = (*done.piles[:4][:3], done.piles[:4][3][:-1])
    return bethel_state(fams, ((),) * 4, (), cards(hand)[0])


def test_one_card_short_is_not_a_win_and_a_finished_family_takes_nothing() -> None:
    st = near_the_end("KH")
    assert not GAME.won(st) and GAME.outcome(st) is None
    # the king goes on the family by fours only: the others end at their kings
    assert codes(GAME, st) == ["c>f4", "c>w1", "c>w2", "c>w3", "c>w4"]
    assert GAME.outcome(play(GAME, st, "c>f4")) is not None


def test_a_finished_family_does_not_run_past_its_king() -> None:
    done = greedy(GAME.layout(book_order(), seed=0))
    fams = (done.piles[:4][0], *(f[:-1] for f in done.piles[:4][1:]))
    st = bethel_state(fams, ((),) * 4, (), cards("AD")[0])  # K + 1 would be an ace
    assert "c>f1" not in codes(GAME, st)


def test_stuck_with_the_pack_out_is_lost() -> None:
    start = GAME.layout(packs(1), seed=0)
    st = bethel_state(start.piles[:4], (cards("9C"), (), cards("5S"), ()), ())
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
    assert outcome.summary == "4 of 52 cards in the families; no card can be placed"
    # a top card below that fits keeps the game going
    st = bethel_state(start.piles[:4], (cards("9C 2C"), (), (), ()), ())
    assert codes(GAME, st) == ["w1>f1"]


def test_dealt_start_lays_each_of_the_four_in_its_place_as_it_comes() -> None:
    game = make("bethel", {"start": "dealt"})
    st = game.layout(stack("3H 5D AC", packs(1)), seed=0)
    assert st.piles[:4] == ((),) * 4
    st = play(game, st, "t")
    assert codes(game, st) == ["c>f3", "c>w1", "c>w2", "c>w3", "c>w4"]
    st = play(game, st, "c>f3", "t", "c>w1", "t", "c>f1")
    assert [f[:1] for f in st.piles[:4]] == [cards("AC"), (), cards("3H"), ()]


def test_the_solver_places_cards_below_as_the_book_advises_and_wins() -> None:
    """Bethel's own knowledge for the solver (``order_moves``: a card waits below on one the
    families want after it) lets a search of 30,000 positions win deal 6; without it the
    generic search won no deal of a thousand (docs/winnability.md). The line it finds
    replays to a win."""
    assert_knowledge_wins("bethel", 6, 30_000, {"order_moves": None}, 60_000)
