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
  (:mod:`rules.games.reversible_sequences`; both are :mod:`rules.free_columns`), whose
  move codes this game shares (``c<i>.<n>>c<j>`` moves ``n`` cards). No re-deal.
- Won with the eight families complete (not printed: the families' end); lost when no
  move is left.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import free_columns
from ..building import family_for
from ..cards import SUIT_NAMES, Card
from ..description import CHENEY, Description
from ..free_columns import Column, Piles, run_length
from ..game import Move
from ..patience import HOME, Patience, Pile, Step, Table, size
from ..registry import register

WIDTH = 11


def family_label(j: int) -> str:
    return f"the {'first' if j < 4 else 'second'} family of {SUIT_NAMES[j % 4]}"


FAMILIES = tuple(Pile(f"f{j + 1}", "foundation", family_label(j), "families")
                 for j in range(8))


def homes(fams: Piles, c: Card) -> list[int]:
    j = family_for(fams, c)
    return [j] if j >= 0 else []


def lengths(col: Column) -> range:
    return range(1, run_length(col) + 1)


def may_stack(n: int, onto: Column) -> bool:
    """Never two upon two (l.3141-3148)."""
    return n == 1 or run_length(onto) == 1


@register
class Intervale(Patience):
    description = Description(
        id="intervale", title="Intervale", book=CHENEY, lines="3124-3156", skill="some",
        bound=None, packs=2)
    facts = (("in_pack", size("pack")), ("in_families", HOME))
    play = free_columns.play

    def lay_piles(self) -> tuple[Pile, ...]:
        return free_columns.piles(FAMILIES, WIDTH)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return free_columns.lay(self, cards, 3, WIDTH)

    def steps(self, t: Table) -> Sequence[Step]:
        return free_columns.steps(t, homes, lengths, may_stack)

    def goes_home(self, t: Table, pile: int) -> bool | None:
        return free_columns.goes_home(t, pile, homes)

    def say(self, state: Table, move: Move) -> str:
        return free_columns.say(self, state, move, family_label)
