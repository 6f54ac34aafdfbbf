"""Game of Seven, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2630-2662 (pp. 123-124); rule sheet
``shared/games/cheney.md``, section Game of Seven.

One pack. "DEAL off seven cards in a row. The families are built upon the aces,
following suit" (l.2634-2637); aces among the seven start them (l.2638-2639). "You can
also make marriages among them, alternating the color, as in Staircase, etc., but
changing only one card at a time" (l.2640-2643). "Then begin to deal off from the pack;
and whatever cards you cannot at present use on the seven cards or on the aces, must be
placed in a stock, of which you can use the top card. When a space occurs in the row of
seven, fill it up from the stock, from the lower row on the seven, or even, if it will
help you, take back one from the top of the families" (l.2645-2658).

Readings (the sheet's PROPOSED readings unless said otherwise):

- A card dealt from the pack goes face up on the stock at once; being its top card, it
  may then be used on the row or the families, which is the book's "whatever cards you
  cannot at present use ... must be placed in a stock". The player deals when she likes.
- "from the lower row on the seven": the top card of another of the seven piles that
  has a card married onto the row, i.e. a pile of two or more (moving a lone card to a
  space changes nothing). Option ``space_from_pack``: the next card of the pack may fill
  a space too (the sheet's other reading).
- A family's top card may be taken back only to fill a space, as the text says.
- A space need not be filled at once ("fill it up" names what may fill it).
- The seven places are alike, so a space is filled in the first empty place only.
- No re-deal: one pass through the pack. Won when the four families hold all 52 cards.

Moves, in this order: ``w>f`` and ``r<i>>f`` (the stock's top or row pile ``i``'s top to
its family); ``w>r<j>`` and ``r<i>>r<j>`` (marriages: one lower, the other colour);
into the first space ``r<k>``: ``w>r<k>``, ``r<i>>r<k>``, ``f<s>>r<k>`` and, with the
option, ``d>r<k>``; ``d`` (deal the next card onto the stock); ``end`` (give up). A move
may not put the same card straight back where it came from. Shifts (a married card
moved on, a family card taken back) are listed last, after ``d``
(:func:`rules.building.shifts_last`). Lost when the player gives up (``end``) or no move is
left.
"""

from __future__ import annotations

from typing import ClassVar

from ..building import alt_down, family_for, family_label, onto, shifts_last
from ..cards import Card, name
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL

ROW = 7
FAMILIES = tuple(Pile(f"f{i + 1}", "foundation", family_label(i), "families") for i in range(4))
PLACES = tuple(Pile(f"r{i + 1}", "pile", f"row place {i + 1}", "row", alike="row")
               for i in range(ROW))
STOCK = Pile("stock", "waste", "the stock")
PACK = Pile("pack", "stock", "the pack", face=DOWN)
R, W, P = 4, 4 + ROW, 5 + ROW  # where the row, the stock and the pack lie


@register
class GameOfSeven(Patience):
    description = Description(
        id="game_of_seven", title="Game of Seven", book=CHENEY, lines="2630-2662",
        skill="some", bound=None)
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("space_from_pack", False, "a space in the row may also be filled with the "
               "next card of the pack", choices=(False, True)),
    )
    facts = (("pack", size("pack")), ("in_families", HOME))
    no_straight_back = True

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*FAMILIES, *PLACES, STOCK, PACK)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({p.id: (c,) for p, c in zip(PLACES, cards, strict=False)}
                          | {"pack": cards[ROW:][::-1]})

    def steps(self, t: Table) -> list[Step]:
        row, fams, w = t.piles[R:W], self.families(t), t.top(W)
        out = []
        if w is not None and (j := family_for(fams, w)) >= 0:
            out.append(Step("w>f", source=W, target=j))
        out += [Step(f"r{i + 1}>f", source=R + i, target=j)
                for i, p in enumerate(row) if p and (j := family_for(fams, p[-1])) >= 0]
        out += [Step(f"w>r{j + 1}", source=W, target=R + j)
                for j, q in enumerate(row) if q and w is not None and alt_down(w, q[-1])]
        for i, p in enumerate(row):
            out += [Step(f"r{i + 1}>r{j + 1}", source=R + i, target=R + j)
                    for j, q in enumerate(row) if p and q and i != j and alt_down(p[-1], q[-1])]
        if () in row:
            k = row.index(())
            if w is not None:
                out.append(Step(f"w>r{k + 1}", source=W, target=R + k))
            out += [Step(f"r{i + 1}>r{k + 1}", source=R + i, target=R + k)
                    for i, p in enumerate(row) if len(p) > 1]
            out += [Step(f"f{s + 1}>r{k + 1}", source=s, target=R + k)
                    for s, f in enumerate(fams) if f]
            if t.piles[P] and self.option("space_from_pack"):
                out.append(Step(f"d>r{k + 1}", DEAL, P, R + k))
        if t.piles[P]:
            out.append(Step("d", DEAL, P, W))
        steps = {s.code: s for s in out}

        def shift(m: str) -> bool:  # a married card moved on, or a family card back
            s = steps[m]
            if s.target < R:
                return False
            return s.source < R or (R <= s.source < W and len(t.piles[s.source]) > 1)

        return [steps[m] for m in shifts_last(list(steps), shift)]

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == DEAL and s.target == W:
            return "deal the next card of the pack onto the stock"
        c = t.piles[s.source][-1]
        what = ("the next card of the pack" if s.source == P else
                f"{name(c)} from the stock" if s.source == W else
                f"{name(c)} back from {family_label(s.source)}" if s.source < R else
                f"{name(c)} from row place {s.source - R + 1}")
        if s.target < R:
            return f"play {what} to {family_label(s.target)}"
        b = s.target - R + 1
        return f"put {what} {onto(c, t.piles[s.target], f'row place {b}')}"
