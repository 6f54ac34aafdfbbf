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
:mod:`rules.tableau` for the move order).

Readings (all the sheet's PROPOSED readings):

- The aces are not taken out first (amb. 1): 52 = 16 x 3 + 2 x 2 only with them in.
- The three-card limit counts every card of the pile, those dealt included (amb. 2), and
  holds for court cards put on their like too.
- The two piles of two are the last two piles (amb. 3).
- Random play ends: ``end`` is always offered and a card may not be put straight back
  (:mod:`rules.tableau`); a position with no move left loses.
"""

from __future__ import annotations

from ..cards import JACK, Card, rank_of
from ..description import CHENEY, Description
from ..registry import register
from ..tableau import TableauGame, TabState, in_piles

SIZES = (3,) * 16 + (2, 2)
LIMIT = 3


@register
class Trios(TableauGame):
    description = Description(
        id="trios", title="The Trios", book=CHENEY, lines="882-905", skill="some",
        bound=None)
    pile_codes = tuple(str(i + 1) for i in range(len(SIZES)))
    pile_labels = tuple(f"pile {i + 1}" for i in range(len(SIZES)))

    def layout(self, cards: tuple[Card, ...], seed: int) -> TabState:
        return TabState(in_piles(cards, SIZES), ((),) * 4, seed=seed)

    def marries(self, st: TabState, c: Card, dst: int) -> bool:
        pile = st.piles[dst]
        if len(pile) >= LIMIT:
            return False
        r, t = rank_of(c), rank_of(pile[-1])
        return t == r + 1 or (r >= JACK and t == r)
