"""Section 6: the solver (``rules/solver.py``), for a few games of each family.

For each game, deals 0, 1, 2, ... are solved for a fixed time with a node budget per
deal: positions searched per second and deals decided (won or proved lost) per second.
Baseline, measured in the same run on the same deals and budget: plain exhaustive
search (:func:`rules.solver.exhaustive`: no transposition table, no game knowledge).
The ratio is the solver's figure over the baseline's.
"""

from __future__ import annotations

import time
from typing import Any

from rules import make
from rules.solver import Budget, plain_search, solve

#: (family, game): twins, ace-and-king families, tableaux, packets, columns.
GAMES = (("twins", "sympathy"), ("twins", "sympathie"), ("families", "picture"),
         ("families", "blockade"), ("tableau", "paternal"), ("tableau", "egyptian"),
         ("packets", "fourteen"), ("packets", "number_eleven"),
         ("columns", "flower_garden"), ("columns", "weavers"))
NODES = 5_000


def _run(game_id: str, seconds: float, plain: bool) -> dict[str, Any]:
    game = make(game_id)
    nodes = decided = deals = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or deals == 0:
        state = game.deal(deals)
        deals += 1
        if plain:
            won, seen = plain_search(game, state, NODES)
            nodes += seen
            decided += won is not None
        else:
            found = solve(game, state, Budget(NODES))
            nodes += found.nodes
            decided += found.decided
    took = time.perf_counter() - started
    return {"deals": deals, "decided": decided, "nodes": nodes, "seconds": took,
            "nodes_per_s": nodes / took, "decided_per_s": decided / took}


def solver(seconds: float) -> dict[str, Any]:
    out = []
    for family, game_id in GAMES:
        mine, base = _run(game_id, seconds, False), _run(game_id, seconds, True)
        out.append({"family": family, "game": game_id, "solver": mine, "plain": base})
    return {"nodes_budget": NODES, "games": out}


def markdown(section: dict[str, Any]) -> list[str]:
    lines = [
        "",
        f"6. Solver: deals solved for a fixed time, {section['nodes_budget']:,} positions "
        f"at most per deal (baseline: plain exhaustive search of the same deals, same "
        f"budget, in the same run).",
        "",
        "| family | game | deals | decided | positions/s | ratio | deals decided/s | ratio |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for g in section["games"]:
        s, b = g["solver"], g["plain"]
        nr = s["nodes_per_s"] / b["nodes_per_s"] if b["nodes_per_s"] else float("nan")
        dr = (s["decided_per_s"] / b["decided_per_s"]) if b["decided_per_s"] else None
        lines.append(
            f"| {g['family']} | {g['game']} | {s['deals']} | {s['decided']} | "
            f"{s['nodes_per_s']:,.0f} | {nr:.2f}x | {s['decided_per_s']:.2f} | "
            + (f"{dr:.2f}x |" if dr is not None else "— (baseline decided none) |"))
    return lines
