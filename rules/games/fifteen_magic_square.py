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

from dataclasses import replace
from itertools import combinations

from .. import places
from ..cards import Card, name, rank_of
from ..description import VINTAGE, Description
from ..game import Move
from ..patience import Patience, Pile, Step, Table
from ..registry import register
from ..shape import OTHER

SIDE = 3
PLACES = SIDE * SIDE
#: The eight lines of the square, as places 0-8.
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)


def fifteens(square: tuple[tuple[Card, ...], ...]) -> int:
    """How many of the eight lines of ``square`` (the nine places) make fifteen."""
    return sum(sum(rank_of(square[i][-1]) for i in line) == 15 for line in LINES)


def fifteens_made(game: Patience, t: Table) -> int:
    return fifteens(t.piles[:PLACES])


@register
class FifteenMagicSquare(Patience):
    description = Description(
        id="fifteen_magic_square", title="The nine-card fifteens puzzle (untitled)",
        book=VINTAGE, lines="28", skill="much", bound=None, layout="grid")
    end_said = "give up (the puzzle counts as not solved)"
    facts = (("fifteens", fifteens_made),)
    #: An exchange is never answered by the same exchange, which only undoes it (the
    #: exchange leaves ``back`` as if its cards had come the other way, so the model's
    #: straight-back rule refuses the same exchange next).
    no_straight_back = True

    def lay_piles(self) -> tuple[Pile, ...]:
        return places.piles(PLACES, lambda i: f"row {i // SIDE + 1}, place {i % SIDE + 1}",
                            lambda i: f"row {i // SIDE + 1}",
                            "the rest of the pack, set aside", pack_id="aside")

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        square: dict[int, Card] = {}
        for c in cards:
            if rank_of(c) <= 9 and rank_of(c) not in square:
                square[rank_of(c)] = c
        chosen = tuple(square.values())
        return self.table({f"c{i + 1}": (c,) for i, c in enumerate(chosen)}
                          | {"aside": tuple(c for c in cards if c not in chosen)})

    def steps(self, t: Table) -> list[Step]:
        return [Step(f"x{i + 1}-{j + 1}", OTHER, i, j) for i, j in combinations(range(PLACES), 2)]

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        piles = list(state.piles)
        piles[s.source], piles[s.target] = piles[s.target], piles[s.source]
        return replace(state, piles=tuple(piles), back=(s.target, s.source, 1))

    def won(self, state: Table) -> bool:
        return fifteens(state.piles[:PLACES]) == len(LINES)

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "eight fifteens: every row, column and diagonal makes fifteen"
        return f"given up with {fifteens(state.piles[:PLACES])} of the eight lines making " \
            "fifteen"

    def say(self, state: Table, move: Move) -> str:
        s = self.step(state, move)
        a, b = places.cards_at(state, (s.source, s.target))
        return f"exchange {name(a)} (place {s.source + 1}) and {name(b)} " \
            f"(place {s.target + 1})"
