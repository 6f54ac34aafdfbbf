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

from dataclasses import replace

from .. import packets
from ..cards import RANK_NAMES, Card, name, rank_of
from ..description import HOYLE, Description
from ..game import Move
from ..patience import DOWN, Patience, Pile, Step, Table
from ..registry import register

PILES = 13
ROW_OF = (1,) * 5 + (2,) * 5 + (3,) * 3


def pile_name(i: int) -> str:
    return f"the {RANK_NAMES[i + 1]} pile"


def face_down(game: Patience, t: Table) -> int:
    return sum(len(p) for p in t.piles[0::2])


def marker(game: Patience, t: Table) -> int:
    return game.mark(t, "at") + 1


@register
class FourOfAKind(Patience):
    description = Description(
        id="four_of_a_kind", title="Four of a Kind", book=HOYLE, lines="11",
        skill="chance", bound=53, chance=True)
    facts = (("face_down", face_down), ("marker", marker))
    #: The pile the marker shows (the next to draw from); the pile the card turned last
    #: came from and the pile it went under, each plus one (0: none yet).
    marks = ("at", "came_from", "went_to")
    offers_end = packets.no_end

    def lay_piles(self) -> tuple[Pile, ...]:
        # pile i stands for rank i + 1: its face-down cards (h<i>), then those put under
        # it face up, the latest first (h<i>.up)
        return tuple(p for i in range(PILES) for p in (
            Pile(f"h{i + 1}", "pile", pile_name(i), f"row {ROW_OF[i]}", DOWN),
            Pile(f"h{i + 1}.up", "foundation", f"{pile_name(i)}, face up underneath",
                 f"row {ROW_OF[i]}")))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({f"h{i + 1}": cards[i::PILES] for i in range(PILES)})

    def steps(self, t: Table) -> list[Step]:
        i = self.mark(t, "at")
        pile = t.piles[2 * i]
        return [Step("t", source=2 * i, target=2 * (rank_of(pile[-1]) - 1) + 1,
                     by_card=True)] if pile \
            else []

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        c = state.piles[s.source][-1]
        piles = list(state.piles)
        piles[s.source] = piles[s.source][:-1]
        piles[s.target] = (c, *piles[s.target])  # under the pile, below those before
        down = list(state.down)
        down[s.source] -= 1
        at = self.mark(state, "at")
        after = replace(state, piles=tuple(piles), down=tuple(down))
        nxt = next((k for k in ((at + j) % PILES for j in range(1, PILES + 1))
                    if piles[2 * k]), at)
        return self.marked(after, at=nxt, came_from=at + 1, went_to=s.target // 2 + 1)

    def last(self, t: Table) -> tuple[Card, int]:
        """The card turned last and the pile it came from."""
        return t.piles[2 * self.mark(t, "went_to") - 1][0], self.mark(t, "came_from") - 1

    def won(self, state: Table) -> bool:
        if face_down(self, state) or not self.mark(state, "came_from"):
            return False
        c, came_from = self.last(state)
        return rank_of(c) - 1 == came_from

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "the last card turned lay on its own pile: four of a kind on every pile"
        c, came_from = self.last(state)
        return (f"the last card turned, {name(c)}, lay on "
                f"{pile_name(came_from)} and had to go to another pile")

    def say(self, state: Table, move: Move) -> str:
        return f"turn the top card of {pile_name(self.mark(state, 'at'))} and put it under " \
            "its own pile"
