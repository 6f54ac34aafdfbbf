"""Section 8: what a hint says, and how long it takes, for every game that gives hints.

The issue's targets: a hint answers "within a second on this machine, for every game"
(issue 22), and it names a move whenever there is one, never "unknown" (issue 24). So
this section asks the server's own hint (``rules.hint.hint`` at the table's budget,
``server.heavy.HINT_SECONDS`` and ``HINT_NODES``) at the positions of each game the
issue names: deals 0-9 (``--deals``), each after 0, 10 and 30 first-legal moves (while
the game goes on). It reports the hints' latency over all of them (p50, max) and each
game's slowest, with the deadline the table gives it as the baseline: a ratio above 1 is
a hint that ran past its deadline (the search checks the clock every 16 positions, and a
game's closed form or sampling is not cut short). It counts what the hints said: the
move that won in the most deals of the hidden cards (``evidence``), a rule of thumb's
move (no deal showed a win in time: ``rule``), and ``missing``: a position with a move
to make where the hint named none, or named a move that is not legal (the target is 0);
and how many named moves a complete search of some deal of the hidden cards backed
(``solved``). The round games give no hints (``hint/not_allowed``) and are left out.

``python -m bench.hint_bench [--deals N] [--games N]`` runs this section alone.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from rules import all_games, make
from rules.common import AUTO, END
from rules.hint import hint
from rules.solver import Budget
from server.heavy import HINT_NODES, HINT_SECONDS

#: The positions timed: the first-legal move count from the deal.
STEPS = (0, 10, 30)
#: Deals 0 .. DEALS-1 of each game (the issue's "deals 0-9").
DEALS = 10
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
    """The hint's time, what it said (``evidence``, ``rule``, ``none``: nothing to do,
    ``missing``: no legal move named though there was one) and whether a complete
    search of some deal of the hidden cards backed the move it named."""
    seats = game.to_move(state)
    if not seats:
        return 0.0, "none", False
    start = time.perf_counter()
    h = hint(game, state, seats[0],
             Budget.seconds(time.perf_counter, HINT_SECONDS, HINT_NODES))
    took = time.perf_counter() - start
    legal = game.legal_moves(state, seats[0])
    if h.move is None:
        said = "none" if not legal else "missing"
    elif h.move not in legal:
        said = "missing"
    else:
        said = "evidence" if h.verdict == "hint" else "rule"
    solved = any(sc.move == h.move and sc.solved for sc in h.scores)
    return took, said, solved


def hints(games: int | None = None, steps: tuple[int, ...] = STEPS,
          deals: int = DEALS, log: bool = False) -> dict[str, Any]:
    """Every hinted game's hints over its positions (the first ``games`` games only, for
    a smoke run; deals 0 .. ``deals``-1): the times, and what each said (``log``: each
    game's row on stderr as it is done, for a long run)."""
    ids = [c.description.id for c in all_games() if c.description.seats_range is None]
    out = []
    for gid in ids[:games]:
        game = make(gid)
        got = [_timed(game, s) for seed in range(deals) for s in _positions(game, seed, steps)]
        said = [v for _, v, _ in got]
        out.append({"game": gid, "hints": len(got),
                    "slowest": max((t for t, _, _ in got), default=0.0),
                    "times": [round(t, 4) for t, _, _ in got],
                    "evidence": said.count("evidence"), "rule": said.count("rule"),
                    "none": said.count("none"), "missing": said.count("missing"),
                    "solved": sum(b for _, _, b in got)})
        if log:
            print(json.dumps(out[-1]), file=sys.stderr, flush=True)
    return {"deadline": HINT_SECONDS, "nodes": HINT_NODES, "target": TARGET,
            "deals": deals, "games": out}


def markdown(section: dict[str, Any]) -> list[str]:
    games = sorted(section["games"], key=lambda g: -g["slowest"])
    slow = [g for g in games if g["slowest"] > section["target"]]
    worst = games[0] if games else {"game": "—", "slowest": 0.0}
    deals = section.get("deals", 1)
    lines = [
        "",
        f"8. Hints: {len(games)} games, deals 0-{deals - 1}, each after "
        f"{', '.join(map(str, STEPS))} first-legal moves, at the table's budget "
        f"({section['deadline']} s, {section['nodes']:,} positions); baseline: that "
        f"deadline. Target: every hint within {section['target']:.0f} s, and a legal move "
        f"named wherever there is one. Slowest: {worst['game']} {worst['slowest']:.2f} s "
        f"({worst['slowest'] / section['deadline']:.2f}x the deadline); over "
        f"{section['target']:.0f} s: {', '.join(g['game'] for g in slow) or 'none'}.",
    ]
    times = sorted(t for g in games for t in g.get("times", ()))
    if times:
        named = sum(g["evidence"] + g["rule"] for g in games)
        solved = sum(g["solved"] for g in games)
        missing = [g["game"] for g in games if g.get("missing")]
        lines += [
            "",
            f"Over all {len(times)} hints: p50 {times[len(times) // 2]:.2f} s, max "
            f"{times[-1]:.2f} s; {sum(g['evidence'] for g in games)} named the move that "
            f"won in the most deals of the hidden cards, {sum(g['rule'] for g in games)} "
            f"a rule of thumb's move (no deal showed a win in time), "
            f"{sum(g.get('none', 0) for g in games)} none (nothing to do), "
            f"{sum(g.get('missing', 0) for g in games)} no legal move where there was one"
            f"{' (' + ', '.join(missing) + ')' if missing else ''}; {solved} of the "
            f"{named} named moves ({solved / max(named, 1):.0%}) were backed by a complete "
            f"search of some deal of the hidden cards.",
        ]
    lines += [
        "",
        "| game | hints | slowest (s) | ratio to the deadline | evidence | rule | "
        "backed by a solved deal |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for g in games[:10]:
        lines.append(f"| {g['game']} | {g['hints']} | {g['slowest']:.2f} | "
                     f"{g['slowest'] / section['deadline']:.2f}x | {g['evidence']} | "
                     f"{g['rule']} | {g['solved']} |")
    if len(games) > 10:
        lines.append(f"| (the other {len(games) - 10}) | | at most "
                     f"{games[10]['slowest']:.2f} | | | | |")
    return lines


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.hint_bench", description=__doc__)
    p.add_argument("--deals", type=int, default=DEALS, help="deals 0 .. N-1 of each game")
    p.add_argument("--games", type=int, default=None, help="the first N games only")
    args = p.parse_args(argv)
    print("\n".join(markdown(hints(args.games, deals=args.deals, log=True))))


if __name__ == "__main__":  # python -m bench.hint_bench: this section alone, printed
    main()
