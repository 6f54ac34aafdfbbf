"""The Flower Garden, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.3036-3075; rule sheet ``shared/games/cheney.md``,
section The Flower Garden.

One pack. Six groups of six cards, face up and fanned so that all are seen: the
Garden, whose top cards are available (l.3040-3048). The other sixteen cards, kept in
the hand, are the Bouquet, every card of it available (l.3050-3052). The aces, from the
Bouquet or the table, begin families built up in suit (l.3054-3061). Marriages in the
Garden put a lower card on a higher, of any suit; any number of cards may be moved at
once if the lower card of the sequence is next in order to the card it goes on
(l.3063-3069). Bouquet cards may make marriages or go to the families (l.3069-3071). A
group emptied may be filled with any top card or sequence of the Garden, or any card
"from the stock" (l.3071-3075).

Readings (the sheet's PROPOSED readings unless said otherwise):

- A marriage puts a card on one a single rank higher (no wrap), any suit. A sequence
  is the run at the top of a group each one lower than the card under it; any number of
  its top cards may move onto a top card one higher than the lowest-lying of them.
- A space takes any card of the Bouquet ("any from the stock": the game has no other
  stock), or any top card or sequence of the Garden (not a whole group: that changes
  nothing). Cards never go back to the Bouquet. Won with the four families complete
  (implied); lost when no move is left.
- Play must end: ``end`` (give up) is offered beside the other moves, and a move from
  group to group may not bring the Garden back to an arrangement it has had since a
  card last came to it from the Bouquet or left it for the families (only undo does
  that; it also means cards are never put straight back).

Legal moves, in order: ``g<i>>f`` (the top of group ``i`` to its family), ``b<card>>f``
(a Bouquet card, ``b7h>f``), ``g<i>>g<j>`` and ``g<i>.<n>>g<j>`` (the top card, or the
top ``n`` cards, of group ``i`` onto group ``j``), ``b<card>>g<j>``, ``end``. Groups are
numbered 1-6; Bouquet cards are listed in suit and rank order.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import SUIT_NAMES, Card, code, name, parse, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import open_zone, replace_at, with_end
from ._columns import ColumnGame, safe_home
from .reversible_sequences import moved

GROUPS, SIZE = 6, 6
Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class GardenState:
    groups: Piles
    #: The Bouquet, sorted.
    bouquet: tuple[Card, ...]
    #: The families of spades, hearts, diamonds, clubs.
    families: Piles = ((),) * 4
    #: The arrangements the groups have had since a card last came to them from the
    #: Bouquet or left them for the families.
    seen: frozenset[Piles] = frozenset()
    given_up: bool = False


def run_length(group: tuple[Card, ...]) -> int:
    """How many cards at the top of ``group`` descend one rank at a time."""
    n = 1 if group else 0
    while n < len(group) and rank_of(group[-n - 1]) == rank_of(group[-n]) + 1:
        n += 1
    return n


def _one_lower(c: Card, onto: Card) -> bool:
    """``c`` may be married onto ``onto`` (one lower, any suit)."""
    return rank_of(onto) == rank_of(c) + 1


def goes_home(fams: Piles, c: Card) -> bool:
    return len(fams[suit_of(c)]) == rank_of(c) - 1


@register
class FlowerGarden(ColumnGame[GardenState]):
    description = Description(
        id="flower_garden", title="The Flower Garden", book=CHENEY, lines="3036-3075",
        skill="much", bound=None)

    def layout(self, cards: tuple[Card, ...], seed: int) -> GardenState:
        groups = tuple(tuple(cards[g * SIZE:(g + 1) * SIZE]) for g in range(GROUPS))
        return GardenState(groups, tuple(sorted(cards[GROUPS * SIZE:])))

    def moves(self, state: GardenState) -> tuple[Move, ...]:
        gs, fams = state.groups, state.families
        found = [Move(f"g{i + 1}>f") for i, g in enumerate(gs) if g and goes_home(fams, g[-1])]
        found += [Move(f"b{code(c).lower()}>f") for c in state.bouquet if goes_home(fams, c)]
        tops: dict[int, list[int]] = {}  # rank -> the groups showing it on top
        for j, g in enumerate(gs):
            if g:
                tops.setdefault(rank_of(g[-1]), []).append(j)
        spaces = [j for j, g in enumerate(gs) if not g]
        for i, g in enumerate(gs):
            if not g:
                continue
            run = run_length(g)
            for n in range(1, run + 1):
                c = g[-n]
                dsts = sorted([*tops.get(rank_of(c) + 1, ()),
                               *(spaces if n < len(g) else ())])
                for j in dsts:
                    if not (state.seen and moved(gs, i, n, j) in state.seen):
                        found.append(Move(f"g{i + 1}>g{j + 1}" if n == 1 else
                                          f"g{i + 1}.{n}>g{j + 1}"))
        for c in state.bouquet:
            for j in sorted([*tops.get(rank_of(c) + 1, ()), *spaces]):
                found.append(Move(f"b{code(c).lower()}>g{j + 1}"))
        return with_end(found)

    def family_safe(self, state: GardenState) -> tuple[Move, ...]:
        """A group's top or a Bouquet card to its family when no card one lower (of any
        suit: marriages here take any suit) is still off the families
        (:func:`._columns.safe_home`). The rule against bringing the Garden back to an
        arrangement it has had changes nothing: a line that would repeat one without
        the card can leave out the moves in between."""
        cands = [(f"g{i + 1}>f", g[-1]) for i, g in enumerate(state.groups) if g]
        cands += [(f"b{code(c).lower()}>f", c) for c in state.bouquet]
        return safe_home(self.legal_moves(state, 0), cands, self.pack(), state.families,
                         _one_lower)

    def play(self, state: GardenState, move: Move) -> GardenState:
        src, dst = move.code.split(">")
        gs, bouquet = state.groups, state.bouquet
        if src[0] == "g" and dst[0] == "g":
            i, _, n = src[1:].partition(".")
            after = moved(gs, int(i) - 1, int(n or 1), int(dst[1:]) - 1)
            return replace(state, groups=after, seen=state.seen | {gs, after})
        if src[0] == "b":
            c = parse(src[1:])
            moving: tuple[Card, ...] = (c,)
            bouquet = tuple(x for x in bouquet if x != c)
        else:
            i, _, n = src[1:].partition(".")
            k, count = int(i) - 1, int(n or 1)
            moving = gs[k][-count:]
            gs = replace_at(gs, k, gs[k][:-count])
        if dst == "f":
            s = suit_of(moving[0])
            return GardenState(gs, bouquet, replace_at(state.families, s,
                                                       (*state.families[s], moving[0])))
        j = int(dst[1:]) - 1
        return GardenState(replace_at(gs, j, gs[j] + moving), bouquet, state.families)

    def zones(self, state: GardenState) -> tuple[Zone, ...]:
        out = [open_zone(f"f{s + 1}", "foundation", f, f"family of {SUIT_NAMES[s]}",
                         "families") for s, f in enumerate(state.families)]
        out += [open_zone(f"g{i + 1}", "pile", g, f"group {i + 1}", "garden")
                for i, g in enumerate(state.groups)]
        out.append(open_zone("bouquet", "hand", state.bouquet, "the Bouquet"))
        return tuple(out)

    def public(self, state: GardenState) -> dict[str, Any]:
        return {"bouquet": len(state.bouquet),
                "in_families": sum(len(f) for f in state.families)}

    def say(self, state: GardenState, move: Move) -> str:
        src, dst = move.code.split(">")
        if src[0] == "b":
            moving: tuple[Card, ...] = (parse(src[1:]),)
            where = "from the Bouquet"
        else:
            i, _, n = src[1:].partition(".")
            moving = state.groups[int(i) - 1][-int(n or 1):]
            where = f"from group {i}"
        what = name(moving[0]) if len(moving) == 1 else \
            f"{name(moving[0])} to {name(moving[-1])}"
        if dst == "f":
            return f"play {what} {where} to the family of {SUIT_NAMES[suit_of(moving[0])]}"
        j = int(dst[1:])
        g = state.groups[j - 1]
        if not g:
            return f"put {what} {where} into the empty group {j}"
        return f"marry {what} {where} onto {name(g[-1])} in group {j}"
