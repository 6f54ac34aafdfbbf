"""Every legal move reachable by pointing in the page: the views of named playouts, made
by the server's own view code, checked by the page's own mapping module under Node
(``tests/kit/reach.mjs`` runs ``client/web/point.js``).

Used by ``tests/web/test_point.py`` (a named sample of games, seconds) and
``scripts/reach-sweep`` (every game, deals 0-2: minutes).
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from rules import make, render
from rules.common import AUTO, END
from rules.prng import Rng
from rules.registry import all_games

HARNESS = Path(__file__).with_name("reach.mjs")
NODE = os.environ.get("SYMPATHY_NODE", "/usr/bin/node")

#: A sample that covers every shape of table the page draws with places: columns with a
#: stock and waste (Klondike), spare cards that several moves share (Triangle), pairs in
#: either order (Fourteen, Empress of India, Number Eleven's trio), a clock (Clock, Les
#: Hémisphères' exchanges within one place), a grid (Le Sultan), a square (the Square),
#: re-deals with no place (Paternal, La Belle Lucie), packets whose moves share their
#: places (Les Petits Paquets), and Sympathy's twin tables.
SAMPLE = ("klondike", "triangle", "fourteen", "empress_of_india", "number_eleven", "clock",
          "les_hemispheres", "le_sultan", "the_square", "paternal", "la_belle_lucie",
          "les_petits_paquets", "sympathy")


def games() -> list[str]:
    """Every game the page draws with places (a round game's table is its own: round.js)."""
    return [g.id for g in all_games() if make(g.id).description.layout != "round"]


def positions(game_id: str, deal: int, steps: int) -> Iterator[dict[str, Any]]:
    """Deal ``deal`` of ``game_id`` played for at most ``steps`` moves, each drawn by
    ``Rng.from_seed(deal)`` among the legal moves other than giving up and playing on
    to the end (those only when nothing else is legal); at each position, every seat to
    move's view with its moves' shapes, as the server sends it."""
    game = make(game_id)
    rng = Rng.from_seed(deal)
    state = game.deal(deal)
    for step in range(steps):
        if game.outcome(state) is not None:
            return
        for seat in game.to_move(state):
            yield {"label": f"{game_id} deal {deal} move {step}", "seat": seat,
                   "view": render(game, state, seat, shapes=True)}
        legal = game.all_legal(state)
        if not legal:
            return
        options = [x for x in legal if x[1] not in (AUTO, END)] or legal
        k, rng = rng.below(len(options))
        seat, move = options[k]
        state = game.apply(state, move, seat)


def unreachable(views: Iterable[dict[str, Any]]) -> tuple[int, list[dict[str, Any]]]:
    """How many moves the page's module checked, and those it cannot reach by pointing
    (each: label, move, points, why)."""
    lines = "".join(json.dumps(v) + "\n" for v in views)
    done = subprocess.run([NODE, str(HARNESS)], input=lines, capture_output=True, text=True,
                          check=False, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"node failed: {done.stderr.strip()}")
    out = [json.loads(x) for x in done.stdout.splitlines() if x.strip()]
    return out[-1]["checked"], out[:-1]
