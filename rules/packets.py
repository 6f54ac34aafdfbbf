"""The pack and the turned card: what Cheney's packet games share on the patience model.

Solitaire, Grandfathers, The Sultan, The Windmill and Salique Law (and Cadogan's
editions) turn a face-down pack one card at a time; the card turned must be placed (on
a family, a pile, a single stock) before the next is turned. Their tables are the same
piles in the same order (:func:`piles`): the ``pack``, the ``turned`` card, the
families ``f1``..., a row of piles named by a letter (``w1``, ``r1``, ``d1``, ``k1``...),
then, where the game has them, a single face-up stock ``w`` and a row laid aside ``q``.

This module holds what those games do and say alike, as functions. Those whose first
argument is the game are written as methods are, so that a game takes one as its own in
a line of its class body (``narrate = packets.narrate``) or calls it from its own: each
move's sentence from its step (:func:`say`, :func:`narrate`), why a move is refused
(:func:`why_illegal`, :func:`reserve_refused`), how a game ends (:func:`summary`), no
giving up (:func:`no_end`); the re-deal that makes a new
pack (:func:`redeal`), the one draw from under a pile's top (:func:`draw`), and the
moves of a game with a reserve row kept full from the stock or the pack
(:func:`reserve_steps`: The Sultan, The Windmill). Codes: ``t`` turns
the next card; ``p`` is the turned card, or the next card of the pack unseen when none
is turned (a reserve place filled "by the next card from the pack").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from .cards import Card, name
from .common import ordinal
from .game import Move, Seat
from .patience import DOWN, UP, Patience, Pile, Step, Table
from .shape import DEAL, MOVE, REDEAL
from .solo import reshuffle

PACK, TURNED, F = 0, 1, 2  # where the pack, the turned card and the families lie
TURN_UP = Step("t", DEAL, PACK, TURNED)


def piles(families: Sequence[str], letter: str, n: int, word: str,
          stock: str = "", aside: str = "", face: str = UP) -> tuple[Pile, ...]:
    """The table: the pack, the turned card, the families (labelled ``families``), ``n``
    piles ``<letter><i>`` called ``<word> <i>`` (lying as ``face`` says), then the stock
    and the row laid aside when the game names them."""
    out = [Pile("pack", "stock", "pack", face=DOWN),
           Pile("turned", "waste", "card turned from the pack", empty_up=1),
           *(Pile(f"f{j + 1}", "foundation", label, "families")
             for j, label in enumerate(families)),
           *(Pile(f"{letter}{i + 1}", "pile", f"{word} {i + 1}", f"{word}s", face)
             for i in range(n))]
    if stock:
        out.append(Pile("w", "waste", stock))
    if aside:
        out.append(Pile("q", "reserve", aside))
    return tuple(out)


def fill(game: Patience, t: Table, i: int, code: str) -> Step:
    """Pile ``i`` filled from ``p``: the turned card, or the next card of the pack."""
    return Step(code, MOVE, TURNED, i) if t.piles[TURNED] else Step(code, DEAL, PACK, i)


def place(game: Patience, t: Table, i: int) -> str:
    """What a move's sentence calls pile ``i``."""
    if i == TURNED:
        return "the turned card"
    if i == PACK:
        return "the next card of the pack"
    p = game.pile_specs[i]
    return f"the {p.label}" if p.id in ("w", "q") else game.label(t, p)


def say(game: Patience, state: Table, move: Move) -> str:
    """The sentence of a turn, a fill from the pack, a draw or a card's move."""
    t = state
    s = game.step(t, move)
    if s.code == "t":
        return "turn up the next card of the pack"
    to = place(game, t, s.target)
    if s.code.startswith("x"):
        c = t.piles[s.source][s.at or 0]
        label = game.pile_specs[s.source].label
        return (f"draw {name(c)} ({ordinal((s.at or 0) + 1)} card of {label}) "
                f"and put it on {to}")
    if s.source == PACK:
        return f"fill {to} with the next card of the pack"
    frm = "" if s.source == TURNED else f" from {place(game, t, s.source)}"
    return f"{name(t.piles[s.source][-1])}{frm} to {to}"


def narrate(game: Patience, before: Table, move: Move, after: Table) -> str:
    """Like ``describe``, naming the card turned up or laid from the pack."""
    if move.code in ("end", "auto"):
        return game.describe(before, move)
    s = game.step(before, move)
    if s.code == "t":
        return f"turn up {name(after.piles[TURNED][-1])}"
    if s.kind == DEAL:
        return (f"fill {place(game, before, s.target)} with {name(before.piles[PACK][-1])} "
                "from the pack")
    return game.describe(before, move)


def summary(game: Patience, state: Table, won: bool) -> str:
    n = state.home(game.foundations)
    return f"every family is complete ({n} cards)" if won else \
        f"blocked with {n} cards on the families"


