"""Number Eleven (Cheney l.1428-1451): pairs making eleven and court trios."""

from __future__ import annotations

from typing import Any

from rules import make, render
from rules.cards import Card, cards
from rules.games.number_eleven import NumberEleven
from rules.patience import Table


def stacked(rows: str, **options: Any) -> tuple[Any, Table]:
    """A deal whose first eleven cards are ``rows``; the rest of the pack follows."""
    game = make("number_eleven", options)
    first = cards(rows)
    rest = tuple(c for c in game.pack() if c not in first)
    st: Table = game.layout(first + rest, seed=0)
    return game, game.apply(st, "d", 0)


def test_the_first_move_lays_out_six_and_five() -> None:
    game = make("number_eleven")
    st = game.deal(8)
    assert [m.code for m in game.legal_moves(st, 0)] == ["d", "auto"]
    assert sum(z["down"] for z in render(game, st, None)["zones"]) == 52
    st = game.apply(st, "d", 0)
    view = render(game, st, None)
    assert [len(z["up"]) for z in view["zones"][:11]] == [1] * 11
    assert [z["group"] for z in view["zones"][:11]] == ["row 1"] * 6 + ["row 2"] * 5


def test_the_five_pairs_that_make_eleven() -> None:
    game, st = stacked("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS")
    assert [m.code for m in game.legal_moves(st, 0)] == \
        ["p1-10", "p2-9", "p3-8", "p4-7", "p5-6", "auto"]


def test_court_trios_in_one_row_or_of_one_suit() -> None:
    # Row 1: K♠ Q♥ J♦ (one row, mixed suits); row 2: K♣ Q♣ J♣ (one row and one suit).
    game, st = stacked("KS QH JD 2C 3C 5C KC QC JC 7D 8D")
    assert [m.code for m in game.legal_moves(st, 0)] == \
        ["p5-11", "t1-2-3", "t7-8-9", "auto"]
    # K♠ in row 1 with Q♠ and J♠ in row 2: one suit, so a trio
    game, st = stacked("KS 2H 3H 4H 5H 6H QS JS 2D 3D 4D")
    assert "t1-7-8" in [m.code for m in game.legal_moves(st, 0)]
    # K♠ in row 1 with Q♥ and J♥ in row 2: neither one row nor one suit
    game, st = stacked("KS 2H 3H 4H 5H 6H QH JH 2D 3D 4D")
    assert not any(m.code.startswith("t") for m in game.legal_moves(st, 0))


def test_places_are_filled_from_the_pack_in_the_order_laid() -> None:
    game, st = stacked("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS")
    pack = game.pile(st, "pack")
    nxt: list[Card] = [pack[-1], pack[-2]]
    assert game.describe(st, game.parse_move("p2-9")) == \
        "take out 2♠ and 9♠ (places 2, 9) and fill the places from the pack"
    st = game.apply(st, "p2-9", 0)
    assert [st.piles[1][-1], st.piles[8][-1]] == nxt
    assert game.pile(st, "out") == cards("2S 9S")


def test_two_packs_and_the_end_of_the_game() -> None:
    game = NumberEleven({"packs": 2})
    assert len(game.pack()) == 104
    st = game.table({"c1": cards("KS"), "c2": cards("QS")})
    outcome = game.outcome(st)
    assert outcome is not None and not outcome.won
    assert outcome.summary == "no card makes eleven with another; 2 cards are left"
    lenient = make("number_eleven", {"success": "pack_used"})
    outcome = lenient.outcome(st)
    assert outcome is not None and outcome.won
    cleared = game.table({})
    outcome = game.outcome(cleared)
    assert outcome is not None and outcome.won and outcome.summary == "every card is taken out"
