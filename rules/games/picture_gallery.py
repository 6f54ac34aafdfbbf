"""Picture Gallery, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2997-3030; rule sheet ``shared/games/cheney.md``,
section Picture Gallery.

One pack. Twelve cards in three rows, face up; a court card that appears is put under
the pack (l.3001-3003). Then any two cards whose pips together count eleven are covered,
face up, with cards from the top of the pack, court cards as well as the others
(l.3003-3007). Success: the pack exhausted and the square entirely covered with court
cards (l.3009-3011). "A modification of Number Eleven" (l.3013-3014).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The layout is the first move (``d``): cards are laid in the twelve places, row by row;
  a court card goes under the pack and the place is dealt again.
- Only the top card of a place counts; an ace counts one, so the pairs are ace and ten,
  two and nine, three and eight, four and seven, five and six. A court card on top
  blocks its place for good. The two places are covered in order, the first-numbered
  first.
- Success: the pack is exhausted (the twelve court cards then lie on the twelve places,
  as no court card can be covered). Failure: no two top cards make eleven while cards
  remain in the pack.
- The bystander's trick (l.3020-3030), played with a card kept out of the pack, is not
  a separate rule set here.

The game is chance, with the choice of which pair to cover first. Legal moves, in order:
``d``; ``p<i>-<j>`` (cover places ``i`` < ``j``, numbered 1-12 row by row), ``auto``.
"""

from __future__ import annotations

from itertools import combinations

from ..cards import rank_of
from ..description import CHENEY, Description
from ..game import Move
from ..patience import DOWN, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, PAIR
from ..solo import names_of

PLACES, ROW = 12, 4
COURT = 11
P = PLACES  # where the pack lies


@register
class PictureGallery(Patience):
    description = Description(
        id="picture_gallery", title="Picture Gallery", book=CHENEY, lines="2997-3030",
        skill="chance", bound=100, chance=True, layout="grid")
    facts = (("in_pack", size("pack")),)
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"c{i + 1}", "pile", f"place {i + 1}", f"row {i // ROW + 1}")
                  for i in range(PLACES)),
                Pile("pack", "stock", "the pack", face=DOWN))

    def steps(self, t: Table) -> list[Step]:
        if not t.piles[0]:
            return [Step("d", DEAL, P, 0, PLACES)]  # twelve cards, from place 1 on
        if not t.piles[P]:
            return []
        tops = [(i, rank_of(p[-1])) for i, p in enumerate(t.piles[:P])]
        return [Step(f"p{i + 1}-{j + 1}", PAIR, i, j) for (i, a), (j, b) in combinations(tops, 2)
                if a < COURT and b < COURT and a + b == 11]

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        pack = list(state.piles[P])
        places = list(state.piles[:P])
        if s.kind == DEAL:  # the layout: a court card goes under the pack
            for i in range(PLACES):
                while rank_of(pack[-1]) >= COURT:
                    pack.insert(0, pack.pop())
                places[i] = (pack.pop(),)
        else:  # the pair is covered from the pack, the first-numbered place first
            for i in (s.source, s.target):
                places[i] = (*places[i], pack.pop())
        return Table((*places, tuple(pack)), (0,) * PLACES + (len(pack),))

    def won(self, state: Table) -> bool:
        return bool(state.piles[0]) and not state.piles[P]

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "the pack is exhausted and the square is covered with court cards"
        courts = sum(rank_of(p[-1]) >= COURT for p in state.piles[:P])
        return f"no two cards make eleven; {len(state.piles[P])} cards are left in the pack " \
            f"and {courts} of 12 places show a court card"

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == DEAL:
            return "lay out twelve cards in three rows, putting court cards under the pack"
        cards = [t.piles[s.source][-1], t.piles[s.target][-1]]
        return f"cover {names_of(cards)} (places {s.source + 1} and {s.target + 1}), which " \
            "make eleven, from the pack"

    def why_illegal(self, state: Table, move: Move, seat: int) -> str:
        if not state.piles[0]:
            return "The cards are not laid out yet: the move is 'd'."
        return "Cover two places whose top cards make eleven: 'p<i>-<j>' with i < j."
