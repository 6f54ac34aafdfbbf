"""Four of a Kind, from the Hoyle solitaire chapter (seed 003).

Source: ``003_589c967ab98c43e6.txt`` l.11; rule sheet ``shared/games/hoyle.md``, section
FOUR OF A KIND.

One pack. Thirteen cards face down "in two rows of five each and one row of three", and
the rest dealt on top of these until each pile has four, face down. The piles stand for
A 2 3 4 5 (first row), 6 7 8 9 10 (second; the raw text's "67 8 9 10") and J Q K
(third). "Take the top card from the ace pile, turn it face upward, and place it, still
face upward, under the pile to which it belongs. If it is a Jack, for instance, it will
go face up under the first pile in the third row. Then take the top card from the second
pile, and so on, keeping the left hand as a marker on the pile last drawn from. When you
come to a pile which is complete, all the cards being face up, you can skip it, and go
on to the next. If at the end you find that the last card to be turned up lies on its
proper pile, and needs turning over only, you win; but if you have to remove it to
another pile, you lose."

Readings (the sheet's PROPOSED readings):

- The deal goes round the thirteen piles in order, so pile i takes cards i, i+13, ...
  of the shuffled pack, the last on top.
- The piles are visited in fixed order, A to K, not by following the card just moved;
  after the king pile the turn goes back to the ace pile (amb. 1), passing over every
  complete pile (no face-down card left, amb. 3).
- A card drawn whose home is the pile it came from goes face up under that same pile
  (amb. 2).
- The last face-down card decides (amb. 4): won when it belongs to the pile it lies on,
  lost when it must go to another pile. It is turned by the last move.

Pure chance: ``auto`` plays it out. Moves: ``t`` (take the top card of the pile the
marker shows and put it face up under its own pile), ``auto``.

Each pile is two zones: ``h<n>`` (its face-down cards) and ``h<n>.up`` (the face-up
cards put under it); ``last`` is the card turned last.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import RANK_NAMES, Card, name, rank_of
from ..description import HOYLE, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, replace_at

TURN = Move("t")
PILES = 13
ROW_OF = (1,) * 5 + (2,) * 5 + (3,) * 3


@dataclass(frozen=True, slots=True)
class FourOfAKindState:
    #: Face-down cards of each pile (top last); pile i stands for rank i + 1.
    down: tuple[tuple[Card, ...], ...]
    #: Face-up cards put under each pile, the latest first (lowest).
    up: tuple[tuple[Card, ...], ...]
    #: The pile the marker shows: the next to draw from.
    at: int = 0
    #: The card turned last and the pile it came from.
    last: Card | None = None
    came_from: int = -1


def pile_name(i: int) -> str:
    return f"the {RANK_NAMES[i + 1]} pile"


def _next(down: tuple[tuple[Card, ...], ...], after: int) -> int:
    for k in range(1, PILES + 1):
        i = (after + k) % PILES
        if down[i]:
            return i
    return after


@register
class FourOfAKind(SoloGame[FourOfAKindState]):
    description = Description(
        id="four_of_a_kind", title="Four of a Kind", book=HOYLE, lines="11",
        skill="chance", bound=53, chance=True)

    def layout(self, cards: tuple[Card, ...], seed: int) -> FourOfAKindState:
        return FourOfAKindState(tuple(tuple(cards[i::PILES]) for i in range(PILES)),
                                ((),) * PILES)

    def moves(self, state: FourOfAKindState) -> tuple[Move, ...]:
        return (TURN,) if state.down[state.at] else ()

    def play(self, state: FourOfAKindState, move: Move) -> FourOfAKindState:
        i = state.at
        c = state.down[i][-1]
        down = replace_at(state.down, i, state.down[i][:-1])
        home = rank_of(c) - 1
        up = replace_at(state.up, home, (c, *state.up[home]))
        return FourOfAKindState(down, up, _next(down, i), c, i)

    def won(self, state: FourOfAKindState) -> bool:
        return (not any(state.down) and state.last is not None
                and rank_of(state.last) - 1 == state.came_from)

    def summary(self, state: FourOfAKindState, won: bool) -> str:
        if won:
            return "the last card turned lay on its own pile: four of a kind on every pile"
        assert state.last is not None
        return (f"the last card turned, {name(state.last)}, lay on "
                f"{pile_name(state.came_from)} and had to go to another pile")

    def zones(self, state: FourOfAKindState) -> tuple[Zone, ...]:
        out: list[Zone] = []
        for i in range(PILES):
            label, group = pile_name(i), f"row {ROW_OF[i]}"
            out.append(Zone(f"h{i + 1}", "pile", state.down[i], 0, label=label, group=group))
            out.append(open_zone(f"h{i + 1}.up", "foundation", state.up[i],
                                 f"{label}, face up underneath", group))
        return tuple(out)

    def public(self, state: FourOfAKindState) -> dict[str, Any]:
        return {"face_down": sum(len(p) for p in state.down), "marker": state.at + 1}

    def say(self, state: FourOfAKindState, move: Move) -> str:
        return f"turn the top card of {pile_name(state.at)} and put it under its own pile"
