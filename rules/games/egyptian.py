"""The Egyptian, and the draw "some authorities allow", from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1457-1541 (the draw l.1528-1531); rule sheet
``shared/games/cheney.md``, section The Egyptian.

The four aces go in a column in the middle of the table (l.1473-1474), in suit order
(♠ ♥ ♦ ♣) from the top: the book leaves their order open and nothing hangs on it. For
each ace from the top, five cards go to its left, the first at the outside, and five to
its right, from the ace outward (l.1479-1485); the last eight make a lower line, four
and four, with an open space in the middle under the aces (l.1485-1488). Each of these
ten *arms* is a pile whose usable end card is its outer card (l.1494-1495). End cards go
to the families, built up in suit on the aces (l.1492-1494), or are married onto another
end card of the same suit, one higher or lower (l.1496-1504). An arm that is emptied
takes any end card, which is put next to the centre and starts the arm again
(l.1507-1514).

Arms are codes ``1`` .. ``10``: row 1 left, row 1 right, ..., row 4 right, then the lower
line's left and right. Moves ``3>f``, ``3>5``; the draw ``d7h>f`` / ``d7h>5`` (move order:
:mod:`rules.open_piles`).

Readings (the sheet's PROPOSED readings unless said otherwise):

- "end cards of each row" (amb. 1): each half-row is an arm with one usable end, the
  outer one; the lower line's gap is only a gap, not a free cell (amb. 3).
- "free an entire row" (amb. 2): one empty arm is enough (option ``space_rule=arm``);
  ``space_rule=line`` follows the other reading: an emptied arm is filled only while the
  other arm of its line is empty too.
- A card alone in its arm is not moved into an empty arm: that changes nothing (this
  keeps random play from shuttling a card between spaces; not in the sheet).
- "you cannot go a step farther; you must take up the cards and try again" (l.1514-1519)
  is the loss: no move left. A laying that offers no move at all shows only ``end``.
- ``egyptian_draw`` (l.1528-1531): once per game (the privilege ``draw``, counted by the
  solo shell), any card that is not an end card is drawn from its arm (the arm closes
  up) and goes to its family or is married onto an end card; never into an empty arm.
- Random play ends: ``end`` is always offered and a card may not be put straight back
  (:mod:`rules.open_piles`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..cards import ACE, Card, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..open_piles import (
    SUIT_FAMILIES,
    home_from,
    open_tableau,
    piles,
    say_move,
    suit_neighbours,
    top_safe,
    top_steps,
    up_in_suit,
)
from ..patience import Patience, Pile, Step, Table
from ..registry import register, variant

SPACE_RULE = Option("space_rule", "arm",
                    "arm: an emptied arm takes any end card; line: only while both arms "
                    "of its line are empty (\"free an entire row\")", choices=("arm", "line"))
DRAW = Option("draw", False, "one card may be drawn from the rows (l.1528-1531)",
              choices=(False, True))
LINES = ("row 1", "row 2", "row 3", "row 4", "the lower line")
CODES = tuple(str(i + 1) for i in range(10))
ARMS = piles(CODES, [f"{side} arm of {line}" for line in LINES for side in ("left", "right")])


@register
@open_tableau
class Egyptian(Patience):
    description = Description(
        id="egyptian", title="The Egyptian", book=CHENEY, lines="1457-1541", skill="much",
        bound=None)
    option_specs: ClassVar[tuple[Option, ...]] = (SPACE_RULE, DRAW)

    def max_privileges(self) -> Mapping[str, int]:
        """The one draw, with the option ``draw`` (counted by the solo shell)."""
        return {"draw": 1} if self.option("draw") else {}

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*ARMS, *SUIT_FAMILIES)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        """Arms bottom to top are inner to outer: a left arm is dealt outside first."""
        aces = sorted((c for c in cards if rank_of(c) == ACE), key=suit_of)
        rest = tuple(c for c in cards if rank_of(c) != ACE)
        arms: list[tuple[Card, ...]] = []
        at = 0
        for n in (5, 5, 5, 5, 4):
            arms.append(rest[at : at + n][::-1])
            arms.append(rest[at + n : at + 2 * n])
            at += 2 * n
        return self.table({p.id: a for p, a in zip(ARMS, arms, strict=True)}
                          | {p.id: (a,) for p, a in zip(SUIT_FAMILIES, aces, strict=True)})

    def marries(self, t: Table, c: Card, dst: int) -> bool:
        top = t.piles[dst][-1]
        return suit_of(top) == suit_of(c) and abs(rank_of(top) - rank_of(c)) == 1

    def takes_space(self, t: Table, src: int, dst: int) -> bool:
        if len(t.piles[src]) < 2:
            return False
        return not (self.option("space_rule") == "line" and t.piles[dst ^ 1])

    def steps(self, t: Table) -> list[Step]:
        return top_steps(t, CODES, ("f",), up_in_suit, self.marries, self.takes_space,
                         draws=self.may_use_privilege(t, "draw"),
                         index=suit_neighbours(t, len(CODES)))

    def goes_home(self, t: Table, pile: int) -> bool:
        return home_from(t, pile, len(CODES), ("f",), up_in_suit,
                         self.may_use_privilege(t, "draw"))

    def family_safe(self, t: Table) -> tuple[Move, ...]:
        return top_safe(self, t, CODES, up_in_suit, self.marries)

    say = say_move


EGYPTIAN_DRAW = variant(Egyptian, Description(
    id="egyptian_draw", title="The Egyptian (with a draw)", book=CHENEY, lines="1457-1541",
    skill="much", bound=None, variant_of="egyptian", fixed={"draw": True}))
