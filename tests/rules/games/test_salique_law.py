"""Scenario tests for Cheney's Salique Law (l.1105-1163): the book's closing picture
(kings at the head, queens in the second row, knaves with the common cards beneath them)
and hand-stacked packs for the stocks, the uncovered kings and the draw."""

from __future__ import annotations

from rules import render
from rules.cards import ACE, JACK, KING, QUEEN, cards, packs, rank_of
from rules.games.salique_law import K, Q, SaliqueLaw
from rules.packets import PACK, TURNED
from rules.patience import Table
from tests.kit.stacking import codes, play, stack


def kings(st: Table) -> tuple[tuple[int, ...], ...]:
    """The kings' piles laid so far."""
    return tuple(p for p in st.piles[K:Q] if p)


def stacked(text: str, rest: tuple[int, ...] | None = None) -> tuple[SaliqueLaw, Table]:
    """Two packs whose first cards are ``text`` (each card's first free copy), then
    ``rest`` or the other cards in pack order."""
    game = SaliqueLaw()
    return game, game.layout(stack(text, packs(2), rest), seed=3)


def test_the_first_king_takes_the_stock_and_each_new_king_takes_it_over() -> None:
    game, st = stacked("5D KS 7C KH 9D")
    assert kings(st) == (cards("KS"),) and len(st.piles[PACK]) == 103
    st = play(game, st, "t")
    assert codes(game, st) == ["p>k1"]
    st = play(game, st, "p>k1", "t", "p>k1", "t")
    assert codes(game, st) == ["p>k2"]  # a new king starts a new pile
    st = play(game, st, "p>k2", "t")
    assert codes(game, st) == ["p>k2"]  # and takes the stock from then on
    assert game.public(st)["stock_on"] == 2


def test_aces_queens_and_families_without_regard_to_suit() -> None:
    game, st = stacked("KS 2C AH QD 2S 3H")
    st = play(game, st, "t", "p>k1", "t")
    assert codes(game, st) == ["p>f1"]  # an ace goes to the lower row at once
    st = play(game, st, "p>f1")
    assert codes(game, st) == ["t", "k1>f1"]  # the stock's top goes up: 2♣ on A♥
    st = play(game, st, "t")
    assert codes(game, st) == ["p>q"]  # a queen goes to the middle row
    st = play(game, st, "p>q", "t")
    assert codes(game, st) == ["p>f1", "p>k1", "k1>f1"]  # a card that fits may be stocked
    st = play(game, st, "p>f1", "t", "p>f1")
    assert game.families(st)[0] == cards("AH 2S 3H") and kings(st)[0] == cards("KS 2C")


def test_the_families_stop_at_the_knave() -> None:
    game, st = stacked("KS " + " ".join("A23456789TJ"[i] + "SHDC"[i % 4] for i in range(11))
                       + " QS TH")
    for _ in range(11):
        st = play(game, st, "t")
        st = play(game, st, codes(game, st)[0])
    assert [rank_of(c) for c in game.families(st)[0]] == list(range(1, 12))
    st = play(game, st, "t")
    assert codes(game, st) == ["p>q"]


def test_uncovered_kings_then_the_draw_when_the_pack_is_out() -> None:
    # K♠ takes 5♦ 9♣ 7♥; K♥ arrives and takes nothing; then the pack is out
    game, st = stacked("KS 5D 9C 7H KH", rest=())
    st = play(game, st, "t", "p>k1", "t", "p>k1", "t", "p>k1", "t", "p>k2")
    assert not st.piles[PACK] and not st.piles[TURNED]
    assert codes(game, st) == ["k1>k2"]  # 7♥ onto the uncovered K♥ frees 9♣
    st = play(game, st, "k1>k2")
    # 9♣ now lies on 5♦ over K♠; moving it would free 5♦, but no king is uncovered
    assert codes(game, st) == []
    outcome = game.outcome(st)
    assert outcome is not None and not outcome.won


def test_the_draw_takes_a_buried_card_once() -> None:
    game, st = stacked("KS AD 3C 2H 4S", rest=())
    st = play(game, st, "t", "p>f1", "t", "p>k1", "t", "p>k1", "t", "p>k1")
    # K♠ 3♣ 2♥ 4♠: 2♥ is buried under 4♠; nothing else can move
    assert codes(game, st) == ["x1.3>f1"]
    assert game.public(st)["privileges_left"] == {"draw": 1}
    st = play(game, st, "x1.3>f1")
    assert game.public(st)["privileges_left"] == {"draw": 0}
    assert codes(game, st) == []  # 4♠ cannot go on 2♥, and the draw is spent
    st2 = play(game, stacked("KS AD 3C 2H 4S 5S", rest=())[1], "t", "p>f1", "t", "p>k1",
               "t", "p>k1", "t", "p>k1")
    assert codes(game, st2) == ["t"]  # no draw while the pack lasts


def test_the_book_s_closing_picture() -> None:
    rest = sorted((c for c in packs(2) if rank_of(c) != KING), key=lambda c: (rank_of(c), c))
    eight = [c for c in packs(2) if rank_of(c) == KING]
    game = SaliqueLaw()
    st = game.layout(tuple(eight) + tuple(rest), seed=0)
    while game.outcome(st) is None:
        legal = codes(game, st)
        st = play(game, st, next((c for c in legal if ">f" in c), legal[0]))
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won
    assert [len(p) for p in kings(st)] == [1] * 8  # the kings at the head
    assert sorted(rank_of(c) for c in st.piles[Q]) == [QUEEN] * 8  # the queens
    assert all(rank_of(f[0]) == ACE and rank_of(f[-1]) == JACK for f in game.families(st))
    view = render(game, st, None)
    assert view["status"] == "won"


def test_descriptions_of_the_court_cards() -> None:
    game, st = stacked("KS QD KH")
    st = play(game, st, "t")
    assert game.describe(st, game.parse_move("p>q")) == "lay Q♦ in the row of queens"
    st = play(game, st, "p>q", "t")
    assert game.describe(st, game.parse_move("p>k2")) == \
        "lay K♥ in the upper row: the stock goes on it now"
