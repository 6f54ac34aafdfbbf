"""Patience at St. Helena (Cheney l.1304-1383), on hand-stacked packs.

The book prints no sample deal. :func:`stacked` puts the foundation kings and aces first
(they are taken out), then the cards to be dealt, in dealing order.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules import make, render
from rules.cards import cards, packs
from rules.patience import Table

FOUNDATIONS = cards("KS KH KD KC AS AH AD AC")
#: One round, in dealing order b1-b4, t1-t4, rk, ra, lk, la.
ROUND = "2S QS 5C 9C QH 2H 9D 5D 2D 6H 3C QD"


def stacked(dealt: str, **options: Any) -> tuple[Any, Table]:
    game = make("patience_at_st_helena", options)
    given = FOUNDATIONS + cards(dealt)
    rest = list(packs(2))
    for c in given:
        rest.remove(c)
    return game, game.layout(given + tuple(rest), seed=7)


def codes(game: Any, st: Table) -> list[str]:
    return [m.code for m in game.legal_moves(st, 0)]


def table(game: Any, piles: dict[int, str], found: Any, **counters: Any) -> Table:
    """Piles ``b1``.. by index (0-based) as given, the families as given."""
    ids = [z.id for z in game.zones(game.table({}))]
    laid: Table = game.table({ids[i]: cards(p) for i, p in piles.items()}
                             | {f"f{i + 1}": f for i, f in enumerate(found)})
    return replace(laid, **counters)


def test_layout_kings_above_aces_and_the_first_round_dealt() -> None:
    game, st = stacked(ROUND)
    assert game.families(st) == tuple((c,) for c in FOUNDATIONS)
    assert [p[-1] for p in st.piles[:12]] == list(cards(ROUND))
    assert len(game.pile(st, "pack")) == 84
    view = render(game, st, None)
    pack = next(z for z in view["zones"] if z["id"] == "pack")
    assert pack["down"] == 84 and pack["up"] == []
    assert view["public"] == {"status": "play", "on_families": 8, "redeals_left": 2,
                              "pack": 84, "distribution": 1, "row_rule": True}


def test_the_foundations_are_the_first_king_and_ace_of_each_suit() -> None:
    game: Any = make("patience_at_st_helena")
    st = game.deal(12)
    assert [len(f) for f in game.families(st)] == [1] * 8
    assert sum(len(p) for p in st.piles[:12]) == 12 and len(game.pile(st, "pack")) == 84


def test_rounds_follow_the_same_order() -> None:
    game, st = stacked(ROUND + " 7S 7H 7D 7C 8S 8H 8D 8C JS JH JD JC")
    assert codes(game, st)[-2:] == ["deal", "end"]
    assert game.describe(st, game.parse_move("deal")) == "deal the next round of 12 cards " \
        "from the pack"
    st = game.apply(st, "deal", 0)
    assert [p[-1] for p in st.piles[:12]] == list(cards("7S 7H 7D 7C 8S 8H 8D 8C JS JH JD JC"))
    assert len(game.pile(st, "pack")) == 72


def test_first_distribution_kings_from_above_aces_from_below_sides_either() -> None:
    game, st = stacked(ROUND)
    moves = set(codes(game, st))
    assert "b1>a" in moves  # 2♠ below the aces, on the ace
    assert "t1>k" in moves  # Q♥ above the kings, on the king
    assert "t2>a" not in moves  # 2♥ above the kings: not on the ace
    assert "b2>k" not in moves  # Q♠ below the aces: not on the king
    assert {"rk>a", "la>k"} <= moves  # the side cards go to either row
    assert game.describe(st, game.parse_move("la>k")) == \
        "play Q♦ from the pile left of the aces to the ♦ family down from the king"


def test_marriages_by_rank_alone_or_in_suit_by_option() -> None:
    game, st = stacked(ROUND)
    moves = set(codes(game, st))
    # 5♣ (b3) on 6♥ (ra); 2♥ (t2), 2♠ (b1) and 2♦ (rk) on 3♣ (lk)
    assert {"b3>ra", "t2>lk", "b1>lk", "rk>lk"} <= moves
    assert "b4>t3" not in moves  # 9♣ on 9♦: not one apart
    suit_game, st2 = stacked(ROUND, marriage="suit")
    suited = set(codes(suit_game, st2))
    assert "b3>ra" not in suited and "t2>lk" not in suited
    st = game.apply(st, "t2>lk", 0)  # 2♥ joins the side line...
    assert "lk>a" in codes(game, st)  # ...from which it may go on the ace


def test_redeals_only_when_the_pack_is_out_twice_shuffled_and_unrestricted() -> None:
    game, st = stacked(ROUND)
    assert "redeal" not in codes(game, st)
    for _ in range(7):
        st = game.apply(st, "deal", 0)
    assert not game.pile(st, "pack") and "deal" not in codes(game, st)
    assert codes(game, st)[-2:] == ["redeal", "end"]
    on_piles = sorted(c for p in st.piles[:12] for c in p)
    st1 = game.apply(st, "redeal", 0)
    assert st1 == game.apply(st, "redeal", 0)
    assert game.families(st1) == game.families(st) and st1.redeals == 1
    assert game.irreversible(st, game.parse_move("redeal"), st1)  # undo stops there
    assert sorted(c for p in st1.piles[:12] + st1.piles[20:] for c in p) == on_piles
    assert st1.piles[:12] == ((),) * 12 and len(game.pile(st1, "pack")) == 96
    assert codes(game, st1) == ["deal", "end"]
    assert game.public(st1)["row_rule"] is False
    for _ in range(8):
        st1 = game.apply(st1, "deal", 0)
    st2 = game.apply(st1, "redeal", 0)
    for _ in range(8):
        st2 = game.apply(st2, "deal", 0)
    assert "redeal" not in codes(game, st2)


def test_after_a_redeal_any_pile_feeds_either_row() -> None:
    game = make("patience_at_st_helena")
    # 2♥ above the kings, Q♠ below the aces
    st = table(game, {4: "2H", 0: "QS"}, [(c,) for c in FOUNDATIONS], redeals=1, seed=1)
    assert {"t1>a", "b1>k"} <= set(codes(game, st))


def test_the_last_card_home_wins() -> None:
    game = make("patience_at_st_helena")
    fam = []
    for suit in "SHDC":  # the kings' families of the first pack, bar the ace of spades
        fam.append(cards(" ".join(f"{r}{suit}" for r in "KQJT98765432" + "A" * (suit != "S"))))
    for suit in "SHDC":  # the aces' families of the second pack
        fam.append(cards(" ".join(f"{r}{suit}" for r in "A23456789TJQK"), pack=1))
    st = table(game, {4: "AS"}, fam, redeals=2, seed=1)  # the third laying
    assert codes(game, st) == ["t1>k", "end"]
    st = game.apply(st, "t1>k", 0)
    outcome = game.outcome(st)
    assert game.public(st)["status"] == "won" and outcome is not None and outcome.won
    assert outcome.summary == "all 104 cards are on the families"


def test_card_by_card_dealing() -> None:
    game, st = stacked(ROUND, deal_step="card")
    assert [len(p) for p in st.piles[:12]] == [1] + [0] * 11
    assert game.describe(st, game.parse_move("deal")) == \
        "deal the next card of the pack to pile 2 below the aces"
    st = game.apply(st, "deal", 0)
    assert st.piles[1] == cards("QS") and len(game.pile(st, "pack")) == 94
    assert game.narrate(st, game.parse_move("deal"), game.apply(st, "deal", 0)) == \
        "deal the next card of the pack to pile 3 below the aces"  # names no card again
