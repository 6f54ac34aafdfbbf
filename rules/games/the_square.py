"""The Square, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1992-2025 (book pp. 92-93); rule sheet
``shared/games/cheney.md``, section The Square.

Two packs. "Place four cards before you, and four in a line on the right and four on the
left, so as to form three sides of a square" (l.2001-2003). "Place the eight aces, as
they turn up, in two rows within the square. Place on the twelve cards of the square all
those of the same suit in the descending line, and on the aces those in the ascending
line. You can use the top card from the square, or from the pack, to complete your
families on the aces. Those cards that cannot be placed in either form a stock.
Whenever you can place one card upon another, in the descending line, in the square,
you can do so, filling the vacancy from the stock or pack" (l.2004-2021). "No second
distribution is allowed" (l.2023-2025).

Readings (the sheet's PROPOSED readings unless said otherwise):

- An ace among the first twelve cards goes to the families at once and the next card
  takes its place. Families follow suit, two of each suit, each ace to the first of its
  suit's two that is empty.
- The pack is turned a card at a time (``s``) onto the stock; the card just turned may go
  to a family or down in suit on a pile of the square ("from the pack"); once another
  card is turned on it, it is a stock card, which only fills vacancies (amb. 1, literal).
  Option ``stock_cards=anywhere``: the stock's top card may also go to the families and
  the square.
- A top card of the square may go down in suit on another pile of the square, one card
  at a time. A vacancy is filled at once (the sheet's "immediately"), with the stock's
  top card or the next card of the pack (unseen), any card; until it is, no other move
  is offered. The twelve places are alike, so the first vacancy is filled first.
- One pass; lost when no move is left. Cards can go back and forth between the piles of
  the square, so ``end`` (give up) is offered after every other move, and a card may
  not be put straight back where it has just come from.

Moves, in this order: ``q<i>>f<j>`` (the top of square pile ``i``, 1-4 before you, 5-8
on the right, 9-12 on the left, to family ``j``: ``f1``-``f8``, spades, hearts,
diamonds, clubs, twice); ``w>f<j>``; ``w>q<k>`` (down in suit); ``s``; ``q<i>>q<k>``
(down in suit: last, so that playing the first legal move turns the pack before it
shifts cards about); ``end``. While a vacancy is open: ``w>q<k>`` and ``d>q<k>`` (into
vacancy ``k``), ``end``. Won when the eight families hold all 104 cards.
"""

from __future__ import annotations

from ..building import family_for, family_label
from ..cards import ACE, Card, identity, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import DOWN, FOUNDATION, HOME, Patience, Pile, Step, Table, empties, size
from ..registry import register
from ..shape import DEAL
from ._upward import tops_by_card

PLACES = 12
SIDES = ("before you", "on the right", "on the left")
FAMILIES = tuple(Pile(f"f{i + 1}", FOUNDATION, family_label(i), "families") for i in range(8))
Q, P, W = 8, 8 + PLACES, 9 + PLACES  # where the square, the pack and the stock lie


def place_label(i: int) -> str:
    return f"square pile {i + 1} ({SIDES[i // 4]})"


@register
class TheSquare(Patience):
    description = Description(
        id="the_square", title="The Square", book=CHENEY, lines="1992-2025",
        skill="chance", bound=None, packs=2, layout="square")
    option_specs = (
        Option("stock_cards", "vacancies",
               "vacancies: a stock card only fills vacancies of the square; anywhere: the "
               "stock's top card may also go to the families and on the square",
               choices=("vacancies", "anywhere")),
    )
    facts = (("pack", size("pack")), ("stock", size("stock")), ("in_families", HOME),
             ("vacancies", empties("pile")))
    no_straight_back = True
    #: ``fresh``: the stock's top card is the card just turned from the pack.
    marks = ("fresh",)
    turn_up = "s"
    won_said = "the eight families are complete"

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*FAMILIES, *(Pile(f"q{i + 1}", "pile", place_label(i), SIDES[i // 4])
                             for i in range(PLACES)),
                Pile("pack", "stock", "the pack", face=DOWN), Pile("stock", "waste", "the stock"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        fams: list[tuple[Card, ...]] = [()] * 8
        square: list[Card] = []
        k = 0
        while len(square) < PLACES:
            c = cards[k]
            k += 1
            if rank_of(c) == ACE:
                j = family_for(fams, c)
                fams[j] = (*fams[j], c)
            else:
                square.append(c)
        return self.table({p.id: f for p, f in zip(FAMILIES, fams, strict=True)}
                          | {f"q{i + 1}": (c,) for i, c in enumerate(square)}
                          | {"pack": cards[k:][::-1]})

    def _stock_free(self, t: Table) -> bool:
        return bool(self.mark(t, "fresh")) or self.option("stock_cards") == "anywhere"

    def steps(self, t: Table) -> list[Step]:
        sq, fams, top = t.piles[Q:P], self.families(t), t.top(W)
        if () in sq:
            k = sq.index(())
            fills = [Step(f"w>q{k + 1}", source=W, target=Q + k)] if top is not None else []
            if t.piles[P]:
                fills.append(Step(f"d>q{k + 1}", DEAL, P, Q + k))
            if fills:
                return fills
        out = [Step(f"q{i + 1}>f{j + 1}", source=Q + i, target=j) for i, p in enumerate(sq)
               if p and (j := family_for(fams, p[-1])) >= 0]
        free = top is not None and self._stock_free(t)
        higher = tops_by_card(sq)
        if top is not None and free:
            if (j := family_for(fams, top)) >= 0:
                out.append(Step(f"w>f{j + 1}", source=W, target=j))
            out += [Step(f"w>q{k + 1}", source=W, target=Q + k)
                    for k in higher.get(identity(top) + 1, [])]
        if t.piles[P]:
            out.append(Step("s", DEAL, P, W))
        for i, p in enumerate(sq):
            if p:
                out += [Step(f"q{i + 1}>q{k + 1}", source=Q + i, target=Q + k)
                        for k in higher.get(identity(p[-1]) + 1, [])]
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        after = super().play(state, move)
        if s.code == "s":
            return self.marked(after, fresh=1)
        return self.marked(after, fresh=0) if s.source == W else after

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        b = s.target - Q
        if s.kind == DEAL:
            return f"fill the vacancy of {place_label(b)} with the next card of the pack"
        c = t.piles[s.source][-1]
        where = f" from {place_label(s.source - Q)}" if s.source < P else \
            ("" if self.mark(t, "fresh") else " from the stock")
        if s.target < Q:
            return f"play {name(c)}{where} on {family_label(s.target)}"
        q = t.piles[s.target]
        if q:
            return f"put {name(c)}{where} on {name(q[-1])} of {place_label(b)}"
        return f"fill the vacancy of {place_label(b)} with {name(c)}{where}"
