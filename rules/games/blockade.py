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
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import Card, name
from ..description import CHENEY, Description
from ..families import (
    DEAL,
    EMPTY8,
    NO_CARD,
    AceKingGame,
    Families,
    add,
    family_name,
    family_plays,
    family_targets,
    home,
)
from ..game import Move, Zone
from ..registry import register
from ..solo import pack_of, pack_zone, replace_at, split_code

WIDTH = 10
SPACE = NO_CARD


@dataclass(frozen=True, slots=True)
class BlockadeState:
    families: Families
    #: The places laid so far, in reading order (rows of ten); ``SPACE`` where empty.
    rows: tuple[Card, ...]
    #: The pack, bottom to top: the last card is dealt next.
    pack: tuple[Card, ...]
    #: The privileges used (the solo shell's count: ``draw``, once).
    privileges_used: tuple[str, ...] = ()


def is_free(rows: tuple[Card, ...], i: int) -> bool:
    """Whether the card at place ``i`` can be used: no card above it, or none below."""
    above = rows[i - WIDTH] if i >= WIDTH else SPACE
    below = rows[i + WIDTH] if i + WIDTH < len(rows) else SPACE
    return above == SPACE or below == SPACE


def deal_one(state: BlockadeState) -> BlockadeState:
    c, pack = state.pack[-1], state.pack[:-1]
    targets = family_targets(state.families, c)
    if targets:
        return replace(state, pack=pack, families=add(state.families, targets[0], c))
    rows = state.rows
    try:
        i = rows.index(SPACE)
    except ValueError:
        return replace(state, pack=pack, rows=(*rows, c))
    return replace(state, pack=pack, rows=replace_at(rows, i, c))


@register
class Blockade(AceKingGame[BlockadeState]):
    description = Description(
        id="blockade", title="Blockade", book=CHENEY, lines="1389-1422", skill="chance",
        bound=500, packs=2, chance=True, layout="grid")
    privileges_allowed: ClassVar[Mapping[str, int]] = {"draw": 1}

    def layout(self, cards: tuple[Card, ...], seed: int) -> BlockadeState:
        st = BlockadeState(EMPTY8, (), pack_of(cards))
        while st.pack and len(st.rows) < WIDTH:
            st = deal_one(st)
        return st

    def _plays(self, state: BlockadeState, free: bool, prefix: str) -> list[Move]:
        rows = state.rows
        return family_plays(state.families, prefix,
                            [c if is_free(rows, i) == free else SPACE
                             for i, c in enumerate(rows)])

    def moves(self, state: BlockadeState) -> tuple[Move, ...]:
        out = self._plays(state, True, "c")
        if state.pack:
            out.append(DEAL)
        elif not out and self.may_use_privilege(state):
            out = self._plays(state, False, "x")
        return tuple(out)

    def play(self, state: BlockadeState, move: Move) -> BlockadeState:
        if move == DEAL:
            return deal_one(state)
        src, i, _, j = split_code(move.code)
        assert i is not None and j is not None
        c = state.rows[i - 1]
        st = replace(state, rows=replace_at(state.rows, i - 1, SPACE),
                     families=add(state.families, j - 1, c))
        return replace(st, privileges_used=self.use_privilege(st)) if src == "x" else st

    def table_zones(self, state: BlockadeState) -> list[Zone]:
        zs = [Zone(f"c{i + 1}", "cell", (c,) if c else (), 1,
                   label=f"row {i // WIDTH + 1}, place {i % WIDTH + 1}",
                   group=f"row{i // WIDTH + 1}")
              for i, c in enumerate(state.rows)]
        return [*zs, pack_zone(state.pack)]

    def facts(self, state: BlockadeState) -> dict[str, Any]:
        rows = state.rows
        return {
            "rows": (len(rows) + WIDTH - 1) // WIDTH,
            "blockaded": [i + 1 for i, c in enumerate(rows) if c and not is_free(rows, i)],
            **self.privilege_facts(state),
        }

    def say(self, state: BlockadeState, move: Move) -> str:
        if move == DEAL:
            return "deal the next card of the pack"
        src, i, _, j = split_code(move.code)
        assert i is not None and j is not None
        c = name(state.rows[i - 1])
        where = f"row {(i - 1) // WIDTH + 1}, place {(i - 1) % WIDTH + 1}"
        if src == "x":
            return f"draw the blockaded {c} ({where}) and play it on {family_name(j - 1)}"
        return f"play {c} ({where}) on {family_name(j - 1)}"

    def narrate(self, before: BlockadeState, move: Move, after: BlockadeState) -> str:
        if move == DEAL:
            c = name(before.pack[-1])
            if home(after.families) > home(before.families):
                return f"deal {c}; it goes to its family"
            rows = before.rows
            i = rows.index(SPACE) if SPACE in rows else len(rows)
            return f"deal {c} to row {i // WIDTH + 1}, place {i % WIDTH + 1}"
        return self.describe(before, move)

    def why_illegal(self, state: BlockadeState, move: Move, seat: int) -> str:
        if move.code.startswith("x"):
            if not self.may_use_privilege(state):
                return "The one draw has been used."
            return "A card may be drawn only when the pack is out and no free card fits."
        if move.code.startswith("c"):
            return "That card is blockaded, or does not fit that family."
        return super().why_illegal(state, move, seat)
