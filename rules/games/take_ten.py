"""Take Ten, from the Hoyle solitaire chapter (seed 003).

Source: ``003_589c967ab98c43e6.txt`` l.5; rule sheet ``shared/games/hoyle.md``, section
TAKE TEN.

One pack. "deal out thirteen face upward in two rows of five each, and one row of three.
Any two cards, the pip value of which equals 10, may be withdrawn from the tableau, and
others dealt from the top of the pack in their places. Only two cards may be used to
form a 10. The K Q J 10 of each suit must be lifted together, none of these cards being
touched until all four of the same suit are on the table together. When no cards can be
lifted, the game is lost."

Readings (the sheet's PROPOSED readings):

- The ace counts one (amb. 1): the pairs are A+9, 2+8, 3+7, 4+6 and 5+5, any two places
  of the tableau. A ten never pairs; it leaves only with its suit's K Q J (amb. 2).
- The places emptied are filled at once from the top of the pack, in place order (row
  by row, left to right); when the pack is empty they stay empty (amb. 3).
- Won (not stated; PROPOSED) when every card has been lifted: the pack used up and the
  table cleared. Lost when no cards can be lifted.

The game is pure chance (the sheet: which pair is lifted never changes which cards can
be lifted later), so ``auto`` plays it out. Moves, in order: ``p<i>-<j>`` (lift the
cards at places i < j, numbered 1-13 row by row), ``s<i>-<j>-<k>-<l>`` (lift a suit's
K Q J 10 at those places), ``auto``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..cards import JACK, KING, QUEEN, Card, name, rank_of, suit_of
from ..description import HOYLE, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import (
    Place,
    SoloGame,
    fill,
    names_of,
    numbers,
    open_zone,
    pack_of,
    pack_zone,
)

PLACES = 13
ROWS = ((0, 5), (5, 10), (10, 13))
HONOURS = (KING, QUEEN, JACK, 10)


@dataclass(frozen=True, slots=True)
class TakeTenState:
    places: tuple[Place, ...]
    pack: tuple[Card, ...]
    out: tuple[Card, ...] = ()


def row_of(i: int) -> int:
    return next(r for r, (a, b) in enumerate(ROWS) if a <= i < b)


@register
class TakeTen(SoloGame[TakeTenState]):
    description = Description(
        id="take_ten", title="Take Ten", book=HOYLE, lines="5", skill="chance", bound=23,
        chance=True)

    def layout(self, cards: tuple[Card, ...], seed: int) -> TakeTenState:
        return TakeTenState(tuple(cards[:PLACES]), pack_of(cards[PLACES:]))

    def moves(self, state: TakeTenState) -> tuple[Move, ...]:
        filled = [(i, c) for i, c in enumerate(state.places) if c is not None]
        out = [f"p{i + 1}-{j + 1}" for (i, a), (j, b) in combinations(filled, 2)
               if rank_of(a) + rank_of(b) == 10]
        for suit in range(4):
            at = sorted(i for i, c in filled if suit_of(c) == suit and rank_of(c) in HONOURS)
            if len(at) == 4:
                out.append("s" + "-".join(str(i + 1) for i in at))
        return tuple(Move(m) for m in out)

    def play(self, state: TakeTenState, move: Move) -> TakeTenState:
        at = [n - 1 for n in numbers(move.code)]
        lifted = tuple(c for i in at if (c := state.places[i]) is not None)
        places = tuple(None if i in at else c for i, c in enumerate(state.places))
        places, pack = fill(places, state.pack)
        return TakeTenState(places, pack, (*state.out, *lifted))

    def won(self, state: TakeTenState) -> bool:
        return not state.pack and all(c is None for c in state.places)

    def summary(self, state: TakeTenState, won: bool) -> str:
        if won:
            return "every card lifted: the pack is used up and the table cleared"
        left = len(state.pack) + sum(c is not None for c in state.places)
        return f"no cards can be lifted; {left} cards are left"

    def zones(self, state: TakeTenState) -> tuple[Zone, ...]:
        out = [Zone(f"c{i + 1}", "cell", () if c is None else (c,), 1,
                    label=f"row {row_of(i) + 1}, place {i - ROWS[row_of(i)][0] + 1}",
                    group=f"row {row_of(i) + 1}")
               for i, c in enumerate(state.places)]
        out.append(pack_zone(state.pack))
        out.append(open_zone("out", "discard", state.out, "cards lifted"))
        return tuple(out)

    def public(self, state: TakeTenState) -> dict[str, Any]:
        return {"in_pack": len(state.pack), "lifted": len(state.out)}

    def say(self, state: TakeTenState, move: Move) -> str:
        at = [n - 1 for n in numbers(move.code)]
        cs = [c for i in at if (c := state.places[i]) is not None]
        where = ", ".join(str(i + 1) for i in at)
        if move.code[0] == "s":
            return f"lift {names_of(cs)} together (places {where})"
        return f"lift {name(cs[0])} and {name(cs[1])} for ten (places {where})"
