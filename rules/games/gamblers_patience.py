"""Gambler's Patience, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2875-2912; rule sheet ``shared/games/cheney.md``,
section Gambler's Patience.

One pack. Four cards in a row, places one to four from the left (l.2879-2881). A card
of the same number as another is put on top of it, always moving from right to left,
from four towards one; suit does not matter (l.2881-2891). A space left is filled by
pushing the next cards up to it (l.2885-2887). A whole row is laid before any card is
moved (l.2889-2890); then four more cards go on the piles in the same way, until the
pack is out (l.2892-2899). Then the piles are picked up, the first face up in the left
hand and the second, third and fourth put on it, turned over and dealt again in the
same way (l.2899-2905). Four cards of one number "in a row (even if one belongs to a
lower row)" are thrown out (l.2907-2910). Success: every card thrown out (l.2910-2912).

Readings:

- Moving (the sheet's PROPOSED reading): one card at a time, the top card of a pile onto
  the top card of a pile to its left of the same number. The rightmost card that has a
  match moves first, onto the leftmost card that matches it. Moving is not optional
  ("place it on top of it"), so the game is pure chance and plays itself step by step.
- A space (PROPOSED): the piles to its right move one place left; the next row starts
  new piles in the places left empty at the right. ``spaces=wait`` leaves the space
  where it is, for the next row to fill.
- Four of a kind (PROPOSED): "in a row" is the row of the four places, so the four top
  cards of the four places, one of which may be a card of an earlier ("lower") row
  uncovered by a move. Throwing out comes before any move. The option
  ``four=stacked`` reads "in a row" as four cards of one number lying together on top
  of one pile, put there by the moves (the bottom one may be of an earlier row): under
  random play it wins about 86% of deals against about 4% (300 deals each).
- Re-deals (the sheet gives no limit; PROPOSED: unlimited): the piles are taken up in
  order and dealt again from pile one's bottom card. Play being pure chance, the game
  would go round for ever once a re-deal lays out the same cards in the same order as
  an earlier one with nothing thrown out between; the game is then lost. (The sheet
  also stops a pass that moves nothing; but the next pass lays the cards in another
  order and may move, so that pass does not doom the game, and is played on.)

Legal moves: exactly one step (or none) and ``auto``: ``x`` (throw out the four tops;
``x<i>``, the four on pile ``i``, under ``four=stacked``), ``<j>><i>`` (the top of pile
``j`` onto pile ``i``), ``d`` (lay the next row), ``r`` (pick up and deal again).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import RANK_WORDS, Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, names_of, open_zone, pack_of, pack_zone

DEAL, REDEAL, FOUR = Move("d"), Move("r"), Move("x")
WIDTH = 4
Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class GamblerState:
    #: The piles from the left (at most four), bottom to top; a space is closed up, or
    #: under ``spaces=wait`` an empty pile.
    piles: Piles
    pack: tuple[Card, ...]
    out: tuple[Card, ...] = ()
    passes: int = 0
    #: The packs laid out at the start of each pass since cards were last thrown out.
    seen: tuple[tuple[Card, ...], ...] = ()


@register
class GamblersPatience(SoloGame[GamblerState]):
    # No useful bound: how many passes go by before a laying repeats is not bounded by
    # anything small (the longest of 1,800 deals took 4,728 moves).
    description = Description(
        id="gamblers_patience", title="Gambler's Patience", book=CHENEY, lines="2875-2912",
        skill="chance", bound=None, chance=True)
    option_specs = (
        Option("four", "tops",
               "tops: the four top cards of the four places, of one number, are thrown "
               "out; stacked: four cards of one number together on top of one pile",
               choices=("tops", "stacked")),
        Option("spaces", "close",
               "close: the piles right of a space move up to it; wait: the space stays for "
               "the next row", choices=("close", "wait")),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> GamblerState:
        pack = pack_of(cards)
        return GamblerState((), pack, seen=(pack,))

    def step(self, state: GamblerState) -> Move | None:
        """The one move of this position, or ``None``."""
        piles = state.piles
        if self.option("four") == "tops":
            if len(piles) == WIDTH and all(piles) and \
                    len({rank_of(p[-1]) for p in piles}) == 1:
                return FOUR
        else:
            for i, p in enumerate(piles):
                if len(p) >= 4 and len({rank_of(c) for c in p[-4:]}) == 1:
                    return Move(f"x{i + 1}")
        for j in range(len(piles) - 1, 0, -1):
            if not piles[j]:
                continue
            r = rank_of(piles[j][-1])
            for i in range(j):
                if piles[i] and rank_of(piles[i][-1]) == r:
                    return Move(f"{j + 1}>{i + 1}")
        if state.pack:
            return DEAL
        if self.regather(state) in state.seen:
            return None
        return REDEAL

    def moves(self, state: GamblerState) -> tuple[Move, ...]:
        m = self.step(state)
        return () if m is None else (m,)

    @staticmethod
    def regather(state: GamblerState) -> tuple[Card, ...]:
        """The pack after picking up the piles: pile 1's bottom card is dealt first."""
        return pack_of([c for p in state.piles for c in p])

    def play(self, state: GamblerState, move: Move) -> GamblerState:
        piles = list(state.piles)
        if move == DEAL:
            row = state.pack[-WIDTH:][::-1]
            for k, c in enumerate(row):
                if k < len(piles):
                    piles[k] += (c,)
                else:
                    piles.append((c,))
            return GamblerState(tuple(piles), state.pack[:-len(row)], state.out,
                                state.passes, state.seen)
        if move == REDEAL:
            pack = self.regather(state)
            return GamblerState((), pack, state.out, state.passes + 1, (*state.seen, pack))
        out, seen = state.out, state.seen
        if move == FOUR:
            out += tuple(p[-1] for p in piles)
            piles = [p[:-1] for p in piles]
            seen = ()
        elif move.code[0] == "x":
            i = int(move.code[1:]) - 1
            out += piles[i][-4:]
            piles[i] = piles[i][:-4]
            seen = ()
        else:
            j, i = (int(t) - 1 for t in move.code.split(">"))
            piles[i] += (piles[j][-1],)
            piles[j] = piles[j][:-1]
        if self.option("spaces") == "close":
            piles = [p for p in piles if p]
        return GamblerState(tuple(piles), state.pack, out, state.passes, seen)

    def won(self, state: GamblerState) -> bool:
        return len(state.out) == 52

    def summary(self, state: GamblerState, won: bool) -> str:
        if won:
            return "every card is thrown out"
        left = sum(len(p) for p in state.piles) + len(state.pack)
        return f"{left} cards are left; dealt again, they would only go round in a circle"

    def zones(self, state: GamblerState) -> tuple[Zone, ...]:
        out = [open_zone(f"p{i + 1}", "pile", state.piles[i] if i < len(state.piles) else (),
                         f"place {i + 1}", "row") for i in range(WIDTH)]
        out.append(pack_zone(state.pack))
        out.append(open_zone("out", "discard", state.out, "thrown out"))
        return tuple(out)

    def public(self, state: GamblerState) -> dict[str, Any]:
        return {"in_pack": len(state.pack), "thrown_out": len(state.out),
                "pass": state.passes + 1}

    def say(self, state: GamblerState, move: Move) -> str:
        if move == DEAL:
            return "lay the next row of four"
        if move == REDEAL:
            return "pick up the piles, turn them over and deal them out again"
        if move == FOUR:
            cards = [p[-1] for p in state.piles]
            return f"throw out the four {RANK_WORDS[rank_of(cards[0])]}s: {names_of(cards)}"
        if move.code[0] == "x":
            cards = list(state.piles[int(move.code[1:]) - 1][-4:])
            return f"throw out the four {RANK_WORDS[rank_of(cards[0])]}s: {names_of(cards)}"
        j, i = (int(t) for t in move.code.split(">"))
        return f"put {name(state.piles[j - 1][-1])} from place {j} on " \
            f"{name(state.piles[i - 1][-1])} in place {i}"
