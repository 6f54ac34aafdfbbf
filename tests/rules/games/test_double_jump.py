"""Double Jump (Cheney l.1595-1632, Appendix l.3324-3330): jumps over two, the end game
over one and two, and the graded result."""

from __future__ import annotations

from typing import Any

from rules import make
from rules.cards import cards
from rules.games.double_jump import DoubleJump, row_of
from rules.patience import Table


def position(row: tuple[tuple[int, ...], ...], pack: tuple[int, ...]) -> Table:
    """A position: the row's piles left to right, the pack (top last)."""
    return DoubleJump().table({f"r{i + 1}": p for i, p in enumerate(row)} | {"pack": pack})


def pack_of(t: Table) -> tuple[int, ...]:
    return t.piles[-1]


def laid(row: str, **options: Any) -> tuple[Any, Table]:
    game = make("double_jump", options)
    first = cards(row)
    rest = tuple(c for c in game.pack() if c not in first)
    st: Table = game.layout(first + rest, seed=0)
    for _ in first:
        st = game.apply(st, "d", 0)
    return game, st


def codes(game: Any, st: Table) -> list[str]:
    return [m.code for m in game.legal_moves(st, 0)]


def piles(*rows: str) -> tuple[tuple[int, ...], ...]:
    return tuple(cards(r) for r in rows)


def test_two_of_a_number_with_two_between_jump_forwards() -> None:
    game, st = laid("7S 2H 3D 7H")
    assert codes(game, st) == ["j1-4", "d"]  # no auto: the game wants open eyes
    assert game.describe(st, game.parse_move("j1-4")) == \
        "jump 7♠ (pile 1) over two piles onto 7♥ (pile 4)"
    st = game.apply(st, "j1-4", 0)
    assert row_of(st) == piles("2H", "3D", "7H 7S")


def test_a_suit_also_agrees_and_a_jump_needs_two_between() -> None:
    game, st = laid("5C 2H 3D 9C")
    assert codes(game, st) == ["j1-4", "d"]
    game, st = laid("5C 2H 9C 3D")
    assert codes(game, st) == ["d"]


def test_over_one_only_when_the_pack_is_laid_out_unless_chosen() -> None:
    game, st = laid("5C 2H 5D")
    assert codes(game, st) == ["d"]
    game, st = laid("5C 2H 5D", endgame="any_time")
    assert codes(game, st) == ["j1-3", "d"]


def test_three_piles_then_two_then_one_is_very_extraordinary() -> None:
    game = make("double_jump")
    st = position(piles("5C", "2C", "5D"), ())
    assert codes(game, st) == ["j1-3"]
    assert game.describe(st, game.parse_move("j1-3")) == \
        "jump 5♣ (pile 1) over one pile onto 5♦ (pile 3)"
    st = game.apply(st, "j1-3", 0)
    assert row_of(st) == piles("2C", "5D 5C") and codes(game, st) == ["j1-2"]
    st = game.apply(st, "j1-2", 0)
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won
    assert outcome.summary == "one pile: very extraordinary"


def test_the_result_is_graded() -> None:
    game = make("double_jump")
    two = position(piles("2H", "5D"), ())
    outcome = game.outcome(two)
    assert outcome is not None and not outcome.won and outcome.summary == "2 piles: excellent"
    outcome = make("double_jump", {"win_at": 3}).outcome(two)
    assert outcome is not None and outcome.won
    four = position(piles("2H", "5D", "7S", "9C"), ())
    outcome = make("double_jump", {"win_at": 4}).outcome(four)
    assert outcome is not None and outcome.won and outcome.summary == "4 piles: good"
    five = position(piles("2H", "5D", "7S", "9C", "JH"), ())
    outcome = game.outcome(five)
    assert outcome is not None and outcome.summary == "5 piles: more than four, a failure"


def test_the_solver_sees_only_the_tops_and_the_cards_left() -> None:
    """Only a pile's top is ever judged: two rows with the same tops and as many cards
    left to lay are one position for the search; jumps come before laying a card."""
    game, st = laid("7S 2H 3D 7H")
    under = position(((5,), (9, 34), (3,)), pack_of(st))
    other = position(((5,), (34,), (7, 3)), pack_of(st))
    assert game.solver_key(under) == game.solver_key(other)
    assert game.solver_key(under) != game.solver_key(position(row_of(under), pack_of(st)[:-1]))
    assert [m.code for m in game.order_moves(st, game.legal_moves(st, 0))] == ["j1-4", "d"]
