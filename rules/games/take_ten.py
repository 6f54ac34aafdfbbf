"""Take Ten, from the Hoyle solitaire chapter (seed 003).

Source: ``003_589c967ab98c43e6.txt`` l.5; rule sheet ``shared/games/hoyle.md``, section
TAKE TEN.

One pack. "deal out thirteen face upward in two rows of five each, and one row of three.
Any two cards, the pip value of which equals 10, may be withdrawn from the tableau, and
others dealt from the top of the pack in their places. Only two cards may be used to
form a 10. The K Q J 10 of each suit must be lifted together, none of these cards being
touched until all four of the same suit are on the table together. When no cards can be
lifted, the game is lost."

Readings (the sheet's PROPOSED readings):

- The ace counts one (amb. 1): the pairs are A+9, 2+8, 3+7, 4+6 and 5+5, any two places
  of the tableau. A ten never pairs; it leaves only with its suit's K Q J (amb. 2).
- The places emptied are filled at once from the top of the pack, in place order (row
  by row, left to right); when the pack is empty they stay empty (amb. 3).
- Won (not stated; PROPOSED) when every card has been lifted: the pack used up and the
  table cleared. Lost when no cards can be lifted.

The game is pure chance (the sheet: which pair is lifted never changes which cards can
be lifted later), so ``auto`` plays it out. Moves, in order: ``p<i>-<j>`` (lift the
cards at places i < j, numbered 1-13 row by row), ``s<i>-<j>-<k>-<l>`` (lift a suit's
K Q J 10 at those places), ``auto``.
"""

from __future__ import annotations

from .. import packets, places
from ..cards import JACK, KING, QUEEN, Card, name, rank_of, suit_of
from ..description import HOYLE, Description
from ..game import Move
from ..patience import Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import PAIR
from ..solo import names_of, numbers

PLACES = 13
PACK, OUT = PLACES, PLACES + 1  # where the pack and the cards lifted lie
ROWS = ((0, 5), (5, 10), (10, 13))
HONOURS = (KING, QUEEN, JACK, 10)


def row_of(i: int) -> int:
    return next(r for r, (a, b) in enumerate(ROWS) if a <= i < b)


@register
class TakeTen(Patience):
    description = Description(
        id="take_ten", title="Take Ten", book=HOYLE, lines="5", skill="chance", bound=23,
        chance=True)
    facts = (("in_pack", size("pack")), ("lifted", size("out")))
    home_kinds = ("discard",)

    def lay_piles(self) -> tuple[Pile, ...]:
        return places.piles(
            PLACES, lambda i: f"row {row_of(i) + 1}, place {i - ROWS[row_of(i)][0] + 1}",
            lambda i: f"row {row_of(i) + 1}", out="cards lifted")

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({f"c{i + 1}": (c,) for i, c in enumerate(cards[:PLACES])}
                          | {"pack": cards[PLACES:][::-1]})

    offers_end = packets.no_end

    def steps(self, t: Table) -> list[Step]:
        out = places.sums(t, PLACES, 10)
        filled = [(i, p[-1]) for i, p in enumerate(t.piles[:PLACES]) if p]
        for suit in range(4):  # a suit's honours, lifted together: the step names two
            at = sorted(i for i, c in filled if suit_of(c) == suit and rank_of(c) in HONOURS)
            if len(at) == 4:
                out.append(Step("s" + "-".join(str(i + 1) for i in at), PAIR, at[0], at[1]))
        return out

    def play(self, state: Table, move: Move) -> Table:
        at = [n - 1 for n in numbers(move.code)]
        return places.fill(places.take_out(state, at, OUT), PLACES, PACK)

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "every card lifted: the pack is used up and the table cleared"
        left = len(state.piles[PACK]) + sum(bool(p) for p in state.piles[:PLACES])
        return f"no cards can be lifted; {left} cards are left"

    def say(self, state: Table, move: Move) -> str:
        at = [n - 1 for n in numbers(move.code)]
        cs = places.cards_at(state, at)
        where = ", ".join(str(i + 1) for i in at)
        if move.code[0] == "s":
            return f"lift {names_of(cs)} together (places {where})"
        return f"lift {name(cs[0])} and {name(cs[1])} for ten (places {where})"
