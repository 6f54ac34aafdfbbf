"""The Trios (Cheney l.882-905), on hand-stacked deals (the book prints none).

Piles are written bottom to top; the pack is dealt 16 threes, then two twos.
"""

from __future__ import annotations

from typing import Any

from rules import make
from rules.cards import ACE, cards, rank_of, standard_pack
from rules.patience import Table


def stacked(piles: list[str]) -> tuple[Any, Table]:
    """The given piles first (a pile of two is written as such), then the rest of the
    pack in pack order with its aces last, so that no ace lies on a pile of the rest."""
    game = make("trios")
    given = tuple(c for p in piles for c in cards(p))
    rest = [c for c in standard_pack() if c not in given]
    rest.sort(key=lambda c: rank_of(c) == ACE)
    return game, game.layout(given + tuple(rest), seed=1)


def codes(game: Any, st: Table) -> list[str]:
    return [m.code for m in game.legal_moves(st, 0)]


def test_layout_sixteen_threes_two_twos_aces_left_in() -> None:
    game: Any = make("trios")
    st = game.deal(8)
    assert [len(p) for p in st.piles[:18]] == [3] * 16 + [2, 2]
    assert game.families(st) == ((), (), (), ())
    assert sorted(c for p in st.piles for c in p) == sorted(standard_pack())
    assert [z.id for z in game.zones(st)][::9] == ["p1", "p10", "f1"]
    assert "redeal" not in codes(game, st)
    assert not any(m.startswith("d") for m in codes(game, st))


def test_an_ace_on_top_starts_its_family_then_follows_suit() -> None:
    game, st = stacked(["5C 2H AH"])
    assert codes(game, st)[0] == "1>f"
    assert game.describe(st, game.parse_move("1>f")) == "play A♥ from pile 1 to the ♥ family"
    st = game.apply(st, "1>f", 0)
    st = game.apply(st, "1>f", 0)
    assert game.pile(st, "f2") == cards("AH 2H") and game.pile(st, "p1") == cards("5C")


def layout_with_twos(first: list[str], twos: tuple[str, str]) -> tuple[Any, Table]:
    """``first`` as piles 1.., the two piles of two as given, the rest between."""
    game = make("trios")
    given = tuple(c for p in first for c in cards(p))
    last = cards(twos[0]) + cards(twos[1])
    rest = [c for c in standard_pack() if c not in given and c not in last]
    rest.sort(key=lambda c: rank_of(c) == ACE)
    return game, game.layout(given + tuple(rest) + last, seed=1)


def test_lower_on_next_higher_any_suit_never_above_three_cards() -> None:
    # pile 1 top 7♥; pile 2 (three cards) top 8♦; pile 17 (two cards) top 8♠
    game, st = layout_with_twos(["2C 3C 7H", "4C 5C 8D", "6C 7C 9H"], ("4S 8S", "KD QH"))
    moves = codes(game, st)
    assert "1>17" in moves  # 7♥ on 8♠: a lower card, any suit, onto a pile of two
    assert "1>2" not in moves  # pile 2 holds three already
    assert "3>17" not in moves  # 9♥ is higher than 8♠
    st = game.apply(st, "1>17", 0)
    assert game.pile(st, "p17") == cards("4S 8S 7H")
    assert not any(m.endswith(">17") for m in codes(game, st))  # three on it now


def test_court_cards_on_their_like() -> None:
    # pile 1 top K♥, pile 2 top Q♠, pile 3 top J♣; piles 17 and 18 show K♦ and Q♦
    game, st = layout_with_twos(["2C 3C KH", "4C 5C QS", "6C 7C JC"], ("4S KD", "5S QD"))
    moves = codes(game, st)
    assert {"1>17", "2>17", "2>18"} <= set(moves)  # K on K; Q on K (lower); Q on Q
    assert "3>18" in moves  # J on Q (lower)
    st = game.apply(st, "2>18", 0)
    assert game.pile(st, "p18") == cards("5S QD QS")


def test_no_move_left_loses() -> None:
    # Found by search: only A♥ can move, and after it nothing can.
    deal = ("4S 2D AH AS 5C 9H KD 7S 4C 6S 7D 9S 8S 8H 4H 2C AD 7H KC KH 6C TH 6D JS TS QC "
            "3D 8C 5D KS JD 5H 6H 2H TC QH QD JC 2S 4D AC 3C 7C 8D 3S TD 5S 3H JH 9D QS 9C")
    game = make("trios")
    st = game.layout(cards(deal), 0)
    assert codes(game, st) == ["1>f", "end"]
    st = game.apply(st, "1>f", 0)
    assert game.public(st)["status"] == "lost" and game.legal_moves(st, 0) == ()
    outcome = game.outcome(st)
    assert outcome is not None and outcome.summary == "1 of 52 cards on the families; " \
        "no move is left"
