"""Paternal and its two modifications (Cheney l.801-876), on hand-stacked deals.

The book prints no sample deal; each test stacks the pack so that one rule or privilege
is exercised. Piles are written bottom to top, three cards each.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules import IllegalMove, make, render
from rules.cards import ACE, Card, cards, rank_of, standard_pack
from rules.patience import Table


def stacked(game_id: str, piles: list[str], **options: Any) -> tuple[Any, Table]:
    """The aces first, then the given piles, then the rest of the pack in pack order."""
    game = make(game_id, options)
    given = tuple(c for p in piles for c in cards(p))
    rest = tuple(c for c in standard_pack() if c not in given and rank_of(c) != ACE)
    aces = tuple(c for c in standard_pack() if rank_of(c) == ACE)
    return game, game.layout(aces + given + rest, seed=5)


def codes(game: Any, st: Table) -> list[str]:
    return [m.code for m in game.legal_moves(st, 0)]


def suit_runs() -> list[str]:
    """Each suit in four piles (4 3 2), (7 6 5), (T 9 8), (K Q J): plays straight out."""
    return [f"{a}{s} {b}{s} {c}{s}" for s in "SHDC"
            for a, b, c in ("432", "765", "T98", "KQJ")]


def test_layout_aces_out_sixteen_fans_of_three_all_face_up() -> None:
    game: Any = make("paternal")
    st = game.deal(11)
    assert [len(f) for f in game.families(st)] == [1, 1, 1, 1]
    assert all(rank_of(f[0]) == ACE for f in game.families(st))
    assert [len(p) for p in st.piles[:16]] == [3] * 16
    view = render(game, st, None)
    assert sum(len(z["up"]) for z in view["zones"]) == 52
    assert sum(z["down"] for z in view["zones"]) == 0
    assert view["public"] == {"status": "play", "on_families": 4, "redeals_left": 2,
                              "privileges_left": {"draw": 1}}


def test_a_straight_deal_plays_out_and_wins() -> None:
    game, st = stacked("paternal", suit_runs())
    while game.outcome(st) is None:
        st = game.apply(st, next(m for m in game.legal_moves(st, 0) if m.code.endswith(">f")), 0)
    outcome = game.outcome(st)
    assert game.public(st)["status"] == "won" and outcome is not None and outcome.won
    assert outcome.summary == "all 52 cards are on the families"


def test_marriages_same_suit_up_or_down_only_top_cards() -> None:
    # pile 1 top 7♥, pile 2 top 8♥, pile 3 top 6♥, pile 4 top 8♠ (another suit)
    game, st = stacked("paternal", ["2C 3C 7H", "4C 5C 8H", "6C 7C 6H", "8C 9C 8S"])
    moves = codes(game, st)
    assert "1>2" in moves and "1>3" in moves  # 7♥ on 8♥ (down) and on 6♥ (up)
    assert "1>4" not in moves  # not on 8♠
    st = game.apply(st, "1>2", 0)
    assert st.piles[1][-2:] == cards("8H 7H") and st.piles[0] == cards("2C 3C")
    assert game.describe(st, game.parse_move("3>2")) == "marry 6♥ from pile 3 onto 7♥ on pile 2"


def test_a_marriage_is_not_put_straight_back() -> None:
    game, st = stacked("paternal", ["2C 6H 7H", "4C 5C 8H"])
    st = game.apply(st, "1>2", 0)  # 7♥ onto 8♥: pile 1 shows 6♥, which 7♥ could marry
    assert "2>1" not in codes(game, st)
    with pytest.raises(IllegalMove, match="undoes the last move"):
        game.apply(st, "2>1", 0)
    st = game.apply(st, "1>2", 0)  # 6♥ onto 7♥
    assert st.piles[1][-3:] == cards("8H 7H 6H")
    assert "2>1" not in codes(game, st)  # pile 1 is empty now, and is never filled


def test_down_only_variant_refuses_a_higher_card_on_a_lower() -> None:
    game, st = stacked("paternal_down_only", ["2C 3C 7H", "4C 5C 8H", "6C 7C 6H"])
    moves = codes(game, st)
    assert "1>2" in moves and "1>3" not in moves and "3>1" in moves
    assert game.options == {"redeals": 2, "marriage": "down", "privilege": "redeals"}


def test_the_draw_once_then_never_again() -> None:
    game, st = stacked("paternal", ["2S 9D 7H", "2H 5C 8H"])
    moves = codes(game, st)
    assert "d2s>f" in moves and "d2h>f" in moves
    text = game.describe(st, game.parse_move("d2s>f"))
    assert text == "draw 2♠ from under the top of pile 1 and play it to the ♠ family"
    st = game.apply(st, "d2s>f", 0)
    assert st.piles[0] == cards("9D 7H") and game.pile(st, "f1") == cards("AS 2S")
    assert st.privileges_used == ("draw",)
    assert not any(m.startswith("d") for m in codes(game, st))
    assert game.public(st)["privileges_left"] == {"draw": 0}


def test_the_drawn_card_may_be_married() -> None:
    game, st = stacked("paternal", ["6H 9D 7C", "4C 5C 7H"])
    st = game.apply(st, "d6h>2", 0)
    assert st.piles[1][-1] == cards("6H")[0] and st.piles[0] == cards("9D 7C")


def test_two_redeals_shuffle_and_lay_in_threes_keeping_the_families() -> None:
    game, st = stacked("paternal", suit_runs())
    st = game.apply(st, "1>f", 0)  # 2♠ up
    st = game.apply(st, "1>f", 0)  # 3♠ up
    assert codes(game, st)[-2:] == ["redeal", "end"]
    before = sorted(c for p in st.piles for c in p)
    st1 = game.apply(st, "redeal", 0)
    assert sorted(c for p in st1.piles for c in p) == before
    assert [len(p) for p in st1.piles[:16]] == [3] * 15 + [1]  # 46 cards: the last short
    assert game.families(st1) == game.families(st) and st1.redeals == 1
    assert st1 == game.apply(st, "redeal", 0)  # the shuffle is the deal's own
    assert game.irreversible(st, game.parse_move("redeal"), st1)  # undo stops there
    assert game.describe(st, game.parse_move("redeal")) == \
        "take up the piles, shuffle them and lay them out again (re-deal 1 of 2)"
    assert game.public(st1)["redeals_left"] == 1
    st2 = game.apply(st1, "redeal", 0)
    assert "redeal" not in codes(game, st2)
    assert make("paternal", {"redeals": 3}).legal_moves(st2, 0)[-2].code == "redeal"


def test_three_redeals_option() -> None:
    game, st = stacked("paternal", suit_runs(), redeals=3)
    for _ in range(3):
        st = game.apply(st, "redeal", 0)
    assert "redeal" not in codes(game, st) and st.redeals == 3


def test_king_spaces_variant_lays_a_king_out_and_builds_down_on_it() -> None:
    game, st = stacked("paternal_king_spaces", ["2C 3C KH", "4C 5C QH", "6C 7C KS"])
    moves = codes(game, st)
    assert "redeal" not in moves and not any(m.startswith("d") for m in moves)
    assert "1>k1" in moves and "1>k2" not in moves  # the first free space only
    st = game.apply(st, "1>k1", 0)
    assert st.piles[16] == cards("KH") and st.piles[0] == cards("2C 3C")
    assert "3>k2" in codes(game, st)
    assert "k1>k2" not in codes(game, st)  # a lone king is not laid out again
    st = game.apply(st, "2>k1", 0)  # Q♥ on the laid-out K♥
    assert st.piles[16] == cards("KH QH")
    assert game.describe(st, game.parse_move("3>k2")) == \
        "move K♠ from pile 3 into the empty king space 2"


def test_an_emptied_pile_is_never_filled() -> None:
    game, st = stacked("paternal", ["4S 3S 2S"])
    for _ in range(3):
        st = game.apply(st, "1>f", 0)
    assert st.piles[0] == ()
    assert not any(m.endswith(">1") for m in codes(game, st))


# Found by search: only 2♠ can move, and after it nothing can.
BLOCKED = ("5C 6C 2S KD 2D 5H 8D 2H 4S JS 9H 8C 4C JD 6S 3D 9S JC QS 7C QH 8H 3C 8S KC KH "
           "7H 7S 4H 6D 2C 5D TH 6H 9D QD 5S JH 4D TC KS TS QC 7D TD 3S 9C 3H")


def test_no_move_left_loses() -> None:
    game = make("paternal_king_spaces")
    st = game.layout(cards("AS AH AD AC " + BLOCKED), 0)
    assert codes(game, st) == ["1>f", "end"]
    after = game.apply(st, "1>f", 0)
    assert game.public(after)["status"] == "lost" and game.to_move(after) == ()
    outcome = game.outcome(after)
    assert outcome is not None and not outcome.won
    assert outcome.summary == "5 of 52 cards on the families; no move is left"


def test_end_gives_up() -> None:
    game = make("paternal")
    st = game.apply(game.deal(3), "end", 0)
    assert st.given_up and game.public(st)["status"] == "ended"
    assert game.legal_moves(st, 0) == ()
    outcome = game.outcome(st)
    assert outcome is not None and not outcome.won and outcome.summary.endswith("given up")


def test_every_pile_card_is_visible_and_describe_names_only_visible_cards() -> None:
    game = make("paternal")
    st = game.deal(4)
    visible: set[Card] = {c for z in game.zones(st) for c in z.face_up}
    assert len(visible) == 52


def last_trial(pile: str, drawn: bool) -> tuple[Any, Table]:
    """The third laying, three hearts left in one pile, every other card home."""
    game: Any = make("paternal")
    full = [cards(" ".join(f"{r}{s}" for r in "A23456789TJQK")) for s in "SHDC"]
    full[1] = full[1][:10]
    laid = game.table({"p1": cards(pile)} | {f"f{i + 1}": f for i, f in enumerate(full)})
    return game, replace(laid, redeals=2, privileges_used=("draw",) * drawn, seed=1)


def test_three_cards_left_may_lie_upon_one_another() -> None:
    # "if you have but three cards left in the last trial, they may lie upon one another,
    # so that you cannot use them" (l.856-858): the draw saves J K Q, not J Q K.
    game, st = last_trial("JH KH QH", drawn=False)
    st = game.apply(st, "djh>f", 0)
    st = game.apply(game.apply(st, "1>f", 0), "1>f", 0)
    assert game.public(st)["status"] == "won"
    game, st = last_trial("JH KH QH", drawn=True)
    assert game.public(st)["status"] == "play" and codes(game, st) == ["end"]
    game, st = last_trial("JH QH KH", drawn=False)
    st = game.apply(st, "djh>f", 0)
    assert game.public(st)["status"] == "lost"