def no_end(game: Patience, t: Table) -> bool:
    """These games offer no ``end``: they end when no move is left."""
    return False


def why_illegal(game: Patience, state: Table, move: Move, seat: Seat) -> str:
    t = state
    if t.piles[TURNED] and move.code == "t":
        return f"First place the turned card, {name(t.piles[TURNED][-1])}."
    return f"'{move.code}' is not a legal move now."


def redeal(game: Patience, t: Table, sources: Sequence[int], shuffle: bool) -> Table:
    """A counted re-deal: the cards of ``sources`` (one pile after another, each bottom
    first) become the pack, shuffled with the re-deal's sub-stream of the deal's seed,
    or turned over so that the card laid first comes first."""
    cards = tuple(c for i in sources for c in t.piles[i])
    k = game.redeal_number(t)
    pack = reshuffle(t.seed, k, cards) if shuffle else cards[::-1]
    laid = [() if i in sources else p for i, p in enumerate(t.piles)]
    down = [0 if i in sources else d for i, d in enumerate(t.down)]
    laid[PACK], down[PACK] = pack, len(pack)
    return replace(t, piles=tuple(laid), down=tuple(down), redeals=k, back=None)


def draw(game: Patience, t: Table, step: Step) -> Table:
    """The one draw (a privilege step): a card from under a pile's top goes where the
    step says, and the privilege ``draw`` is used."""
    drawn = game.carry(t, replace(step, kind=MOVE))
    return replace(drawn, privileges_used=game.use_privilege(t, "draw"))


# -- a reserve row kept full from the stock or the pack (The Sultan, The Windmill) -------

Wanted = dict[int, list[int]]


def reserve_row(game: Patience) -> tuple[int, int]:
    """Where a game's reserve row begins, and where its stock lies (just after it)."""
    w = game.index["w"]
    return next(i for i, p in enumerate(game.pile_specs) if p.kind == "pile"), w


def reserve_steps(game: Patience, t: Table, wanted: Wanted, key: Callable[[Card], int],
                  forced: Callable[[Table, Card], int]) -> list[Step]:
    """The moves of a reserve row (:func:`reserve_row`) and a single stock ``w``.

    ``wanted`` maps each :func:`key` of a card to the families (0-based) that take it
    now; ``forced`` the family a turned card must go to at once, or -1. In order: while a
    place is empty (only the leftmost: the places are alike), fill it, ``w>d<i>`` then
    ``p>d<i>``; else the turned card's forced move alone, or ``t`` | ``p>f<j>``, ``p>w``;
    then ``w>f<j>``, ``d<i>>f<j>`` by ascending ``i``, ``j``; then ``redeal``."""
    D, W = reserve_row(game)
    pack, turned, waste = t.piles[PACK], t.top(TURNED), t.piles[W]
    hole = next((i for i in range(D, W) if not t.piles[i]), -1)
    letter = game.pile_specs[D].id[0]
    if hole >= 0 and (waste or pack or turned is not None):
        at = f"{letter}{hole - D + 1}"
        out = [Step(f"w>{at}", MOVE, W, hole)] if waste else []
        if pack or turned is not None:
            out.append(fill(game, t, hole, f"p>{at}"))
        return out

    def home(src: str, i: int, c: Card) -> list[Step]:
        return [Step(f"{src}>f{j + 1}", MOVE, i, F + j) for j in wanted.get(key(c), ())]

    out = []
    if turned is not None:
        j = forced(t, turned)
        if j >= 0:
            return [Step(f"p>f{j + 1}", MOVE, TURNED, F + j)]
        out += [*home("p", TURNED, turned), Step("p>w", MOVE, TURNED, W)]
    elif pack:
        out.append(TURN_UP)
    if waste:
        out += home("w", W, waste[-1])
    for i in range(D, W):
        if t.piles[i]:
            out += home(f"{letter}{i - D + 1}", i, t.piles[i][-1])
    if turned is None and not pack and waste and game.may_redeal(t):
        out.append(Step("redeal", REDEAL, W, PACK, len(waste)))
    return out


def reserve_refused(game: Patience, state: Table, move: Move, seat: Seat) -> str:
    """Why a move is refused while a reserve place waits to be filled."""
    t = state
    D, W = reserve_row(game)
    hole = next((i for i in range(D, W) if not t.piles[i]), -1)
    if hole >= 0 and (t.piles[W] or t.piles[PACK] or t.piles[TURNED]):
        return (f"First fill {game.pile_specs[hole].label} from the "
                f"{game.pile_specs[W].label} or the pack.")
    return why_illegal(game, t, move, seat)


__all__ = [
    "PACK",
    "TURNED",
    "TURN_UP",
    "F",
    "Wanted",
    "draw",
    "fill",
    "narrate",
    "no_end",
    "piles",
    "place",
    "redeal",
    "reserve_refused",
    "reserve_row",
    "reserve_steps",
    "say",
    "summary",
    "why_illegal",
]
