"""Brunette and Blonde, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1955-1986 (book pp. 90-91); rule sheet
``shared/games/cheney.md``, section Brunette and Blonde.

Two packs. "Place eight cards in one row. Place the aces, as they come, in a row above.
On these eight cards you may place any which you lay off from the pack, which are next
to them in the descending line, if the color is reversed" (l.1959-1967). "As soon as any
cards, either in the stock or among the eight cards, can be put, in their order, upon the
aces, you may place them there; but it must be again with alternating colors. On a red
ace you must put a black deuce, on a red three a black four, and so on" (l.1969-1979).
"When any vacancies are left in the line, they may be filled either from the stock or
pack. You may turn the stock twice" (l.1980-1984). Success: all the cards on the aces,
"the Blonde and Brunette will share in the Victory equally" (l.1984-1986).

Readings (the sheet's PROPOSED readings unless said otherwise):

- An ace among the first eight goes up at once and the next card takes its place.
- The families are begun by any ace and go up to the king, colours alternating, suit
  free. Families alike (same top number and colour) are offered once.
- The pack is turned a card at a time (``s``) onto the stock. Only the card just turned
  ("which you lay off from the pack") may be married onto the row, one lower and of the
  other colour; the stock's top card goes to the families and into vacancies at any
  time. Option ``marriages=lenient``: the stock's top card may be married at any time,
  and a top card of the row onto another (the sheet's lenient reading); cards may then
  go back and forth, so ``end`` (give up) is offered and a card is not put straight back.
- Vacancies are filled when the player likes, any card, from the stock's top (a card of
  the pack is turned first); the places are alike, so the first vacancy is offered.
- The stock is turned over twice without shuffling (option ``shuffle``: shuffled).
- Lost when no move is left.

Moves, in this order: ``p<i>>f<j>`` (row place ``i`` to family ``j``), ``w>f<j>``,
``w>p<i>`` (a marriage, or into the first vacancy), ``p<i>>p<k>`` (lenient), ``s``,
``redeal``, ``end`` (lenient).
"""

from __future__ import annotations

from ..building import alt_down
from ..cards import ACE, Card, is_red, name, rank_of
from ..common import alternate_colour, follows
from ..description import CHENEY, Description
from ..families import shuffle_option
from ..game import Move, Option
from ..patience import DOWN, FOUNDATION, HOME, SHELL, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, REDEAL
from ._upward import stock_turn_said, up_targets

PLACES = 8
R, P, W = 8, 8 + PLACES, 9 + PLACES  # where the row, the pack and the stock lie


def up_alternate(top: Card, c: Card) -> bool:
    """``c`` goes on ``top`` in a family: one higher and of the other colour."""
    return follows(top, c) and alternate_colour(top, c)


def number_and_colour(c: Card) -> tuple[int, bool]:
    return rank_of(c), is_red(c)


@register
class BrunetteAndBlonde(Patience):
    description = Description(
        id="brunette_and_blonde", title="Brunette and Blonde", book=CHENEY,
        lines="1955-1986", skill="some", bound=None, packs=2)  # lenient: cards wander
    option_specs = (
        Option("marriages", "from_pack",
               "from_pack: only the card just turned from the pack is married onto the "
               "row; lenient: also the stock's top card, and a top card of the row onto "
               "another", choices=("from_pack", "lenient")),
        shuffle_option("the stock when it is turned"),
    )
    redeal_word = "turn"
    redeals_allowed = 2
    facts = (("pack", size("pack")), ("stock", size("stock")), ("redeals_left", SHELL),
             ("in_families", HOME))
    home_words = "on the aces"
    no_straight_back = irreversible_redeals = True
    #: ``fresh``: the stock's top card is the card just turned from the pack.
    marks = ("fresh",)

    turn_up = "s"
    won_said = "every card is on the aces: Blonde and Brunette share the victory equally"

    @property
    def lenient(self) -> bool:
        return self.option("marriages") == "lenient"

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{j + 1}", FOUNDATION, f"family {j + 1}", "families")
                  for j in range(8)),
                *(Pile(f"p{i + 1}", "pile", f"row place {i + 1}", "row") for i in range(PLACES)),
                Pile("pack", "stock", "the pack", face=DOWN), Pile("stock", "waste", "the stock"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        aces: list[Card] = []
        row: list[Card] = []
        k = 0
        while len(row) < PLACES:
            c = cards[k]
            k += 1
            (aces if rank_of(c) == ACE else row).append(c)
        t = self.table({f"f{j + 1}": (c,) for j, c in enumerate(aces)}
                       | {f"p{i + 1}": (c,) for i, c in enumerate(row)}
                       | {"pack": cards[k:][::-1]})
        return Table(t.piles, t.down, seed=seed)

    def offers_end(self, t: Table) -> bool:
        return self.lenient

    def _homes(self, src: str, i: int, fams: tuple[tuple[Card, ...], ...], c: Card
               ) -> list[Step]:
        return [Step(f"{src}>f{j + 1}", source=i, target=j)
                for j in up_targets(fams, c, up_alternate, number_and_colour)]

    def steps(self, t: Table) -> list[Step]:
        row, fams = t.piles[R:P], self.families(t)
        out = [m for i, p in enumerate(row) if p
               for m in self._homes(f"p{i + 1}", R + i, fams, p[-1])]
        empty = row.index(()) if () in row else -1
        top = t.top(W)
        if top is not None:
            out += self._homes("w", W, fams, top)
            marry = bool(self.mark(t, "fresh")) or self.lenient
            out += [Step(f"w>p{k + 1}", source=W, target=R + k) for k, q in enumerate(row)
                    if (marry and q and alt_down(top, q[-1])) or k == empty]
        if self.lenient:
            out += [Step(f"p{i + 1}>p{k + 1}", source=R + i, target=R + k)
                    for i, p in enumerate(row) if p
                    for k, q in enumerate(row) if q and k != i and alt_down(p[-1], q[-1])]
        return out + self.turn_or_redeal(t, P, W)

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        after = super().play(state, move)
        if s.kind == DEAL:
            return self.marked(after, fresh=1)
        return self.marked(after, fresh=0) if s.source == W else after

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == REDEAL:
            return stock_turn_said(self, t)
        c = t.piles[s.source][-1]
        if s.source < P:
            where = f" from row place {s.source - R + 1}"
        else:
            where = "" if self.mark(t, "fresh") else " from the stock"
        if s.target < R:
            return f"play {name(c)}{where} on family {s.target + 1}"
        q, b = t.piles[s.target], s.target - R + 1
        if q:
            return f"put {name(c)}{where} on {name(q[-1])} of row place {b}"
        return f"fill the vacancy of row place {b} with {name(c)}{where}"
