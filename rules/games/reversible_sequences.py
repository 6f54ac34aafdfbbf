"""Reversible Sequences, from Cheney's *Patience* (1894); its columns, pack and stock
are those of Intervale (:mod:`rules.free_columns`).

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

from collections.abc import Hashable, Sequence

from .. import free_columns
from ..cards import Card
from ..description import CHENEY, Description
from ..families import family_name, family_targets
from ..free_columns import C, Column, columns, free_cards, married, partners, run_length
from ..game import Move, Option
from ..patience import HOME, Patience, Pile, Step, Table, size
from ..registry import register

WIDTH = 13
FAMILIES = tuple(Pile(f"f{j + 1}", "foundation", family_name(j), "aces" if j < 4 else "kings")
                 for j in range(8))
STOCK = 9 + WIDTH  # where the stock lies


@register
class ReversibleSequences(Patience):
    description = Description(
        id="reversible_sequences", title="Reversible Sequences", book=CHENEY,
        lines="3081-3118", skill="much", bound=None, packs=2)
    option_specs = (
        Option("moves", "single",
               "single: a marriage moves one card; sequences: a sequence of marriages may "
               "move as one", choices=("single", "sequences")),
    )
    facts = (("in_pack", size("pack")), ("in_families", HOME))
    play = free_columns.play

    def lay_piles(self) -> tuple[Pile, ...]:
        return free_columns.piles(FAMILIES, WIDTH)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return free_columns.lay(self, cards, 4, WIDTH)

    def lengths(self, col: Column) -> range:
        if self.option("moves") == "sequences":
            return range(1, run_length(col) + 1)
        return range(1, 2)

    def steps(self, t: Table) -> Sequence[Step]:
        return free_columns.steps(t, family_targets, self.lengths, lambda n, onto: True)

    def goes_home(self, t: Table, pile: int) -> bool | None:
        return free_columns.goes_home(t, pile, family_targets)

    def say(self, state: Table, move: Move) -> str:
        return free_columns.say(self, state, move, family_name)

    # -- knowledge for the solver (rules/solver.py) ---------------------------------------

    def order_moves(self, state: Table, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """Cards to the families first; then a marriage that frees a card the families
        take at once, or that empties a column while the stock has a card to fill it
        (l.3111-3113); then one that frees a card the stock's top may marry; the stock's
        top onto a column; the next card turned; and last the marriages that only carry
        a card about, and giving up. The pack goes through once, so a card left on the
        stock is buried by every card turned after it: the order keeps the stock short."""
        cols, top = columns(state), state.top(STOCK) or 0
        under = free_cards(cols)

        def cost(move: Move) -> int:
            src, _, dst = move.code.partition(">")
            if dst.startswith("f"):
                return 0
            if src == "s":
                return 3 if cols[int(dst[1:]) - 1] else 4
            if move.code == "d":
                return 5
            if src != "p" and src[0] == "c":
                i, _, n = src[1:].partition(".")
                col = cols[int(i) - 1]
                if len(col) == int(n or 1):
                    return 1 if top else 6
                y = col[-int(n or 1) - 1]
                if family_targets(state.piles[:C], y):
                    return 1
                if top and married(y, top):
                    return 2
                return 7 if partners(under, y) else 8
            return 9  # a card of the pack straight into a space; giving up
        return tuple(sorted(moves, key=cost))

    def solver_key(self, state: Table) -> Hashable:
        """The position without the arrangements seen (they only forbid going back to a
        position the search entered first) and with twins alike; columns that differ only
        in order are alike too (every move treats the columns alike)."""
        return (tuple(sorted(tuple(c & 63 for c in col) for col in columns(state))),
                tuple(len(f) for f in state.piles[:C]), len(state.piles[STOCK - 1]),
                tuple(c & 63 for c in state.piles[STOCK]), state.given_up)


__all__ = ["ReversibleSequences"]
