"""``sympathy solve`` (how hard is a game?) and ``sympathy analyse`` (a finished game)."""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from rules import Play, RulesError, all_games, make
from rules.analysis import analyse_record
from rules.common import AUTO, END
from rules.hint import hint
from rules.prng import Rng
from rules.solver import LOST, UNKNOWN, WON, Budget, solve

from .games_cmd import parse_options


def add_commands(sub: Any) -> None:
    p = sub.add_parser("solve", help="the share of deals that can be won, with full "
                       "information and by following the hints")
    p.add_argument("game", help="a game id, or 'all' for every registered game")
    p.add_argument("--deals", type=int, default=1000, help="deals to solve (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="first deal number")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--nodes", type=int, default=20_000, help="search budget per deal")
    p.add_argument("--seconds", type=float, default=2.0, help="time budget per deal")
    p.add_argument("--hint-deals", type=int, default=None, metavar="K",
                   help="play the first K of the deals by the hints alone, at the reduced "
                   f"budget below (about a CPU-second a deal; default: {HINT_DEALS} or N "
                   "if fewer; 0: none)")
    p.add_argument("--hint-nodes", type=int, default=2_000, help="search budget per hint")
    p.add_argument("--hint-samples", type=int, default=4,
                   help="samples of the hidden cards per hint (default 4)")
    p.add_argument("--markdown", action="store_true", help="print a table row per game")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_solve)

    p = sub.add_parser("analyse", aliases=["analyze"],
                       help="analyse a finished game's record: where was it lost?")
    p.add_argument("record", type=Path, help="a record saved by the client (JSON)")
    p.add_argument("--seconds", type=float, default=10.0, help="time for the analysis")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_analyse)


#: Deals played by the hints unless ``--hint-deals`` says otherwise: a deal costs about a
#: CPU-second at the reduced budget, so a handful, not ``--deals``.
HINT_DEALS = 10


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95%) for ``k`` successes in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def solve_deals(game_id: str, options: dict[str, object], first: int, deals: int,
                nodes: int, seconds: float) -> dict[str, Any]:
    """Solve ``deals`` deals; counts, the share won and its interval.

    With unknown deals the share that can be won lies between won/n and
    (won + unknown)/n; ``interval`` is the Wilson interval's low end of the first and
    high end of the second."""
    game = make(game_id, options)
    counts = {WON: 0, LOST: 0, UNKNOWN: 0}
    spent = 0
    started = time.monotonic()
    for seed in range(first, first + deals):
        found = solve(game, game.deal(seed), Budget.seconds(time.monotonic, seconds, nodes))
        counts[found.verdict] += 1
        spent += found.nodes
    n = deals
    low = wilson(counts[WON], n)[0]
    high = wilson(counts[WON] + counts[UNKNOWN], n)[1]
    took = time.monotonic() - started
    return {"game": game.id, "options": options, "deals": n, **counts,
            "share": counts[WON] / n if n else 0.0, "interval": [low, high],
            "nodes": spent, "seconds": round(took, 1),
            "nodes_per_second": round(spent / took) if took else 0}


class HintGame(NamedTuple):
    """A deal played by the hints: won or not, its moves, the positions where there was
    a choice (more than one move), and at how many of those no sample showed a win
    (``unknown``: the hint was a rule of thumb's)."""

    won: bool
    moves: int
    choices: int
    unknown: int


