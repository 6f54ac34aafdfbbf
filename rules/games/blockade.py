"""Blockade, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1389-1422 (pp. 58-59); rule sheet
``shared/games/cheney.md``, section Blockade, whose ambiguities are cited below.

Two packs. Cards are laid face up in rows of ten (l.1393); the kings and aces go to two
columns at the left as they appear (l.1394-1396), and the families are built up from the
aces and down from the kings, following suit (l.1396-1400). Rows are laid one below
another, "using all cards that can be placed in their order upon the kings and aces"
(l.1400-1403). Only the cards of the top and bottom row and those with a space above or
below them may be used; a card with cards both above and below it is *blockaded*
(l.1403-1415). Spaces are filled "in regular order with cards from the pack"
(l.1415-1417). When the pack is out and no free card fits, one card may be drawn
(l.1417-1422).

Readings (the sheet's PROPOSED readings unless said otherwise):

- Bases: the first ace and the first king of each suit start the families; the second
  ace and king of a suit are ordinary cards that end the opposite family.
- A dealt card that fits a family goes to it at once (amb. 1: "using all cards that can
  be placed"); if it fits both families of its suit it goes to the ascending one (a
  convention: the text is silent). Cards already on the table are played by the player,
  at any time, in any order.
- "regular order" (l.1416): a dealt card that does not go to a family fills the first
  space in reading order (top row first, left to right), and when there is none it takes
  the next new place of the bottom row.
- Freedom is judged per column (amb. 2): a card is free unless there is a card directly
  above it and a card directly below it. So every card of the top row is free, and in a
  bottom row only partly laid, the card of the row above is free in the columns the new
  row has not reached. Refilling a space may blockade cards again (amb. 3).
- The first row: ``layout`` lays cards until the top row holds ten (aces, kings and cards
  that fit going to the families); there is no choice before it is full.
- The draw (l.1417-1422): once a game (``draw``, counted by the solo shell), only when
  the pack is out and no free card fits a family: any blockaded card that fits a family
  may be played.

Moves, in this order: ``c<i>>f<j>`` (the free card of place ``i``, numbered in reading
order from 1, to family ``j``: ``f1``-``f4`` the aces of spades, hearts, diamonds,
clubs, ``f5``-``f8`` the kings), ``d`` (deal the next card of the pack), ``x<i>>f<j>``
(the draw), then ``auto`` (the sheet calls the game one of chance: play the first move
again and again to the end). Every move puts a card in a family or uses up a card of the
pack, and the draw is used once, so every game ends; it is lost when no move is left.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from .. import packets, places
from ..cards import Card, name
from ..description import CHENEY, Description
from ..families import family_name, family_targets
from ..game import Move
from ..patience import DOWN, HOME, Patience, Pile, Step, Table
from ..registry import register
from ..shape import DEAL

WIDTH = 10
#: Places enough for every card not in the families (the table grows row by row).
PLACES = 104
F, C, PACK = 0, 8, 8 + PLACES  # where the families, the places and the pack lie


def is_free(rows: tuple[tuple[Card, ...], ...], i: int) -> bool:
    """Whether the card at place ``i`` of the laid ``rows`` can be used: no card above
    it, or none below."""
    above = rows[i - WIDTH] if i >= WIDTH else ()
    below = rows[i + WIDTH] if i + WIDTH < len(rows) else ()
    return not above or not below


@register
class Blockade(Patience):
    description = Description(
        id="blockade", title="Blockade", book=CHENEY, lines="1389-1422", skill="chance",
        bound=500, packs=2, chance=True, layout="grid")
    privileges_allowed: ClassVar[Mapping[str, int]] = {"draw": 1}
    #: How many places are laid (a place emptied stays on the table as a space).
    marks = ("laid",)
    offers_end = packets.no_end

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{i + 1}", "foundation", family_name(i), "aces" if i < 4 else "kings")
                  for i in range(8)),
                *(Pile(f"c{i + 1}", places.CELL, f"row {i // WIDTH + 1}, place {i % WIDTH + 1}",
                       f"row{i // WIDTH + 1}", empty_up=1) for i in range(PLACES)),
                Pile("pack", "stock", "the pack", face=DOWN))

    def laid(self, t: Table, i: int) -> bool:
        return not C <= i < PACK or i - C < self.mark(t, "laid")

    def rows(self, t: Table) -> tuple[tuple[Card, ...], ...]:
        """The places laid so far, in reading order (an empty one a space)."""
        return t.piles[C:C + self.mark(t, "laid")]

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        t = self.table({"pack": cards[::-1]})
        while t.piles[PACK] and self.mark(t, "laid") < WIDTH:
            t = self.play(t, Move("d"))
        return t

    def _deal_step(self, t: Table) -> Step:
        """The next card to the first family it fits, else the first space, else a new
        place."""
        targets = family_targets(self.families(t), t.piles[PACK][-1])
        if targets:
            return Step("d", DEAL, PACK, targets[0], by_card=True)
        rows = self.rows(t)
        return Step("d", DEAL, PACK, C + (rows.index(()) if () in rows else len(rows)),
                    by_card=True)

    def _plays(self, t: Table, free: bool, prefix: str) -> list[Step]:
        rows, fams = self.rows(t), self.families(t)
        return [Step(f"{prefix}{i + 1}>f{j + 1}", source=C + i, target=j,
                     uses="" if free else "draw")
                for i, p in enumerate(rows) if p and is_free(rows, i) == free
                for j in family_targets(fams, p[-1])]

    def steps(self, t: Table) -> list[Step]:
        out = self._plays(t, True, "c")
        if t.piles[PACK]:
            out.append(self._deal_step(t))
        elif not out and self.may_use_privilege(t):
            out = self._plays(t, False, "x")
        return out

    def play(self, state: Table, move: Move) -> Table:
        if move.code != "d":
            return super().play(state, move)
        s = self._deal_step(state)
        after = self.carry(state, s)
        laid = max(self.mark(state, "laid"), s.target - C + 1)
        return self.marked(after, laid=laid)

    def public(self, state: Table) -> dict[str, Any]:
        rows = self.rows(state)
        return {"pack": len(state.piles[PACK]), "rows": (len(rows) + WIDTH - 1) // WIDTH,
                "blockaded": [i + 1 for i, p in enumerate(rows) if p and not is_free(rows, i)],
                **self.privilege_facts(state), "in_families": HOME(self, state)}

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            return "deal the next card of the pack"
        s = self.step(state, move)
        i = s.source - C
        c = name(state.piles[s.source][-1])
        where = f"row {i // WIDTH + 1}, place {i % WIDTH + 1}"
        if s.uses:
            return f"draw the blockaded {c} ({where}) and play it on {family_name(s.target)}"
        return f"play {c} ({where}) on {family_name(s.target)}"

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code == "d":
            s = self.step(before, move)
            c = name(before.piles[PACK][-1])
            if s.target < C:
                return f"deal {c}; it goes to its family"
            i = s.target - C
            return f"deal {c} to row {i // WIDTH + 1}, place {i % WIDTH + 1}"
        return self.describe(before, move)

    def why_illegal(self, state: Table, move: Move, seat: int) -> str:
        if move.code.startswith("x"):
            if not self.may_use_privilege(state):
                return "The one draw has been used."
            return "A card may be drawn only when the pack is out and no free card fits."
        if move.code.startswith("c"):
            return "That card is blockaded, or does not fit that family."
        return super().why_illegal(state, move, seat)
