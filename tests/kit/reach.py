"""Every legal move reachable by pointing, in each client's own mapping: the views of
named playouts, made by the server's own view code, checked by the page's mapping module
under Node (``tests/kit/reach.mjs`` runs ``client/web/point.js``) and by the terminal's
(:mod:`client.pointing`, walked as the table screen's keys walk it).

Used by ``tests/web/test_point.py`` (a named sample of games, seeded playouts),
``tests/test_reach.py`` (every game, deals 0-9, first-legal playouts, both clients and
what the shapes name) and ``scripts/reach-sweep`` (every game, seeded playouts).
"""

from __future__ import annotations

import json
import os
import subprocess
import threading
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from client import pointing
from rules import Game, make, render
from rules.common import AUTO, END
from rules.game import Move, Seat
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


class Page:
    """The page's mapping under one Node process that checks batch after batch (a Node
    started per batch costs about 0.1 s of CPU). Close it when done."""

    def __init__(self) -> None:
        self.node = subprocess.Popen([NODE, str(HARNESS)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def unreachable(self, views: Iterable[dict[str, Any]]
                    ) -> tuple[int, list[dict[str, Any]]]:
        """As :func:`unreachable`, in this process."""
        stdin, stdout = self.node.stdin, self.node.stdout
        assert stdin is not None and stdout is not None

        def feed() -> None:  # beside the reading: Node's answers must not fill its pipe
            for v in views:
                stdin.write(json.dumps(v) + "\n")
            stdin.write('{"end": true}\n')
            stdin.flush()

        writer = threading.Thread(target=feed)
        writer.start()
        bad: list[dict[str, Any]] = []
        try:
            for line in stdout:
                out = json.loads(line)
                if "checked" in out:
                    return int(out["checked"]), bad
                bad.append(out)
            raise RuntimeError(f"node ended: {self.node.wait()}")
        finally:
            writer.join()

    def close(self) -> None:
        if self.node.stdin is not None:
            self.node.stdin.close()
        self.node.wait(timeout=30)
        if self.node.stdout is not None:
            self.node.stdout.close()


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


# -- every game, both clients: first-legal playouts, deals 0-9 ---------------------------

#: A first-legal playout is cut here where it neither ends nor comes back to a position
#: (the Flower Garden and Gambler's Patience remember their arrangements: no position
#: comes back, and first-legal play goes on turning).
CUT = 1_000


def first_legal(game: Game[Any], deal: int, cut: int = CUT
                ) -> Iterator[tuple[tuple[Seat, Move] | None, Any]]:
    """Each position of deal ``deal`` played by the first legal move each time, with the
    seat and move that led to it (``None`` at the deal): to the end, or to the first
    position that comes again (first-legal play is then going round, and every later
    step is one already seen), or ``cut`` steps."""
    state = game.deal(deal)
    seen: set[Any] = set()
    played: tuple[Seat, Move] | None = None
    for _ in range(cut):
        if game.outcome(state) is not None or state in seen:
            return
        seen.add(state)
        yield played, state
        legal = game.all_legal(state)
        if not legal:
            return
        played = legal[0]
        state = game.apply(state, played[1], played[0])


def pointings(shape: Mapping[str, Any]) -> list[list[str]]:
    """The places a person reading ``shape`` as protocol/README.md says picks, in
    order: a move of cards its source then its destination; a pair or a group its places
    in either order; a deal, a turn or a re-deal its one place. (The tests' own reading,
    not the client's: as ``reach.mjs`` builds its points.)"""
    kind = shape["kind"]
    if kind in ("deal", "turn", "redeal"):
        at = [z for z in (shape["from"], shape["to"]) if z is not None]
        return [at[:1]] if at else []
    also = list(shape.get("also") or ())
    places = list(dict.fromkeys(z for z in (shape["from"], shape["to"], *also)
                                if z is not None))
    if not places:
        return []
    return [places, places[::-1]] if kind == "pair" or also else [places]


def terminal_unreachable(view: Mapping[str, Any], seat: int, label: str) -> list[str]:
    """The moves of ``seat`` in ``view`` that the terminal's mapping
    (:mod:`client.pointing`, the table screen's left/right and space) cannot reach by
    picking their places, each with why. A move with no place is reached from the list
    of moves, as giving up is; every place picked must be one the cursor walks to now
    and one the board draws."""
    zone_ids = {str(z["id"]) for z in view["zones"]}
    moves = [m for m in view["moves"].get(str(seat), ())
             if m["shape"]["kind"] not in pointing.ENDING]
    first = _First(moves)
    bad = []
    for m in moves:
        for seq in pointings(m["shape"]):
            why = _walk(m, seq, first, zone_ids)
            if why:
                bad.append(f"{label}: {m['code']} picked at {seq} {why}")
                break
    return bad


class _First:
    """One position's moves, where picking may begin and what each first pick means
    (the same for every move walked there: worked out once)."""

    def __init__(self, moves: list[Mapping[str, Any]]) -> None:
        self.moves = moves
        self.starts = pointing.walkable(pointing.NOTHING, moves)
        self.picks: dict[str, pointing.Choice] = {}

    def pick(self, zone: str) -> pointing.Choice:
        if zone not in self.picks:
            self.picks[zone] = pointing.pick(pointing.NOTHING, zone, self.moves)
        return self.picks[zone]


def _walk(move: Mapping[str, Any], seq: list[str], first: _First, zone_ids: set[str]
          ) -> str | None:
    moves = first.moves
    choice = pointing.NOTHING
    for i, zone in enumerate(seq):
        if zone not in zone_ids:
            return f"names {zone}, which the board does not draw"
        walk = first.starts if not i else pointing.walkable(choice, moves)
        if zone not in walk:
            return f"cannot walk to {zone} (pick {i + 1})"
        choice = first.pick(zone) if not i else pointing.pick(choice, zone, moves)
        if choice.act is not None:
            return None if choice.act is move else f"plays {choice.act['code']} instead"
        if not any(c is move for c in choice.candidates):
            return f"is lost at {zone} (pick {i + 1})"
    if choice.ask:
        return None  # "which move?" offers it among its candidates
    if any(c is move for c in choice.complete):  # the last place again
        choice = pointing.pick(choice, seq[-1], moves)
        if choice.act is move or (choice.ask and any(c is move for c in choice.candidates)):
            return None
    return "is not offered after its last place"


def views_at(game: Game[Any], state: Any) -> dict[int | None, dict[str, Any]]:
    """What the server sends at ``state``: the watchers' view and each seat to move's,
    with their moves' shapes (``rules.view.render``, as ``server/views.py`` calls it)."""
    zones = game.zones(state)
    return {a: render(game, state, a, zones, shapes=True)
            for a in (None, *game.to_move(state))}


def position_key(view: Mapping[str, Any], seat: int) -> int:
    """What pointing at a position depends on: its zones and the seat's moves."""
    return hash(json.dumps([view["zones"], view["moves"].get(str(seat))], sort_keys=True))
