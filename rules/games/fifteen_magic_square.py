"""The nine-card fifteens puzzle, from the Vintage Card Games pages (seed 002).

Source: ``002_e65e08a38c98e317.txt`` l.28 (untitled: the scrape glued the tag "Card
Games" to the text and lost any title); rule sheet ``shared/games/vintage.md``, section
``fifteen_magic_square``.

"Withdraw from one entire pack nine cards, composed of any suits, from ace to nine
inclusive. Place these nine cards in three rows, each containing three cards. Endeavor,
by changing their position, so to dispose them, that the number of pips in each row,
counting the cards horizontally, perpendicularly, and diagonally, may make the sum of
fifteen. The tableau shows only three fifteens, but if the cards are properly placed
eight fifteens can be made." The tableau (the figure) is not in the seed.

Readings (the sheet's PROPOSED readings):

- The nine cards are the first ace, two, ... nine met in the shuffled pack, laid in the
  order met, row by row, face up; the other 43 cards are set aside face down and play
  no part. Suits play no part; the ace counts one.
- "by changing their position": a move exchanges the places of any two cards.
- Solved when all eight lines (three rows, three columns, two diagonals) make fifteen;
  there is no way to lose but to give up (``end``).

Moves, in order: ``x<i>-<j>`` (exchange the cards at places i < j, numbered 1-9 row by
row), ``end``. An exchange is never answered by the same exchange, which only undoes it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from ..cards import Card, name, rank_of
from ..description import VINTAGE, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, numbers, pack_zone, with_end

SIDE = 3
#: The eight lines of the square, as places 0-8.
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)


@dataclass(frozen=True, slots=True)
class MagicSquareState:
    #: The nine places, row by row.
    square: tuple[Card, ...]
    #: The rest of the pack, set aside face down.
    aside: tuple[Card, ...]
    back: str = ""
    given_up: bool = False


def fifteens(square: tuple[Card, ...]) -> int:
    """How many of the eight lines make fifteen."""
    return sum(sum(rank_of(square[i]) for i in line) == 15 for line in LINES)


@register
class FifteenMagicSquare(SoloGame[MagicSquareState]):
    description = Description(
        id="fifteen_magic_square", title="The nine-card fifteens puzzle (untitled)",
        book=VINTAGE, lines="28", skill="much", bound=None, layout="grid")
    end_said = "give up (the puzzle counts as not solved)"

    def layout(self, cards: tuple[Card, ...], seed: int) -> MagicSquareState:
        square: dict[int, Card] = {}
        for c in cards:
            if rank_of(c) <= 9 and rank_of(c) not in square:
                square[rank_of(c)] = c
        chosen = tuple(square.values())
        return MagicSquareState(chosen, tuple(c for c in cards if c not in chosen))

    def moves(self, state: MagicSquareState) -> tuple[Move, ...]:
        swaps = [f"x{i + 1}-{j + 1}" for i, j in combinations(range(SIDE * SIDE), 2)]
        return with_end([Move(m) for m in swaps if m != state.back])

    def play(self, state: MagicSquareState, move: Move) -> MagicSquareState:
        i, j = (n - 1 for n in numbers(move.code))
        sq = list(state.square)
        sq[i], sq[j] = sq[j], sq[i]
        return replace(state, square=tuple(sq), back=move.code)

    def won(self, state: MagicSquareState) -> bool:
        return fifteens(state.square) == len(LINES)

    def summary(self, state: MagicSquareState, won: bool) -> str:
        if won:
            return "eight fifteens: every row, column and diagonal makes fifteen"
        return f"given up with {fifteens(state.square)} of the eight lines making fifteen"

    def zones(self, state: MagicSquareState) -> tuple[Zone, ...]:
        return (
            *(Zone(f"c{i + 1}", "cell", (c,), 1,
                   label=f"row {i // SIDE + 1}, place {i % SIDE + 1}",
                   group=f"row {i // SIDE + 1}") for i, c in enumerate(state.square)),
            pack_zone(state.aside, "aside", "the rest of the pack, set aside"),
        )

    def public(self, state: MagicSquareState) -> dict[str, Any]:
        return {"fifteens": fifteens(state.square)}

    def say(self, state: MagicSquareState, move: Move) -> str:
        i, j = (n - 1 for n in numbers(move.code))
        return f"exchange {name(state.square[i])} (place {i + 1}) and " \
            f"{name(state.square[j])} (place {j + 1})"
