"""Places filled from a pack: what the games of pairs and sums on a grid share.

Fourteen, Les Quatorze, Take Ten, Number Eleven and the nine-card fifteens puzzle lay
single cards in numbered places (``c1``...), keep the rest of the pack face down
(``pack``) and throw the cards they take out on one discard pile (``out``). On the
patience model (:mod:`rules.patience`) such a table is :func:`piles`; the cards taken
out are a ``pair`` step (or a larger group the game plays itself, :func:`take_out`), and
the places emptied are filled at once from the top of the pack in place order
(:func:`fill`); the first move lays the places out (:func:`laying`) and the
commonest rule is two cards that make a sum (:func:`sums`). The games' words for a
place and a move are their own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations

from .cards import rank_of
from .patience import DISCARD, DOWN, Patience, Pile, Step, Table
from .shape import DEAL, PAIR

CELL = "cell"


def piles(n: int, label: Callable[[int], str], group: Callable[[int], str],
          pack: str = "the pack", out: str = "", pack_id: str = "pack") -> tuple[Pile, ...]:
    """``n`` places ``c1``.. (place ``i``'s label and group by ``label(i)``,
    ``group(i)``, 0-based; an empty place says one card face up, as the table always
    has), the face-down pack (``pack_id``, labelled ``pack``) and,
    where ``out`` names it, the discard pile the cards taken out go to."""
    table = [*(Pile(f"c{i + 1}", CELL, label(i), group(i), empty_up=1) for i in range(n)),
             Pile(pack_id, "stock", pack, face=DOWN)]
    if out:
        table.append(Pile("out", DISCARD, out))
    return tuple(table)


def fill(t: Table, places: int, pack: int, order: Sequence[int] | None = None) -> Table:
    """``t`` with the empty places among the first ``places`` piles (in ``order``,
    else place order) filled from the top of the face-down pile ``pack``."""
    piles = list(t.piles)
    stock = piles[pack]
    for i in order if order is not None else range(places):
        if not stock:
            break
        if not piles[i]:
            piles[i], stock = (stock[-1],), stock[:-1]
    piles[pack] = stock
    down = list(t.down)
    down[pack] = len(stock)
    return replace(t, piles=tuple(piles), down=tuple(down))


def take_out(t: Table, at: Sequence[int], out: int) -> Table:
    """``t`` with the cards of places ``at`` thrown out, in that order, onto pile
    ``out``."""
    piles = list(t.piles)
    thrown = tuple(c for i in at for c in piles[i])
    for i in at:
        piles[i] = ()
    piles[out] = piles[out] + thrown
    return replace(t, piles=tuple(piles), played=True, back=None)


def laying(game: Patience, t: Table, n: int, pack: int) -> list[Step]:
    """The first move, ``d``, laying out the ``n`` places from the pack, while the pack
    holds every card (else nothing)."""
    return [Step("d", DEAL, pack, 0, n)] if len(t.piles[pack]) == game.total else []


def sums(t: Table, n: int, total: int, lined: Callable[[int, int], bool] = lambda i, j: True
         ) -> list[Step]:
    """``p<i>-<j>``: the cards at places ``i`` < ``j`` (of the first ``n`` piles) whose
    ranks add up to ``total`` (an ace counts one, knave eleven...), where ``lined(i, j)``."""
    return [Step(f"p{i + 1}-{j + 1}", PAIR, i, j) for i, j in summing(t, n, total, lined)]


def summing(t: Table, n: int, total: int,
            lined: Callable[[int, int], bool] = lambda i, j: True) -> list[tuple[int, int]]:
    """The places ``(i, j)``, ``i`` < ``j``, of :func:`sums`, in its order: each card
    looked up among the places by the rank it needs (a solver orders hundreds of moves
    by how many sums each leaves, so this is asked far more often than the moves)."""
    at: dict[int, list[int]] = {}
    for i, p in enumerate(t.piles[:n]):
        if p:
            at.setdefault(rank_of(p[-1]), []).append(i)
    out = []
    for r, mine in at.items():
        need = total - r
        if need == r:
            out += [(i, j) for i, j in combinations(mine, 2) if lined(i, j)]
        elif need > r and (theirs := at.get(need)):
            out += [ij for i in mine for j in theirs
                    if lined(*(ij := (i, j) if i < j else (j, i)))]
    out.sort()
    return out


def cards_at(t: Table, at: Sequence[int]) -> list[int]:
    """The cards of places ``at`` (each place's one card), in that order."""
    return [t.piles[i][-1] for i in at if t.piles[i]]


__all__ = ["CELL", "cards_at", "fill", "laying", "piles", "summing", "sums", "take_out"]
