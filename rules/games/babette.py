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

from dataclasses import dataclass
from typing import Any

from ..cards import KING, SUIT_NAMES, Card, name, rank_of, suit_of
from ..common import REDEAL
from ..description import VINTAGE, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import Place, SoloGame, open_zone, pack_of, pack_zone, replace_at

WIDTH = 8
ROWS = 13
DEAL = Move("d")
Row = tuple[Place, ...]


@dataclass(frozen=True, slots=True)
class BabetteState:
    #: The rows of the garden dealt so far, top row first; None marks a vacancy.
    garden: tuple[Row, ...]
    pack: tuple[Card, ...]
    #: Foundations: 0-3 from the ace up, 4-7 from the king down (suit = index % 4).
    foundations: tuple[tuple[Card, ...], ...]
    redeals: int = 0


def target(fams: tuple[tuple[Card, ...], ...], c: Card, up: bool) -> bool:
    """Whether ``c`` goes on the ascending (``up``) or descending foundation of its suit."""
    f = fams[suit_of(c) + (0 if up else 4)]
    return len(f) < 13 and rank_of(c) == (len(f) + 1 if up else KING - len(f))


def gather(garden: tuple[Row, ...]) -> tuple[Card, ...]:
    """The new pack (top last) after taking up the columns, the last column uppermost."""
    order = [row[col] for col in reversed(range(WIDTH)) for row in garden if col < len(row)]
    return pack_of([c for c in order if c is not None])


@register
class Babette(SoloGame[BabetteState]):
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

    def layout(self, cards: tuple[Card, ...], seed: int) -> BabetteState:
        return BabetteState((), pack_of(cards), ((),) * 8)

    def available(self, state: BabetteState) -> list[tuple[int, Card]]:
        """The available cards as (place index, card), in place order."""
        g = state.garden
        out = []
        lowest = self.option("available") == "lowest"
        for r, row in enumerate(g):
            for col, c in enumerate(row):
                if c is None:
                    continue
                below = [g[k][col] for k in range(r + 1, len(g)) if col < len(g[k])]
                free = all(x is None for x in below) if lowest else \
                    (not below or below[0] is None)
                if free:
                    out.append((r * WIDTH + col, c))
        return out

    def moves(self, state: BabetteState) -> tuple[Move, ...]:
        out = []
        for n, c in self.available(state):
            out += [f"g{n + 1}>{k}" for k, up in (("a", True), ("k", False))
                    if target(state.foundations, c, up)]
        if state.pack:
            out.append(DEAL.code)
        elif self.may_redeal(state) and any(c is not None for row in state.garden
                                            for c in row):
            out.append(REDEAL.code)
        return tuple(Move(m) for m in out)

    def play(self, state: BabetteState, move: Move) -> BabetteState:
        if move == DEAL:
            n = min(WIDTH, len(state.pack))
            row = tuple(reversed(state.pack[-n:]))
            return BabetteState((*state.garden, row), state.pack[:-n], state.foundations,
                                state.redeals)
        if move == REDEAL:
            return BabetteState((), gather(state.garden), state.foundations,
                                self.redeal_number(state))
        src, _, dst = move.code.partition(">")
        n = int(src[1:]) - 1
        r, col = divmod(n, WIDTH)
        c = state.garden[r][col]
        assert c is not None
        k = suit_of(c) + (0 if dst == "a" else 4)
        garden = replace_at(state.garden, r, replace_at(state.garden[r], col, None))
        fams = replace_at(state.foundations, k, (*state.foundations[k], c))
        return BabetteState(garden, state.pack, fams, state.redeals)

    def won(self, state: BabetteState) -> bool:
        return sum(len(f) for f in state.foundations) == 104

    def summary(self, state: BabetteState, won: bool) -> str:
        if won:
            return "all 104 cards on the foundations"
        n = sum(len(f) for f in state.foundations)
        return f"no available card can be played and no re-deal is left; {n} of 104 " \
            "cards on the foundations"

    def zones(self, state: BabetteState) -> tuple[Zone, ...]:
        out = [open_zone(f"{'a' if i < 4 else 'k'}{i % 4 + 1}", "foundation", f,
                         f"the {SUIT_NAMES[i % 4]} from the {'ace up' if i < 4 else 'king down'}",
                         "foundations")
               for i, f in enumerate(state.foundations)]
        for r in range(ROWS):
            row = state.garden[r] if r < len(state.garden) else ()
            for col in range(WIDTH):
                c = row[col] if col < len(row) else None
                out.append(Zone(f"g{r * WIDTH + col + 1}", "cell", () if c is None else (c,),
                                1, label=f"row {r + 1}, place {col + 1}",
                                group=f"row {r + 1}"))
        out.append(pack_zone(state.pack))
        return tuple(out)

    def public(self, state: BabetteState) -> dict[str, Any]:
        return {"in_pack": len(state.pack), "rows": len(state.garden),
                **self.redeal_facts(state)}

    def say(self, state: BabetteState, move: Move) -> str:
        if move == DEAL:
            return f"deal row {len(state.garden) + 1} of the garden"
        if move == REDEAL:
            return f"take up the garden by columns and re-deal it {self.redeal_of(state)}"
        src, _, dst = move.code.partition(">")
        n = int(src[1:]) - 1
        c = state.garden[n // WIDTH][n % WIDTH]
        assert c is not None
        way = "ace up" if dst == "a" else "king down"
        return f"play {name(c)} from place {n + 1} of the garden to the " \
            f"{SUIT_NAMES[suit_of(c)]} from the {way}"
