"""Section 10: what a view costs to render, without and with each move's shape.

The server renders a room's state once per audience and version (server/fanout.py keeps
the frame), each legal move with its shape (:meth:`rules.game.Game.shape`, which by
default plays the move to read the zones after it). For each game, deal 0 is played by
its first legal move for up to ``steps`` positions; at each, the view for the seat that
moves is rendered without shapes and then with them, ``repeat`` times each, and the
best of the repeats is kept (the machine is shared). Baseline: the same view without
shapes. The table shows the games whose shaped view costs most.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from rules import Play, all_games, make, render


def measure(game_id: str, steps: int, repeat: int = 3) -> dict[str, Any]:
    game = make(game_id, {})
    play = Play.start(game, 0)
    plain = shaped = 0.0
    states = moves = 0
    for _ in range(steps):
        state = play.state
        legal = game.all_legal(state)
        if game.outcome(state) is not None or not legal:
            break
        seat = legal[0][0]
        times = [0.0, 0.0]
        for k, shapes in enumerate((False, True)):
            best = float("inf")
            for _ in range(repeat):
                t0 = time.perf_counter()
                render(game, state, seat, play.zones, shapes=shapes)
                best = min(best, time.perf_counter() - t0)
            times[k] = best
        plain += times[0]
        shaped += times[1]
        states += 1
        moves += len(legal)
        play = play.push(legal[0][1], seat)
    n = max(1, states)
    return {"game": game_id, "states": states, "moves_per_state": moves / n,
            "plain_ms": 1000 * plain / n, "shaped_ms": 1000 * shaped / n}


def views(steps: int) -> dict[str, Any]:
    games = [measure(g.id, steps) for g in all_games()]
    return {"steps": steps, "games": games,
            "median_plain_ms": statistics.median(g["plain_ms"] for g in games),
            "median_shaped_ms": statistics.median(g["shaped_ms"] for g in games)}


def markdown(result: dict[str, Any], slowest: int = 8) -> list[str]:
    lines = [
        "",
        f"10. Views: ms to render one state for the seat that moves (first-legal playout of "
        f"deal 0, up to {result['steps']} states a game); median over all "
        f"{len(result['games'])} games {result['median_plain_ms']:.3f} ms without shapes, "
        f"{result['median_shaped_ms']:.3f} ms with; the {slowest} costliest with shapes:",
        "",
        "| game | legal moves a state | ms without shapes | ms with shapes |",
        "|---|---:|---:|---:|",
    ]
    for g in sorted(result["games"], key=lambda g: -g["shaped_ms"])[:slowest]:
        lines.append(f"| {g['game']} | {g['moves_per_state']:.0f} | {g['plain_ms']:.3f} | "
                     f"{g['shaped_ms']:.3f} |")
    return lines


if __name__ == "__main__":  # python -m bench.view_bench: this section alone, printed
    print("\n".join(markdown(views(40))))
