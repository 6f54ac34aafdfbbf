"""Scenario tests for Cheney's The Windmill (l.1054-1099): the book's closing picture
(four families in the centre, four kings built down to aces) and small hand-stacked packs."""

from __future__ import annotations

from rules import make, render
from rules.cards import cards, packs
from rules.games.windmill import D, W, Windmill
from rules.packets import PACK, TURNED
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

RANKS = "A23456789TJQK"


def stacked(text: str) -> tuple[Windmill, Table]:
    """Two packs whose first cards are ``text`` (dealt first), the rest in pack order."""
    game = Windmill()
    # the orders below may name a card more often than the two packs hold it
    return game, game.layout(stack(text, packs(2), skip_used=True), seed=3)


def test_the_ace_in_the_centre_and_kings_among_the_first_eight_go_to_their_places() -> None:
    game, st = stacked("5S AH KC 2D 3D KS 4D 5D 6D 7D 8D 9D")
    assert game.families(st)[4] == cards("AH")
    assert game.families(st)[:4] == ((cards("KC")[0],), (cards("KS")[0],), (), ())
    assert [p[0] for p in st.piles[D:W]] == list(cards("5S 2D 3D 4D 5D 6D 7D 8D"))
    assert len(st.piles[PACK]) == 104 - 1 - 2 - 8


def test_families_ignore_suit_and_a_turned_king_goes_to_a_free_place() -> None:
    game, st = stacked("AS 2H 3C 4D 5S 6H 7C 8D 9S KD QC")
    assert codes(game, st) == ["t", "d1>f5"]  # 2♥ up on A♠: suit is not followed
    st = play(game, st, "t")
    assert codes(game, st) == ["p>f1"]  # the first king to appear takes a king's place
    st = play(game, st, "p>f1", "t")
    assert codes(game, st)[:2] == ["p>f1", "p>w"]  # Q♣ down on K♦
    st = play(game, st, "p>f1")
    assert game.families(st)[0] == cards("KD QC")


def test_an_emptied_sail_is_refilled_from_the_stock_or_the_pack() -> None:
    game, st = stacked("AS 2H 4C 4D 5S 6H 7C 8D 9S 3C JH")
    st = play(game, st, "t", "p>w")  # 3♣ cannot go up yet
    st = play(game, st, "d1>f5")
    assert codes(game, st) == ["w>d1", "p>d1"]
    assert game.describe(st, game.parse_move("w>d1")) == "3♣ from the stock to sail 1"
    st = play(game, st, "w>d1", "d1>f5")
    assert codes(game, st) == ["p>d1"]  # the stock is empty: the pack fills the sail
    st = play(game, st, "p>d1")
    assert not st.piles[TURNED] and st.piles[D] == cards("JH")


def test_another_ace_goes_on_a_finished_centre_and_the_picture_is_completed() -> None:
    # ace, four kings, the centre's first family, the kings' families, then three more
    # families for the centre: a greedy player finishes the picture
    kings_down = " ".join(f"{r}{s}" for r in reversed(RANKS[:-1]) for s in "SHDC")
    order = ("AS KS KH KD KC " + " ".join(f"{r}H" for r in RANKS[1:]) + " " + kings_down
             + " " + " ".join(f"{r}{s}" for s in "HDC" for r in RANKS))
    game, st = stacked(order)
    while game.outcome(st) is None:
        legal = codes(game, st)
        st = play(game, st, next((c for c in legal if ">f" in c), legal[0]))
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won
    assert len(game.families(st)[4]) == 52 and all(len(f) == 13 for f in game.families(st)[:4])
    assert [c & 15 for c in game.families(st)[4][12:14]] == [13, 1]  # an ace on the king


def test_no_redeal_and_the_pack_is_never_shown() -> None:
    game = make("windmill")
    st = game.deal(5)
    view = render(game, st, None)
    assert next(z for z in view["zones"] if z["id"] == "pack")["up"] == []
    assert "redeals_left" not in view["public"]
