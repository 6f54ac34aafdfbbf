"""A table of computer players, simulated: a whole match of a round game with no server.

Every seat is a computer player that moves from its own view (``Game.bot_move`` on
``rules.view.render`` for that seat) after a think time, and the table's clock
(``Game.timer``) fires when its move is due. Time is simulated in whole milliseconds, so
this stays pure (no clock, no global random): the think times and the players' random
draws come from one :class:`~rules.prng.Rng` stream. It is how ``scripts/match-stats``
and the tests play whole matches, and a model of what the server does with real time:

- when a seat comes to move, it starts thinking: it will move ``think`` milliseconds
  later (drawn uniformly from ``think``), choosing its move from the view it has then;
  a seat still to move after the position changes goes on thinking (a call in Snap is a
  reaction already under way);
- the clock's move is due ``delay`` milliseconds after the position last changed;
- whichever comes first happens first (a player before the clock at the same moment,
  then lower seats first).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .game import Game, Move, Seat
from .prng import Rng
from .view import render

#: How long a computer player takes to move, in milliseconds (low, high).
THINK = (200, 800)


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a simulated table: who made it, whether the clock made it, and when."""

    seat: Seat
    move: Move
    timed: bool
    ms: int
    after: Any


def bot_match(game: Game[Any], seed: int, rng: Rng, think: tuple[int, int] = THINK,
              limit: int | None = None) -> Iterator[Step]:
    """Play match ``seed`` of ``game`` with a computer player in every seat; yield each
    step. Stops at the end of the match, or raises ``RuntimeError`` after ``limit``
    moves (default: the description's bound)."""
    state = game.deal(seed)
    cap = limit or game.description.bound or 100_000
    now = changed = 0
    plans: dict[Seat, int] = {}
    for _ in range(cap):
        if game.outcome(state) is not None:
            return
        movers = game.to_move(state)
        plans = {s: t for s, t in plans.items() if s in movers}
        for s in movers:
            if s not in plans:
                wait, rng = rng.below(think[1] - think[0] + 1)
                plans[s] = now + think[0] + wait
        due = game.timer(state)
        first = min(plans.items(), key=lambda p: (p[1], p[0])) if plans else None
        if first is not None and (due is None or first[1] <= changed + due[0]):
            seat, now = first
            draw, rng = rng.next_u64()
            move = Move(game.bot_move(render(game, state, seat), seat, draw))
            state = game.apply(state, move, seat)
            del plans[seat]
            timed = False
        elif due is not None:
            now, seat, move = changed + due[0], due[1], due[2]
            state = game.apply_timer(state)
            timed = True
        else:
            raise RuntimeError(f"{game.id}: nobody to move and nothing due")
        changed = now
        yield Step(seat, move, timed, now, state)
    raise RuntimeError(f"{game.id} match {seed}: no end after {cap} moves")


__all__ = ["THINK", "Step", "bot_match"]
