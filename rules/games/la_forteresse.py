"""La Forteresse (the Vintage pages' untitled copy), from Cadogan's *Illustrated Games of
Patience*. **The figure that fixed the rows is lost: the rows here are a stand-in.**

Source: ``001_6a582ee13e12f2a9.txt`` l.720-800; the Vintage pages ``002`` l.153-170 give
the same text without title (alias ``fortress``). Rule sheet ``shared/games/cadogan.md``,
section La Forteresse. Her terms are :mod:`rules.cadogan`'s.

One pack. "Deal out the entire pack horizontally in two groups, as in tableau, beginning
at the left hand, and dealing straight across each group, leaving space in the centre
for four aces" (l.742-746). "Only the outside cards of each group are available ... By
'outside' is meant the cards on the right side of the right-hand group, and those on the
left side of the left-hand group" (Rule I, l.726-736). The aces, "when they can be
played, form the foundation cards", following suit (Rule II). "You next proceed to form
marriages, both in ascending and in descending lines, with cards on the outside of both
groups" (l.758-760). A row opened out is a lane: "select any available card (Rule I.),
and place it at the inner end of the lane, and along it any others in sequence of the
same suit" (l.770-786). "There is no re-deal" (l.800).

Readings (the sheet's PROPOSED readings unless said otherwise):

- **Stand-in for the lost figure** (amb. 2): five rows in each group, the first row of
  each group six cards and the others five (2 x (6 + 4 x 5) = 52), as in the Fortress
  of later books. Dealt row by row, the first row of the left group, then the first of
  the right, and so on, each row from its inner end outward, so that the last card laid
  in a row is its outside (available) card (amb. 3). Option ``deal``: ``round`` deals one
  card to each row in turn instead (the second research reading; the same row lengths).
- The foundations "descend in sequence to kings" (l.748-750): an ace cannot descend to a
  king, so they *ascend* from ace to king, the text's "descend" read as a slip (amb. 1).
- A card is married onto the outside card of another row, same suit, one higher or one
  lower, one card at a time (Cadogan's marriage, :func:`rules.cadogan.marries`). Any
  available card may go into a lane; a row's only card is not moved into a lane (it
  would change nothing).
- Random play ends: ``end`` (give up) is always offered and a card may not be put
  straight back (:mod:`rules.open_piles`); stuck is lost.

Moves: ``l2>f`` (the outside card of the left group's second row to its foundation),
``l2>r4`` (onto the outside card of the right group's fourth row, or into it when it is a
lane), ``end``.
"""

from __future__ import annotations

from typing import ClassVar

from ..cadogan import ACES_UP, BOTH, is_lane, marries, suited, to_play
from ..cards import SUIT_SYMBOLS, Card
from ..description import CADOGAN, Description
from ..game import Move, Option
from ..open_piles import (
    families,
    home_from,
    open_tableau,
    piles,
    say_move,
    top_safe,
    top_steps,
)
from ..patience import Patience, Pile, Step, Table
from ..registry import register

#: The stand-in rows: in each group, row lengths in dealing order.
ROWS = 5
SIZES = (6, 5, 5, 5, 5)
DEAL = Option("deal", "rows", "rows: each row laid in turn, left then right group, inner "
              "end first (the sheet's reading); round: one card to each row in turn",
              choices=("rows", "round"))
# Piles in dealing order: left row 1, right row 1, left row 2, ...
CODES = tuple(f"{g}{r + 1}" for r in range(ROWS) for g in "lr")
PILES = piles(CODES, [f"{'left' if g == 'l' else 'right'} row {r + 1}"
                      for r in range(ROWS) for g in "lr"])
FAMILIES = families([f"{s} foundation" for s in SUIT_SYMBOLS])
KINDS = suited(ACES_UP, 4)


@register
@open_tableau
class LaForteresse(Patience):
    description = Description(
        id="la_forteresse",
        title="La Forteresse (figure lost: rows of 6, 5, 5, 5, 5 in each group, a stand-in)",
        book=CADOGAN, lines="720-800, 1-65", skill="much", bound=None,
        aliases=("fortress",))
    option_specs: ClassVar[tuple[Option, ...]] = (DEAL,)

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*PILES, *FAMILIES)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        sizes = [SIZES[k // 2] for k in range(2 * ROWS)]
        rows: list[list[Card]] = [[] for _ in sizes]
        if self.option("deal") == "rows":
            at = 0
            for k, n in enumerate(sizes):
                rows[k] = list(cards[at:at + n])
                at += n
        else:
            at, k = 0, 0
            while at < len(cards):
                if len(rows[k]) < sizes[k]:
                    rows[k].append(cards[at])
                    at += 1
                k = (k + 1) % len(sizes)
        return self.table({p.id: r for p, r in zip(PILES, rows, strict=True)})

    def home(self, t: Table, i: int, c: Card, kind: str) -> int:
        return to_play(KINDS, self.families(t), c)

    def marries(self, t: Table, c: Card, dst: int) -> bool:
        return marries(c, t.piles[dst][-1], BOTH)

    def takes_space(self, t: Table, src: int, dst: int) -> bool:
        return is_lane(t.piles[dst]) and len(t.piles[src]) > 1

    def steps(self, t: Table) -> list[Step]:
        return top_steps(t, CODES, ("f",), self.home, self.marries, self.takes_space)

    def goes_home(self, t: Table, pile: int) -> bool:
        return home_from(t, pile, len(CODES), ("f",), self.home)

    def family_safe(self, t: Table) -> tuple[Move, ...]:
        return top_safe(self, t, CODES, self.home, self.marries)

    say = say_move
