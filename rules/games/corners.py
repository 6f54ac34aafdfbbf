"""Corners, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2236-2317 (pp. 104-107); rule sheet
``shared/games/cheney.md``, section Corners.

One pack, laid in "three rows of three each ... and the families when completed will
occupy the corners" (l.2246-2249). "lay the top card in the left hand top corner.
Whatever its denomination, it forms the basis of the pile on which the cards must be
placed upwards in order, following suit until the family is complete. Thus, if the first
card be a nine, the cards must be ranged thus: 9, 10, knave, queen, king, 1, 2, 3, 4, 5,
6, 7, 8, ending with eight. When the same numbers of the other suits appear, they must
be placed on the other corners" (l.2251-2269). "Place the next top cards of the pack on
the other spaces in the square. When these places are all full ... you must form a stock
of all cards which you cannot immediately use. But you can at any time form marriages by
placing a lower card on a higher, either from the top of the stock or pack, or from one
of the centre piles on to another, if a vacant space can be thus made; in the centre
piles you can fill it either from the stock or pack" (l.2270-2286). In the centre piles
"you place a lower card on a higher, and are not obliged to follow suit" (l.2291-2293);
"an ace goes on a king in the corners, but on a deuce in the other places"
(l.2313-2315). Success: "the four suits will be regularly piled in the four corners, and
the intervening spaces left empty" (l.2295-2299).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The corners fill in the order top left, top right, bottom left, bottom right. A card of
  the first card's rank goes to the next empty corner as soon as it appears, while the
  five centre places are first filled and whenever it is dealt later ("must be placed").
- A card turned from the pack goes face up on the stock at once; as the stock's top
  card it may then go to a corner, marry or fill a space, which is the book's "from the
  top of the stock or pack". One pass through the pack, no re-deal.
- Centre piles are built down by one, any suit; no king on an ace there.
- "from one of the centre piles on to another, if a vacant space can be thus made": a
  centre card may move onto another centre pile only when it is alone in its place, so
  that the move leaves a space (option ``centre_moves``: ``any``, any top card may move,
  as in the modern Four Seasons; with it, ``end`` (give up) is offered and a card may not
  be put straight back).
- The five centre places are alike, so a space is filled in the first empty one.

Moves, in this order: ``w>c`` and ``p<i>>c`` (the stock's top or centre pile ``i``'s top
to the corner of its suit); marriages ``w>p<j>``, ``p<i>>p<j>``; ``w>p<k>`` (the first
space); ``d`` (turn the next card of the pack); ``end`` with ``centre_moves=any``.
Won when the four corners hold all 52 cards; lost when the player gives up (``end``)
or no move is left.
"""

from __future__ import annotations

from typing import ClassVar

from ..building import name_rank, onto
from ..cards import Card, name, rank_of, suit_of
from ..common import step_rank
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL

CENTRE = 5
CORNER_NAMES = ("top left", "top right", "bottom left", "bottom right")
CORNERS = tuple(Pile(f"c{i + 1}", "foundation", f"{n} corner", "corners")
                for i, n in enumerate(CORNER_NAMES))
PLACES = tuple(Pile(f"p{i + 1}", "pile", f"centre place {i + 1}", "centre", alike="centre")
               for i in range(CENTRE))
STOCK = Pile("stock", "waste", "the stock")
PACK = Pile("pack", "stock", "the pack", face=DOWN)
C, W, P = 4, 4 + CENTRE, 5 + CENTRE  # where the centre, the stock and the pack lie


def base(t: Table) -> int:
    """The rank the corners start from: the first card's."""
    return rank_of(t.piles[0][0])


def corner_for(t: Table, c: Card) -> int:
    """The corner that takes ``c`` now, or -1."""
    for i, f in enumerate(t.piles[:C]):
        if f and len(f) < 13 and suit_of(f[0]) == suit_of(c) and \
                step_rank(rank_of(f[-1]), 1, wrap=True) == rank_of(c):
            return i
    return -1


