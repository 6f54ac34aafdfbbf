"""Weavers, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2827-2869; rule sheet ``shared/games/cheney.md``,
section Weavers (and Wandering Card, l.1249-1298, which it "much resembles").

Two packs. Eight kings in a row (l.2831); the other cards are laid in twelve places
numbered one to twelve (l.2831-2834). A card that fits the place it is laid in (an ace in
the first, a knave in the eleventh) is laid aside as a *weaver* (l.2834-2838). Top cards
go on the kings, descending and following suit (l.2838-2840). When no top card fits, a
weaver goes under the pile of its number, the top card of that pile under the pile of
*its* number, and so on until a top card can go on the families; then stop, and take
up another weaver (l.2842-2854). When nothing more can be done the cards are taken up
without shuffling and laid out again, twice; only as many places as there are numbers
still wanted (l.2856-2864).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The eight kings are taken out of the pack first; they are the families' bases.
- Laying out: the cards go round the places 1, 2, 3, ... in turn; a weaver leaves its
  place without a card in that round, and the next card goes to the next place (as in
  Wandering Card).
- A weaver never goes to the families directly, only through a chain. A weaver may be
  taken up only when no top card fits the families; the player chooses which.
- The chain (one move, ``w<card>``): the weaver goes under the pile of its number; then,
  while no top card fits a family, the top card of the pile just fed goes under the
  pile of its number. It also stops (from Wandering Card, l.1284-1287) when that top card
  is already in its own pile, and, so that it cannot run for ever, when it has moved as
  many cards as lie in the places.
- Re-deal (``r``): when no top card fits and no weaver is left, twice (``redeals=1``
  reads "repeating the process twice" as two layings in all). The piles are
  taken up in order, place 1 first, each from the bottom card up, and laid out again
  round the places still needed; new weavers are laid aside as before. Numbers whose
  eight cards are all on the families get no place; they are always the highest
  (queens, then knaves, ...), as the families are built down.
- Failure: no top card fits, no weaver is left and both re-deals are spent.

The game is chance, with the choice of which card goes home and which weaver goes next.
Legal moves, in order: ``p<i>>f<j>`` (the top of place ``i`` onto family ``j``; the
families are the kings of spades, hearts, diamonds, clubs, then their twins), then the
weavers ``w<card>`` (``w7h``, one per card, in the order laid aside), ``r``, ``auto``.
Won when the eight families hold all 104 cards, king to ace; lost when no top card
fits, no weaver is left and the re-deals are used up.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import KING, RANK_WORDS, SUIT_NAMES, Card, code, name, rank_of, suit_of
from ..common import next_in_suit
from ..description import CHENEY, Description
from ..game import Audience, Move, Option, Seat
from ..patience import FOUNDATION, HOME, SHELL, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import OTHER, REDEAL, Shape

PLACES = 12
P, W = 8, 8 + PLACES  # where the places and the weavers lie
Piles = tuple[tuple[Card, ...], ...]


def lay_out(cards: tuple[Card, ...], places: int) -> tuple[Piles, tuple[Card, ...]]:
    """Deal ``cards`` round places 1..``places``; a card of the place's number is a weaver."""
    piles: list[tuple[Card, ...]] = [() for _ in range(PLACES)]
    weavers = []
    for k, c in enumerate(cards):
        p = k % places
        if rank_of(c) == p + 1:
            weavers.append(c)
        else:
            piles[p] += (c,)
    return tuple(piles), tuple(weavers)


def family_for(fams: Piles, c: Card) -> int:
    """The family (0-based) that takes ``c`` now, or -1: the first of its suit's two."""
    for j in (suit_of(c), suit_of(c) + 4):
        if len(fams[j]) < 13 and next_in_suit(fams[j][-1], c, -1):
            return j
    return -1


