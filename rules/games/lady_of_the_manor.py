"""Lady of the Manor, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1760-1808 (book pp. 78-82; pp. 79-80, a diagram,
are missing from the OCR between l.1775 and l.1783, the sentence running on across the
gap); rule sheet ``shared/games/cheney.md``, section Lady of the Manor.

Two packs shuffled together. Four piles of twelve cards, face up, in a row
(l.1768-1770); the other 56 cards in thirteen piles in a semicircle round them, each pile
holding only cards of one number, aces on the left and kings on the right
(l.1771-1784). Aces go in a row at the base of the semicircle and the families are built
on them "without being obliged to follow suit" (l.1785-1789), from "the top cards of the
piles of twelve ... or any card in the semicircle" (l.1789-1792). "The only danger of
failure will come from exhausting the piles in the semicircle before you have completed
your families" (l.1797-1800).

Readings (the sheet's PROPOSED readings):

- Pile ``i`` of twelve takes cards ``12(i-1)+1 .. 12i`` of the shuffled pack, the last
  on top. The aces are not taken out first (the book says nothing of it), so an ace may
  lie buried in a pile of twelve; a rank whose eight cards all lie there has an empty
  semicircle pile.
- The whole of a pile of twelve may be looked at (it lies face up); only its top card
  is played. All cards of a semicircle pile have one number, so "any card" is its top.
- Families: eight, each begun by any ace and built up to the king regardless of suit.

Moves, in this order: ``p<i>>f<j>`` (the top of pile ``i`` of twelve to family ``j``),
``s<r>>f<j>`` (a card of the semicircle pile of number ``r``, 1 = aces .. 13 = kings).
Families are alike: an ace goes on the first empty family and a card is offered to the
first family of each top number it fits. Cards only go to the families, so the game ends;
it is won with all 104 cards in the families, lost when no move is left.
"""

from __future__ import annotations

from ..cards import RANK_WORDS, Card, name, rank_of
from ..common import follows
from ..description import CHENEY, Description
from ..game import Move
from ..patience import HOME, Patience, Pile, Step, Table
from ..registry import register
from ._upward import up_targets

PILES, HEIGHT = 4, 12
P, S = 8, 8 + PILES  # where the piles of twelve and the semicircle lie


def semicircle_label(r: int) -> str:
    return f"the {RANK_WORDS[r]}s of the semicircle"


def semicircle(game: Patience, t: Table) -> int:
    return sum(len(p) for p in t.piles[S:])


@register
class LadyOfTheManor(Patience):
    description = Description(
        id="lady_of_the_manor", title="Lady of the Manor", book=CHENEY, lines="1760-1808",
        skill="some", bound=300, packs=2)
    facts = (("in_families", HOME), ("semicircle", semicircle))
    stuck_words = "no card fits"
    gives_up = False  # cards only go to the families, so the game ends
    won_said = "all eight families are complete: the Lady of the Manor entertains"

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{j + 1}", "foundation", f"family {j + 1}", "families")
                  for j in range(8)),
                *(Pile(f"p{i + 1}", "pile", f"pile of twelve {i + 1}", "row")
                  for i in range(PILES)),
                *(Pile(f"s{r}", "reserve", semicircle_label(r), "semicircle")
                  for r in range(1, 14)))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        rest = cards[PILES * HEIGHT:]
        return self.table({f"p{i + 1}": cards[HEIGHT * i:HEIGHT * (i + 1)]
                           for i in range(PILES)}
                          | {f"s{r}": tuple(c for c in rest if rank_of(c) == r)
                             for r in range(1, 14)})

    def steps(self, t: Table) -> list[Step]:
        fams = self.families(t)
        return [Step(f"{self.pile_specs[i].id}>f{j + 1}", source=i, target=j)
                for i in range(P, len(t.piles)) if t.piles[i]
                for j in up_targets(fams, t.piles[i][-1], follows)]

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        c = t.piles[s.source][-1]
        where = f"pile of twelve {s.source - P + 1}" if s.source < S else \
            semicircle_label(s.source - S + 1)
        return f"play {name(c)} from {where} on family {s.target + 1}"
