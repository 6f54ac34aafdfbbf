"""Intervale, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.3124-3156; rule sheet ``shared/games/cheney.md``,
section Intervale.

Two packs. Three rows of eleven cards (l.3128-3129). The aces of the lower row go below
as the bases of families, following suit (l.3129-3132). The lower row is free, and the
cards above as soon as they are freed (l.3134-3136). Marriages go up or down, following
suit (l.3138-3141). "You can put a single card on a sequence of several cards, or a
sequence of several on one, but you must not put two cards upon two" (l.3141-3148).
Cards that cannot be used at once go to a stock whose top card may be used when
opportunity offers (l.3150-3154); spaces in the top row (emptied columns) are filled
from the stock or the pack (l.3154-3156).

Readings (the sheet's PROPOSED readings unless said otherwise):

- Eight families, two for each suit, each built up from an ace to the king; aces come
  to them whenever they are free (of a column, the stock). A card goes to the first
  family of its suit that takes it (two with the same top card are alike).
- A *sequence* is the run of cards at the free end of a column each married to the one
  under it (one of its suit, one higher or lower). Any number of its top cards may
  move together onto a free card married to the lowest of them, except that two or more
  may not go onto a card that itself ends a sequence of two or more ("two upon two").
- The pack, the stock, spaces, ``end`` and the ban on moves between columns that bring
  back an earlier arrangement are those of Reversible Sequences
  (:mod:`rules.games.reversible_sequences`), whose move codes this game shares
  (``c<i>.<n>>c<j>`` moves ``n`` cards). No re-deal.
- Won with the eight families complete (not printed: the families' end); lost when no
  move is left.
"""

from __future__ import annotations

from ..cards import SUIT_NAMES, Card
from ..description import CHENEY, Description
from ..game import Zone
from ..registry import register
from ..solo import open_zone
from ._columns import family_for
from .reversible_sequences import ColumnsState, FreeColumns, run_length

Piles = tuple[tuple[Card, ...], ...]


@register
class Intervale(FreeColumns):
    description = Description(
        id="intervale", title="Intervale", book=CHENEY, lines="3124-3156", skill="some",
        bound=None, packs=2)
    rows, width = 3, 11

    def homes(self, fams: Piles, c: Card) -> list[int]:
        j = family_for(fams, c)
        return [j] if j >= 0 else []

    def lengths(self, col: tuple[Card, ...]) -> range:
        return range(1, run_length(col) + 1)

    def may_stack(self, n: int, onto: tuple[Card, ...]) -> bool:
        return n == 1 or run_length(onto) == 1

    def family_label(self, j: int) -> str:
        return f"the {'first' if j < 4 else 'second'} family of {SUIT_NAMES[j % 4]}"

    def family_zones(self, state: ColumnsState) -> list[Zone]:
        return [open_zone(f"f{j + 1}", "foundation", f, self.family_label(j), "families")
                for j, f in enumerate(state.families)]
