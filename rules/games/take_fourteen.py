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

from ..cards import Card, name
from ..description import HOYLE, Description
from ..game import Move
from ..patience import DISCARD, Patience, Pile, Step, Table, size
from ..places import sums
from ..registry import register

PILES = 12


@register
class TakeFourteen(Patience):
    description = Description(
        id="take_fourteen", title="Take Fourteen", book=HOYLE, lines="15", skill="some",
        bound=27)
    facts = (("taken_off", size("out")),)
    home_kinds = (DISCARD,)
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"p{i + 1}", "pile", f"pile {i + 1}", "piles") for i in range(PILES)),
                Pile("out", DISCARD, "cards taken off"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({f"p{i + 1}": cards[i::PILES] for i in range(PILES)})

    def steps(self, t: Table) -> list[Step]:
        return sums(t, PILES, 14)  # the top cards of two piles

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "every card taken off in pairs of fourteen"
        left = sum(len(p) for p in state.piles[:PILES])
        return f"no two top cards make fourteen; {left} cards are left"

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        a, b = t.top(s.source), t.top(s.target)
        assert a is not None and b is not None
        return f"take off {name(a)} and {name(b)} (piles {s.source + 1} and {s.target + 1}) " \
            "for fourteen"
