"""Solitaire, from Cheney's *Patience* (1894), with the two variants the book names.

Source: ``000_afc193f70d23752d.txt`` l.600-663 (variants l.656-663); rule sheet
``shared/games/cheney.md``, section Solitaire, whose numbered ambiguities are cited below.

One pack. The aces go up in a row "as they come" and are built up to the kings "without
following suit"; a card that does not fit goes on one of four piles below, the player's
choice, and the top card of a pile may go up whenever it fits (l.611-633). Won when the
four families reach the kings (l.650-653).

Readings (the sheet's PROPOSED readings unless said otherwise):

- "in due order" (amb. 1): the four piles take any card; no rank rule.
- An emptied pile is one of the four again (spaces); no fifth pile is ever started
  (amb. 4).
- The old strict rule of not looking under the top card (amb. 2) is the option
  ``strict`` (default off): the cards under a pile's top are then shown face down.
- Playing a turned card that fits a family is optional (amb. 3); an ace, which the text
  lays in the row "as they come", goes up at once (the only move), into the leftmost free
  place of the row.
- ``solitaire_aces_first`` (l.656-659): the aces are taken out before the deal and laid
  in the row in the order ♠ ♥ ♦ ♣.
- ``solitaire_follow_suit`` (l.659-663): families follow suit, and the player may twice
  "take up the lower piles, re-shuffle them, and re-lay them": a ``redeal`` when the pack
  is used up gathers piles 1 to 4 (each bottom to top), shuffles them with our PRNG
  (stream ``k`` for the ``k``-th re-deal) and they are turned again as a new pack. The
  re-deals belong to the follow-suit game only (the sheet's reading).

Move codes: ``t`` (turn up the next card), ``p>f<j>`` (the turned card to family ``j``),
``p>w<i>`` (the turned card onto pile ``i``), ``w<i>>f<j>`` (the top of pile ``i`` to family
``j``), ``redeal``. Legal moves come in that order, each by ascending ``i`` then ``j``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..cards import ACE, Card, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..packets_a import NONE, REDEAL, TURN, PacketGame, Table
from ..registry import register, variant


@register
class Solitaire(PacketGame):
    description = Description(
        id="solitaire", title="Solitaire", book=CHENEY, lines="600-663", skill="some",
        bound=400)
    pile_letter = "w"
    pile_word = "pile"
    redeal_piles = True
    option_specs = (
        Option("aces_first", False, "take out the aces and lay them up before the deal "
               "(the book's easier game)", choices=(False, True)),
        Option("follow_suit", False, "families follow suit, with two shuffled re-lays of "
               "the piles (the book's harder game)", choices=(False, True)),
        Option("strict", False, "the old strict rule: no looking under a pile's top card",
               choices=(False, True)),
    )

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.suited = bool(self.option("follow_suit"))
        self.strict = bool(self.option("strict"))

    def pile_up(self, pile: tuple[Card, ...]) -> int:
        return min(1, len(pile)) if self.strict else len(pile)

    def max_redeals(self) -> int:
        return 2 if self.suited else 0

    def shuffle_redeal(self) -> bool:
        return True

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        found: tuple[tuple[Card, ...], ...] = ((), (), (), ())
        rest = cards
        if self.option("aces_first"):
            aces = sorted((c for c in cards if rank_of(c) == ACE), key=suit_of)
            found = tuple((a,) for a in aces)
            rest = tuple(c for c in cards if rank_of(c) != ACE)
        return Table(seed, tuple(reversed(rest)), NONE, found, ((), (), (), ()))

    def won(self, st: Table) -> bool:
        return all(len(f) == 13 for f in st.found)

    def _fits(self, st: Table, card: Card) -> list[int]:
        r = rank_of(card)
        if r == ACE:
            return [next(j for j, f in enumerate(st.found) if not f)]
        return [j for j, f in enumerate(st.found)
                if f and rank_of(f[-1]) + 1 == r
                and (not self.suited or suit_of(f[-1]) == suit_of(card))]

    def moves(self, st: Table) -> tuple[Move, ...]:
        out: list[Move] = []
        m = self._m
        if st.turned != NONE:
            fits = self._fits(st, st.turned)
            out += [m(f"p>f{j + 1}") for j in fits]
            if rank_of(st.turned) == ACE:
                return tuple(out)
            out += [m(f"p>w{i + 1}") for i in range(4)]
        elif st.pack:
            out.append(TURN)
        for i, p in enumerate(st.piles):
            if p:
                out += [m(f"w{i + 1}>f{j + 1}") for j in self._fits(st, p[-1])]
        if (st.turned == NONE and not st.pack and self.may_redeal(st)
                and any(st.piles)):
            out.append(REDEAL)
        return tuple(out)

    # -- what the solver may use (rules/solver.py) ----------------------------------

    def solver_key(self, st: Table) -> Hashable:
        """Families built regardless of suit are alike when they hold as many cards, and
        the four piles are alike: positions that differ only so are one for the search.
        (Under ``follow_suit`` a re-deal gathers the piles in their order, so there the
        state itself is the key.)"""
        if self.suited:
            return st
        return (len(st.pack), st.turned, tuple(sorted(len(f) for f in st.found)),
                tuple(sorted(st.piles)))

    def order_moves(self, st: Table, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """Cards to the families first; then the turned card onto the pile where it hides
        least, the book's advice (l.634-650): on the lowest card higher than itself, else
        into a space, else on the highest card."""
        def cost(move: Move) -> int:
            code = move.code
            if ">f" in code:
                return 0
            if not code.startswith("p>w"):
                return 100  # turn, re-deal: alone or last
            r = rank_of(st.turned)
            pile = st.piles[int(code[3:]) - 1]
            if not pile:
                return 20
            top = rank_of(pile[-1])
            return top - r if top > r else 40 - top
        return tuple(sorted(moves, key=cost))

    def say(self, state: Table, move: Move) -> str:
        if move.code == "redeal":
            return "take up the four piles, shuffle them and re-lay them as the pack"
        return super().say(state, move)


SOLITAIRE_ACES_FIRST = variant(Solitaire, Description(
    id="solitaire_aces_first", title="Solitaire, aces taken out first", book=CHENEY,
    lines="600-659", skill="some", bound=400, variant_of="solitaire",
    fixed={"aces_first": True, "follow_suit": False}))
SOLITAIRE_FOLLOW_SUIT = variant(Solitaire, Description(
    id="solitaire_follow_suit", title="Solitaire, following suit", book=CHENEY,
    lines="600-663", skill="some", bound=900, variant_of="solitaire",
    fixed={"aces_first": False, "follow_suit": True}))
