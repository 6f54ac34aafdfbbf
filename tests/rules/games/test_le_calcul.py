"""Le Calcul (Cadogan 001 l.878-992): Bethel's rules in Cadogan's words; one
implementation serves both, and they deal and play alike."""

from __future__ import annotations

from functools import partial

import pytest

from rules import IllegalMove, make
from rules.cards import RANK_NAMES, Card, cards, packs, rank_of
from rules.games.bethel import takes
from rules.games.le_calcul import LeCalcul
from rules.patience import Table
from tests.kit.laid import bethel_table, hand_of
from tests.kit.stacking import codes, play, stack

GAME = LeCalcul()


bethel_state = partial(bethel_table, GAME)


def book_order() -> tuple[Card, ...]:
    """A pack stacked so that every card turned up goes straight to its foundation."""
    pool = list(packs(1))
    order = []
    for k in range(1, 14):
        for j in range(1, 5):
            c = next(c for c in pool if rank_of(c) == (j * k - 1) % 13 + 1)
            pool.remove(c)
            order.append(c)
    return tuple(order)


def greedy(st: Table) -> Table:
    while moves := codes(GAME, st):
        st = play(GAME, st, moves[0])
    return st


def test_the_books_sequences_and_a_win() -> None:
    st = greedy(GAME.layout(book_order(), seed=0))
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won
    shown = [" ".join(RANK_NAMES[rank_of(c)] for c in f) for f in st.piles[:4]]
    # l.900-921; "when the number twelve or queen is reached, the next number required
    # being fourteen, it is represented by ace, sixteen by three"
    assert shown[1].startswith("2 4 6 8 10 Q A 3")
    assert shown == ["A 2 3 4 5 6 7 8 9 10 J Q K", "2 4 6 8 10 Q A 3 5 7 9 J K",
                     "3 6 9 Q 2 5 8 J A 4 7 10 K", "4 8 Q 3 7 J 2 6 10 A 5 9 K"]


def test_one_card_short_of_the_kings_is_not_a_win() -> None:
    st = GAME.layout(book_order(), seed=0)
    while len(st.piles[8]) > 0:
        st = play(GAME, st, codes(GAME, st)[0])
    # the last king is in hand: not yet won, and it may still go up
    assert hand_of(st) and not GAME.won(st) and GAME.outcome(st) is None
    assert codes(GAME, st)[0] == "c>f4"


def test_the_note_on_the_tableau_eight_and_queen_on_the_fourth() -> None:
    # l.989-992: "The eight and the queen would at any rate have been played on the
    # fourth foundation"
    st = GAME.layout(stack("AS 2S 3S 4S 8H QH", packs(1)), seed=0)
    st = play(GAME, st, "t")
    assert "c>f4" in codes(GAME, st)
    st = play(GAME, st, "c>f4", "t")
    assert "c>f4" in codes(GAME, st)


def test_a_placed_talon_card_stays_in_its_packet_and_a_king_ends_a_foundation() -> None:
    st = GAME.layout(stack("AS 2S 3S 4S KH 5D", packs(1)), seed=0)
    st = play(GAME, st, "t")
    assert codes(GAME, st) == ["c>w1", "c>w2", "c>w3", "c>w4"]  # a king waits
    st = play(GAME, st, "c>w2", "t")
    assert not any(c.startswith("w2>w") for c in codes(GAME, st))
    with pytest.raises(IllegalMove):
        GAME.apply(st, "w2>w1", 0)
    done = greedy(GAME.layout(book_order(), 0)).piles[:4]
    # "it is never attained till it finishes each packet": nothing goes on a king
    assert not any(takes(f, j, c) for j, f in enumerate(done) for c in cards("AH 2H 4H 5H"))


def test_lost_when_the_hand_is_out_and_no_talon_top_plays() -> None:
    st = GAME.layout(stack("AS 2S 3S 4S", packs(1)), seed=0)
    while st.piles[8] or hand_of(st):
        st = play(GAME, st, "t" if not hand_of(st) else "c>w1")
    st = greedy(st)
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won


def test_late_foundations_wait_for_their_cards() -> None:
    game = make("le_calcul_late_foundations")
    st = game.layout(stack("2S AS", packs(1)), seed=0)
    assert st.piles[:4] == ((),) * 4 and len(st.piles[8]) == 52
    st = play(game, st, "t")
    assert codes(game, st) == ["c>f2", "c>w1", "c>w2", "c>w3", "c>w4"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_le_calcul_and_bethel_deal_and_play_alike(seed: int) -> None:
    ga, gb = make("le_calcul"), make("bethel")
    a, b = ga.deal(seed), gb.deal(seed)
    assert a == b
    while ga.outcome(a) is None:
        ma, mb = codes(ga, a), codes(gb, b)
        assert ma == mb
        pick = ma[(seed * 7 + len(a.piles[8])) % len(ma)]
        a, b = play(ga, a, pick), play(gb, b, pick)
        assert a == b
    assert gb.outcome(b) == ga.outcome(a)
