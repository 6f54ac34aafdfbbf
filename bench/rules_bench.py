"""Section 5: random playouts of every registered game, timed apart.

For each game, deals are played out with random legal moves (the policy of
:func:`cli.games_cmd.random_playout`; a round game's clock moves when nothing is legal;
at most ``CUT`` moves a deal) for a fixed time; the time spent generating legal
moves and the time spent applying them are summed separately. Baseline: the median game.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from cli.games_cmd import CUT, PATIENCE, RESERVED
from rules import all_games, make
from rules.prng import Rng


def measure(game_id: str, seconds: float) -> dict[str, Any]:
    game = make(game_id, {})
    rng = Rng.from_seed(0, stream=99)
    legal_ns = apply_ns = legal_calls = applies = playouts = 0
    deadline = time.perf_counter() + seconds
    seed = 0
    while time.perf_counter() < deadline or playouts == 0:
        state = game.deal(seed)
        moves = 0
        while game.outcome(state) is None and moves < CUT:
            t0 = time.perf_counter_ns()
            legal = game.all_legal(state)
            t1 = time.perf_counter_ns()
            legal_ns += t1 - t0
            legal_calls += 1
            if not legal:  # a round game's table moves by itself (its clock) or is stuck
                if game.timer(state) is None:
                    break
                t0 = time.perf_counter_ns()
                state = game.apply_timer(state)
                apply_ns += time.perf_counter_ns() - t0
                applies += 1
                moves += 1
                continue
            choices = [sm for sm in legal if sm[1].code not in RESERVED] or list(legal)
            if moves >= PATIENCE:
                choices = [sm for sm in legal if sm[1].code == "end"] or choices
            k, rng = rng.below(len(choices))
            t0 = time.perf_counter_ns()
            state = game.apply_unchecked(state, choices[k][1])
            apply_ns += time.perf_counter_ns() - t0
            applies += 1
            moves += 1
        playouts += 1
        seed += 1
    return {"game": game_id, "playouts": playouts, "moves": applies,
            "applies_per_s": applies / (apply_ns / 1e9) if apply_ns else 0.0,
            "legal_per_s": legal_calls / (legal_ns / 1e9) if legal_ns else 0.0}


def rules(seconds: float) -> dict[str, Any]:
    games = [measure(g.id, seconds) for g in all_games()]
    return {"games": games,
            "median_applies_per_s": statistics.median(g["applies_per_s"] for g in games),
            "median_legal_per_s": statistics.median(g["legal_per_s"] for g in games)}
