"""Section 8: how long a hint takes, and what it says, for every game that gives hints.

The issue's target is absolute: a hint answers "within a second on this machine, for every
game". So this section times the server's own hint (``rules.hint.hint`` at the table's
budget, ``server.heavy.HINT_SECONDS`` and ``HINT_NODES``) at a few positions of each game
(deal 0, after 0, 10 and 30 first-legal moves, while the game goes on), and reports each
game's slowest hint, with the deadline the table gives it as the baseline: a ratio above
1 is a hint that ran past its deadline (the search checks the clock every 64 positions,
and a game's closed form or sampling is not cut short). It also counts what the hints
said: the move that won in the most deals of the hidden cards, or a rule of thumb's move
(no deal showed a win in time), and how many named moves a complete search of some deal
backed. The round games give no hints (``hint/not_allowed``) and are left out.
"""

from __future__ import annotations

import time
from typing import Any

from rules import all_games, make
from rules.common import AUTO, END
from rules.hint import hint
from rules.solver import Budget
from server.heavy import HINT_NODES, HINT_SECONDS

#: The positions timed: the first-legal move count from the deal.
STEPS = (0, 10, 30)
#: The issue's target, in seconds.
TARGET = 1.0


def _positions(game: Any, seed: int, steps: tuple[int, ...]) -> list[Any]:
    state, out, n = game.deal(seed), [], 0
    for k in steps:
        while n < k and game.outcome(state) is None:
            legal = [(s, m) for s, m in game.all_legal(state) if m not in (AUTO, END)]
            if not legal:
                break
            state = game.apply_for(state, legal[0][1], legal[0][0])
            n += 1
        if game.outcome(state) is not None:
            break
        out.append(state)
    return out


def _timed(game: Any, state: Any) -> tuple[float, str, bool]:
    """The hint's time, its verdict, and whether a complete search of some deal of the
    hidden cards backed the move it named."""
    seats = game.to_move(state)
    if not seats:
        return 0.0, "none", False
    start = time.perf_counter()
    h = hint(game, state, seats[0],
             Budget.seconds(time.perf_counter, HINT_SECONDS, HINT_NODES))
    took = time.perf_counter() - start
    solved = any(sc.move == h.move and sc.solved for sc in h.scores)
    return took, h.verdict, solved


def hints(games: int | None = None, steps: tuple[int, ...] = STEPS) -> dict[str, Any]:
    """Every hinted game's hints over its positions (the first ``games`` games only, for
    a smoke run): the slowest, and what each said."""
    ids = [c.description.id for c in all_games() if c.description.seats_range is None]
    out = []
    for gid in ids[:games]:
        game = make(gid)
        got = [_timed(game, s) for s in _positions(game, 0, steps)]
        verdicts = [v for _, v, _ in got]
        out.append({"game": gid, "hints": len(got),
                    "slowest": max((t for t, _, _ in got), default=0.0),
                    "times": [round(t, 4) for t, _, _ in got],
                    "evidence": verdicts.count("hint"), "rule": verdicts.count("rule"),
                    "unknown": verdicts.count("unknown"),
                    "solved": sum(b for _, _, b in got)})
    return {"deadline": HINT_SECONDS, "nodes": HINT_NODES, "target": TARGET, "games": out}


def markdown(section: dict[str, Any]) -> list[str]:
    games = sorted(section["games"], key=lambda g: -g["slowest"])
    slow = [g for g in games if g["slowest"] > section["target"]]
    worst = games[0] if games else {"game": "—", "slowest": 0.0}
    lines = [
        "",
        f"8. Hints: the slowest hint of each of {len(games)} games (deal 0, after "
        f"{', '.join(map(str, STEPS))} first-legal moves), at the table's budget "
        f"({section['deadline']} s, {section['nodes']:,} positions); baseline: that "
        f"deadline. Target: every hint within {section['target']:.0f} s. Slowest: "
        f"{worst['game']} {worst['slowest']:.2f} s "
        f"({worst['slowest'] / section['deadline']:.2f}x the deadline); over "
        f"{section['target']:.0f} s: {', '.join(g['game'] for g in slow) or 'none'}.",
    ]
    times = sorted(t for g in games for t in g.get("times", ()))
    if times:
        named = sum(g["evidence"] + g["rule"] for g in games)
        lines += [
            "",
            f"Over all {len(times)} hints: p50 {times[len(times) // 2]:.2f} s, max "
            f"{times[-1]:.2f} s; {sum(g['evidence'] for g in games)} named the move that "
            f"won in the most deals of the hidden cards, {sum(g['rule'] for g in games)} "
            f"a rule of thumb's move (no deal showed a win in time), "
            f"{sum(g['unknown'] for g in games)} no move; {sum(g['solved'] for g in games)} "
            f"of the {named} named moves were backed by a complete search of some deal.",
        ]
    lines += [
        "",
        "| game | hints timed | slowest (s) | ratio to the deadline |",
        "|---|---:|---:|---:|",
    ]
    for g in games[:10]:
        lines.append(f"| {g['game']} | {g['hints']} | {g['slowest']:.2f} | "
                     f"{g['slowest'] / section['deadline']:.2f}x |")
    if len(games) > 10:
        lines.append(f"| (the other {len(games) - 10}) | | at most "
                     f"{games[10]['slowest']:.2f} | |")
    return lines
