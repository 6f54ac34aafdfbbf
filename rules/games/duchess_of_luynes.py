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

from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card, name
from ..description import CHENEY, Description
from ..families import (
    DEAL,
    EMPTY8,
    REDEAL,
    AceKingGame,
    Families,
    add,
    family_plays,
    from_pack,
    play_on_family,
    shuffle_option,
    to_family_codes,
    tops,
)
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import pack_of, pack_zone, replace_at, split_code

#: Deals after the first: two renewals with the stock, then the last without it.


@dataclass(frozen=True, slots=True)
class DuchessState:
    families: Families
    #: Places one to four, each bottom to top.
    places: tuple[tuple[Card, ...], ...]
    #: The stock, bottom to top.
    stock: tuple[Card, ...]
    #: The pack, bottom to top: the last card is dealt next.
    pack: tuple[Card, ...]
    #: Where the next card goes: 0-3 a place, 4-5 the stock.
    slot: int
    #: Re-deals made (0-3); the fourth deal (``redeals == 3``) has no stock.
    redeals: int
    seed: int


@register
class DuchessOfLuynes(AceKingGame[DuchessState]):
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

    def layout(self, cards: tuple[Card, ...], seed: int) -> DuchessState:
        return DuchessState(EMPTY8, ((),) * 4, (), pack_of(cards), 0, 0, seed)

    def moves(self, state: DuchessState) -> tuple[Move, ...]:
        out = family_plays(state.families, "p", tops(state.places))
        if state.stock:
            out += to_family_codes("w", state.stock[-1], state.families)
        out += from_pack(state.pack, DEAL,
                         self.may_redeal(state) and (bool(state.stock) or any(state.places)))
        return tuple(out)

    def play(self, state: DuchessState, move: Move) -> DuchessState:
        if move == DEAL:
            c, pack = state.pack[-1], state.pack[:-1]
            rhythm = 6 if self.may_redeal(state) else 4
            slot = (state.slot + 1) % rhythm
            if state.slot >= 4:
                return replace(state, pack=pack, stock=(*state.stock, c), slot=slot)
            pile = (*state.places[state.slot], c)
            return replace(state, pack=pack, slot=slot,
                           places=replace_at(state.places, state.slot, pile))
        if move == REDEAL:
            return self._redeal(state)
        src, a, _, b = split_code(move.code)
        assert b is not None
        if src == "w":
            return replace(state, stock=state.stock[:-1],
                           families=add(state.families, b - 1, state.stock[-1]))
        assert a is not None
        pile = state.places[a - 1]
        return replace(state, places=replace_at(state.places, a - 1, pile[:-1]),
                       families=add(state.families, b - 1, pile[-1]))

    def _redeal(self, state: DuchessState) -> DuchessState:
        k = self.redeal_number(state)
        if k < self.max_redeals() and self.option("renew") == "stock_only":
            taken, places = state.stock, state.places
        else:
            taken = tuple(c for p in (*state.places, state.stock) for c in p)
            places = ((),) * 4
        return replace(state, pack=pack_of(self.taken_up(state.seed, k, taken)),
                       places=places, stock=(), slot=0, redeals=k)

    def table_zones(self, state: DuchessState) -> list[Zone]:
        zs = [Zone(f"p{k + 1}", "pile", p, len(p), label=f"place {k + 1}", group="rows")
              for k, p in enumerate(state.places)]
        return [*zs, Zone("stock", "reserve", state.stock, len(state.stock),
                          label="the stock"), pack_zone(state.pack)]

    def facts(self, state: DuchessState) -> dict[str, Any]:
        return {
            "deal": self.redeal_number(state),
            **self.redeal_facts(state),
            "last_deal_without_stock": not self.may_redeal(state),
            "next_card_to": self._slot_name(state) if state.pack else None,
        }

    @staticmethod
    def _slot_name(state: DuchessState) -> str:
        return "the stock" if state.slot >= 4 else f"place {state.slot + 1}"

    def say(self, state: DuchessState, move: Move) -> str:
        if move == DEAL:
            return f"deal the next card to {self._slot_name(state)}"
        if move == REDEAL:
            k = self.redeal_number(state)
            if k == self.max_redeals():
                return "take up the rows and stock once more and lay them in the row of four"
            what = "the stock" if self.option("renew") == "stock_only" else \
                "the rows and the stock"
            return f"renew the stock: take up {what} and deal again (renewal {k} of 2)"
        src, a, _, b = split_code(move.code)
        assert b is not None
        if src == "w":
            return play_on_family(state.stock[-1], "from the stock", b)
        assert a is not None
        return play_on_family(state.places[a - 1][-1], f"from place {a}", b)

    def narrate(self, before: DuchessState, move: Move, after: DuchessState) -> str:
        if move == DEAL:
            return f"deal {name(before.pack[-1])} to {self._slot_name(before)}"
        return self.describe(before, move)

    def why_illegal(self, state: DuchessState, move: Move, seat: int) -> str:
        if move == REDEAL:
            if state.pack:
                return "The cards can be taken up again only when the pack is used up."
            return "The last deal, without the stock, has been made."
        return super().why_illegal(state, move, seat)
