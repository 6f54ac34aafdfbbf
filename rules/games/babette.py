"""Babette, from the Vintage Card Games pages (seed 002).

Source: ``002_e65e08a38c98e317.txt`` l.30-47 (untitled in the seed; the sheet identifies
it as Babette); rule sheet ``shared/games/vintage.md``, section ``babette``.

Two packs. Rules: "The foundations follow suit. Vacancies in the garden are not to be
refilled. Each row of cards in the garden blocks the preceding one, but on the removal
of cards in the lower rows those above them are released" (l.31-33). "Deal out eight
cards in a horizontal line. This commences what is called the 'garden.' When the first
row is complete, take from it any foundations and place them in the allotted spaces
above, and also other suitable cards, but do not refill vacancies" (l.35). "The
foundations consist of four aces and four kings of different suits, ascending and
descending in the usual sequences" (l.37). "deal out successive rows in the garden
underneath the first one till the pack is exhausted ... You must finish each row before
playing from it" (l.41-43). "When the garden is laid out, and all available cards have
been played, take up by itself each perpendicular column, beginning on the left,
placing the next column underneath the first, and so on with each column in succession,
so that, in turning the pack to re-deal, the last column on the right may be uppermost
... The garden may be taken up twice and re-dealt exactly in the same manner" (l.45-47).

Readings (the sheet's PROPOSED readings):

- A row of eight is dealt by one move (``d``); cards are played only between rows, and
  a row is played from only when it is finished (l.43).
- Eight foundations: for each suit one from the ace up to the king and one from the king
  down to the ace; the first ace of a suit starts its ascending foundation, the first
  king its descending one, and every other card goes where it follows in suit.
- Available (amb. 1, option ``available``): ``below_empty`` (default, the literal Rule
  III) a card is available when it lies in the last row dealt or the place directly
  below it in the next row is empty; ``lowest``: only the lowest card left in each
  column.
- The gathering (amb. 2): each column is taken up as a squared face-up packet, column 2
  under column 1 and so on, and the whole turned face down, so the new deal takes
  column 8 from its top card down, then column 7, ..., column 1 last (vacancies are
  passed over). Re-dealt twice at most.
- Playing is never compulsory (amb. 3): the re-deal (``redeal``) is the player's to call
  once the pack is exhausted, after she has played what she would.
- Won with all 104 cards on the foundations; lost when no card can be played and no
  re-deal is left.

Moves, in this order: ``g<n>>a`` and ``g<n>>k`` (the card at place n of the garden,
numbered row by row from 1, eight to a row, to the ascending or the descending
foundation of its suit), ``d`` (deal the next row), ``redeal``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import packets, places
from ..cards import KING, SUIT_NAMES, Card, name, rank_of, suit_of
from ..description import VINTAGE, Description
from ..game import Move, Option
from ..patience import DOWN, HOME, Patience, Pile, Step, Table
from ..registry import register
from ..shape import DEAL, REDEAL
from ..solo import pack_of

WIDTH = 8
ROWS = 13
G, PACK = 8, 8 + WIDTH * ROWS  # where the garden and the pack lie


def target(fams: tuple[tuple[Card, ...], ...], c: Card, up: bool) -> bool:
    """Whether ``c`` goes on the ascending (``up``) or descending foundation of its suit."""
    f = fams[suit_of(c) + (0 if up else 4)]
    return len(f) < 13 and rank_of(c) == (len(f) + 1 if up else KING - len(f))


@register
class Babette(Patience):
    description = Description(
        id="babette", title="Babette (untitled in the seed)", book=VINTAGE, lines="30-47",
        skill="chance", bound=150, packs=2)
    redeals_allowed = 2
    option_specs = (
        Option("available", "below_empty",
               "below_empty: a card is available when the place below it in the next row "
               "is empty; lowest: only the lowest card left in each column",
               choices=("below_empty", "lowest")),
    )
    #: The rows of the garden dealt so far.
    marks = ("rows",)
    redeal_takes_up = False
    offers_end = packets.no_end

    def lay_piles(self) -> tuple[Pile, ...]:
        # foundations 0-3 from the ace up, 4-7 from the king down (suit = index % 4)
        return (*(Pile(f"{'a' if i < 4 else 'k'}{i % 4 + 1}", "foundation",
                       f"the {SUIT_NAMES[i % 4]} from the {'ace up' if i < 4 else 'king down'}",
                       "foundations") for i in range(8)),
                *(Pile(f"g{n + 1}", places.CELL, f"row {n // WIDTH + 1}, place {n % WIDTH + 1}",
                       f"row {n // WIDTH + 1}", empty_up=1) for n in range(WIDTH * ROWS)),
                Pile("pack", "stock", "the pack", face=DOWN))

    def available(self, t: Table) -> list[tuple[int, Card]]:
        """The available cards as (place index, card), in place order."""
        rows = self.mark(t, "rows")
        g = t.piles[G:G + rows * WIDTH]
        lowest = self.option("available") == "lowest"
        out = []
        for n, p in enumerate(g):
            below = g[n + WIDTH::WIDTH]
            if p and (not any(below) if lowest else not below or not below[0]):
                out.append((n, p[-1]))
        return out

    def steps(self, t: Table) -> list[Step]:
        fams = self.families(t)
        out = [Step(f"g{n + 1}>{k}", source=G + n, target=suit_of(c) + (0 if up else 4))
               for n, c in self.available(t)
               for k, up in (("a", True), ("k", False)) if target(fams, c, up)]
        pack = t.piles[PACK]
        if pack:
            out.append(Step("d", DEAL, PACK, G + self.mark(t, "rows") * WIDTH,
                            min(WIDTH, len(pack))))
        elif self.may_redeal(t) and any(t.piles[G:PACK]):
            out.append(Step("redeal", REDEAL, G, PACK))
        return out

    def play(self, state: Table, move: Move) -> Table:
        if move.code != "d":
            return super().play(state, move)
        pack, rows = state.piles[PACK], self.mark(state, "rows")
        n = min(WIDTH, len(pack))
        piles = list(state.piles)
        for col in range(n):
            piles[G + rows * WIDTH + col] = (pack[-1 - col],)
        piles[PACK] = pack[:-n]
        down = (*state.down[:PACK], len(pack) - n)
        return self.marked(replace(state, piles=tuple(piles), down=down), rows=rows + 1)

    def special(self, t: Table, step: Step) -> Table:
        """The gathering: the columns taken up, the last column uppermost."""
        rows = self.mark(t, "rows")
        order = [c for col in reversed(range(WIDTH)) for r in range(rows)
                 for c in t.piles[G + r * WIDTH + col]]
        pack = pack_of(order)
        piles = (*t.piles[:G], *((),) * (WIDTH * ROWS), pack)
        down = (*t.down[:G], *(0,) * (WIDTH * ROWS), len(pack))
        return self.marked(replace(t, piles=piles, down=down, redeals=self.redeal_number(t)),
                           rows=0)

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "all 104 cards on the foundations"
        return "no available card can be played and no re-deal is left; " \
            f"{HOME(self, state)} of 104 cards on the foundations"

    def public(self, state: Table) -> dict[str, Any]:
        return {"in_pack": len(state.piles[PACK]), "rows": self.mark(state, "rows"),
                **self.redeal_facts(state)}

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            return f"deal row {self.mark(state, 'rows') + 1} of the garden"
        if move.code == "redeal":
            return f"take up the garden by columns and re-deal it {self.redeal_of(state)}"
        s = self.step(state, move)
        c = state.piles[s.source][-1]
        way = "ace up" if s.target < 4 else "king down"
        return f"play {name(c)} from place {s.source - G + 1} of the garden to the " \
            f"{SUIT_NAMES[suit_of(c)]} from the {way}"
