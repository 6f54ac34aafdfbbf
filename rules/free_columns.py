"""Columns whose last card is free, and a pack turned onto a stock: what Cheney's
Reversible Sequences and Intervale share on the patience model.

Both deal rows of cards face up into columns (the last card of a column, the lower row,
is free), marry a free card (or a sequence at the end of a column) onto a free card of
its suit one higher or lower, turn the rest of the pack one card at a time onto a stock
whose top card may be used, and fill an emptied column from the stock or the pack only.
A move between columns may not bring the columns back to an arrangement they have had
since a card last came to them from outside or left them for the families (only undo
does that): the table remembers those arrangements (:mod:`rules.history`).

The table (:func:`piles`): the eight families ``f1``-``f8``, the columns ``c1``...,
the ``pack`` face down and the ``stock`` face up. The games differ only in which family
takes a card, how many cards may move together, and what they may go onto; each passes
those as functions to :func:`steps`, and takes :func:`play` and :func:`say` as its own
methods in a line of its class body (``play = free_columns.play``).

Codes: ``c<i>>f<j>``, ``s>f<j>`` (a free card or the stock's top to family ``j``),
``c<i>>c<j>`` (``c<i>.<n>>c<j>`` for ``n`` cards), ``s>c<j>``, ``p>c<j>`` (the next card
of the pack into empty column ``j``), ``d`` (turn the next card onto the stock).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import Card, name, rank_of
from .common import same_suit
from .game import Move
from .history import remember, seen
from .patience import DOWN, Patience, Pile, Step, Table
from .shape import DEAL

Piles = tuple[tuple[Card, ...], ...]
Column = tuple[Card, ...]
F, C = 0, 8  # where the families and the columns begin


def married(a: Card, b: Card) -> bool:
    """``a`` and ``b`` are of one suit and one apart in rank, up or down."""
    return same_suit(a, b) and abs(rank_of(a) - rank_of(b)) == 1


def run_length(col: Column) -> int:
    """How many cards at the free end of ``col`` form a sequence of marriages."""
    n = 1 if col else 0
    while n < len(col) and married(col[-n - 1], col[-n]):
        n += 1
    return n


def free_cards(cols: Piles) -> dict[Card, list[int]]:
    """The columns (in order) under each free card, by the card without its pack."""
    out: dict[Card, list[int]] = {}
    for j, col in enumerate(cols):
        if col:
            out.setdefault(col[-1] & 63, []).append(j)
    return out


def partners(under: dict[Card, list[int]], c: Card) -> list[int]:
    """The columns (in order) whose free card ``c`` may be married onto."""
    k = c & 63  # no card has rank 0 or 14, so k - 1 and k + 1 stay in the suit
    return sorted([*under.get(k - 1, ()), *under.get(k + 1, ())])


def moved(cols: Piles, i: int, n: int, j: int) -> Piles:
    """The columns after the last ``n`` cards of column ``i`` go onto column ``j``."""
    out = list(cols)
    out[i], out[j] = cols[i][:-n], cols[j] + cols[i][-n:]
    return tuple(out)


def piles(families: Sequence[Pile], width: int) -> tuple[Pile, ...]:
    """The families, ``width`` columns, the pack and the stock."""
    return (*families,
            *(Pile(f"c{i + 1}", "pile", f"column {i + 1}", "rows") for i in range(width)),
            Pile("pack", "stock", "the pack", face=DOWN), Pile("stock", "waste", "the stock"))


def lay(game: Patience, cards: Sequence[Card], rows: int, width: int) -> Table:
    """``rows`` rows of ``width`` cards dealt across the columns, the rest the pack."""
    n = rows * width
    return game.table({f"c{i + 1}": [cards[r * width + i] for r in range(rows)]
                       for i in range(width)} | {"pack": cards[n:][::-1]})


def columns(t: Table) -> Piles:
    pack = len(t.piles) - 2
    return t.piles[C:pack]


def steps(t: Table, homes: Callable[[Piles, Card], list[int]],
          lengths: Callable[[Column], range], may_stack: Callable[[int, Column], bool]
          ) -> list[Step]:
    """The legal moves but ``end``, in order: ``homes(families, card)`` the families that
    take a card, ``lengths(column)`` how many cards may move together from a column,
    ``may_stack(n, column)`` whether ``n`` cards may go onto a (non-empty) column."""
    cols, fams = columns(t), t.piles[F:C]
    pack, stock = len(t.piles) - 2, len(t.piles) - 1
    out = [Step(f"c{i + 1}>f{j + 1}", source=C + i, target=F + j)
           for i, col in enumerate(cols) if col for j in homes(fams, col[-1])]
    top = t.top(stock)
    if top is not None:
        out += [Step(f"s>f{j + 1}", source=stock, target=F + j) for j in homes(fams, top)]
    under, had = free_cards(cols), seen(t)
    for i, col in enumerate(cols):
        for n in lengths(col) if col else ():
            for j in partners(under, col[-n]):
                if j != i and may_stack(n, cols[j]) and not (
                        had and moved(cols, i, n, j) in had):
                    out.append(Step(f"c{i + 1}>c{j + 1}" if n == 1 else
                                    f"c{i + 1}.{n}>c{j + 1}", source=C + i, target=C + j,
                                    count=n))
    if top is not None:
        out += [Step(f"s>c{j + 1}", source=stock, target=C + j) for j in sorted(
            [*partners(under, top), *(j for j, dst in enumerate(cols) if not dst)])]
    if t.piles[pack]:
        out += [Step(f"p>c{j + 1}", DEAL, pack, C + j) for j, dst in enumerate(cols)
                if not dst]
        out.append(Step("d", DEAL, pack, stock))
    return out


def goes_home(t: Table, pile: int, homes: Callable[[Piles, Card], list[int]]) -> bool | None:
    """Whether :func:`steps` has a move home from ``pile``: a column's free card or the
    stock's top that a family takes (``None`` for the families and the pack)."""
    stock = len(t.piles) - 1
    if not C <= pile <= stock or pile == stock - 1:
        return None
    top = t.top(pile)
    return top is not None and bool(homes(t.piles[F:C], top))


def play(game: Patience, state: Table, move: Move) -> Table:
    """The model's play; a move between columns remembers the arrangements before and
    after it, any other move forgets them (the model's table after it remembers none)."""
    after = Patience.play(game, state, move)
    s = game.step(state, move)
    if C <= s.source < C + len(columns(state)) and C <= s.target < C + len(columns(state)):
        return remember(after, seen(state) | {columns(state), columns(after)})
    return after


def say(game: Patience, state: Table, move: Move, family: Callable[[int], str]) -> str:
    """A move's sentence; ``family(j)`` names family ``j`` (0-based)."""
    s = game.step(state, move)
    stock = len(state.piles) - 1
    if s.code == "d":
        return "turn the next card of the pack onto the stock"
    j = s.target - C
    if s.kind == DEAL:
        return f"deal the next card of the pack into the empty column {j + 1}"
    moving = state.piles[s.source][s.taken(state)]
    where = "from the stock" if s.source == stock else f"from column {s.source - C + 1}"
    what = name(moving[-1]) if len(moving) == 1 else \
        f"{name(moving[-1])} to {name(moving[0])}"
    if s.target < C:
        return f"play {what} {where} to {family(s.target - F)}"
    col = state.piles[s.target]
    if not col:
        return f"put {what} {where} into the empty column {j + 1}"
    return f"marry {what} {where} onto {name(col[-1])} in column {j + 1}"


__all__ = ["columns", "free_cards", "goes_home", "lay", "married", "moved", "partners", "piles",
           "play", "run_length", "say", "steps"]
