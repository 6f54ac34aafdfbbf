"""``sympathy games``, ``show`` and ``selfplay``: the rules, from the command line."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from client.render import board_lines
from rules import Game, Play, RulesError, all_games, make, render
from rules.guide import name_of
from rules.prng import Rng


def add_commands(sub: Any) -> None:
    p = sub.add_parser("games", help="list the games with their book and lines")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(run=cmd_games)

    p = sub.add_parser("show", help="draw a deal as a watcher sees it")
    p.add_argument("game")
    p.add_argument("--seed", type=int, default=1, help="the deal number")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--ascii", action="store_true", help="suit letters instead of symbols")
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("selfplay", help="play deals with random (or first) legal moves; print "
                       "the win rate")
    p.add_argument("game")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--policy", choices=POLICIES, default="random",
                   help="random: uniform over the real moves; first: the first legal move "
                        "each time (what auto-play does)")
    p.add_argument("--seed", type=int, default=0, help="first deal number")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    p.set_defaults(run=cmd_selfplay)


def parse_options(pairs: list[str]) -> dict[str, object]:
    """``["match_rule=rank", "packets=2"]`` as options (numbers and booleans read as such)."""
    out: dict[str, object] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"option {pair!r} is not NAME=VALUE")
        parsed: object = value
        if value.lstrip("-").isdigit():
            parsed = int(value)
        elif value.lower() in ("true", "false"):
            parsed = value.lower() == "true"
        out[key.strip()] = parsed
    return out


def pack_counts(cls: type[Game[Any]]) -> str:
    """How many packs the game is played with: ``"2"``, or ``"1-2"`` when the game
    declares an option ``packs`` (its choices, or its minimum to maximum), unless a
    registered variant fixes it."""
    return option_counts(cls, "packs", cls.packs)


def seat_counts(cls: type[Game[Any]]) -> str:
    """How many seats a table of the game may have: ``"1"``, ``"2"``, or for a round game
    what its option ``players`` allows: ``"2-8"``, ``"2,4"`` (All Fours), unless a
    registered variant fixes it."""
    return option_counts(cls, "players", cls.description.seats)


def option_counts(cls: type[Game[Any]], option: str, default: int) -> str:
    """The counts the game's ``option`` allows (its choices, or its minimum to maximum;
    the value a variant fixes; ``default`` when the game has no such option), as
    ``"2"``, ``"1-2"`` (a run) or ``"2,4"``."""
    fixed = cls.description.fixed.get(option)
    spec = next((o for o in cls.option_specs if o.name == option), None)
    if fixed is not None or spec is None:
        counts = [int(fixed if fixed is not None else default)]
    elif spec.choices:
        counts = sorted({int(c) for c in spec.choices})
    elif spec.minimum is not None and spec.maximum is not None:
        counts = list(range(spec.minimum, spec.maximum + 1))
    else:
        counts = [int(spec.default)]
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ",".join(str(n) for n in counts)


def game_rows() -> list[dict[str, Any]]:
    """One row per registered game, from its description: ``title`` is the name a person
    reads (its guide's, as the clients show it), ``book_title`` the catalogue's."""
    rows = []
    for cls in all_games():
        d = cls.description
        rows.append({
            "id": d.id, "title": name_of(d.id), "book_title": d.title, "book": d.book.short,
            "pages": d.pages,
            "lines": d.lines, "source": d.source, "citation": d.citation,
            "packs": ("euchre " if d.euchre else "") + pack_counts(cls), "seats": seat_counts(cls),
            "skill": d.skill, "chance": d.chance, "bound": d.bound,
            "variant_of": d.variant_of, "fixed": dict(d.fixed), "aliases": list(d.aliases),
            "options": {o.name: o.default for o in cls.option_specs if o.name not in d.fixed},
        })
    return rows


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    """Columns as wide as their widest cell, two spaces apart (the last one unpadded)."""
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header) - 1)]
    return ["  ".join([*(c.ljust(w) for c, w in zip(r, widths, strict=False)), r[-1]]).rstrip()
            for r in (header, *rows)]


#: The title column's width in the table (``--json`` has every title whole).
TITLE = 44


def clip(text: str, width: int = TITLE) -> str:
    """``text``, cut to ``width`` characters with an ellipsis when longer."""
    return text if len(text) <= width else text[: width - 1] + "…"


def cmd_games(args: argparse.Namespace) -> int:
    rows = game_rows()
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    cells = [[r["id"], clip(r["title"] if not r["variant_of"] else f"  {r['title']}"),
              r["packs"], r["seats"], r["skill"], r["citation"]] for r in rows]
    print("\n".join(table(["id", "title", "packs", "seats", "skill", "book, pages (lines)"],
                          cells)))
    print(f"{len(rows)} games")
    return 0


def _game(args: argparse.Namespace) -> Game[Any]:
    try:
        return make(args.game, parse_options(args.option))
    except RulesError as exc:
        raise SystemExit(str(exc)) from None


def cmd_show(args: argparse.Namespace) -> int:
    game = _game(args)
    state = game.deal(args.seed)
    print(f"{name_of(game.id)} ({game.description.citation}), deal {args.seed}")
    print("\n".join(board_lines(render(game, state, None), ascii=args.ascii)))
    return 0


#: Moves random play leaves alone while it has others: giving up, and playing on by itself.
RESERVED = frozenset({"end", "auto"})
#: Random play gives up (where the game allows it) after this many moves.
PATIENCE = 1_000
#: A playout that has not ended after this many moves counts as lost: the first-legal
#: policy can go round for ever in a game whose cards wander and that offers no ``end``.
CUT = 10 * PATIENCE
POLICIES = ("random", "first")


def random_playout(game: Game[Any], seed: int, rng: Rng, policy: str = "random",
                   line: list[str] | None = None) -> tuple[bool, int, Rng]:
    """Play deal ``seed`` to its end by ``policy`` (unchecked moves); the codes played
    are appended to ``line`` when it is given.

    Both policies choose among the legal moves other than ``end`` (give up) and ``auto``,
    and take those only when nothing else is legal. ``random`` is uniform over them;
    ``first`` takes the first, as auto-play does. Either gives up after ``PATIENCE`` moves
    where the game offers ``end``, so a game where cards can wander back and forth still
    ends; a playout still going after ``CUT`` moves counts as lost.
    """
    state = game.deal(seed)
    moves = 0
    while game.outcome(state) is None:
        if moves >= CUT:
            return False, moves, rng
        legal = game.all_legal(state)
        if not legal:
            raise RuntimeError(f"{game.id} deal {seed}: no legal move and no outcome")
        choices = [sm for sm in legal if sm[1].code not in RESERVED] or list(legal)
        if moves >= PATIENCE:
            choices = [sm for sm in legal if sm[1].code == "end"] or choices
        if policy == "first":
            k = 0
        else:
            k, rng = rng.below(len(choices))
        state = game.apply_for(state, choices[k][1], choices[k][0])
        if line is not None:
            line.append(choices[k][1].code)
        moves += 1
    outcome = game.outcome(state)
    assert outcome is not None
    return outcome.won, moves, rng


def selfplay(game: Game[Any], games: int, first_seed: int = 0, policy: str = "random"
             ) -> tuple[int, int, float]:
    """Wins, moves and seconds for ``games`` playouts by ``policy`` from ``first_seed`` on."""
    rng = Rng.from_seed(first_seed, stream=99)
    wins = moves = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        won, n, rng = random_playout(game, seed, rng, policy)
        wins += won
        moves += n
    return wins, moves, time.perf_counter() - start


def cmd_selfplay(args: argparse.Namespace) -> int:
    game = _game(args)
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    wins, moves, seconds = selfplay(game, args.games, args.seed, args.policy)
    rate = moves / seconds if seconds else float("inf")
    print(f"{moves} moves in {seconds:.2f} s ({rate:,.0f} moves/s)")
    how = "" if args.policy == "random" else f" ({args.policy} legal move)"
    print(f"{game.id}{how}: {wins}/{args.games} won ({100 * wins / args.games:.1f}%)")
    return 0


__all__ = ["Play", "add_commands", "game_rows", "pack_counts", "parse_options",
           "random_playout", "seat_counts", "selfplay", "table"]
