"""The Trios, "a variation of Paternal", from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.882-905; rule sheet ``shared/games/cheney.md``,
section The Trios.

The whole pack goes out face up, spread, in threes "as in the former game", the last four
cards in two twos (l.887-889): sixteen piles of three and two of two. Only top cards are
used (l.891-892). An ace goes to the families when it is a top card, and the families
are built up in suit (l.889-891). A top card may be married onto another top card one
higher, of any suit (l.892-894), or a court card onto a court card of its own rank (king
on king, queen on queen, knave on knave, l.901-903); no pile may ever hold more than
three cards (l.895-901). No re-deal and no draw (l.903-905). Spaces are never filled.

Piles are codes ``1`` .. ``18`` in dealing order; moves ``3>f`` and ``3>5`` (see
the move order of :mod:`rules.open_piles`).

Readings (all the sheet's PROPOSED readings):

- The aces are not taken out first (amb. 1): 52 = 16 x 3 + 2 x 2 only with them in.
- The three-card limit counts every card of the pile, those dealt included (amb. 2), and
  holds for court cards put on their like too.
- The two piles of two are the last two piles (amb. 3).
- Random play ends: ``end`` is always offered and a card may not be put straight back
  (:mod:`rules.open_piles`); a position with no move left loses.
"""

from __future__ import annotations

from ..cards import JACK, Card, rank_of
from ..description import CHENEY, Description
from ..game import Move
from ..open_piles import (
    SUIT_FAMILIES,
    home_from,
    in_piles,
    open_tableau,
    piles,
    say_move,
    top_safe,
    top_steps,
    up_in_suit,
)
from ..patience import Patience, Pile, Step, Table
from ..registry import register

SIZES = (3,) * 16 + (2, 2)
LIMIT = 3
CODES = tuple(str(i + 1) for i in range(len(SIZES)))
PILES = piles(CODES, [f"pile {i + 1}" for i in range(len(SIZES))])


@register
@open_tableau
class Trios(Patience):
    description = Description(
        id="trios", title="The Trios", book=CHENEY, lines="882-905", skill="some",
        bound=None)

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*PILES, *SUIT_FAMILIES)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({p.id: c for p, c in zip(PILES, in_piles(cards, SIZES), strict=True)})

    def marries(self, t: Table, c: Card, dst: int) -> bool:
        pile = t.piles[dst]
        if len(pile) >= LIMIT:
            return False
        r, top = rank_of(c), rank_of(pile[-1])
        return top == r + 1 or (r >= JACK and top == r)

    def steps(self, t: Table) -> list[Step]:
        return top_steps(t, CODES, ("f",), up_in_suit, self.marries)

    def goes_home(self, t: Table, pile: int) -> bool:
        return home_from(t, pile, len(CODES), ("f",), up_in_suit)

    def family_safe(self, t: Table) -> tuple[Move, ...]:
        return top_safe(self, t, CODES, up_in_suit, self.marries)

    say = say_move
