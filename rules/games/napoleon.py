"""Napoleon, or the Pet Game, from Cheney's *Patience* (1894), and its variant The Pet Game.

Source: ``000_afc193f70d23752d.txt`` l.2137-2187 (book pp. 99-101; The Pet Game
l.2170-2187); rule sheet ``shared/games/cheney.md``, section Napoleon.

Two packs. "Lay off four rows of ten cards each, the lower row lapping over the upper.
You can use only the cards in the lower row, but when any card in that row is taken
away, the one above it becomes the lowest or free card, and can be used. You can also
make marriages by putting any card on the one next higher of the same suit, if both are
free" (l.2141-2150). The aces go in a line below and the families are built on them
upwards by suits (l.2150-2153). "When you can use a card in the upper row, and so leave
a clear space, you can fill this space with the top card, either of the stock or pack,
but you cannot fill spaces in any but the top row, or put any card already on the table
in the upper row" (l.2158-2164). Cards that cannot be used on the aces go to a stock whose
top card is used "whenever you have opportunity"; "You can turn the stock twice"
(l.2164-2168).

The Pet Game (``napoleon_pet_game``, l.2170-2187): "you can make marriages from the stock
or pack, by placing the top card on the one next above it; and you can also place any
free card on an empty space in the first row ... there is no privilege of turning the
stock". One class plays both: option ``pet``, which the registered variant fixes.

Readings (the sheet's PROPOSED readings unless said otherwise):

- The ten columns: column ``i`` holds cards ``i``, ``10 + i``, ``20 + i``, ``30 + i`` of
  the deal, the last one free. A "space in the upper row" is an empty column (amb. 1).
- Families follow suit, two of each suit; an ace goes to the first empty one of its suit.
- The pack is turned a card at a time (``s``) onto the stock; the stock's top card may go
  to a family, into an empty column, and (Pet Game) onto a free card. Filling a space
  "from the pack" is turning the card and putting it there, which is the same.
- Marriages move one card at a time.
- Napoleon: the stock is turned over twice, without shuffling (option ``shuffle``:
  shuffled, glossary l.3302-3305). The Pet Game: one pass.
- Cards may go back and forth between the columns, so ``end`` (give up) is offered after
  every other move, a card may not be put straight back where it has just come from,
  and a lone card is never moved into an empty column (that changes nothing).

Moves, in this order: ``c<i>>f<j>`` (the free card of column ``i`` to family ``j``:
``f1``-``f8``, spades, hearts, diamonds, clubs, twice); ``w>f<j>``; ``w>c<k>`` (onto a
free card in the Pet Game, into the first empty column); ``s``; ``redeal``;
``c<i>>c<k>`` (marriage, or into the first empty column in the Pet Game: last, so that
playing the first legal move turns the pack before it shifts cards about); ``end``.
Won when the eight families hold all 104 cards; lost when the player gives up
(``end``) or no move is left (the pack out and the stock's turns used up).
"""

from __future__ import annotations

from typing import ClassVar

from ..building import family_for, family_label
from ..cards import Card, identity, name
from ..description import CHENEY, Description
from ..families import shuffle_option
from ..game import Move, Option
from ..patience import DOWN, FOUNDATION, HOME, SHELL, Patience, Pile, Step, Table, size
from ..registry import register, variant
from ..shape import REDEAL
from ._upward import stock_turn_said, tops_by_card

COLUMNS, ROWS = 10, 4
FAMILIES = tuple(Pile(f"f{i + 1}", FOUNDATION, family_label(i), "families") for i in range(8))
COLS = tuple(Pile(f"c{i + 1}", "pile", f"column {i + 1}", "columns") for i in range(COLUMNS))
C, P, W = 8, 8 + COLUMNS, 9 + COLUMNS  # where the columns, the pack and the stock lie


@register
class Napoleon(Patience):
    description = Description(
        id="napoleon", title="Napoleon, or the Pet Game", book=CHENEY, lines="2137-2169",
        skill="some", bound=None, packs=2)
    redeal_word = "turn"
    option_specs: ClassVar[tuple[Option, ...]] = (
        shuffle_option("the stock when it is turned (not in the Pet Game, which never "
                       "turns it)"),
        Option("pet", False, "the Pet Game: marriages from the stock, free cards into "
               "spaces, no turning (l.2170-2187)", choices=(False, True)))
    facts = (("pack", size("pack")), ("stock", size("stock")), ("redeals_left", SHELL),
             ("in_families", HOME))
    no_straight_back = irreversible_redeals = True
    #: What the single stock is called (Le Cadran: "the talon").
    stock_word = "the stock"

    turn_up = "s"
    won_said = "the eight families are complete"

    @property
    def pet(self) -> bool:
        """The Pet Game: marriages from the stock, free cards into spaces, no turning."""
        return bool(self.options["pet"])

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*FAMILIES, *COLS, Pile("pack", "stock", "the pack", face=DOWN),
                Pile("stock", "waste", self.stock_word))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        cols = {p.id: tuple(cards[r * COLUMNS + i] for r in range(ROWS))
                for i, p in enumerate(COLS)}
        t = self.table(cols | {"pack": cards[COLUMNS * ROWS:][::-1]})
        return Table(t.piles, t.down, seed=seed)

    def max_redeals(self) -> int:
        return 0 if self.pet else 2

    def steps(self, t: Table) -> list[Step]:
        cols, fams = t.piles[C:P], self.families(t)
        empty = cols.index(()) if () in cols else -1
        out = [Step(f"c{i + 1}>f{j + 1}", source=C + i, target=j) for i, p in enumerate(cols)
               if p and (j := family_for(fams, p[-1])) >= 0]
        top = t.top(W)
        if top is not None and (j := family_for(fams, top)) >= 0:
            out.append(Step(f"w>f{j + 1}", source=W, target=j))
        higher = tops_by_card(cols)
        if top is not None:
            to = higher.get(identity(top) + 1, []) if self.pet else []
            out += [Step(f"w>c{k + 1}", source=W, target=C + k)
                    for k in sorted([*to, empty] if empty >= 0 else to)]
        out += self.turn_or_redeal(t, P, W)
        for i, p in enumerate(cols):
            if not p:
                continue
            to = higher.get(identity(p[-1]) + 1, [])
            if self.pet and empty >= 0 and len(p) > 1:
                to = sorted([*to, empty])
            out += [Step(f"c{i + 1}>c{k + 1}", source=C + i, target=C + k) for k in to]
        return out

    def goes_home(self, t: Table, pile: int) -> bool | None:
        if not C <= pile < P and pile != W:
            return None
        top = t.top(pile)
        return top is not None and family_for(self.families(t), top) >= 0

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == REDEAL:
            return stock_turn_said(self, t)
        c = t.piles[s.source][-1]
        where = f" from column {s.source - C + 1}" if s.source < P else f" from {self.stock_word}"
        if s.target < C:
            return f"play {name(c)}{where} on {family_label(s.target)}"
        q, b = t.piles[s.target], s.target - C + 1
        if q:
            return f"marry {name(c)}{where} to {name(q[-1])} on column {b}"
        return f"put {name(c)}{where} into the empty column {b}"


NAPOLEON_PET_GAME = variant(Napoleon, Description(
    id="napoleon_pet_game", title="The Pet Game", book=CHENEY,
    lines="2170-2187, 2137-2169", skill="some", bound=None, packs=2, variant_of="napoleon",
    fixed={"pet": True}))
