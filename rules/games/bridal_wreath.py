"""Bridal Wreath, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2952-2991; rule sheet ``shared/games/cheney.md``,
section Bridal Wreath.

Two packs. Twenty-one cards overlapping in a wreath, the last one upright closing it
(l.2956-2963); five cards in a line on each side, the bridesmaids (l.2963-2965). "You
can take the next card as the beginning of your families, unless you prefer to wait
for an ace to appear. In forming the families you need not follow suit" (l.2966-2974).
The end card of the wreath and the bridesmaids may be played on the families
(l.2976-2979); a card dealt that has no place goes to a stock (l.2979-2981), whose top
card may fill a space among the bridesmaids (l.2981-2983). Success needs the whole
wreath used (l.2985-2986).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The families: eight, all begun on the rank of their first card and built up one at a
  time regardless of suit, going round from king to ace when they begin above the ace;
  each holds thirteen cards. Which rank begins them is the player's choice once, at the
  start (``n``: the next card, the 32nd, is turned up and begins the first family;
  ``a``: wait for aces).
- Only the end card of the wreath is free; the card under it becomes the end card when
  it is played. The wreath and the bridesmaids are never filled from the wreath.
- Dealing (``d``) turns the next card of the pack onto the stock; its top card may go
  to a family or fill a bridesmaid's space. (A card that fits a family may still be
  held back on the stock, at the player's judgement: the book advises using the wreath
  first.) No re-deal.
- Families with the same top card are alike; a card goes to the first that takes it.
- Failure: the pack is out and no card can be placed.

Legal moves, in order: ``n`` and ``a`` (the one choice at the start); ``e>f`` (the end
card of the wreath to a family), ``m<i>>f`` (bridesmaid ``i``, 1-10), ``s>f`` (the
stock's top card), ``s>m<i>`` (the stock's top card into the space of bridesmaid ``i``),
``d``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import RANK_WORDS, Card, name, rank_of
from ..common import step_rank
from ..description import CHENEY, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, split_code

DEAL, NEXT, ACES = Move("d"), Move("n"), Move("a")
WREATH, MAIDS, FAMILIES = 21, 10, 8
Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class WreathState:
    #: The wreath, the first card laid first; the last card is the free end card.
    wreath: tuple[Card, ...]
    #: The ten bridesmaids (0: a space).
    maids: tuple[Card, ...]
    pack: tuple[Card, ...]
    families: Piles = ((),) * FAMILIES
    stock: tuple[Card, ...] = ()
    #: The rank the families begin on (0: not chosen yet).
    base: int = 0


def fits(state: WreathState, c: Card) -> int:
    """The first family (0-based) that takes ``c``, or -1."""
    r = rank_of(c)
    for j, f in enumerate(state.families):
        if not f:
            if r == state.base:
                return j
        elif len(f) < 13 and step_rank(rank_of(f[-1]), 1, wrap=True) == r:
            return j
    return -1


@register
class BridalWreath(SoloGame[WreathState]):
    description = Description(
        id="bridal_wreath", title="Bridal Wreath", book=CHENEY, lines="2952-2991",
        skill="some", bound=700, packs=2)

    def layout(self, cards: tuple[Card, ...], seed: int) -> WreathState:
        return WreathState(tuple(cards[:WREATH]), tuple(cards[WREATH:WREATH + MAIDS]),
                           pack_of(cards[WREATH + MAIDS:]))

    def moves(self, state: WreathState) -> tuple[Move, ...]:
        if not state.base:
            return (NEXT, ACES)
        found = []
        if state.wreath and fits(state, state.wreath[-1]) >= 0:
            found.append(Move("e>f"))
        found += [Move(f"m{i + 1}>f") for i, c in enumerate(state.maids)
                  if c and fits(state, c) >= 0]
        if state.stock:
            if fits(state, state.stock[-1]) >= 0:
                found.append(Move("s>f"))
            found += [Move(f"s>m{i + 1}") for i, c in enumerate(state.maids) if not c]
        if state.pack:
            found.append(DEAL)
        return tuple(found)

    def play(self, state: WreathState, move: Move) -> WreathState:
        wreath, maids, pack, stock = state.wreath, state.maids, state.pack, state.stock
        if move == ACES:
            return WreathState(wreath, maids, pack, state.families, stock, 1)
        if move == NEXT:
            fams = ((pack[-1],), *state.families[1:])
            return WreathState(wreath, maids, pack[:-1], fams, stock, rank_of(pack[-1]))
        if move == DEAL:
            return WreathState(wreath, maids, pack[:-1], state.families,
                               (*stock, pack[-1]), state.base)
        src, i, dst, j = split_code(move.code)
        if src == "e":
            c, wreath = wreath[-1], wreath[:-1]
        elif src == "m":
            assert i is not None
            c, maids = maids[i - 1], replace_at(maids, i - 1, 0)
        else:
            c, stock = stock[-1], stock[:-1]
        if dst == "m":
            assert j is not None
            return WreathState(wreath, replace_at(maids, j - 1, c), pack, state.families,
                               stock, state.base)
        k = fits(state, c)
        fams = replace_at(state.families, k, (*state.families[k], c))
        return WreathState(wreath, maids, pack, fams, stock, state.base)

    def won(self, state: WreathState) -> bool:
        return all(len(f) == 13 for f in state.families)

    def summary(self, state: WreathState, won: bool) -> str:
        if won:
            return "all 104 cards in the families, and the wreath used up"
        home = sum(len(f) for f in state.families)
        return f"{home} of 104 cards in the families, {len(state.wreath)} left in the " \
            "wreath; no card can be placed"

    def zones(self, state: WreathState) -> tuple[Zone, ...]:
        out = [open_zone(f"f{j + 1}", "foundation", f, f"family {j + 1}", "families")
               for j, f in enumerate(state.families)]
        # Overlapping: every card of the wreath is seen, only the end card is free.
        out.append(open_zone("wreath", "reserve", state.wreath, "the wreath", "wreath"))
        out += [open_zone(f"m{i + 1}", "cell", (c,) if c else (), f"bridesmaid {i + 1}",
                          "left" if i < 5 else "right") for i, c in enumerate(state.maids)]
        out.append(pack_zone(state.pack))
        out.append(open_zone("stock", "waste", state.stock, "the stock"))
        return tuple(out)

    def public(self, state: WreathState) -> dict[str, Any]:
        return {"in_pack": len(state.pack), "wreath": len(state.wreath),
                "families_begin_on": RANK_WORDS[state.base] if state.base else "not chosen",
                "in_families": sum(len(f) for f in state.families)}

    def say(self, state: WreathState, move: Move) -> str:
        if move == NEXT:
            return "turn up the next card of the pack as the beginning of the families"
        if move == ACES:
            return "wait for an ace to begin the families"
        if move == DEAL:
            return "deal the next card of the pack onto the stock"
        src, i, dst, j = split_code(move.code)
        if src == "e":
            c, where = state.wreath[-1], "the end of the wreath"
        elif src == "m":
            assert i is not None
            c, where = state.maids[i - 1], f"bridesmaid {i}"
        else:
            c, where = state.stock[-1], "the stock"
        if dst == "m":
            return f"put {name(c)} from the stock in the space of bridesmaid {j}"
        f = state.families[fits(state, c)]
        onto = f"onto {name(f[-1])}" if f else "to begin a family"
        return f"play {name(c)} from {where} {onto}"
