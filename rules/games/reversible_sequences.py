"""Reversible Sequences, from Cheney's *Patience* (1894); and the columns it shares with
Intervale (:mod:`rules.games.intervale`).

Source: ``000_afc193f70d23752d.txt`` l.3081-3118; rule sheet ``shared/games/cheney.md``,
section Reversible Sequences.

Two packs. The families are built up on aces and down on kings, as in Rank and File
(l.3085-3089), one ace and one king of each suit (l.3103-3107), following suit. Cards
are dealt face up in four rows of thirteen (l.3091-3093); the cards of the lower row are
free, and the card above one that has been removed becomes free (l.3093-3097). Aces and
kings of the lower row go to the families (l.3099-3107). Marriages go up or down, in
suit (l.3109-3111). A space left in the upper row (an emptied column) may be filled from
the stock or the pack (l.3111-3113). The game is won when the families are complete
(l.3115-3116).

Readings (the sheet's PROPOSED readings unless said otherwise):

- "Deal out all the cards ... in four rows of thirteen": 52 cards make the rows; the
  other 52 are the pack, turned one at a time (``d``) onto a stock whose top card may be
  used: to a family, married onto a free card, or into an emptied column. A card of the
  pack may also go straight into an emptied column (``p>c<j>``). No re-deal.
- A marriage moves one free card onto a free card one higher or lower of its suit; the
  direction may change within a column (hence "reversible"). ``moves=sequences`` also
  lets a sequence of marriages at the end of a column move as one (``c<i>.<n>>c<j>``),
  as Intervale allows in so many words. Column cards do not fill an emptied column:
  only the stock and the pack do (any card).
- The families are those of Rank and File (:mod:`rules.families`): ``f1``-``f4`` up from
  the aces of spades, hearts, diamonds, clubs, ``f5``-``f8`` down from their kings; the
  second ace (king) of a suit is an ordinary card.
- Play must end: ``end`` (give up) is offered beside the other moves, and a move from
  column to column may not bring the columns back to an arrangement they have had
  since a card last came to them or left them for the families (only undo does that;
  it also means a card is never put straight back). The game is lost when no move is
  left.

Legal moves, in order: ``c<i>>f<j>`` (the free card of column ``i`` to family ``j``),
``s>f<j>`` (the stock's top), ``c<i>>c<j>`` (a marriage; Intervale also moves ``n``
cards, ``c<i>.<n>>c<j>``), ``s>c<j>`` (the stock's top onto column ``j``, or into it
when empty), ``p>c<j>`` (the next card of the pack into empty column ``j``), ``d``,
``end``. Columns are numbered from the left.

For the solver, Reversible Sequences gives a move order (``order_moves``) and a key
(``solver_key``); Intervale has neither.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import Card, name, rank_of
from ..common import same_suit
from ..description import CHENEY, Description
from ..families import EMPTY8, family_name, family_targets, family_zones
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import open_zone, pack_of, pack_zone, replace_at, with_end
from ._columns import ColumnGame

DEAL = Move("d")
Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class ColumnsState:
    #: Columns top row first; the last card of each is its free card.
    columns: Piles
    families: Piles
    pack: tuple[Card, ...]
    stock: tuple[Card, ...] = ()
    #: The arrangements the columns have had since a card last came to them from
    #: outside or left them for the families (see :func:`moved`).
    seen: frozenset[Piles] = frozenset()
    given_up: bool = False


def married(a: Card, b: Card) -> bool:
    """``a`` and ``b`` are of one suit and one apart in rank, up or down."""
    return same_suit(a, b) and abs(rank_of(a) - rank_of(b)) == 1


def run_length(col: tuple[Card, ...]) -> int:
    """How many cards at the free end of ``col`` form a sequence of marriages."""
    n = 1 if col else 0
    while n < len(col) and married(col[-n - 1], col[-n]):
        n += 1
    return n


def moved(cols: Piles, i: int, n: int, j: int) -> Piles:
    """The columns after the last ``n`` cards of column ``i`` go onto column ``j``."""
    out = list(cols)
    out[i], out[j] = cols[i][:-n], cols[j] + cols[i][-n:]
    return tuple(out)


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


class FreeColumns(ColumnGame[ColumnsState]):
    """Columns whose last card is free, families, and a pack turned onto a stock; won,
    lost and given up as in the other column games (:mod:`rules.games._columns`)."""

    rows: ClassVar[int]
    width: ClassVar[int]

    def layout(self, cards: tuple[Card, ...], seed: int) -> ColumnsState:
        n = self.rows * self.width
        cols = tuple(tuple(cards[r * self.width + i] for r in range(self.rows))
                     for i in range(self.width))
        return ColumnsState(cols, EMPTY8, pack_of(cards[n:]))

    # -- hooks ---------------------------------------------------------------------------

    def homes(self, fams: Piles, c: Card) -> list[int]:
        """The families (0-based) that take ``c``, in move order."""
        return family_targets(fams, c)

    def lengths(self, col: tuple[Card, ...]) -> range:
        """How many cards may move together from the free end of ``col``."""
        return range(1, 2)

    def may_stack(self, n: int, onto: tuple[Card, ...]) -> bool:
        """Whether ``n`` cards may go onto the (non-empty) column ``onto``."""
        return True

    # -- moves ---------------------------------------------------------------------------

    def moves(self, state: ColumnsState) -> tuple[Move, ...]:
        cols, fams = state.columns, state.families
        found = [Move(f"c{i + 1}>f{j + 1}") for i, col in enumerate(cols) if col
                 for j in self.homes(fams, col[-1])]
        top = state.stock[-1] if state.stock else 0
        if top:
            found += [Move(f"s>f{j + 1}") for j in self.homes(fams, top)]
        under = free_cards(cols)
        for i, col in enumerate(cols):
            for n in self.lengths(col) if col else ():
                for j in partners(under, col[-n]):
                    if j != i and self.may_stack(n, cols[j]) and not (
                            state.seen and moved(cols, i, n, j) in state.seen):
                        found.append(Move(f"c{i + 1}>c{j + 1}" if n == 1 else
                                          f"c{i + 1}.{n}>c{j + 1}"))
        if top:
            found += [Move(f"s>c{j + 1}") for j in sorted(
                [*partners(under, top), *(j for j, dst in enumerate(cols) if not dst)])]
        if state.pack:
            found += [Move(f"p>c{j + 1}") for j, dst in enumerate(cols) if not dst]
            found.append(DEAL)
        return with_end(found)

    def play(self, state: ColumnsState, move: Move) -> ColumnsState:
        if move == DEAL:
            return replace(state, pack=state.pack[:-1], stock=(*state.stock, state.pack[-1]),
                           seen=frozenset())
        src, dst = move.code.split(">")
        cols, stock, pack = state.columns, state.stock, state.pack
        if src[0] == "c" and dst[0] == "c":
            i, _, n = src[1:].partition(".")
            after = moved(cols, int(i) - 1, int(n or 1), int(dst[1:]) - 1)
            return replace(state, columns=after, seen=state.seen | {cols, after})
        if src == "s":
            moving, stock = stock[-1:], stock[:-1]
        elif src == "p":
            moving, pack = pack[-1:], pack[:-1]
        else:
            i, _, n = src[1:].partition(".")
            k, count = int(i) - 1, int(n or 1)
            moving = cols[k][-count:]
            cols = replace_at(cols, k, cols[k][:-count])
        j = int(dst[1:]) - 1
        if dst[0] == "f":
            return replace(state, columns=cols, stock=stock, seen=frozenset(),
                           families=replace_at(state.families, j, (*state.families[j],
                                                                   *moving)))
        return replace(state, columns=replace_at(cols, j, cols[j] + moving), stock=stock,
                       pack=pack, seen=frozenset())

    # -- what the table shows ------------------------------------------------------------

    def family_zones(self, state: ColumnsState) -> list[Zone]:
        return family_zones(state.families)

    def zones(self, state: ColumnsState) -> tuple[Zone, ...]:
        out = self.family_zones(state)
        out += [open_zone(f"c{i + 1}", "pile", col, f"column {i + 1}", "rows")
                for i, col in enumerate(state.columns)]
        out.append(pack_zone(state.pack))
        out.append(open_zone("stock", "waste", state.stock, "the stock"))
        return tuple(out)

    def public(self, state: ColumnsState) -> dict[str, Any]:
        return {"in_pack": len(state.pack),
                "in_families": sum(len(f) for f in state.families)}

    def family_label(self, j: int) -> str:
        return family_name(j)

    def say(self, state: ColumnsState, move: Move) -> str:
        if move == DEAL:
            return "turn the next card of the pack onto the stock"
        src, dst = move.code.split(">")
        j = int(dst[1:]) - 1
        if src == "s":
            moving, where = state.stock[-1:], "from the stock"
        elif src == "p":
            return f"deal the next card of the pack into the empty column {j + 1}"
        else:
            i, _, n = src[1:].partition(".")
            moving = state.columns[int(i) - 1][-int(n or 1):]
            where = f"from column {i}"
        what = name(moving[0]) if len(moving) == 1 else \
            f"{name(moving[-1])} to {name(moving[0])}"
        if dst[0] == "f":
            return f"play {what} {where} to {self.family_label(j)}"
        col = state.columns[j]
        if not col:
            return f"put {what} {where} into the empty column {j + 1}"
        return f"marry {what} {where} onto {name(col[-1])} in column {j + 1}"


@register
class ReversibleSequences(FreeColumns):
    description = Description(
        id="reversible_sequences", title="Reversible Sequences", book=CHENEY,
        lines="3081-3118", skill="much", bound=None, packs=2)
    rows, width = 4, 13
    option_specs = (
        Option("moves", "single",
               "single: a marriage moves one card; sequences: a sequence of marriages may "
               "move as one", choices=("single", "sequences")),
    )

    def lengths(self, col: tuple[Card, ...]) -> range:
        if self.option("moves") == "sequences":
            return range(1, run_length(col) + 1)
        return range(1, 2)

    # -- knowledge for the solver (rules/solver.py) ---------------------------------------

    def order_moves(self, state: ColumnsState, moves: tuple[Move, ...]
                    ) -> tuple[Move, ...]:
        """Cards to the families first; then a marriage that frees a card the families
        take at once, or that empties a column while the stock has a card to fill it
        (l.3111-3113); then one that frees a card the stock's top may marry; the stock's
        top onto a column; the next card turned; and last the marriages that only carry
        a card about, and giving up. The pack goes through once, so a card left on the
        stock is buried by every card turned after it: the order keeps the stock short."""
        cols, top = state.columns, state.stock[-1] if state.stock else 0
        under = free_cards(cols)

        def cost(move: Move) -> int:
            src, _, dst = move.code.partition(">")
            if dst.startswith("f"):
                return 0
            if src == "s":
                return 3 if cols[int(dst[1:]) - 1] else 4
            if move == DEAL:
                return 5
            if src != "p" and src[0] == "c":
                i, _, n = src[1:].partition(".")
                col = cols[int(i) - 1]
                if len(col) == int(n or 1):
                    return 1 if top else 6
                y = col[-int(n or 1) - 1]
                if self.homes(state.families, y):
                    return 1
                if top and married(y, top):
                    return 2
                return 7 if partners(under, y) else 8
            return 9  # a card of the pack straight into a space; giving up
        return tuple(sorted(moves, key=cost))

    def solver_key(self, state: ColumnsState) -> Hashable:
        """The position without the arrangements seen (they only forbid going back to a
        position the search entered first) and with twins alike; columns that differ only
        in order are alike too (every move treats the columns alike)."""
        return (tuple(sorted(tuple(c & 63 for c in col) for col in state.columns)),
                tuple(len(f) for f in state.families), len(state.pack),
                tuple(c & 63 for c in state.stock), state.given_up)


__all__ = ["ColumnsState", "FreeColumns", "ReversibleSequences", "married", "run_length"]
