"""Number Eleven, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1428-1451; rule sheet ``shared/games/cheney.md``,
section Number Eleven.

One or two packs (l.1430). Six cards in a row and five in the row underneath
(l.1432-1433). Two cards that make eleven are taken out and their places filled from the
pack (l.1434-1437); a king, queen and knave in one row, or all of one suit, count eleven
and are removed at once (l.1438-1441). "If the cards can be all used before the rows are
complete, the game succeeds" (l.1441-1443).

Readings (the sheet's PROPOSED readings unless said otherwise):

- One or two packs: the option ``packs`` (1 or 2), one rule set.
- Ace counts one (amb. 4); pairs are A+10, 2+9, 3+8, 4+7, 5+6.
- A pair may be anywhere in the layout (amb. 1); only the court trio is restricted.
- The court trio (amb. 2): a king, a queen and a knave in the same row (any suits), or
  of one suit anywhere.
- Places are filled at once from the pack, in the order they were laid (row 1 left to
  right, then row 2).
- Success (amb. 3): every card removed (``success=all_removed``). The text's "all used"
  may also mean all dealt from the pack: ``success=pack_used`` wins as soon as the pack
  is empty.
- Failure: no pair and no trio among the cards on the table.

The first move, ``d``, lays out the rows (so that a deal with nothing to take out is
still a game of one move). The game is chance, with small choices. Legal moves, in
order: ``d``; ``p<i>-<j>`` (the pair at
places i < j, numbered 1-6 along the first row and 7-11 along the second), then
``t<i>-<j>-<k>`` (a court trio), then ``auto``.
"""

from __future__ import annotations

from itertools import combinations

from .. import packets, places
from ..cards import Card, packs, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Audience, Move, Option, Seat
from ..patience import Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import PAIR, Shape
from ..solo import names_of, numbers

PLACES = 11
PACK, OUT = PLACES, PLACES + 1  # where the pack and the cards taken out lie
ROW_1 = 6
COURTS = {11, 12, 13}


def _row(i: int) -> int:
    return 0 if i < ROW_1 else 1


@register
class NumberEleven(Patience):
    description = Description(
        id="number_eleven", title="Number Eleven", book=CHENEY, lines="1428-1451",
        skill="chance", bound=80, chance=True)
    option_specs = (
        Option("packs", 1, "one or two packs (l.1430)", choices=(1, 2)),
        Option("success", "all_removed",
               "all_removed: the game succeeds when every card is taken out; pack_used: "
               "as soon as the whole pack has been dealt", choices=("all_removed", "pack_used")),
    )
    facts = (("in_pack", size("pack")), ("taken_out", size("out")))
    home_kinds = ("discard",)

    def pack(self) -> tuple[Card, ...]:
        return packs(int(self.option("packs")))

    def lay_piles(self) -> tuple[Pile, ...]:
        return places.piles(PLACES, lambda i: f"place {i + 1}", lambda i: f"row {_row(i) + 1}",
                            out="cards taken out")

    offers_end = packets.no_end

    def steps(self, t: Table) -> list[Step]:
        laying = places.laying(self, t, PLACES, PACK)
        if laying:
            return laying
        pairs = places.sums(t, PLACES, 11)
        filled = [(i, p[-1]) for i, p in enumerate(t.piles[:PLACES]) if p]
        courts = [(i, c) for i, c in filled if rank_of(c) in COURTS]
        trios = [  # taken out together: the step names the first two places (the shape all)
            Step(f"t{i + 1}-{j + 1}-{k + 1}", PAIR, i, j)
            for (i, a), (j, b), (k, c) in combinations(courts, 3)
            if {rank_of(a), rank_of(b), rank_of(c)} == COURTS
            and (_row(i) == _row(j) == _row(k) or suit_of(a) == suit_of(b) == suit_of(c))
        ]
        return [*pairs, *trios]

    def play(self, state: Table, move: Move) -> Table:
        if move.code == "d":
            return places.fill(state, PLACES, PACK)
        at = [n - 1 for n in numbers(move.code)]
        return places.fill(places.take_out(state, at, OUT), PLACES, PACK)

    def shape(self, state: Table, move: Move, seat: Seat, audience: Audience) -> Shape:
        """A trio's shape names its three places and cards (a pair's is the model's)."""
        if not move.code.startswith("t"):
            return super().shape(state, move, seat, audience)
        at = [n - 1 for n in numbers(move.code)]
        return Shape(PAIR, f"c{at[0] + 1}", f"c{at[1] + 1}",
                     tuple(places.cards_at(state, at)), (f"c{at[2] + 1}",))

    def won(self, state: Table) -> bool:
        if self.option("success") == "pack_used":
            return not state.piles[PACK]
        return super().won(state)

    def summary(self, state: Table, won: bool) -> str:
        left = len(state.piles[PACK]) + sum(bool(p) for p in state.piles[:PLACES])
        if won:
            if left:
                return f"the whole pack is used; {left} cards are left in the rows"
            return "every card is taken out"
        return f"no card makes eleven with another; {left} cards are left"

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            return "lay out six cards in one row and five in the row underneath"
        ns = numbers(move.code)
        shown = names_of(places.cards_at(state, [n - 1 for n in ns]))
        where = ", ".join(str(n) for n in ns)
        fill_up = " and fill the places from the pack" if state.piles[PACK] else ""
        return f"take out {shown} (places {where}){fill_up}"
