"""Wandering Card, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1249-1298; rule sheet ``shared/games/cheney.md``,
section Wandering Card.

Thirteen cards face up in a row, the places one to thirteen (l.1260-1261). Three more
layers go on top, counting the places as they are laid; a card whose number is that of
its place is laid aside, and the next card goes to the next place (l.1261-1276). Then the
top card laid aside goes under the pile of its number, that pile's top card under the
pile of *its* number, and so on until the top card of the pile just fed is already in its
right place; then the next card laid aside, as long as there is one (l.1278-1289).
Success: thirteen piles, ace to king, each of the four cards of its number (l.1254-1258,
1290-1295).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The first layer is not counted (amb. 1): the counting begins with "another layer"
  (l.1262-1264). ``first_layer=counted`` counts it too.
- After a card is laid aside the next card goes to the next place (amb. 2), so a place
  where a card was laid aside has one card fewer.
- The cards laid aside are a stack: the last laid aside is used first (amb. 3).
- "until you come to one which is already in its right place" (amb. 4): the top card of
  the pile that has just received a card has that pile's number. Cards under it stay.
- Failure: the cards laid aside are used up and some pile is not four of its number.

The game is pure chance, played a card at a time: ``d`` lays the next card of the pack
(on its place, or aside), ``w`` moves one card (from the cards laid aside, or the card in
hand) under its pile and takes up that pile's top card unless it is in its right place.
Legal moves, in order: ``d`` while the pack lasts, else ``w``; then ``auto``.
"""

from __future__ import annotations

from typing import Any

from ..cards import RANK_WORDS, Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import DOWN, Patience, Pile, Step, Table
from ..registry import register
from ..shape import DEAL

PACK, P, ASIDE, HAND = 0, 1, 14, 15  # the pack, the thirteen places, aside, in hand


def place_name(i: int) -> str:
    return f"the {RANK_WORDS[i + 1]} pile"


def right(t: Table) -> int:
    """How many places hold four cards of their number."""
    return sum(len(p) == 4 and all(rank_of(c) == i + 1 for c in p)
               for i, p in enumerate(t.piles[P:ASIDE]))


@register
class WanderingCard(Patience):
    description = Description(
        id="wandering_card", title="Wandering Card", book=CHENEY, lines="1249-1298",
        skill="chance", bound=300, chance=True)
    option_specs = (
        Option("first_layer", "kept",
               "kept: a card of the first layer stays on its place even if its number is "
               "the place's; counted: the first layer is counted like the others",
               choices=("kept", "counted")),
    )
    #: The place the next card is laid on (0-based) and the layer being laid.
    marks = ("place", "layer")
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (Pile("pack", "stock", "the pack", face=DOWN),
                *(Pile(f"p{i + 1}", "pile", f"place {i + 1}", "row") for i in range(13)),
                Pile("aside", "reserve", "cards laid aside"),
                Pile("hand", "hand", "the wandering card"))

    def _hits(self, t: Table, c: Card) -> bool:
        counted = self.mark(t, "layer") > 0 or self.option("first_layer") == "counted"
        return counted and rank_of(c) == self.mark(t, "place") + 1

    def steps(self, t: Table) -> list[Step]:
        pack = t.piles[PACK]
        if pack:  # on its place, or aside: where the card says, which the step may not
            return [Step("d", DEAL, PACK)]  # tell before it is turned
        src = HAND if t.piles[HAND] else ASIDE
        if t.piles[src]:  # the card goes under the pile of its number
            return [Step("w", source=src, target=P + rank_of(t.piles[src][-1]) - 1, under=True)]
        return []

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        if s.kind == DEAL:
            place, layer = self.mark(state, "place"), self.mark(state, "layer")
            to = ASIDE if self._hits(state, state.piles[PACK][-1]) else P + place
            after = self.carry(state, Step("d", DEAL, PACK, to))
            place += 1
            if place == 13:
                place, layer = 0, layer + 1
            return self.marked(after, place=place, layer=layer)
        after = super().play(state, move)
        pile = after.piles[s.target]
        if rank_of(pile[-1]) != s.target - P + 1:  # its top card wanders on
            return self.carry(after, Step("", source=s.target, target=HAND))
        return after

    def won(self, state: Table) -> bool:
        return not state.piles[PACK] and not state.piles[HAND] and \
            not state.piles[ASIDE] and right(state) == 13

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "a regular succession of piles from ace to king"
        return f"the cards laid aside are used up with {right(state)} of 13 piles right"

    def public(self, state: Table) -> dict[str, Any]:
        if state.piles[PACK]:
            return {"phase": "laying out", "layer": self.mark(state, "layer") + 1,
                    "place": self.mark(state, "place") + 1, "in_pack": len(state.piles[PACK])}
        return {"phase": "wandering", "laid_aside": len(state.piles[ASIDE])}

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            place = self.mark(state, "place")
            said = f"lay the next card on place {place + 1}"
            if self.mark(state, "layer") or self.option("first_layer") == "counted":
                word = RANK_WORDS[place + 1]
                said += f" (aside if it is {'an' if word[0] in 'ae' else 'a'} {word})"
            return said
        hand = state.piles[HAND]
        if not hand:
            c = state.piles[ASIDE][-1]
            return f"take {name(c)} from the cards laid aside and put it under " \
                f"{place_name(rank_of(c) - 1)}"
        return f"put {name(hand[-1])} under {place_name(rank_of(hand[-1]) - 1)}"

    def why_illegal(self, state: Table, move: Move, seat: int) -> str:
        if state.piles[PACK]:
            return "The pack is still being laid out: the move is 'd'."
        return "The move is 'w': the next card wanders to its pile."
