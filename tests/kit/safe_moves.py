"""Safe moves (cards sent home unasked) checked against winning lines: a late Klondike
position, and the check that each family move a game declares safe on a winning line
keeps it winning."""

from __future__ import annotations

from typing import Any

from rules import Game, make
from rules.cards import CLUBS, DIAMONDS, HEARTS, SPADES, card
from rules.game import Move
from rules.patience import Patience, Table
from rules.solver import WON, Budget, solve


def run_of(suit: int, low: int, high: int) -> tuple[int, ...]:
    return tuple(card(r, suit) for r in range(high, low - 1, -1))


def klondike_end(**options: Any) -> tuple[Patience, Table]:
    """A late Klondike position: 4♠ lies on 3♦ and 3♠ (face down) and must go onto 5♥
    to free them; 5♥ may also go to its foundation, which loses the game."""
    game = make("klondike", options)
    assert isinstance(game, Patience)
    fams = (run_of(SPADES, 1, 2)[::-1], run_of(HEARTS, 1, 4)[::-1],
            run_of(DIAMONDS, 1, 2)[::-1], run_of(CLUBS, 1, 13)[::-1])
    cols = ((card(5, SPADES), card(3, SPADES), card(3, DIAMONDS), card(4, SPADES)),
            (card(5, HEARTS),), run_of(SPADES, 6, 13), run_of(HEARTS, 6, 13),
            run_of(DIAMONDS, 4, 13), (), ())
    state = game.table({f"f{i + 1}": f for i, f in enumerate(fams)}
                       | {f"t{i + 1}": c for i, c in enumerate(cols)}, {"t1": 3})
    assert sorted(c for z in game.zones(state) for c in z.cards) == sorted(game.pack())
    return game, state


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


def assert_family_moves_keep_a_winning_line_winning(game_id: str, deal: int) -> None:
    """On a winning line of ``deal`` (found by the solver), each family move the game
    declares safe is legal and keeps the line winning (:func:`still_wins`), and at least
    one is declared."""
    game = make(game_id)
    state = game.deal(deal)
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
