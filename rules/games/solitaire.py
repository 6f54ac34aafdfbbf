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
  ``strict`` (default off): the cards under a pile's top are then shown face down
  (the piles lie ``TOP``, :mod:`rules.patience`).
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

from .. import packets
from ..cards import ACE, Card, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..packets import PACK, TURN_UP, TURNED, F
from ..patience import HOME, TOP, UP, Patience, Pile, Step, Table, size
from ..registry import register, variant
from ..shape import MOVE, REDEAL

P = F + 4  # where the four piles lie


@register
class Solitaire(Patience):
    description = Description(
        id="solitaire", title="Solitaire", book=CHENEY, lines="600-663", skill="some",
        bound=400)
    option_specs = (
        Option("aces_first", False, "take out the aces and lay them up before the deal "
               "(the book's easier game)", choices=(False, True)),
        Option("follow_suit", False, "families follow suit, with two shuffled re-lays of "
               "the piles (the book's harder game)", choices=(False, True)),
        Option("strict", False, "the old strict rule: no looking under a pile's top card",
               choices=(False, True)),
    )
    facts = (("pack", size("pack")), ("on_families", HOME))
    redeal_takes_up = False
    offers_end, summary = packets.no_end, packets.summary
    narrate, why_illegal = packets.narrate, packets.why_illegal

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.suited = bool(self.option("follow_suit"))

    def max_redeals(self) -> int:
        return 2 if self.suited else 0

    def lay_piles(self) -> tuple[Pile, ...]:
        return packets.piles([f"family {j + 1}" for j in range(4)], "w", 4, "pile",
                             face=TOP if self.option("strict") else UP)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        found: dict[str, tuple[Card, ...]] = {}
        rest = cards
        if self.option("aces_first"):
            aces = sorted((c for c in cards if rank_of(c) == ACE), key=suit_of)
            found = {f"f{j + 1}": (a,) for j, a in enumerate(aces)}
            rest = tuple(c for c in cards if rank_of(c) != ACE)
        t = self.table(found | {"pack": rest[::-1]})
        return Table(t.piles, t.down, seed=seed)

    def fits(self, t: Table, card: Card) -> list[int]:
        """The families (0-based) that take ``card`` now; an ace the leftmost free one."""
        fams = self.families(t)
        r = rank_of(card)
        if r == ACE:
            return [next(j for j, f in enumerate(fams) if not f)]
        return [j for j, f in enumerate(fams)
                if f and rank_of(f[-1]) + 1 == r
                and (not self.suited or suit_of(f[-1]) == suit_of(card))]

    def steps(self, t: Table) -> list[Step]:
        out: list[Step] = []
        turned = t.top(TURNED)
        if turned is not None:
            out += [Step(f"p>f{j + 1}", MOVE, TURNED, F + j) for j in self.fits(t, turned)]
            if rank_of(turned) == ACE:
                return out
            out += [Step(f"p>w{i + 1}", MOVE, TURNED, P + i) for i in range(4)]
        elif t.piles[PACK]:
            out.append(TURN_UP)
        for i, p in enumerate(t.piles[P:]):
            if p:
                out += [Step(f"w{i + 1}>f{j + 1}", MOVE, P + i, F + j)
                        for j in self.fits(t, p[-1])]
        if (turned is None and not t.piles[PACK] and self.may_redeal(t)
                and any(t.piles[P:])):
            out.append(Step("redeal", REDEAL, P, PACK))
        return out

    def special(self, t: Table, step: Step) -> Table:
        return packets.redeal(self, t, range(P, P + 4), True)

    # -- what the solver may use (rules/solver.py) ----------------------------------

    def solver_key(self, t: Table) -> Hashable:
        """Families built regardless of suit are alike when they hold as many cards, and
        the four piles are alike: positions that differ only so are one for the search.
        (Under ``follow_suit`` a re-deal gathers the piles in their order, so there the
        model's key, the position itself.)"""
        if self.suited:
            return super().solver_key(t)
        return (t.piles[PACK], t.piles[TURNED], tuple(sorted(len(f) for f in self.families(t))),
                tuple(sorted(t.piles[P:])))

    def order_moves(self, t: Table, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """Cards to the families first; then the turned card onto the pile where it hides
        least, the book's advice (l.634-650): on the lowest card higher than itself, else
        into a space, else on the highest card."""
        def cost(move: Move) -> int:
            code = move.code
            if ">f" in code:
                return 0
            if not code.startswith("p>w"):
                return 100  # turn, re-deal: alone or last
            r = rank_of(t.piles[TURNED][-1])
            pile = t.piles[P + int(code[3:]) - 1]
            if not pile:
                return 20
            top = rank_of(pile[-1])
            return top - r if top > r else 40 - top
        return tuple(sorted(moves, key=cost))

    # -- words -------------------------------------------------------------------------

    def say(self, t: Table, move: Move) -> str:
        if move.code == "redeal":
            return "take up the four piles, shuffle them and re-lay them as the pack"
        return packets.say(self, t, move)



SOLITAIRE_ACES_FIRST = variant(Solitaire, Description(
    id="solitaire_aces_first", title="Solitaire, aces taken out first", book=CHENEY,
    lines="600-659", skill="some", bound=400, variant_of="solitaire",
    fixed={"aces_first": True, "follow_suit": False}))
SOLITAIRE_FOLLOW_SUIT = variant(Solitaire, Description(
    id="solitaire_follow_suit", title="Solitaire, following suit", book=CHENEY,
    lines="600-663", skill="some", bound=900, variant_of="solitaire",
    fixed={"aces_first": False, "follow_suit": True}))