def chain(t: Table, k: int) -> Table:
    """The weaver ``k`` (its place among the weavers) goes under its pile, and the top
    cards wander on (see above).

    Called only when no top card fits a family; a step changes one top card that was
    not a top before (the one it uncovers), so that is the only one to try.
    """
    piles = list(t.piles)
    weavers = piles[W]
    w = weavers[k]
    piles[W] = weavers[:k] + weavers[k + 1:]
    p = P + rank_of(w) - 1
    piles[p] = (w, *piles[p])
    fams = t.piles[:P]
    for _ in range(sum(len(q) for q in piles[P:W])):
        top = piles[p][-1]
        if rank_of(top) == p - P + 1:
            break
        piles[p] = piles[p][:-1]
        uncovered = piles[p][-1] if piles[p] else 0
        p = P + rank_of(top) - 1
        piles[p] = (top, *piles[p])
        if uncovered and family_for(fams, uncovered) >= 0:
            break
    return replace(t, piles=tuple(piles))


@register
class Weavers(Patience):
    description = Description(
        id="weavers", title="Weavers", book=CHENEY, lines="2827-2869", skill="chance",
        bound=400, packs=2, chance=True)  # 96 cards home, 3 x 96 weavers, 2 re-deals
    option_specs = (
        Option("redeals", 2,
               "re-deals (l.2856-2858): 2, \"again repeating the process twice\" as two more "
               "layings; 1, as two layings in all", choices=(2, 1)),
    )
    facts = (("weavers", size("weavers")), ("redeals_left", SHELL), ("in_families", HOME))
    stuck_words = "no weaver and no re-deal is left"
    redeal_takes_up = False
    gives_up = False
    redeals_option = "redeals"

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{j + 1}", FOUNDATION, f"family of {SUIT_NAMES[j % 4]} on the king",
                       "kings") for j in range(8)),
                *(Pile(f"p{i + 1}", "pile", f"place {i + 1}", "places") for i in range(PLACES)),
                Pile("weavers", "reserve", "the weavers"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        kings = sorted((c for c in cards if rank_of(c) == KING), key=lambda c: (c >> 6, c))
        piles, weavers = lay_out(tuple(c for c in cards if rank_of(c) != KING), PLACES)
        return self.table({f"f{j + 1}": (k,) for j, k in enumerate(kings)}
                          | {f"p{i + 1}": p for i, p in enumerate(piles)}
                          | {"weavers": weavers})

    def steps(self, t: Table) -> list[Step]:
        fams = t.piles[:P]
        home = [Step(f"p{i + 1}>f{j + 1}", source=P + i, target=j)
                for i, p in enumerate(t.piles[P:W]) if p and (j := family_for(fams, p[-1])) >= 0]
        if home:
            return home
        if t.piles[W]:  # a weaver's chain: twins lead to the same one
            first = {c & 63: k for k, c in reversed(list(enumerate(t.piles[W])))}
            return [Step(f"w{code(c).lower()}", OTHER, W, P + rank_of(c) - 1, at=k)
                    for k, c in enumerate(t.piles[W]) if first[c & 63] == k]
        return [Step("r", REDEAL, P)] if self.may_redeal(t) else []

    def special(self, t: Table, step: Step) -> Table:
        """A weaver's chain, or the re-deal: the places taken up in order without
        shuffling and laid out again round the places still wanted."""
        if step.kind == OTHER:
            return chain(t, step.at or 0)
        cards = tuple(c for p in t.piles[P:W] for c in p)
        piles, weavers = lay_out(cards, max((rank_of(c) for c in cards), default=1))
        return replace(t, piles=(*t.piles[:P], *piles, weavers), redeals=self.redeal_number(t))

    def shape(self, state: Table, move: Move, seat: Seat, audience: Audience) -> Shape:
        """A chain points from the weaver (named: twins are one move) to its place."""
        shape = super().shape(state, move, seat, audience)
        if shape.kind != OTHER:
            return shape
        s = self.step(state, move)
        return replace(shape, cards=(state.piles[W][s.at or 0],))

    def summary(self, state: Table, won: bool) -> str:
        return "the eight families are complete, king to ace" if won else \
            super().summary(state, won)

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == REDEAL:
            return "take up the places without shuffling and lay them out again " \
                f"{self.redeal_of(t)}"
        if s.kind == OTHER:
            w = t.piles[W][s.at or 0]
            return f"put the weaver {name(w)} under the {RANK_WORDS[rank_of(w)]}s' place " \
                "and let the top cards wander until one can go home"
        return f"play {name(t.piles[s.source][-1])} from place {s.source - P + 1} onto " \
            f"{name(t.piles[s.target][-1])}"
