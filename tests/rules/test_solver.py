"""The generic solver: against Sympathy's closed form, against plain exhaustive search,
and its budget; every winning line it gives replays to a win."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from rules import Move, all_games, make
from rules.cards import standard_pack
from rules.prng import shuffle
from rules.solver import (
    LOST,
    UNKNOWN,
    WON,
    Budget,
    BudgetExhausted,
    exhaustive,
    replay_line,
    solve,
)
from rules.solver_twins import buried_cycle

TWINS = ("sympathy", "sympathie")


def won(game: Any, state: Any) -> bool:
    done = game.outcome(state)
    return done is not None and bool(done.won)


def twin_deal(game_id: str, packets: int, seed: int) -> tuple[Any, Any]:
    """A reduced deal in which both seats hold the same 3 * packets + 1 cards (so every
    card has its twin across the table), each seat's in its own shuffled order."""
    game = make(game_id, {"packets": packets})
    hand = shuffle(seed, standard_pack(0))[: 3 * packets + 1]
    other = tuple(c | 64 for c in shuffle(seed, hand, stream=1))
    return game, game.layout(hand + other, seed)


@pytest.mark.parametrize("game_id", TWINS)
def test_closed_form_agrees_with_the_search_on_full_deals(game_id: str) -> None:
    game: Any = make(game_id)
    verdicts = []
    for seed in range(1000):
        state = game.deal(seed)
        closed = game.closed_form(state)
        found = solve(game, state, Budget(5_000), closed_form=False)
        assert found.decided, seed
        assert found.won is closed, seed
        if found.won:
            assert won(game, replay_line(game, state, found.line))
        verdicts.append(found.won)
    # both answers occur, so agreement is not a constant
    assert 50 < sum(verdicts) < 950


@pytest.mark.parametrize("game_id", TWINS)
@pytest.mark.parametrize("packets", [1, 2, 3, 4, 5])
def test_closed_form_agrees_with_searching_every_order(game_id: str, packets: int) -> None:
    """Without the safe-move knowledge the search tries every order of turning."""
    both = set()
    for seed in range(120):
        game, state = twin_deal(game_id, packets, seed)
        found = solve(game, state, Budget(100_000), closed_form=False, safe=False)
        assert found.decided and found.won is game.closed_form(state), seed
        both.add(found.won)
    assert both == {True, False}


@pytest.mark.parametrize("game_id", TWINS)
@pytest.mark.parametrize("packets", [1, 2, 3])
def test_solver_agrees_with_exhaustive_search(game_id: str, packets: int) -> None:
    for seed in range(60):
        game, state = twin_deal(game_id, packets, seed)
        assert solve(game, state).won is exhaustive(game, state), seed


def test_solver_agrees_with_exhaustive_search_on_small_solo_games() -> None:
    checked = 0
    for game_id in ("clock", "little_lots", "number_eleven"):
        game = make(game_id)
        for seed in range(15):
            state = game.deal(seed)
            try:
                truth = exhaustive(game, state, limit=20_000)
            except BudgetExhausted:
                continue
            assert solve(game, state).won is truth, (game_id, seed)
            checked += 1
    assert checked >= 25


def test_a_cycle_of_buried_twins_is_found() -> None:
    # A: 5S under 9H; B: 9H under 5S -> each waits for the other
    assert buried_cycle((((5, 25),), ((25 | 64, 5 | 64),)))
    assert not buried_cycle((((5, 25),), ((5 | 64, 25 | 64),)))


def test_the_literal_grace_rule_has_no_closed_form() -> None:
    game: Any = make("sympathy", {"grace_rule": "literal"})
    state = game.deal(1)
    assert game.closed_form(state) is None
    assert solve(game, state).decided


def test_every_winning_line_replays_to_a_win() -> None:
    wins = 0
    for cls in all_games():
        game = cls()
        for seed in range(2):
            state = game.deal(seed)
            found = solve(game, state, Budget(1_000))
            if found.won:
                assert won(game, replay_line(game, state, found.line)), game.id
                wins += 1
            elif found.verdict == LOST:
                assert found.line == ()
    assert wins >= 10


def test_the_node_budget_gives_unknown_and_a_clock_deadline_stops_it() -> None:
    game = make("double_jump")
    state = game.deal(0)
    assert solve(game, state, Budget(50)).verdict == UNKNOWN
    ticks = itertools.count()

    def clock() -> float:
        return float(next(ticks))

    found = solve(game, state, Budget.seconds(clock, 10.0, nodes=10**9))
    assert found.verdict == UNKNOWN
    assert found.nodes < 64 * 12


def test_safe_moves_only_cover_the_exact_rule() -> None:
    exact: Any = make("sympathy")
    rank: Any = make("sympathy", {"match_rule": "rank"})
    state = exact.deal(0)
    assert exact.safe_moves(state) == (Move("open"),)
    assert rank.safe_moves(rank.deal(0)) == ()


def test_a_won_game_is_won_with_an_empty_line() -> None:
    game, state = twin_deal("sympathy", 1, 0)
    found = solve(game, state)
    assert found.verdict in (WON, LOST)
    if found.won:
        end = replay_line(game, state, found.line)
        assert solve(game, end).line == () and solve(game, end).won
