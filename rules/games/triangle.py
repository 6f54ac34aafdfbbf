"""Triangle, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2504-2563 (pp. 117-119); rule sheet
``shared/games/cheney.md``, section Triangle.

One pack. "LAY down one card face up, and six others face down, in a horizontal row ...
In the second row, put the card face up in the second place, and complete the row of six
with cards turned down. Do the same with each succeeding row, until the last, which will
consist of only one card turned face up" (l.2508-2517): seven columns, column ``j``
holding ``j`` cards, the lowest face up. Turned-up cards build the families from the
aces, "following suit", or make marriages, "placing a lower card on a higher next in
order, but alternating colors. The card immediately above the one used may then be
turned up ... When a space is left you can fill it with any turned-up card"
(l.2519-2535). "You may use the rest of the pack either to place in the triangle by the
same rules as the other cards, or in the families. For convenience, you may lay these
cards in order upon the table, that you may easily select what ones you wish to use"
(l.2537-2543). "You cannot (as in Fooliana) change more than one card from one line to
another at once; but you can use any card from the stock, and even take back a top card
from the families, if it will enable you to work to more advantage" (l.2545-2554).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The other 24 cards lie face up on the table (the *spare cards*, zone ``spare``), each
  usable at any time, on the families, in a marriage or in a space.
- A face-down card left at the bottom of a column is turned up at once ("may then be
  turned up": nothing is gained by leaving it down).
- A space takes any turned-up card: a column's top card, a spare card, or a family's
  top card. The seven columns' spaces are alike, so the first empty one is offered.
- A family's top card may be taken back onto a column (a marriage) or into a space.
- Won when the four families hold all 52 cards; the player gives up (``end``) when she
  sees no way on, or the game ends when no move is left.

Moves, in this order: ``t<i>>f`` (column ``i``'s top to its family), ``s<card>>f`` (a
spare card, e.g. ``s7h>f``, ``sth>f`` for the ten); marriages ``t<i>>t<j>``,
``s<card>>t<j>``, ``f<k>>t<j>``; into the first space ``t<k>``: ``t<i>>t<k>`` (from a
column with other cards), ``s<card>>t<k>``, ``f<k>>t<k>``; ``end``. A move may not put
the same card straight back where it came from. Shifts (moves that turn no card up and
leave no space, and cards taken back from the families) are listed after the others
(:func:`rules.building.shifts_last`).
"""

from __future__ import annotations

from .. import fans
from ..building import alt_down, family_label, onto, shifts_last, triangle
from ..cards import Card, name
from ..description import CHENEY, Description
from ..game import Move
from ..patience import COLUMN, FACE_DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register

COLUMNS = 7
FAMILIES = tuple(Pile(f"f{i + 1}", "foundation", family_label(i), "families") for i in range(4))
TRIANGLE = tuple(Pile(f"t{i + 1}", "pile", f"column {i + 1}", "triangle", COLUMN, turn_up=True,
                      alike="columns") for i in range(COLUMNS))
SPARE = Pile("spare", "reserve", "the rest of the pack, laid out")
F, T, S = 0, 4, 4 + COLUMNS  # where the families, the columns and the spare cards lie


@register
class Triangle(Patience):
    description = Description(
        id="triangle", title="Triangle", book=CHENEY, lines="2504-2563", skill="much",
        bound=None)
    facts = (("face_down", FACE_DOWN), ("spare", size("spare")), ("in_families", HOME))
    no_straight_back = True

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*FAMILIES, *TRIANGLE, SPARE)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        cols, down, n = triangle(cards, COLUMNS)
        laid = {p.id: c for p, c in zip(TRIANGLE, cols, strict=True)}
        return self.table(laid | {"spare": cards[n:]},
                          {p.id: d for p, d in zip(TRIANGLE, down, strict=True)})

    def steps(self, t: Table) -> list[Step]:
        fams = self.families(t)
        free = fans.free_cards(t, T, S, S, "s")
        home = fans.home_steps(free, fams)
        # a card may go on column j, its top; or in the first space; a family's top too
        free += [(f"f{k + 1}", F + k, None, f[-1]) for k, f in enumerate(fams) if f]
        out = fans.column_steps(t, T, S, free)
        steps = {s.code: s for s in home + out}

        def shift(m: str) -> bool:  # turns no card up and leaves no space
            s = steps[m]
            if not T <= s.source < S or s.target < T:
                return s.source < T
            p, down = t.piles[s.source], t.down[s.source]
            return not (len(p) == 1 or (down and len(p) - down == 1))

        return [steps[m] for m in shifts_last(list(steps), shift)]

    def family_safe(self, t: Table) -> tuple[Move, ...]:
        """A column's top or a spare card to its family when neither card of the other
        colour one lower is still off the families (:func:`rules.building.safe_home`;
        that a family's top may come back only adds to what the card can still do)."""
        return self.safe_home(t, fans.home_candidates(fans.free_cards(t, T, S, S, "s")),
                              alt_down)

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        c = t.piles[s.source][s.taken(t)][0]
        where = ("from the spare cards" if s.source == S else
                 f"back from {family_label(s.source)}" if s.source < T else
                 f"from column {s.source - T + 1}")
        if s.target < T:
            return f"play {name(c)} {where} to {family_label(s.target)}"
        j = s.target - T
        return f"put {name(c)} {where} {onto(c, t.piles[s.target], f'column {j + 1}')}"
