"""Fifteen in a Row, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2078-2131 (book pp. 96-98); rule sheet
``shared/games/cheney.md``, section Fifteen in a Row.

Two packs. "Lay out all the cards of both packs in rows of fifteen each, except the last
row, which will contain only fourteen. Let each row lie half way upon the one above it"
(l.2087-2091). "Take the aces and kings from the last row ... On the aces you will form
upward, on the kings downward. If there are no aces or kings in the last row, see
whether, by marriages, you can uncover the kings or aces in the sixth row. If you cannot,
you may take them from the sixth row, and fill the spaces left by them with the cards
immediately below them. After you have one ace and one king, you can use all the cards
which are independent, that is, which have no other leaning upon them, and can either
make marriages with them, or give them their places in the families. You must follow
suit, both in making marriages and in placing cards in the families. Whenever you have a
line free from top to bottom, it is called a street. In this street you may place any
independent card, and add to it any that follow either in ascending or descending
series" (l.2091-2126). "Success is of course achieved by completing your families"
(l.2130-2131).

Readings (the sheet's PROPOSED readings unless said otherwise):

- Fifteen columns; column ``i`` holds the ``i``-th card of each row, the last row's card
  on top (free, "independent"); column 15 has six cards. All cards lie face up.
- Families follow suit: ``f1``-``f4`` up from the aces of spades, hearts, diamonds,
  clubs, ``f5``-``f8`` down from the kings; the first ace (king) of a suit played begins
  its family, the other is an ordinary card.
- The opening lasts until an ace family and a king family are begun. Until then only an
  ace or a king goes to the families (to begin one), marriages may be made to uncover
  one, and an ace or king lying directly under a free card may be taken out, the free
  card sliding up into its place (the sheet: "the pull ... only in this opening phase";
  the book's "sixth row" is read as "under the free card", which it is until the
  columns change).
- Marriages: a free card on a free card of its suit one higher or one lower, one card at
  a time. A street (an empty column) takes any free card (not the last card of another
  column: that changes nothing).
- Cards may go back and forth, so ``end`` (give up) is offered after every other move
  and a card may not be put straight back where it has just come from. The game is lost
  when no move is left.

Moves, in this order: ``c<i>>f<j>`` (the free card of column ``i`` to family ``j``),
``x<i>>f<j>`` (the card under it, in the opening), ``c<i>>c<k>`` (marriage or street),
``end``.
"""

from __future__ import annotations

from .. import fifteens
from ..cards import ACE, KING, Card, rank_of
from ..description import CHENEY, Description
from ..families import family_targets
from ..fifteens import C
from ..patience import Patience, Step, Table
from ..registry import register


def begins(fams: tuple[tuple[Card, ...], ...], c: Card) -> list[int]:
    """The families ``c`` may begin (an ace or a king, its family still empty)."""
    return [j for j in family_targets(fams, c) if not fams[j]]


@register
class FifteenInARow(Patience):
    description = Description(
        id="fifteen_in_a_row", title="Fifteen in a Row", book=CHENEY, lines="2078-2131",
        skill="much", bound=None, packs=2)
    facts = fifteens.FACTS
    no_straight_back = True
    summary = fifteens.summary
    say = fifteens.say

    lay_piles = fifteens.lay_piles
    layout = fifteens.layout

    def steps(self, t: Table) -> list[Step]:
        if not fifteens.opening(self, t):
            return [*fifteens.to_families(self, t), *fifteens.marriages(t)]
        fams, cols = self.families(t), t.piles[C:]
        out = [Step(f"c{i + 1}>f{j + 1}", source=C + i, target=j)
               for i, p in enumerate(cols) if p for j in begins(fams, p[-1])]
        out += [Step(f"x{i + 1}>f{j + 1}", source=C + i, target=j, at=len(p) - 2)
                for i, p in enumerate(cols) if len(p) > 1 and rank_of(p[-2]) in (ACE, KING)
                for j in begins(fams, p[-2])]
        return [*out, *fifteens.marriages(t)]

    def goes_home(self, t: Table, pile: int) -> bool | None:
        if pile < C or not fifteens.opening(self, t):
            return fifteens.goes_home(t, pile)
        fams, p = self.families(t), t.piles[pile]  # the top card, or the one under it
        if p and begins(fams, p[-1]):
            return True
        return len(p) > 1 and rank_of(p[-2]) in (ACE, KING) and bool(begins(fams, p[-2]))
