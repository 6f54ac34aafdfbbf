"""Fourteen (Cheney l.1014-1048): pairs of fourteen in a row or a column, the exchange,
and the lower rows taken up at the end."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules import make
from rules.cards import Card, cards
from rules.games.fourteen import Fourteen
from rules.patience import Table

# Five rows of five: 6♠ and 8♠ make fourteen across row 1; K♥ (place 6) and A♥ (place
# 11) down column 1; 5♦ (place 13) and 9♦ (place 19) lie diagonally and do not count.
ROWS = (
    "6S 8S 2C 2D 3C "
    "KH 4C 4D 3D 2H "
    "AH 5C 5D 6C 6D "
    "7C 7D 8C 9D 2S "
    "TC TD 3S 9C 4S"
)


def stacked(**options: Any) -> tuple[Any, Table]:
    game = make("fourteen", options)
    first = cards(ROWS)
    rest = tuple(c for c in game.pack() if c not in first)
    st: Table = game.layout(first + rest, seed=1)
    return game, game.apply(st, "d", 0)


def sparse(places: dict[int, str], **options: Any) -> tuple[Any, Table]:
    game = Fourteen(options)
    st = game.table({f"c{n}": cards(text) for n, text in places.items()})
    return game, replace(st, seed=7)


def grid(st: Table) -> list[Card | None]:
    """The card of each of the 25 places (``None`` for an empty one)."""
    return [p[-1] if p else None for p in st.piles[:25]]


def test_pairs_across_and_down_but_not_aslant() -> None:
    game, st = stacked()
    codes = [m.code for m in game.legal_moves(st, 0)]
    assert "p1-2" in codes and "p6-11" in codes
    assert "p13-19" not in codes
    assert codes[-1] == "auto"
    for code in codes[:-1]:
        assert code.startswith("p")


def test_places_are_filled_in_laying_order() -> None:
    game, st = stacked()
    pack = st.piles[25]
    nxt = [pack[-1], pack[-2]]
    assert game.describe(st, game.parse_move("p6-11")) == \
        "throw out K♥ and A♥ (places 6 and 11)"
    st = game.apply(st, "p6-11", 0)
    assert [grid(st)[5], grid(st)[10]] == nxt and len(st.piles[25]) == 104 - 27


def test_the_exchange_is_offered_once_when_nothing_can_be_thrown_out() -> None:
    # 2♠ (place 1), 3♠ (place 4), A♦ (place 8) and K♦ (place 19) share no line that
    # makes fourteen
    game, st = sparse({1: "2S", 4: "3S", 8: "AD", 19: "KD"})
    codes = [m.code for m in game.legal_moves(st, 0)]
    assert codes == ["x1-4", "x1-8", "x1-19", "x4-8", "x4-19", "x8-19", "auto"]
    assert game.describe(st, game.parse_move("x1-8")) == \
        "exchange the places of 2♠ (place 1) and A♦ (place 8)"
    # A♦ to place 1 still shares no line with K♦: the game is lost
    lost = game.apply(st, "x1-8", 0)
    outcome = game.outcome(lost)
    assert outcome is not None and not outcome.won
    # A♦ to place 4 stands over K♦ in column 4
    saved = game.apply(st, "x4-8", 0)
    assert [m.code for m in game.legal_moves(saved, 0)] == ["p4-19", "auto"]
    saved = game.apply(saved, "p4-19", 0)
    assert [m.code for m in game.legal_moves(saved, 0)] == []  # no second exchange


def test_the_lowest_row_is_taken_up_to_fill_the_rows_above() -> None:
    game, st = sparse({1: "6S", 2: "8S", 21: "2H", 22: "3H", 23: "4H", 24: "5H", 25: "7H"})
    st = game.apply(st, "p1-2", 0)
    assert sorted(c for c in grid(st)[:5] if c is not None) == sorted(cards("2H 3H 4H 5H 7H"))
    assert all(c is None for c in grid(st)[5:])
    assert game.public(st)["rows_in_play"] < 5 and game.mark(st, "shuffles") >= 1
    # nothing in row 1 makes fourteen: only the exchange is left
    assert {m.code[0] for m in game.legal_moves(st, 0)} == {"x", "a"}


def test_relay_all_lays_every_card_left_again_from_the_first_place() -> None:
    game, st = sparse({1: "6S", 2: "8S", 3: "QD", 21: "2H", 22: "3H"}, endgame="relay_all")
    st = game.apply(st, "p1-2", 0)
    assert sorted(c for c in grid(st)[:3] if c is not None) == sorted(cards("QD 2H 3H"))
    assert all(c is None for c in grid(st)[3:]) and game.public(st)["rows_in_play"] == 5
    # Q♦ and 2♥ now share row 1
    assert any(m.code.startswith("p") for m in game.legal_moves(st, 0))


def test_the_last_pair_wins() -> None:
    game, st = sparse({4: "7S", 19: "7H"})
    st = game.apply(st, "p4-19", 0)
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won
