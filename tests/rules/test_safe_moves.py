"""Safe moves (``Game.safe_moves``): what the solver plays alone and autodrop plays by
itself. A declared move must be legal, must keep every winnable position winnable, and a
family move that would lose the game must never be declared."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules import Game, all_games, make
from rules.cards import CLUBS, DIAMONDS, HEARTS, SPADES, card
from rules.common import AUTO, END
from rules.game import Move
from rules.prng import Rng
from rules.solo import SoloGame
from rules.solver import LOST, WON, Budget, exhaustive, solve
from tests.kit.safe_moves import (
    assert_family_moves_keep_a_winning_line_winning,
    klondike_end,
    run_of,
)

#: Games that declare family moves of their own, and deals whose winning line the
#: solver finds quickly (scripts/find-endings or ``solve`` within the budget below).
LINES = {
    "klondike": 13, "flower_garden": 0, "trios": 4, "paternal_king_spaces": 0, "the_toad": 16,
}


def declares_family_moves(cls: type[Game[Any]]) -> bool:
    return issubclass(cls, SoloGame) and cls.family_safe is not SoloGame.family_safe


def test_the_games_with_family_moves_are_tested_on_a_winning_line() -> None:
    declared = {c.description.id for c in all_games() if declares_family_moves(c)}
    assert {"klondike", "klondike_one_pass", "idiots_delight", "flower_garden",
            "triangle", "trios", "egyptian", "paternal"} <= declared
    assert set(LINES) <= declared


@pytest.mark.parametrize("game_id", [c.description.id for c in all_games()])
def test_every_declared_safe_move_is_legal(game_id: str) -> None:
    game = make(game_id)
    state, rng = game.deal(1), Rng.from_seed(1, 5)
    for _ in range(300):
        if game.outcome(state) is not None:
            break
        steps = [(s, m) for s, m in game.all_legal(state) if m not in (AUTO, END)]
        for m in game.safe_moves(state):
            assert m in {x for _, x in steps}, (game_id, m)
        if not steps:
            break
        k, rng = rng.below(len(steps))
        state = game.apply_unchecked(state, steps[k][1])


def test_the_only_move_is_safe_and_giving_up_never_is() -> None:
    clock = make("clock")
    state = clock.deal(0)
    assert clock.legal_moves(state, 0) == (Move("t"), AUTO)
    assert clock.safe_moves(state) == (Move("t"),)
    trios: Any = make("trios")
    lone = trios.layout(trios.pack(), 0)  # a stacked pack: whatever is legal first
    moves = [m for m in trios.legal_moves(lone, 0) if m != END]
    assert len(moves) > 1 or trios.safe_moves(lone) == tuple(moves)
    assert END not in trios.safe_moves(lone)



def test_a_family_move_that_would_lose_is_never_declared_safe() -> None:
    game, state = klondike_end()
    assert solve(game, state, Budget(100_000), safe=False).verdict == WON
    home = Move("t2>f")  # 5♥ to its foundation: legal, and it loses
    assert home in game.legal_moves(state, 0)
    assert solve(game, game.apply(state, home, 0), Budget(100_000), safe=False).verdict == LOST
    assert home not in game.safe_moves(state)
    assert game.safe_moves(state) == ()
    # once 4♠ lies on 5♥, 3♦ goes home safely (both black twos are home)
    after = game.apply(state, "t1>t2", 0)
    assert game.safe_moves(after) == (Move("t1>f"),)


def test_a_top_card_that_a_lower_card_needs_is_never_declared_safe() -> None:
    """The Trios (a card marries onto one a rank higher, any suit): 4♠ covers 3♦ and
    3♠ and can go only onto 5♥; 5♥ to its family is legal and loses."""
    game: Any = make("trios")
    found = (run_of(SPADES, 1, 2)[::-1], run_of(HEARTS, 1, 4)[::-1],
             run_of(DIAMONDS, 1, 2)[::-1], run_of(CLUBS, 1, 13)[::-1])
    piles = ((card(5, HEARTS),),
             (card(5, SPADES), card(3, SPADES), card(3, DIAMONDS), card(4, SPADES)),
             run_of(DIAMONDS, 4, 13), run_of(SPADES, 6, 13), run_of(HEARTS, 6, 13)) + ((),) * 13
    state = game.table({f"p{i + 1}": p for i, p in enumerate(piles)}
                       | {f"f{i + 1}": f for i, f in enumerate(found)})
    assert sorted(c for z in game.zones(state) for c in z.cards) == sorted(game.pack())
    assert solve(game, state, Budget(100_000), safe=False).verdict == WON
    home = Move("1>f")
    assert home in game.legal_moves(state, 0)
    assert solve(game, game.apply(state, home, 0), Budget(100_000), safe=False).verdict == LOST
    assert game.safe_moves(state) == ()
    # 4♠ onto 5♥: 3♦ is free and nothing can need it (no two is left off the families)
    assert game.safe_moves(game.apply(state, "2>1", 0)) == (Move("2>f"),)


def test_the_solver_with_safe_moves_agrees_with_plain_exhaustive_search() -> None:
    """On the built end positions and every position after one move from them: the
    search that plays safe moves alone finds a win exactly when trying every line does."""
    game, state = klondike_end()
    for start in (state, *(game.apply(state, m, 0) for m in game.legal_moves(state, 0))):
        if game.outcome(start) is None:
            assert solve(game, start, Budget(100_000)).won is exhaustive(game, start)


def test_a_waste_card_is_safe_only_when_the_stock_is_turned_one_at_a_time() -> None:
    for draw, expected in ((1, (Move("w>f"),)), (3, ())):
        game, state = klondike_end(draw=draw)
        # 3♦ from the column to the waste's top, as if turned from the stock
        t1 = game.pile(state, "t1")
        piles = (*state.piles[:4], t1[:2] + t1[3:], *state.piles[5:12], (card(3, DIAMONDS),))
        state = replace(state, piles=piles, down=(*state.down[:4], 2, *state.down[5:]))
        assert game.safe_moves(state) == expected



@pytest.mark.parametrize("game_id", sorted(LINES))
def test_a_declared_family_move_keeps_a_winning_line_winning(game_id: str) -> None:
    assert_family_moves_keep_a_winning_line_winning(game_id, LINES[game_id])
