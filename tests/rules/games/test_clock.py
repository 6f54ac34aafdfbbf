"""The Clock (Cheney l.1548-1589): stacked deals played card by card."""

from __future__ import annotations

from rules import Play, make, render
from rules.cards import cards, rank_of
from rules.games.clock import HAND, Clock
from rules.patience import Table

# A deal that comes out: piles 1..12 take four cards each, the centre the last four.
WINNER = (
    "TH 7S 3D KC 6D 8H 3H 8S TC 9S KH 5S JC AH 5H 7H QS 4H AC 7C 9D 4C 6S KS 2D 9C 3S "
    "QD JS 6H JH 2C KD 8D TD 8C 4D 5D 7D 5C 2H QC 9H 3C TS JD QH AS AD 6C 4S 2S"
)


def test_the_first_card_comes_from_the_centre_and_goes_under_its_pile() -> None:
    game = Clock()
    st: Table = game.layout(cards(WINNER), seed=0)
    assert [m.code for m in game.legal_moves(st, 0)] == ["t", "auto"]
    assert game.describe(st, game.parse_move("t")) == "take up the top card of the centre pile"
    before, st = st, game.apply(st, "t", 0)
    assert st.piles[HAND] == cards("2S")
    assert game.narrate(before, game.parse_move("t"), st) == \
        "take up the top card of the centre pile: 2♠"
    assert game.describe(st, game.parse_move("t")) == \
        "put 2♠ under the two pile and take up its top card"
    st = game.apply(st, "t", 0)
    # 2♠ lies face up under pile 2; pile 2's top card (8♠) is now in hand
    assert game.pile(st, "h2.up") == cards("2S") and st.piles[HAND] == cards("8S")
    assert len(game.pile(st, "h2")) == 3


def test_a_winning_deal_ends_with_thirteen_face_up_piles_of_four() -> None:
    game = make("clock")
    play = Play(game, Play.start(game, 0).record, (game.layout(cards(WINNER), 0),))
    while game.outcome(play.state) is None:
        play = play.push("t", 0)
    outcome = game.outcome(play.state)
    assert outcome is not None and outcome.won
    for i, pile in enumerate(play.state.piles[1:HAND:2]):
        assert len(pile) == 4 and {rank_of(c) for c in pile} == {i + 1}
    assert len(play.states) == 54  # the first take, then one move per card


def test_the_fourth_king_too_soon_loses() -> None:
    # The centre holds four kings: each one sends play back to the centre at once.
    deal = [c for c in cards(WINNER) if rank_of(c) != 13]
    stacked = tuple(deal) + cards("KS KH KD KC")
    game = make("clock")
    st = game.layout(stacked, 0)
    for _ in range(5):
        st = game.apply(st, "t", 0)
    outcome = game.outcome(st)
    assert outcome is not None and not outcome.won
    assert outcome.summary == "the fourth king came home with 48 cards still face down"


def test_auto_plays_to_the_end_and_nothing_face_down_is_shown() -> None:
    game = make("clock")
    st = game.deal(5)
    view = render(game, st, None)
    assert sum(z["down"] for z in view["zones"]) == 52
    assert all(z["up"] == [] for z in view["zones"])
    end = game.apply(st, "auto", 0)
    assert game.outcome(end) is not None
