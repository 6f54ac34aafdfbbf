"""Safe moves (``Game.safe_moves``): what the solver plays alone and autodrop plays by
itself. A declared move must be legal, must keep every winnable position winnable, and a
family move that would lose the game must never be declared."""

from __future__ import annotations

from typing import Any

import pytest

from rules import Game, all_games, make
from rules.cards import CLUBS, DIAMONDS, HEARTS, SPADES, card
from rules.common import AUTO, END
from rules.game import Move
from rules.games.klondike import KlondikeState
from rules.prng import Rng
from rules.solo import SoloGame
from rules.solver import LOST, WON, Budget, exhaustive, solve
from rules.tableau import TabState

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


def _run(suit: int, low: int, high: int) -> tuple[int, ...]:
    return tuple(card(r, suit) for r in range(high, low - 1, -1))


def klondike_end(**options: Any) -> tuple[Any, KlondikeState]:
    """A late Klondike position: 4♠ lies on 3♦ and 3♠ (face down) and must go onto 5♥
    to free them; 5♥ may also go to its foundation, which loses the game."""
    game = make("klondike", options)
    fams = (_run(SPADES, 1, 2)[::-1], _run(HEARTS, 1, 4)[::-1],
            _run(DIAMONDS, 1, 2)[::-1], _run(CLUBS, 1, 13)[::-1])
    cols = ((card(5, SPADES), card(3, SPADES), card(3, DIAMONDS), card(4, SPADES)),
            (card(5, HEARTS),), _run(SPADES, 6, 13), _run(HEARTS, 6, 13),
            _run(DIAMONDS, 4, 13), (), ())
    state = KlondikeState(cols, (3, 0, 0, 0, 0, 0, 0), (), (), fams)
    assert sorted(c for z in game.zones(state) for c in z.cards) == sorted(game.pack())
    return game, state


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
    found = (_run(SPADES, 1, 2)[::-1], _run(HEARTS, 1, 4)[::-1],
             _run(DIAMONDS, 1, 2)[::-1], _run(CLUBS, 1, 13)[::-1])
    piles = ((card(5, HEARTS),),
             (card(5, SPADES), card(3, SPADES), card(3, DIAMONDS), card(4, SPADES)),
             _run(DIAMONDS, 4, 13), _run(SPADES, 6, 13), _run(HEARTS, 6, 13)) + ((),) * 13
    state = TabState(piles, found)
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
        cols = (state.columns[0][:2] + state.columns[0][3:], *state.columns[1:])
        state = KlondikeState(cols, (2, 0, 0, 0, 0, 0, 0), (), (card(3, DIAMONDS),),
                              state.families)
        assert game.safe_moves(state) == expected


def _zone_of(game: Game[Any], state: Any) -> dict[int, str]:
    return {c: z.id for z in game.zones(state) for c in z.cards}


def _home(game: Game[Any], state: Any) -> set[int]:
    return {c for z in game.zones(state) if z.kind == "foundation" for c in z.cards}


def still_wins(game: Game[Any], state: Any, line: list[tuple[int, Move]], safe: Move
               ) -> bool:
    """Whether ``state`` is still winnable after the ``safe`` move, shown by the proof's
    own construction: the winning ``line`` without the moves that carried the card the
    safe move played home (played from the new position, every move checked); when the
    construction does not go through, by a search."""
    after = game.apply(state, safe, 0)
    [c] = _home(game, after) - _home(game, state)
    here, mirror = state, after
    for seat, m in line:
        nxt = game.apply_unchecked(here, m)
        before, now = _zone_of(game, here), _zone_of(game, nxt)
        moved = {d for d in before if before[d] != now.get(d)}
        here = nxt
        if moved == {c}:
            continue
        try:
            mirror = game.apply(mirror, m, seat)
        except Exception:
            return solve(game, mirror, Budget(200_000), safe=False).verdict == WON
    done = game.outcome(mirror)
    return done is not None and done.won


@pytest.mark.parametrize("game_id", sorted(LINES))
def test_a_declared_family_move_keeps_a_winning_line_winning(game_id: str) -> None:
    game = make(game_id)
    state = game.deal(LINES[game_id])
    found = solve(game, state, Budget(400_000), safe=False)
    assert found.verdict == WON
    line = list(found.line)
    checked = 0
    for k, (seat, move) in enumerate(line):
        assert seat == 0
        own = type(game).family_safe(game, state)  # type: ignore[attr-defined]
        if own:
            assert own[0] in game.legal_moves(state, 0)
            assert still_wins(game, state, line[k:], own[0]), (game_id, k, own[0])
            checked += 1
        state = game.apply(state, move, 0)
    assert checked, f"no family move of {game_id} was declared safe on the line"
