"""Duchess of Luynes, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1683-1720 (pp. 74-75); rule sheet
``shared/games/cheney.md``, section Duchess of Luynes, whose ambiguities and
"Reconciliation" are cited below.

Two packs. The first four cards go to places one to four, the fifth and sixth to a stock
(l.1690-1695); aces and kings, following suit, start families built down from the kings
and up from the aces (l.1695-1705); the top cards of the piles and of the stock may be
used (l.1705-1706). The deal goes on in the same order, "not filling up the place with
another card, if you use one for the families", every fifth and sixth card to the stock
(l.1707-1711). "You can renew the stock twice", and once more take up the rows and stock
and lay them in the row of four, without the stock (l.1712-1717).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The deal goes card by card (``d``), in rounds of six: places 1-4, then the stock twice;
  the player may play any top card between two cards of the deal. So a card that fits
  as it is dealt may be played at once, and its place gets no other card in that round
  (amb. 1); the last two cards of the pack go to places 1 and 2. All cards lie face up;
  only the top of each pile and of the stock is usable. One stock (amb. 3).
- "in the stock and rows" (amb. 2): cards 1-4 to the rows, 5-6 to the stock.
- Bases: the first ace and king of each suit played start the families; the second ace
  and king of a suit are ordinary cards that end the opposite family.
- Renewals (amb. 4, the reconciled reading): when the pack is used up, ``redeal``
  gathers places 1, 2, 3, 4 and then the stock, each pile bottom card first, into a new
  pack dealt in the same rounds of six; twice. The third ``redeal`` gathers everything
  again and deals it in rounds of four onto the places only: four deals in all. Option
  ``renew=stock_only`` takes part 1's reading: the two renewals take up the stock only
  (its first card first) and deal it in rounds of six onto the piles as they lie; the
  last deal is the same. Option ``shuffle=true`` re-shuffles each gathered pack (the
  glossary allows it, l.3303-3305), by sub-stream ``k`` of the deal's seed for the
  ``k``-th re-deal; by default the cards are not shuffled. A re-deal is offered whenever
  the pack is used up and one is left, whether or not a card could still be played.

Moves, in this order: ``p1>f1`` .. ``p4>f8`` (the top of place ``i`` to a family:
``f1``-``f4`` the aces of spades, hearts, diamonds, clubs, ``f5``-``f8`` the kings),
``w>f1`` .. ``w>f8`` (the stock's top card), ``d`` (deal the next card), ``redeal``.
Cards go only forward and re-deals are counted, so every game ends; it is lost when no
move is left.
"""

from __future__ import annotations

from typing import Any

from .. import luynes, packets
from ..cards import Card, name
from ..description import CHENEY, Description
from ..families import play_on_family, shuffle_option
from ..game import Move, Option
from ..luynes import PACK, STOCK, P
from ..patience import UP, Patience, Pile, Step, Table
from ..registry import register
from ..solo import reshuffle


@register
class DuchessOfLuynes(Patience):
    description = Description(
        id="duchess_of_luynes", title="Duchess of Luynes", book=CHENEY, lines="1683-1720",
        skill="some", bound=1200, packs=2)
    redeals_allowed = 3
    option_specs = (
        Option("renew", "all",
               "all: each of the two renewals takes up the four places and the stock; "
               "stock_only: it takes up the stock alone and deals it onto the places",
               choices=("all", "stock_only")),
        shuffle_option("the cards taken up for each re-deal"),
    )
    marks = ("slot",)
    redeal_takes_up = False
    layout = luynes.layout

    def lay_piles(self) -> tuple[Pile, ...]:
        return luynes.piles("place", "the stock", UP)

    offers_end = packets.no_end

    def steps(self, t: Table) -> list[Step]:
        top = [("w", len(t.piles[STOCK]) - 1)] if t.piles[STOCK] else []
        return [*luynes.to_families(self, t, top), *luynes.from_pack(self, t)]

    def play(self, state: Table, move: Move) -> Table:
        after = super().play(state, move)
        return luynes.deal(self, state, after) if move.code == "d" else after

    def special(self, t: Table, step: Step) -> Table:  # the re-deal
        k = self.redeal_number(t)
        places = not (k < self.max_redeals() and self.option("renew") == "stock_only")
        taken = [c for p in (t.piles[P:PACK] if places else t.piles[STOCK:PACK]) for c in p]
        cards = reshuffle(t.seed, k, taken) if self.option("shuffle") else tuple(taken)
        return luynes.gather(self, t, cards, places)

    def public(self, state: Table) -> dict[str, Any]:
        return luynes.public(self, state, {
            "last_deal_without_stock": not self.may_redeal(state),
            "next_card_to": self._slot_name(state)})

    def _slot_name(self, t: Table) -> str | None:
        return luynes.next_card_to(self, t, "place", "the stock")

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            return f"deal the next card to {self._slot_name(state)}"
        if move.code == "redeal":
            k = self.redeal_number(state)
            if k == self.max_redeals():
                return "take up the rows and stock once more and lay them in the row of four"
            what = "the stock" if self.option("renew") == "stock_only" else \
                "the rows and the stock"
            return f"renew the stock: take up {what} and deal again (renewal {k} of 2)"
        s = self.step(state, move)
        c: Card = state.piles[s.source][-1]
        where = "from the stock" if s.source == STOCK else f"from place {s.source - P + 1}"
        return play_on_family(c, where, s.target + 1)

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code == "d":
            return f"deal {name(before.piles[PACK][-1])} to {self._slot_name(before)}"
        return self.describe(before, move)

    def why_illegal(self, state: Table, move: Move, seat: int) -> str:
        if move.code == "redeal":
            if state.piles[PACK]:
                return "The cards can be taken up again only when the pack is used up."
            return "The last deal, without the stock, has been made."
        return super().why_illegal(state, move, seat)
