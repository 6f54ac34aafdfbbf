"""What the solver reads from the patience model (rules/patience.py): the compact key
and the restricted search first (rules/solver.py). Neither may change an answer: the key
tells positions apart exactly as the table does, and a restricted search only finds
wins sooner."""

from __future__ import annotations

from typing import Any

import pytest

from rules import make
from rules.patience import Patience
from rules.solver import LOST, WON, Budget, replay_line, solve

#: Games on the model: columns with face-down cards and alike columns (Klondike,
#: Staircase, Corners), open fans (La Belle Lucie), open rows (Paternal, La Forteresse).
MODEL = ("klondike", "staircase", "corners", "la_belle_lucie", "paternal", "la_forteresse")


def walk(game: Any, seed: int, n: int) -> list[Any]:
    """Deal ``seed`` and the positions of ``n`` moves, each the move at a varying index
    (never giving up), so that piles empty and fill."""
    state, out = game.deal(seed), []
    for k in range(n):
        out.append(state)
        legal = [m for m in game.legal_moves(state, 0) if m.code not in ("end", "auto")]
        if not legal:
            break
        state = game.apply(state, legal[(k * 7 + seed) % len(legal)], 0)
    return out


@pytest.mark.parametrize("game_id", MODEL)
def test_the_compact_key_tells_positions_apart_as_the_table_does(game_id: str) -> None:
    game: Patience = make(game_id)  # type: ignore[assignment]
    states = [s for seed in range(3) for s in walk(game, seed, 60)]
    by_key: dict[Any, Any] = {}
    by_table: dict[Any, Any] = {}
    for s in states:
        key, table = game.solver_key(s), game._table_key(s)
        assert isinstance(key, tuple) and isinstance(key[0], bytes)
        assert by_key.setdefault(key, table) == table, game_id
        assert by_table.setdefault(table, key) == key, game_id
    assert len(by_key) > 10


def test_alike_piles_in_another_order_are_one_position() -> None:
    game: Patience = make("klondike")  # type: ignore[assignment]
    state = game.deal(3)
    piles, down = list(state.piles), list(state.down)
    a, b = game.alike[0][1], game.alike[0][5]
    piles[a], piles[b], down[a], down[b] = piles[b], piles[a], down[b], down[a]
    swapped = type(state)(tuple(piles), tuple(down))
    assert game.solver_key(swapped) == game.solver_key(state)
    down[a] -= 1  # the same cards, one more of them face up: another position
    assert game.solver_key(type(state)(tuple(piles), tuple(down))) != game.solver_key(state)
    down[a] += 1
    piles[a] = piles[a][:-1]
    assert game.solver_key(type(state)(tuple(piles), tuple(down))) != game.solver_key(state)


@pytest.mark.parametrize("game_id", MODEL)
def test_the_restricted_search_changes_no_answer(game_id: str) -> None:
    """Deals 0-3 with and without the restricted search first: where both decide they
    agree, and every winning line replays to a win."""
    game = make(game_id)
    for seed in range(4):
        state = game.deal(seed)
        both = [solve(game, state, Budget(3_000), restricted=r) for r in (True, False)]
        if all(f.decided for f in both):
            assert both[0].verdict == both[1].verdict, (game_id, seed)
        for found in both:
            if found.won:
                done = game.outcome(replay_line(game, state, found.line))
                assert done is not None and done.won


def test_the_restricted_search_wins_where_the_full_one_alone_runs_out() -> None:
    """Staircase deal 7: the restricted search (no mere shifts, cards home first) finds
    the win in a few hundred positions; the full search alone not within 5,000."""
    game = make("staircase")
    state = game.deal(7)
    found = solve(game, state, Budget(5_000))
    assert found.verdict == WON and found.how == "restricted search"
    done = game.outcome(replay_line(game, state, found.line))
    assert done is not None and done.won
    assert solve(game, state, Budget(5_000), restricted=False).verdict != WON


def test_a_lost_answer_is_still_a_proof() -> None:
    """The restricted search finding no win proves nothing: the full search runs after
    it, so "lost" still means the whole game was searched. The first of Egyptian's
    deals 0-9 that the solver calls lost is lost to the full search alone too."""
    game = make("egyptian")
    for seed in range(10):
        found = solve(game, game.deal(seed), Budget(5_000))
        if found.verdict == LOST:
            assert solve(game, game.deal(seed), Budget(50_000), restricted=False).verdict \
                == LOST
            return
    pytest.fail("no lost deal among Egyptian deals 0-9")


def test_a_restricted_search_that_left_nothing_out_is_a_proof() -> None:
    """The book's Klondike, deal 0, is lost, and its restricted search leaves no move
    out there (the whole face-up run moves, so nothing is a mere shift): it is the full
    search, and it runs past its share to the proof (about 3,100 positions, as the full
    search alone), where a quarter of 4,000 and a full search after would not reach it."""
    game = make("klondike")
    found = solve(game, game.deal(0), Budget(4_000))
    assert (found.verdict, found.how) == (LOST, "restricted search (nothing left out)")
    alone = solve(game, game.deal(0), Budget(4_000), restricted=False)
    assert alone.verdict == LOST and alone.nodes == found.nodes


@pytest.mark.parametrize("gid", ["paternal", "la_belle_lucie", "windmill", "klondike"])
def test_the_search_makes_each_positions_moves_once(gid: str) -> None:
    """Coming back to a position to play its next move after a child's whole search,
    the search gives the position's steps back to the game (``solver_recall``) instead
    of having them made again: about one ``steps`` a position searched (it was 1.2 to
    1.6, Paternal the most). Deals 0-2, 3,000 positions each."""
    game: Any = make(gid)
    made = [0]
    steps = game.steps

    def counted(t: Any) -> Any:
        made[0] += 1
        return steps(t)

    game.steps = counted
    nodes = sum(solve(game, game.deal(seed), Budget(3000)).nodes for seed in (0, 1, 2))
    assert made[0] <= nodes * 1.02, f"{made[0]} steps for {nodes} positions"
