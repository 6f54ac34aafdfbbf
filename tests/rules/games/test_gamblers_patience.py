"""Gambler's Patience (Cheney l.2875-2912): rows of four, matches right to left, fours out."""

from __future__ import annotations

from rules import make
from rules.cards import Card, cards, packs
from rules.games.gamblers_patience import GamblersPatience
from rules.history import seen
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = GamblersPatience()
STACKED = make("gamblers_patience", {"four": "stacked"})
FOURS = " ".join(f"{r}S {r}H {r}D {r}C" for r in "A23456789TJQK")



def position(piles: tuple[tuple[Card, ...], ...], pack: tuple[Card, ...],
             out: tuple[Card, ...] = ()) -> Table:
    """A position: the places from the left, the pack (top last), the cards thrown out."""
    return GAME.table({f"p{i + 1}": p for i, p in enumerate(piles)}
                      | {"pack": pack, "out": out})


def row(st: Table) -> tuple[tuple[Card, ...], ...]:
    """The places from the left, without the empty ones at the right."""
    places = list(st.piles[:4])
    while places and not places[-1]:
        places.pop()
    return tuple(places)


def test_a_whole_row_first_then_the_right_hand_card_moves_onto_its_match() -> None:
    st = GAME.layout(stack("5S 7H 5D 9C 2S 2H 3C 4D", packs(1)), seed=0)
    assert codes(GAME, st) == ["d", "auto"]
    st = play(GAME, st, "d")
    assert row(st) == (cards("5S"), cards("7H"), cards("5D"), cards("9C"))
    assert codes(GAME, st) == ["3>1", "auto"]
    st = play(GAME, st, "3>1")
    # the space is closed up: the nine moves to place three
    assert row(st) == (cards("5S 5D"), cards("7H"), cards("9C"))
    st = play(GAME, st, "d")  # four more on the piles, the fourth in the empty place
    assert row(st) == (cards("5S 5D 2S"), cards("7H 2H"), cards("9C 3C"), cards("4D"))
    assert codes(GAME, st) == ["2>1", "auto"]
    st = play(GAME, st, "2>1")  # uncovering a card of the lower row
    assert row(st)[:2] == (cards("5S 5D 2S 2H"), cards("7H"))
    # under spaces=wait the space stays where it is, and the next row fills it
    wait = make("gamblers_patience", {"spaces": "wait"})
    st = play(wait, wait.layout(stack("5S 7H 5D 9C 2S 2H 3C 4D", packs(1)), seed=0), "d", "3>1")
    assert row(st) == (cards("5S 5D"), cards("7H"), (), cards("9C"))
    assert codes(wait, st) == ["d", "auto"]
    st = play(wait, st, "d")
    assert row(st) == (cards("5S 5D 2S"), cards("7H 2H"), cards("3C"), cards("9C 4D"))


def test_four_of_a_number_in_the_row_are_thrown_out_before_any_move() -> None:
    st = GAME.layout(stack("9S 9H 9D 9C", packs(1)), seed=0)
    st = play(GAME, st, "d")
    assert codes(GAME, st) == ["x", "auto"]
    st = play(GAME, st, "x")
    assert row(st) == () and st.piles[-1] == cards("9S 9H 9D 9C")
    # one of the four may be a card of a lower row, uncovered by a move
    st = position((cards("7S"), cards("7H"), cards("3D 7D"), cards("7C")), ())
    assert codes(GAME, st) == ["x", "auto"]
    # only the four places' top cards count under the book's reading
    st = position((cards("7S 7H 7D 7C"), cards("2H"), cards("3D")), ())
    assert codes(GAME, st)[0] != "x"
    assert codes(STACKED, st) == ["x1", "auto"]


def test_a_stacked_pack_throws_out_every_card() -> None:
    st = GAME.layout(stack(FOURS, packs(1)), seed=0)
    while GAME.outcome(st) is None:
        st = play(GAME, st, codes(GAME, st)[0])
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won and outcome.summary == "every card is thrown out"


def test_four_left_is_not_a_win() -> None:
    out = stack(FOURS, packs(1))[:48]
    st = position((cards("KS"), cards("KH"), cards("KD"), cards("KC")), (), out)
    assert not GAME.won(st) and GAME.outcome(st) is None
    assert GAME.won(play(GAME, st, "x"))


def test_the_piles_are_taken_up_first_pile_first_and_dealt_again() -> None:
    st = position((cards("2S 3S"), cards("4H 5H"), cards("6D")), ())
    assert codes(GAME, st) == ["r", "auto"]
    st = play(GAME, st, "r")
    assert st.piles[-2] == tuple(reversed(cards("2S 3S 4H 5H 6D"))) and st.redeals == 1
    st = play(GAME, st, "d")
    assert row(st) == (cards("2S"), cards("3S"), cards("4H"), cards("5H"))


def test_the_game_is_lost_when_dealing_again_would_only_go_round() -> None:
    st = position((cards("2S 3S"), cards("4H 5H")), ())
    st = play(GAME, st, "r", "d")  # 2 3 4 5 in a row: nothing moves
    assert row(st) == (cards("2S"), cards("3S"), cards("4H"), cards("5H"))
    assert codes(GAME, st) == []  # taken up, they would come out the same again
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
    assert outcome.summary == \
        "4 cards are left; dealt again, they would only go round in a circle"
    # a longer circle: passes differ until one repeats an earlier one
    st = position((cards("2S 3S 4S"), cards("5H 6H")), ())
    while GAME.outcome(st) is None:
        st = play(GAME, st, codes(GAME, st)[0])
    assert st.redeals == 4 and len(seen(st)) == 4
    assert (GAME.regather(st),) in seen(st)
