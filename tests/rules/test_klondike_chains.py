"""Klondike's stock as the solver searches it with passes unlimited (issue 24): a card
played from wherever the turns would bring it, in one step (``Klondike.solver_moves``,
a ``Chain`` of turns and the play). A win found so must replay as legal moves, and a
``lost`` must stay a proof: the chains reach every card the turns can show, and the
solver's answers agree with a plain search of the legal moves one by one."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from rules import make
from rules.games.klondike import STK, Klondike, W
from rules.patience import Table
from rules.solver import LOST, WON, Budget, Chain, replay_line, solve

TODAY = {"draw": 3, "passes": "unlimited", "part_moves": True}


def game() -> Klondike:
    return make("klondike", TODAY)  # type: ignore[return-value]


def plain(g: Klondike, state: Table, limit: int = 40_000) -> bool:
    """Whether any line of legal moves wins, by trying them one by one (no chain, no
    restriction, no solver key): positions told apart by their cards alone, which with
    passes unlimited are all the rules read."""
    seen: set[Any] = set()
    stack = [state]
    while stack:
        s = stack.pop()
        k = (s.piles, s.down)
        if k in seen:
            continue
        seen.add(k)
        assert len(seen) <= limit, "the plain search ran too long"
        if g.won(s):
            return True
        stack += [g.apply_unchecked(s, m) for m in g.legal_moves(s, 0) if m.code != "end"]
    return False


def walk(g: Klondike, state: Table, seed: int, n: int) -> Table:
    """``n`` legal moves from ``state``, each the one at a varying index (never ``end``)."""
    for k in range(n):
        legal = [m for m in g.legal_moves(state, 0) if m.code != "end"]
        if not legal:
            break
        state = g.apply(state, legal[(k * 7 + seed) % len(legal)], 0)
    return state


@functools.cache
def won_line(seed: int) -> tuple[Any, ...]:
    g = game()
    found = solve(g, g.deal(seed), Budget(nodes=20_000))
    assert found.won, seed
    return found.line


def near_end(g: Klondike, seed: int, left: int, wander: int) -> Table:
    """Deal ``seed`` played along a winning line to ``left`` moves before its end, then
    ``wander`` moves off it (which may lose the deal)."""
    line = won_line(seed)
    state = replay_line(g, g.deal(seed), line[:len(line) - left])
    return walk(g, state, wander, 12) if wander else state


#: Named positions the plain search decides quickly: won and lost, with stock and waste
#: of many sizes (deals 2, 8 and 13 near their end, and after a wander off the winning line;
#: deals 0 and 2 after 60 moves of wandering from the deal).
#: (The positions follow the lines the solver finds: a change of its order may move
#: them, and the count of won and lost below says when to pick others.)
POSITIONS = [(2, 40, 0), (2, 80, 1), (2, 80, 5), (2, 100, 2), (8, 60, 1), (8, 80, 1),
             (13, 30, 0), (13, 80, 2)]


def positions(g: Klondike) -> list[Table]:
    return [near_end(g, *p) for p in POSITIONS] + [walk(g, g.deal(s), s, 60) for s in (0, 2)]


def test_the_chains_agree_with_the_plain_search_won_and_lost() -> None:
    g = game()
    verdicts = []
    for state in positions(g):
        expect = WON if plain(g, state) else LOST
        kws: tuple[dict[str, bool], ...] = (
            {}, {"restricted": False}, {"safe": False, "restricted": False})
        for kw in kws:
            found = solve(g, state, Budget(nodes=200_000), restricted=kw.get("restricted", True),
                          safe=kw.get("safe", True))
            assert found.verdict == expect, kw
            if found.won:
                assert g.outcome(replay_line(g, state, found.line)).won  # type: ignore[union-attr]
        verdicts.append(expect)
    assert verdicts.count(WON) >= 3 and verdicts.count(LOST) >= 3


@pytest.mark.parametrize("seed", [2, 8, 13])
def test_a_line_found_with_chains_replays_as_legal_moves(seed: int) -> None:
    g = game()
    line = won_line(seed)
    assert all(not isinstance(m, Chain) for _, m in line)
    assert sum(m.code == "d" for _, m in line) > 5  # the chains' turns are in the line
    end = replay_line(g, g.deal(seed), line)
    assert g.outcome(end).won  # type: ignore[union-attr]


def turned(g: Klondike, state: Table) -> set[tuple[str, int]]:
    """Every play from the waste that turns alone lead to (the legal moves played one
    by one until the stock and waste come round again), as (move, card): what the
    chains must cover."""
    out: set[tuple[str, int]] = set()
    seen, s = set(), state
    while s.piles[STK] + s.piles[W] and (s.piles[STK], s.piles[W]) not in seen:
        seen.add((s.piles[STK], s.piles[W]))
        if s is not state:
            out |= {(m.code, s.piles[W][-1]) for m in g.legal_moves(s, 0)
                    if m.code.startswith("w>")}
        s = g.apply(s, "d", 0)
    return out


def _card(g: Klondike, state: Table, chain: Chain) -> int:
    """The card a chain plays: the waste's top after its turns."""
    after: Table = replay_line(g, state, tuple((0, m) for m in chain.moves[:-1]))
    return after.piles[W][-1]


def test_the_chains_reach_every_card_the_turns_show() -> None:
    g = game()
    checked = 0
    for seed in range(6):
        state = g.deal(seed)
        for k in range(40):
            moves = g.solver_moves(state, g.legal_moves(state, 0))
            chains = [m for m in moves if isinstance(m, Chain)]
            assert {(c.moves[-1].code, _card(g, state, c)) for c in chains} == \
                turned(g, state), (seed, k)
            assert not any(m.code in ("d", "end") for m in moves)
            for c in chains:  # the chain at once is its moves one by one
                one_by_one = replay_line(g, state, tuple((0, m) for m in c.moves))
                assert g.solver_play(state, c) == one_by_one
            checked += len(chains)
            if not moves:
                break
            state = g.solver_play(state, moves[(k * 5 + seed) % len(moves)])
    assert checked > 200


def test_the_turns_of_a_pass_are_one_position_beside_the_chains() -> None:
    g = game()
    s = walk(g, g.deal(4), 4, 30)
    while s.piles[W]:  # on to the start of a pass
        s = g.apply(s, "d", 0)
    start, plain_keys, chain_keys = s, set(), set()
    for _ in range(20):  # round the pass and on
        plain_keys.add(g.solver_key(s))
        chain_keys.add(g.chain_key(s))
        s = g.apply(s, "d", 0)
    assert chain_keys == {g.chain_key(start)}
    assert len(plain_keys) > 5
    # a waste left off a pass's steps by a play is a position of its own
    off = g.solver_play(start, next(m for m in g.solver_moves(start, g.legal_moves(start, 0))
                                    if isinstance(m, Chain) and len(m.moves) > 1))
    assert g.pass_start(off) is off or not off.piles[STK]


def test_the_key_beside_the_chains_tells_positions_apart_as_the_table_does() -> None:
    g = game()
    by_key: dict[Any, Any] = {}
    by_table: dict[Any, Any] = {}
    for seed in range(4):
        state = g.deal(seed)
        for k in range(80):
            key, table = g.chain_key(state), g._table_key(g.pass_start(state))
            assert by_key.setdefault(key, table) == table
            assert by_table.setdefault(table, key) == key
            moves = g.legal_moves(state, 0)[:-1]  # never end
            if not moves:
                break
            state = g.apply(state, moves[(k * 3 + seed) % len(moves)], 0)
    assert len(by_key) > 50
