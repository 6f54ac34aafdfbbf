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

from dataclasses import dataclass
from typing import Any

from ..cards import KING, RANK_WORDS, SUIT_NAMES, Card, code, name, parse, rank_of, suit_of
from ..common import next_in_suit
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, replace_at, split_code

REDEAL = Move("r")
PLACES = 12
Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class WeaversState:
    #: Eight families on the kings (spades, hearts, diamonds, clubs, then the twins).
    families: Piles
    #: The twelve places, bottom to top (a place no longer needed stays empty).
    piles: Piles
    #: Weavers laid aside, in the order they were laid aside.
    weavers: tuple[Card, ...]
    redeals: int = 0


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


def homeward(state: WeaversState) -> list[tuple[int, int]]:
    """(place, family) for every top card that fits a family, places in order."""
    out = []
    for i, p in enumerate(state.piles):
        if p:
            j = family_for(state.families, p[-1])
            if j >= 0:
                out.append((i, j))
    return out


def chain(state: WeaversState, w: Card) -> WeaversState:
    """The weaver ``w`` goes under its pile, and the top cards wander on (see above).

    Called only when no top card fits a family; a step changes one top card that was
    not a top before (the one it uncovers), so that is the only one to try.
    """
    piles = list(state.piles)
    weavers = list(state.weavers)
    weavers.remove(w)
    p = rank_of(w) - 1
    piles[p] = (w, *piles[p])
    fams = state.families
    for _ in range(sum(len(q) for q in piles)):
        top = piles[p][-1]
        if rank_of(top) == p + 1:
            break
        piles[p] = piles[p][:-1]
        uncovered = piles[p][-1] if piles[p] else 0
        p = rank_of(top) - 1
        piles[p] = (top, *piles[p])
        if uncovered and family_for(fams, uncovered) >= 0:
            break
    return WeaversState(fams, tuple(piles), tuple(weavers), state.redeals)


@register
class Weavers(SoloGame[WeaversState]):
    description = Description(
        id="weavers", title="Weavers", book=CHENEY, lines="2827-2869", skill="chance",
        bound=400, packs=2, chance=True)  # 96 cards home, 3 x 96 weavers, 2 re-deals
    option_specs = (
        Option("redeals", 2,
               "re-deals (l.2856-2858): 2, \"again repeating the process twice\" as two more "
               "layings; 1, as two layings in all", choices=(2, 1)),
    )

    def max_redeals(self) -> int:
        return int(self.option("redeals"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> WeaversState:
        kings = sorted((c for c in cards if rank_of(c) == KING), key=lambda c: (c >> 6, c))
        rest = tuple(c for c in cards if rank_of(c) != KING)
        piles, weavers = lay_out(rest, PLACES)
        return WeaversState(tuple((k,) for k in kings), piles, weavers)

    def moves(self, state: WeaversState) -> tuple[Move, ...]:
        home = homeward(state)
        if home:
            return tuple(Move(f"p{i + 1}>f{j + 1}") for i, j in home)
        if state.weavers:
            seen: list[Card] = []
            for w in state.weavers:
                if w & 63 not in seen:  # twins lead to the same chain
                    seen.append(w & 63)
            return tuple(Move(f"w{code(c).lower()}") for c in seen)
        if self.may_redeal(state):
            return (REDEAL,)
        return ()

    def play(self, state: WeaversState, move: Move) -> WeaversState:
        if move == REDEAL:
            cards = tuple(c for p in state.piles for c in p)
            wanted = max((rank_of(c) for c in cards), default=1)
            piles, weavers = lay_out(cards, wanted)
            return WeaversState(state.families, piles, weavers, self.redeal_number(state))
        if move.code[0] == "w":
            w = parse(move.code[1:])
            return chain(state, next(c for c in state.weavers if c & 63 == w))
        _, i, _, j = split_code(move.code)
        assert i is not None and j is not None
        c = state.piles[i - 1][-1]
        fams = replace_at(state.families, j - 1, (*state.families[j - 1], c))
        piles = replace_at(state.piles, i - 1, state.piles[i - 1][:-1])
        return WeaversState(fams, piles, state.weavers, state.redeals)

    def won(self, state: WeaversState) -> bool:
        return all(len(f) == 13 for f in state.families)

    def summary(self, state: WeaversState, won: bool) -> str:
        home = sum(len(f) for f in state.families)
        if won:
            return "the eight families are complete, king to ace"
        return f"{home} of 104 cards in the families; no weaver and no re-deal is left"

    def zones(self, state: WeaversState) -> tuple[Zone, ...]:
        out = [open_zone(f"f{j + 1}", "foundation", f,
                         f"family of {SUIT_NAMES[j % 4]} on the king", "kings")
               for j, f in enumerate(state.families)]
        out += [open_zone(f"p{i + 1}", "pile", p, f"place {i + 1}", "places")
                for i, p in enumerate(state.piles)]
        out.append(open_zone("weavers", "reserve", state.weavers, "the weavers"))
        return tuple(out)

    def public(self, state: WeaversState) -> dict[str, Any]:
        return {"weavers": len(state.weavers), **self.redeal_facts(state),
                "in_families": sum(len(f) for f in state.families)}

    def say(self, state: WeaversState, move: Move) -> str:
        if move == REDEAL:
            return "take up the places without shuffling and lay them out again " \
                f"{self.redeal_of(state)}"
        if move.code[0] == "w":
            w = next(c for c in state.weavers if c & 63 == parse(move.code[1:]))
            return f"put the weaver {name(w)} under the {RANK_WORDS[rank_of(w)]}s' place " \
                "and let the top cards wander until one can go home"
        _, i, _, j = split_code(move.code)
        assert i is not None and j is not None
        c = state.piles[i - 1][-1]
        return f"play {name(c)} from place {i} onto {name(state.families[j - 1][-1])}"
