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

from dataclasses import replace

from ..cards import RANK_WORDS, Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..history import remember, seen
from ..patience import DISCARD, DOWN, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, MOVE, PAIR, REDEAL
from ..solo import names_of

WIDTH = 4
PACK, OUT = WIDTH, WIDTH + 1  # where the pack and the cards thrown out lie


def passes(game: Patience, t: Table) -> int:
    """The pass under way (1 for the first): each re-deal begins one."""
    return t.redeals + 1


@register
class GamblersPatience(Patience):
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
    facts = (("in_pack", size("pack")), ("thrown_out", size("out")), ("pass", passes))
    #: Won when every card is thrown out.
    home_kinds = (DISCARD,)
    redeal_takes_up = False
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"p{i + 1}", "pile", f"place {i + 1}", "row") for i in range(WIDTH)),
                Pile("pack", "stock", "the pack", face=DOWN), Pile("out", DISCARD, "thrown out"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        t = self.table({"pack": cards[::-1]})
        return remember(t, frozenset({(t.piles[PACK],)}))

    def steps(self, t: Table) -> list[Step]:
        """The one move of this position (moving is not optional), or none."""
        piles = t.piles[:WIDTH]
        if self.option("four") == "tops":
            if all(piles) and len({rank_of(p[-1]) for p in piles}) == 1:
                return [Step("x", PAIR, 0, WIDTH - 1)]  # the four tops thrown out together
        else:
            for i, p in enumerate(piles):
                if len(p) >= 4 and len({rank_of(c) for c in p[-4:]}) == 1:
                    return [Step(f"x{i + 1}", MOVE, i, OUT, 4)]
        for j in range(len(piles) - 1, 0, -1):
            if not piles[j]:
                continue
            r = rank_of(piles[j][-1])
            for i in range(j):
                if piles[i] and rank_of(piles[i][-1]) == r:
                    return [Step(f"{j + 1}>{i + 1}", MOVE, j, i)]
        if t.piles[PACK]:
            return [Step("d", DEAL, PACK, 0, min(WIDTH, len(t.piles[PACK])))]
        if (self.regather(t),) in seen(t):
            return []
        return [Step("r", REDEAL, 0, PACK)]

    @staticmethod
    def regather(t: Table) -> tuple[Card, ...]:
        """The pack after picking up the piles: pile 1's bottom card is dealt first."""
        return tuple(c for p in t.piles[:WIDTH] for c in p)[::-1]

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        piles = list(state.piles[:WIDTH])
        pack, out, had = state.piles[PACK], state.piles[OUT], seen(state)
        if s.kind == DEAL:
            row = pack[-WIDTH:][::-1]
            live = [p for p in piles if p] if self.option("spaces") == "close" else piles
            piles = [*live, *((),) * (WIDTH - len(live))]
            for k, c in enumerate(row):
                piles[k] += (c,)
            pack = pack[:-len(row)]
        elif s.kind == REDEAL:
            pack = self.regather(state)
            piles, had = [()] * WIDTH, had | {(pack,)}
        elif s.kind == PAIR:
            out += tuple(p[-1] for p in piles)
            piles, had = [p[:-1] for p in piles], frozenset()
        elif s.target == OUT:
            out += piles[s.source][-4:]
            piles[s.source], had = piles[s.source][:-4], frozenset()
        else:
            piles[s.target] += (piles[s.source][-1],)
            piles[s.source] = piles[s.source][:-1]
        if self.option("spaces") == "close":
            live = [p for p in piles if p]
            piles = [*live, *((),) * (WIDTH - len(live))]
        t = replace(state, piles=(*piles, pack, out), down=(0,) * WIDTH + (len(pack), 0),
                    redeals=state.redeals + (s.kind == REDEAL))
        return remember(t, had)

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "every card is thrown out"
        left = sum(len(p) for p in state.piles[:OUT])
        return f"{left} cards are left; dealt again, they would only go round in a circle"

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == DEAL:
            return "lay the next row of four"
        if s.kind == REDEAL:
            return "pick up the piles, turn them over and deal them out again"
        if s.kind == PAIR or s.target == OUT:
            cards = [p[-1] for p in t.piles[:WIDTH]] if s.kind == PAIR else \
                list(t.piles[s.source][-4:])
            return f"throw out the four {RANK_WORDS[rank_of(cards[0])]}s: {names_of(cards)}"
        return f"put {name(t.piles[s.source][-1])} from place {s.source + 1} on " \
            f"{name(t.piles[s.target][-1])} in place {s.target + 1}"