def hint_deal(game: Any, seed: int, nodes: int, samples: int = 4,
              seconds: float | None = 1.0, max_moves: int = 3_000,
              clock: Callable[[], float] = time.monotonic) -> HintGame:
    """Play deal ``seed`` taking every hint.

    Where no sample showed a move that wins (the hint then names a rule of thumb's move,
    verdict ``"rule"``; it said ``"unknown"`` before) the policy takes a random legal
    move other than giving up (``end``), from stream 97 of the deal's seed, as the
    published tables were measured (a rule that always picks the same move at the same
    position, or the first legal move, goes round in circles in the games whose moves
    can be taken back). Each hint gets
    ``samples`` samples of the hidden cards, ``nodes`` positions of search in all and
    ``seconds`` on ``clock`` (``None``: no clock, so the same deal is played the same
    way on any machine). A game that is not over after ``max_moves`` counts as lost."""
    play: Play[Any] = Play.start(game, seed)
    rng = Rng.from_seed(seed, 97)
    moves = choices = unknown = 0
    while game.outcome(play.state) is None and moves < max_moves:
        seat = game.to_move(play.state)[0]
        budget = Budget(nodes) if seconds is None else Budget.seconds(clock, seconds, nodes)
        h = hint(game, play.state, seat, budget, n=samples, been=play.states[:-1])
        legal = game.legal_moves(play.state, seat)
        if len([m for m in legal if m not in (AUTO, END)]) > 1:
            choices += 1
            unknown += h.verdict != "hint"
        move = h.move
        if h.verdict != "hint" or move is None or move == AUTO:
            choice = [m for m in legal if m not in (AUTO, END)] or [
                m for m in legal if m != AUTO]
            k, rng = rng.below(len(choice))
            move = choice[k]
        play = play.push(move, seat)
        moves += 1
    done = game.outcome(play.state)
    return HintGame(bool(done and done.won), moves, choices, unknown)


def hint_deals(game_id: str, options: dict[str, object], first: int, deals: int,
               nodes: int, samples: int = 4) -> dict[str, Any]:
    """Play ``deals`` deals taking every hint (:func:`hint_deal`); how many were won."""
    game = make(game_id, options)
    won = sum(hint_deal(game, seed, nodes, samples).won
              for seed in range(first, first + deals))
    low, high = wilson(won, deals)
    return {"hint_deals": deals, "hint_won": won, "hint_interval": [low, high],
            "hint_nodes": nodes, "hint_samples": samples}


def cmd_solve(args: argparse.Namespace) -> int:
    ids = [c.id for c in all_games()] if args.game == "all" else [args.game]
    hint_count = (min(args.deals, HINT_DEALS) if args.hint_deals is None
                  else max(0, args.hint_deals))
    if args.markdown:
        print("| game | deals | won | lost | unknown | can be won (95%) | by hints |")
        print("|---|---:|---:|---:|---:|---|---|")
    for game_id in ids:
        try:
            row = solve_deals(game_id, parse_options(args.option), args.seed, args.deals,
                              args.nodes, args.seconds)
            if hint_count:
                row.update(hint_deals(game_id, parse_options(args.option), args.seed,
                                      hint_count, args.hint_nodes, args.hint_samples))
        except RulesError as exc:
            print(f"sympathy solve: {exc}")
            return 2
        print(_row(row, args), flush=True)
    return 0


def _row(row: dict[str, Any], args: argparse.Namespace) -> str:
    if args.json:
        return json.dumps(row)
    low, high = row["interval"]
    if "hint_deals" in row:
        hl, hh = row["hint_interval"]
        share = f"{hl:.1%} to {hh:.1%}"
    if args.markdown:
        hints = (f"{row['hint_won']}/{row['hint_deals']} ({share})" if "hint_deals" in row
                 else "-")
        return (f"| {row['game']} | {row['deals']} | {row[WON]} | {row[LOST]} | "
                f"{row[UNKNOWN]} | {low:.1%} to {high:.1%} | {hints} |")
    if "hint_deals" in row:
        hints = (f"the share the hints win, seeing only what the player sees, is {share} "
                 f"(95%): {row['hint_won']} of the first {row['hint_deals']} deals won "
                 f"(a hint at the reduced budget of {row['hint_samples']} samples, "
                 f"{row['hint_nodes']:,} positions and a second)")
    else:
        hints = "the hints were not played (--hint-deals 0)"
    return (f"{row['game']}: {row['deals']} deals: {row[WON]} won, {row[LOST]} lost, "
            f"{row[UNKNOWN]} unknown within budget; the share that can be won with full "
            f"information is {low:.1%} to {high:.1%} (95%); {hints}; "
            f"{row['nodes_per_second']} positions a second")


def cmd_analyse(args: argparse.Namespace) -> int:
    try:
        data = json.loads(args.record.read_text())
        result = analyse_record(data, time.monotonic, args.seconds)
    except (OSError, ValueError, KeyError, TypeError, RulesError) as exc:
        print(f"sympathy analyse: {args.record} is not a game record this can read: {exc}")
        return 2
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        print("\n".join(result.lines))
    return 0
