"""Push Pin (Cheney l.1169-1196): pushing out cards between two that agree."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules import make, render
from rules.cards import Card, cards
from rules.games.push_pin import PushPin, line_of
from rules.patience import Table


def position(line: tuple[Card, ...], pack: tuple[Card, ...],
             out: tuple[Card, ...] = (), privileges_used: tuple[str, ...] = ()) -> Table:
    """A position: the line left to right, the pack (top last)."""
    t = PushPin().table({f"l{i + 1}": (c,) for i, c in enumerate(line)}
                        | {"pack": pack, "out": out})
    return replace(t, privileges_used=privileges_used)


def laid(line: str) -> tuple[Any, Table]:
    """The line ``line`` laid out card by card; the rest of the two packs follows."""
    game = make("push_pin")
    first = cards(line)
    rest = tuple(c for c in game.pack() if c not in first)
    st: Table = game.layout(first + rest, seed=0)
    for _ in first:
        st = game.apply(st, "d", 0)
    return game, st


def codes(game: Any, st: Table) -> list[str]:
    return [m.code for m in game.legal_moves(st, 0)]


def test_a_card_between_two_of_a_suit_or_two_of_a_value() -> None:
    game, st = laid("3H 7S 5H")
    assert codes(game, st) == ["p2", "d", "auto"]
    assert game.describe(st, game.parse_move("p2")) == \
        "push out 7♠, between 3♥ and 5♥ (same suit)"
    game, st = laid("3H 7S 3C")
    assert game.describe(st, game.parse_move("p2")) == \
        "push out 7♠, between 3♥ and 3♣ (same value)"
    game, st = laid("3H 7S 5C")
    assert codes(game, st) == ["d", "auto"]


def test_several_of_one_suit_between_two_of_a_number() -> None:
    game, st = laid("5C 9D 4D JD 5H")
    assert codes(game, st) == ["p2-4", "p3", "d", "auto"]
    assert game.describe(st, game.parse_move("p2-4")) == \
        "throw out 9♦, 4♦ and J♦, between two fives"
    st = game.apply(st, "p2-4", 0)
    assert line_of(st) == cards("5C 5H") and st.piles[-1] == cards("9D 4D JD")


def test_the_line_closes_up_and_makes_new_chances() -> None:
    game, st = laid("8C 2D 9C 8D")
    assert codes(game, st) == ["p2", "p3", "d", "auto"]
    st = game.apply(st, "p3", 0)
    assert line_of(st) == cards("8C 2D 8D")
    assert codes(game, st) == ["p2", "d", "auto"]


def test_the_first_card_to_the_end_once_the_pack_is_laid_out() -> None:
    game = make("push_pin")
    st = position(line=cards("5H 2S 9C 5D JS"), pack=())
    assert codes(game, st) == ["m", "auto"]
    assert game.describe(st, game.parse_move("m")) == \
        "move 5♥ from the head of the line to the end"
    st = game.apply(st, "m", 0)
    assert line_of(st) == cards("2S 9C 5D JS 5H") and st.privileges_used == ("first_to_end",)
    assert codes(game, st) == ["p4", "auto"]
    st = game.apply(st, "p4", 0)
    outcome = game.outcome(st)
    assert outcome is not None and not outcome.won
    assert outcome.summary == "4 cards are left in the line and none can be pushed out"


def test_all_but_two_pushed_out_succeeds() -> None:
    game = make("push_pin")
    st = game.apply(position(line=cards("3H 7S 3C"), pack=()), "p2", 0)
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won


def test_the_pack_is_face_down() -> None:
    game = make("push_pin")
    view = render(game, game.deal(2), None)
    assert [z["down"] for z in view["zones"] if z["id"] == "pack"] == [104]


def small_positions() -> list[Table]:
    """Short lines and packs of few suits and values (so that many can be won), the
    privilege used or not, drawn from a fixed stream."""
    from rules.cards import card
    from rules.prng import Rng

    pool = [card(r, s, p) for r in range(1, 5) for s in range(2) for p in range(2)]
    rng, out = Rng.from_seed(11), []
    for _ in range(400):
        n, rng = rng.below(8)
        k, rng = rng.below(n + 1)
        moved, rng = rng.below(2)
        left, picked = list(pool), []
        for _ in range(n + 2):
            i, rng = rng.below(len(left))
            picked.append(left.pop(i))
        line = tuple(picked[:k + 2])
        pack = tuple(picked[k + 2:])[::-1]
        out.append(position(line, pack, (), ("first_to_end",) * (bool(moved) and not pack)))
    return out


def test_the_closed_form_agrees_with_trying_every_line() -> None:
    from rules.games.push_pin import winnable
    from rules.solver import exhaustive

    game = make("push_pin")
    verdicts = [winnable(st) for st in small_positions()]
    assert verdicts == [exhaustive(game, st) for st in small_positions()]
    assert 0 < sum(verdicts) < len(verdicts)


def test_the_solver_proves_the_first_deals_lost_without_search() -> None:
    """No deal of 0 to 1,999 can be won under the module's readings (each was decided
    by the closed form); the solver says so at once for the first few."""
    from rules.solver import Budget, solve

    game = make("push_pin")
    for seed in range(3):
        found = solve(game, game.deal(seed), Budget(10))
        assert (found.verdict, found.how) == ("lost", "closed form")
