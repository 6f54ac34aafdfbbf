"""Take Fourteen, from the Hoyle solitaire chapter (seed 003).

Source: ``003_589c967ab98c43e6.txt`` l.15; rule sheet ``shared/games/hoyle.md``, section
TAKE FOURTEEN.

One pack, dealt one card at a time, face up, into twelve piles, round and round until
the pack is exhausted: the first four piles hold five cards, the others four. "Then take
off any two of the top cards which will make 14, reckoning the Jack as 11, the Queen as
12 and the King as 13, all the others at their face value. Only two cards must be used
to make 14. If you succeed in taking off all the cards in this manner, you win. You are
at liberty to look at the underneath cards in the various piles, but you must not
disturb their positions."

Readings (the sheet's; it marks nothing PROPOSED here):

- The ace counts one: the pairs are A+K, 2+Q, 3+J, 4+10, 5+9, 6+8 and 7+7, both cards
  the top cards of two piles.
- "at liberty to look at the underneath cards": every card lies face up (the piles are
  shown spread).
- An empty pile stays empty. Lost when no two top cards make fourteen (implied).

Not Cadogan's ``les_quatorze`` nor Cheney's ``fourteen``. Moves, in order: ``p<i>-<j>``
(take off the top cards of piles i < j, numbered 1-12).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..cards import Card, name, rank_of
from ..description import HOYLE, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, numbers, open_zone, replace_at

PILES = 12


@dataclass(frozen=True, slots=True)
class TakeFourteenState:
    #: The twelve piles, bottom to top, every card face up.
    piles: tuple[tuple[Card, ...], ...]
    out: tuple[Card, ...] = ()


@register
class TakeFourteen(SoloGame[TakeFourteenState]):
    description = Description(
        id="take_fourteen", title="Take Fourteen", book=HOYLE, lines="15", skill="some",
        bound=27)

    def layout(self, cards: tuple[Card, ...], seed: int) -> TakeFourteenState:
        return TakeFourteenState(tuple(tuple(cards[i::PILES]) for i in range(PILES)))

    def moves(self, state: TakeFourteenState) -> tuple[Move, ...]:
        tops = [(i, p[-1]) for i, p in enumerate(state.piles) if p]
        return tuple(Move(f"p{i + 1}-{j + 1}") for (i, a), (j, b) in combinations(tops, 2)
                     if rank_of(a) + rank_of(b) == 14)

    def play(self, state: TakeFourteenState, move: Move) -> TakeFourteenState:
        i, j = (n - 1 for n in numbers(move.code))
        piles = state.piles
        a, b = piles[i][-1], piles[j][-1]
        piles = replace_at(replace_at(piles, i, piles[i][:-1]), j, piles[j][:-1])
        return TakeFourteenState(piles, (*state.out, a, b))

    def won(self, state: TakeFourteenState) -> bool:
        return not any(state.piles)

    def summary(self, state: TakeFourteenState, won: bool) -> str:
        if won:
            return "every card taken off in pairs of fourteen"
        left = sum(len(p) for p in state.piles)
        return f"no two top cards make fourteen; {left} cards are left"

    def zones(self, state: TakeFourteenState) -> tuple[Zone, ...]:
        return (
            *(open_zone(f"p{i + 1}", "pile", p, f"pile {i + 1}", "piles")
              for i, p in enumerate(state.piles)),
            open_zone("out", "discard", state.out, "cards taken off"),
        )

    def public(self, state: TakeFourteenState) -> dict[str, Any]:
        return {"taken_off": len(state.out)}

    def say(self, state: TakeFourteenState, move: Move) -> str:
        i, j = (n - 1 for n in numbers(move.code))
        a, b = state.piles[i][-1], state.piles[j][-1]
        return f"take off {name(a)} and {name(b)} (piles {i + 1} and {j + 1}) for fourteen"