def marries(c: Card, pile: tuple[Card, ...]) -> bool:
    """A centre pile takes a card one lower, any suit."""
    return bool(pile) and rank_of(pile[-1]) == rank_of(c) + 1


def base_fact(game: Patience, t: Table) -> str:
    return name_rank(base(t))


@register
class Corners(Patience):
    description = Description(
        id="corners", title="Corners", book=CHENEY, lines="2236-2317", skill="much",
        bound=None, layout="grid")
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("centre_moves", "to_empty", "to_empty: a centre card moves onto another "
               "centre pile only when that leaves a space (l.2281-2284); any: any centre "
               "top card may move", choices=("to_empty", "any")),
    )
    facts = (("base", base_fact), ("pack", size("pack")), ("in_corners", HOME))
    home_words = "in the corners"
    no_straight_back = True
    won_said = "the four suits lie in the four corners and the centre is empty"

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*CORNERS, *PLACES, STOCK, PACK)

    def label(self, t: Table, pile: Pile) -> str:
        corner = pile.kind == "foundation"
        return f"{pile.label} (from the {name_rank(base(t))})" if corner else pile.label

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        corners: list[tuple[Card, ...]] = [(cards[0],)]
        k = 1
        centre: list[tuple[Card, ...]] = []
        while len(centre) < CENTRE:
            c, k = cards[k], k + 1
            if rank_of(c) == rank_of(cards[0]):
                corners.append((c,))
            else:
                centre.append((c,))
        return self.table({p.id: c for p, c in zip(CORNERS, corners, strict=False)}
                          | {p.id: c for p, c in zip(PLACES, centre, strict=True)}
                          | {"pack": cards[k:][::-1]})

    @property
    def free_moves(self) -> bool:
        return self.option("centre_moves") == "any"

    def offers_end(self, t: Table) -> bool:
        return self.free_moves

    def steps(self, t: Table) -> list[Step]:
        centre, top = t.piles[C:W], t.top(W)
        out = [Step("w>c", source=W, target=corner_for(t, top))] \
            if top is not None and corner_for(t, top) >= 0 else []
        out += [Step(f"p{i + 1}>c", source=C + i, target=corner_for(t, p[-1]))
                for i, p in enumerate(centre) if p and corner_for(t, p[-1]) >= 0]
        if top is not None:
            out += [Step(f"w>p{j + 1}", source=W, target=C + j)
                    for j, q in enumerate(centre) if marries(top, q)]
        for i, p in enumerate(centre):
            if len(p) == 1 or (p and self.free_moves):
                out += [Step(f"p{i + 1}>p{j + 1}", source=C + i, target=C + j)
                        for j, q in enumerate(centre) if j != i and marries(p[-1], q)]
        if top is not None and () in centre:
            out.append(Step(f"w>p{centre.index(()) + 1}", source=W,
                            target=C + centre.index(())))
        pack = t.piles[P]
        if pack:  # a card of the base rank goes to the next empty corner at once
            to = t.piles[:C].index(()) if rank_of(pack[-1]) == base(t) else W
            out.append(Step("d", DEAL, P, to, by_card=True))
        return out

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == DEAL:
            return "turn the next card of the pack"
        c = t.piles[s.source][-1]
        where = "from the stock" if s.source == W else f"from centre place {s.source - C + 1}"
        if s.target < C:
            return f"play {name(c)} {where} on the {CORNER_NAMES[s.target]} corner"
        b = s.target - C + 1
        return f"put {name(c)} {where} {onto(c, t.piles[s.target], f'centre place {b}')}"

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code == "d":
            c, s = before.piles[P][-1], self.step(before, move)
            if s.target < C:
                return f"turn {name(c)}: it goes to the {CORNER_NAMES[s.target]} corner"
            return f"turn {name(c)} onto the stock"
        return super().narrate(before, move, after)
