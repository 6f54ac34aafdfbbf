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

from dataclasses import dataclass
from typing import Any

from ..cards import RANK_WORDS, Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone

DEAL, WANDER = Move("d"), Move("w")


@dataclass(frozen=True, slots=True)
class WanderState:
    pack: tuple[Card, ...]
    #: The thirteen piles, top last; pile i is place i + 1.
    piles: tuple[tuple[Card, ...], ...]
    #: The cards laid aside, the last laid aside on top (last).
    aside: tuple[Card, ...] = ()
    place: int = 0
    layer: int = 0
    #: The wandering card taken up from a pile, on its way to its own pile.
    hand: Card | None = None


def place_name(i: int) -> str:
    return f"the {RANK_WORDS[i + 1]} pile"


@register
class WanderingCard(SoloGame[WanderState]):
    description = Description(
        id="wandering_card", title="Wandering Card", book=CHENEY, lines="1249-1298",
        skill="chance", bound=300, chance=True)
    option_specs = (
        Option("first_layer", "kept",
               "kept: a card of the first layer stays on its place even if its number is "
               "the place's; counted: the first layer is counted like the others",
               choices=("kept", "counted")),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> WanderState:
        return WanderState(pack=pack_of(cards), piles=((),) * 13)

    def moves(self, state: WanderState) -> tuple[Move, ...]:
        if state.pack:
            return (DEAL,)
        if state.hand is not None or state.aside:
            return (WANDER,)
        return ()

    def _hits(self, state: WanderState, c: Card) -> bool:
        counted = state.layer > 0 or self.option("first_layer") == "counted"
        return counted and rank_of(c) == state.place + 1

    def play(self, state: WanderState, move: Move) -> WanderState:
        if move == DEAL:
            c, pack = state.pack[-1], state.pack[:-1]
            piles, aside = state.piles, state.aside
            if self._hits(state, c):
                aside = (*aside, c)
            else:
                piles = _with(piles, state.place, (*piles[state.place], c))
            place, layer = state.place + 1, state.layer
            if place == 13:
                place, layer = 0, layer + 1
            return WanderState(pack, piles, aside, place, layer)
        aside = state.aside
        if state.hand is None:
            c, aside = aside[-1], aside[:-1]
        else:
            c = state.hand
        i = rank_of(c) - 1
        pile = (c, *state.piles[i])
        hand: Card | None = None
        if rank_of(pile[-1]) != i + 1:
            hand, pile = pile[-1], pile[:-1]
        return WanderState(state.pack, _with(state.piles, i, pile), aside, state.place,
                           state.layer, hand)

    def won(self, state: WanderState) -> bool:
        return not state.pack and state.hand is None and not state.aside and all(
            len(p) == 4 and all(rank_of(c) == i + 1 for c in p)
            for i, p in enumerate(state.piles))

    def summary(self, state: WanderState, won: bool) -> str:
        if won:
            return "a regular succession of piles from ace to king"
        right = sum(len(p) == 4 and all(rank_of(c) == i + 1 for c in p)
                    for i, p in enumerate(state.piles))
        return f"the cards laid aside are used up with {right} of 13 piles right"

    def zones(self, state: WanderState) -> tuple[Zone, ...]:
        out = [pack_zone(state.pack)]
        out += [open_zone(f"p{i + 1}", "pile", p, f"place {i + 1}", "row")
                for i, p in enumerate(state.piles)]
        out.append(open_zone("aside", "reserve", state.aside, "cards laid aside"))
        hand = () if state.hand is None else (state.hand,)
        out.append(open_zone("hand", "hand", hand, "the wandering card"))
        return tuple(out)

    def public(self, state: WanderState) -> dict[str, Any]:
        if state.pack:
            return {"phase": "laying out", "layer": state.layer + 1,
                    "place": state.place + 1, "in_pack": len(state.pack)}
        return {"phase": "wandering", "laid_aside": len(state.aside)}

    def say(self, state: WanderState, move: Move) -> str:
        if move == DEAL:
            said = f"lay the next card on place {state.place + 1}"
            if state.layer or self.option("first_layer") == "counted":
                word = RANK_WORDS[state.place + 1]
                said += f" (aside if it is {'an' if word[0] in 'ae' else 'a'} {word})"
            return said
        if state.hand is None:
            c = state.aside[-1]
            return f"take {name(c)} from the cards laid aside and put it under " \
                f"{place_name(rank_of(c) - 1)}"
        return f"put {name(state.hand)} under {place_name(rank_of(state.hand) - 1)}"

    def why_illegal(self, state: WanderState, move: Move, seat: int) -> str:
        if state.pack:
            return "The pack is still being laid out: the move is 'd'."
        return "The move is 'w': the next card wanders to its pile."


def _with(piles: tuple[tuple[Card, ...], ...], i: int, pile: tuple[Card, ...]
          ) -> tuple[tuple[Card, ...], ...]:
    return (*piles[:i], pile, *piles[i + 1 :])
