"""La Loi Salique (Cadogan l.298-360): king packets, aces up to knaves, queens aside, and
the freed kings after the deal; no draw."""

from __future__ import annotations

from typing import Any

from rules.cards import ACE, JACK, KING, QUEEN, cards, packs, rank_of
from rules.games.la_loi_salique import LaLoiSalique
from rules.games.salique_law import K, Q
from rules.packets import PACK, TURNED
from rules.patience import Table
from tests.kit.stacking import codes, play, stack


def kings(st: Table) -> tuple[tuple[int, ...], ...]:
    """The kings' piles laid so far."""
    return tuple(p for p in st.piles[K:Q] if p)


def stacked(text: str, rest: tuple[int, ...] | None = None, **options: Any
            ) -> tuple[LaLoiSalique, Table]:
    game = LaLoiSalique(options)
    return game, game.layout(stack(text, packs(2), rest), seed=3)


def test_the_cards_are_heaped_on_the_last_king_that_has_appeared() -> None:
    game, st = stacked("5D KS 7C KH 9D")
    assert kings(st) == (cards("KS"),) and len(st.piles[PACK]) == 103
    st = play(game, st, "t", "p>k1", "t", "p>k1", "t")
    assert codes(game, st) == ["p>k2"]
    st = play(game, st, "p>k2", "t")
    assert codes(game, st) == ["p>k2"]


def test_aces_above_queens_aside_foundations_without_suit_to_knaves() -> None:
    game, st = stacked("KS " + " ".join("A23456789TJ"[i] + "SHDC"[i % 4] for i in range(11))
                       + " QS TH")
    for _ in range(11):
        st = play(game, st, "t")
        st = play(game, st, codes(game, st)[0])
    assert [rank_of(c) for c in game.families(st)[0]] == list(range(1, 12))
    st = play(game, st, "t")
    assert codes(game, st) == ["p>q"]  # the queen to her row: no foundation runs past
    st = play(game, st, "p>q", "t")
    assert "p>f1" not in codes(game, st)  # a ten does not go on a finished knave


def test_a_freed_king_receives_one_card_after_the_deal_and_there_is_no_draw() -> None:
    game, st = stacked("KS 5D 9C 7H KH", rest=())
    st = play(game, st, "t", "p>k1", "t", "p>k1", "t", "p>k1", "t", "p>k2")
    assert codes(game, st) == ["k1>k2"]
    st = play(game, st, "k1>k2")
    assert codes(game, st) == []
    out = game.outcome(st)
    assert out is not None and not out.won
    # where Cheney's Salique Law would draw the buried 2♥, La Loi Salique is stuck
    game, st = stacked("KS AD 3C 2H 4S", rest=())
    st = play(game, st, "t", "p>f1", "t", "p>k1", "t", "p>k1", "t", "p>k1")
    assert codes(game, st) == [] and "draw" not in game.public(st)


def test_a_bare_king_holds_one_card_at_a_time_or_once_in_the_strict_reading() -> None:
    text = "KS 6C 9S 2C 3D AH KH"
    lenient = stacked(text, rest=())
    strict = stacked(text, rest=(), freed_kings="once")
    ends = []
    for game, st in (lenient, strict):
        st = play(game, st, "t", "p>k1", "t", "p>k1", "t", "p>k1", "t", "p>k1", "t", "p>f1",
                  "t", "p>k2")
        assert codes(game, st) == ["k1>k2"]
        st = play(game, st, "k1>k2")          # 3♦ onto the bare K♥ frees 2♣
        st = play(game, st, "k1>f1", "k2>f1")  # 2♣ and 3♦ on the A♥: K♥ bare again
        assert kings(st) == (cards("KS 6C 9S"), cards("KH"))
        ends.append(codes(game, st))
    assert ends == [["k1>k2"], []]


def test_the_final_tableau_is_a_win_one_card_short_is_not() -> None:
    rest = sorted((c for c in packs(2) if rank_of(c) != KING), key=lambda c: (rank_of(c), c))
    eight = [c for c in packs(2) if rank_of(c) == KING]
    game = LaLoiSalique()
    st = game.layout(tuple(eight) + tuple(rest), seed=0)
    while sum(len(f) for f in game.families(st)) < 87 or st.piles[TURNED]:
        legal = codes(game, st)
        st = play(game, st, next((c for c in legal if ">f" in c), legal[0]))
    assert game.outcome(st) is None
    while game.outcome(st) is None:
        legal = codes(game, st)
        st = play(game, st, next((c for c in legal if ">f" in c), legal[0]))
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won
    assert sorted(rank_of(c) for c in st.piles[Q]) == [QUEEN] * 8
    assert all(rank_of(f[0]) == ACE and rank_of(f[-1]) == JACK for f in game.families(st))
