"""Le Blocus (the Vintage pages' The Blockade), from Cadogan's *Illustrated Games of
Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.597-646; the Vintage pages ``002`` l.195-211 give
the same text (alias ``the_blockade``). Rule sheet ``shared/games/cadogan.md``, section Le
Blocus. Not Cheney's Blockade (``blockade``), a different game of the same name. Her terms
are :mod:`rules.cadogan`'s.

Two packs. "All cards in the first row are available, but as each row is placed it
blocks the preceding one. The removal of any card in the lower rows releases the one
immediately above it, the principle being that all cards are available that have no
others below them" (Rule I); "the foundations must follow suit" (Rule II). "Deal out
twelve cards in a horizontal line. Aces may be played as they appear, but no other card
can be played until the row is complete. The eight aces are the foundation cards, and are
to ascend in sequence to kings ... play any suitable cards, and then marry in descending
line, but be careful to place the cards exactly over each other ... The vacancies thus
caused must be immediately re-filled from the pack, then again play and marry. When
neither can be done, deal out another row ... vacancies will often be made in the higher
rows. These must always be re-filled first" (l.603-644). "There is no re-deal" (l.646).

Readings (the sheet's PROPOSED readings unless said otherwise):

- A table of twelve columns; each place of a row holds a card and the cards married onto
  it, squared over it. A column's available card is the top of its lowest occupied place.
- Refilling (amb. 1): the player plays and marries (a removal releasing the card above
  within the same turn), then ``r`` fills every vacancy from the pack, higher rows first,
  left to right in a row; no row is dealt while a vacancy can be filled. Option
  ``vacancy``: ``column`` counts only an entirely empty column as a vacancy, refilled in
  its first row (the other reading, as in later books' Blockade).
- An ace dealt into a row or a vacancy is played at once and the next card takes its
  place (amb. 2). Other cards may be played only when the row is complete: ``d`` deals a
  whole row.
- Marriages: an available card onto another available card, same suit, one higher
  (amb. 3: both must be available); one card at a time; not straight back.
- Once the pack is out, vacancies stay empty; play goes on while it can; stuck is lost.

The table's piles: the eight foundations, then each column's places, a pile each (at
most nine rows are ever dealt: every deal but the last takes twelve of the 96 cards that
are not aces), then the pack. How many places of each column are laid is the game's own
counter (``rows1`` .. ``rows12``: the same for every column, but where the ``column``
reading re-fills an empty column in its first row), and only those are on the table.

Moves, in order: ``c<i>>f<j>``, ``r``, ``d``, ``c<i>>c<k>``, ``end``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from ..cadogan import ACES_UP, marries, outermost, suited, to_play
from ..cards import ACE, SUIT_SYMBOLS, Card, name, rank_of
from ..description import CADOGAN, Description
from ..game import Move, Option
from ..patience import DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL

COLUMNS = 12
#: The most rows ever dealt: every deal but the last takes twelve cards that are not
#: aces (of 96), or the pack runs out.
ROWS = 9
KINDS = suited(ACES_UP, 8)
P = 8  # the first place: place r of column i is pile P + ROWS * i + r
PACK = P + ROWS * COLUMNS


def rows(game: Patience, t: Table) -> int:
    assert isinstance(game, LeBlocus)
    return max(game.own_rows(t))


def vacancies(game: Patience, t: Table) -> int:
    assert isinstance(game, LeBlocus)
    return len(game.vacancies(t))


@register
class LeBlocus(Patience):
    description = Description(
        id="le_blocus", title="Le Blocus", book=CADOGAN, lines="597-646, 1-65",
        skill="some", bound=None, packs=2, aliases=("the_blockade",))
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("vacancy", "place", "place: every emptied place of the table is a vacancy, "
               "higher rows refilled first (the sheet's reading); column: only an "
               "entirely empty column", choices=("place", "column")),
    )
    facts = (("pack", size("pack")), ("rows", rows), ("vacancies", vacancies),
             ("on_foundations", HOME))
    home_words = "on the foundations"
    won_words = "are on the foundations"
    #: How many places of each column are laid.
    marks = tuple(f"rows{i + 1}" for i in range(COLUMNS))

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{j + 1}", "foundation", f"{SUIT_SYMBOLS[j % 4]} foundation",
                       "foundations") for j in range(8)),
                *(Pile(f"c{i + 1}.{r + 1}", "pile", f"row {r + 1}, place {i + 1}",
                       f"column {i + 1}") for i in range(COLUMNS) for r in range(ROWS)),
                Pile("pack", "stock", "the pack", face=DOWN))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.deal_row(self.table({"pack": cards[::-1]}))

    def own_rows(self, t: Table) -> list[int]:
        return [self.mark(t, n) for n in self.marks]

    def laid(self, t: Table, i: int) -> bool:
        if P <= i < PACK:
            col, r = divmod(i - P, ROWS)
            return r < self.mark(t, self.marks[col])
        return True

    def column(self, t: Table, i: int) -> tuple[tuple[Card, ...], ...]:
        """Column ``i``'s places laid, first row first."""
        at = P + ROWS * i
        return t.piles[at:at + self.mark(t, self.marks[i])]

    # -- dealing ---------------------------------------------------------------------

    def fill(self, t: Table, places: list[int], stop: bool) -> Table:
        """The next cards of the pack that are not aces onto ``places`` in turn (aces go
        up as they appear); with ``stop``, no further place once the pack is out."""
        piles = list(t.piles)
        for i in places:
            while piles[PACK]:
                c = piles[PACK][-1]
                piles[PACK] = piles[PACK][:-1]
                j = to_play(KINDS, piles[:P], c) if rank_of(c) == ACE else -1
                if j < 0:
                    piles[i] = (c,)
                    break
                piles[j] = (*piles[j], c)
            if stop and not piles[PACK]:
                break
        return Table(tuple(piles), (0,) * PACK + (len(piles[PACK]),), t.redeals, t.turns,
                     t.privileges_used, t.given_up, t.played, None, t.own, t.seed)

    def deal_row(self, t: Table) -> Table:
        laid = self.own_rows(t)
        t = self.fill(t, [P + ROWS * i + laid[i] for i in range(COLUMNS)], stop=False)
        return self.marked(t, **{n: k + 1 for n, k in zip(self.marks, laid, strict=True)})

    def vacancies(self, t: Table) -> list[int]:
        """The pile of each vacancy, higher rows first."""
        laid = self.own_rows(t)
        if self.options["vacancy"] == "column":
            return [P + ROWS * i for i in range(COLUMNS) if outermost(self.column(t, i)) < 0]
        return [P + ROWS * i + r for r in range(max(laid)) for i in range(COLUMNS)
                if r < laid[i] and not t.piles[P + ROWS * i + r]]

    def refill(self, t: Table) -> Table:
        places = self.vacancies(t)
        after = self.fill(t, places, stop=True)
        if self.options["vacancy"] == "column":  # an empty column begins again
            filled = {(i - P) // ROWS: 1 for i in places if after.piles[i]}
            after = self.marked(after, **{self.marks[i]: k for i, k in filled.items()})
        return after

    # -- the game --------------------------------------------------------------------

    def tops(self, t: Table) -> list[tuple[int, int, Card]]:
        """``(column, pile, card)`` of each column's available card."""
        out = []
        for i in range(COLUMNS):
            r = outermost(self.column(t, i))
            if r >= 0:
                k = P + ROWS * i + r
                out.append((i, k, t.piles[k][-1]))
        return out

    def forbidden(self, t: Table) -> str:
        """The marriage that would only put the last one straight back."""
        if t.back is None or t.back[1] < P:
            return ""
        src, dst, _ = t.back
        return f"c{(dst - P) // ROWS + 1}>c{(src - P) // ROWS + 1}"

    def steps(self, t: Table) -> list[Step]:
        tops = self.tops(t)
        fams = t.piles[:P]
        out = [Step(f"c{i + 1}>f{j + 1}", source=k, target=j) for i, k, c in tops
               if (j := to_play(KINDS, fams, c)) >= 0]
        if t.piles[PACK]:  # where the first card goes, the card says (an ace goes up)
            holes = self.vacancies(t)
            out.append(Step("r", DEAL, PACK, holes[0], by_card=True) if holes else
                       Step("d", DEAL, PACK, P + self.mark(t, "rows1"), by_card=True))
        back = self.forbidden(t)
        out += [Step(code, source=k, target=m) for i, k, c in tops for j, m, d in tops
                if j != i and marries(c, d) and (code := f"c{i + 1}>c{j + 1}") != back]
        return out

    def play(self, state: Table, move: Move) -> Table:
        if move.code == "d":
            return self.deal_row(state)
        if move.code == "r":
            return self.refill(state)
        return super().play(state, move)

    def solver_key(self, state: Table) -> Hashable:
        # the forbidden marriage is kept by its columns, not its piles: it may not lead
        # straight back to the position before (see Patience.solver_key)
        return super().solver_key(state), self.forbidden(state)

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            return "deal out another row of twelve"
        if move.code == "r":
            return "re-fill the vacancies from the pack, higher rows first"
        s = self.step(state, move)
        c = state.piles[s.source][-1]
        a = (s.source - P) // ROWS + 1
        if s.target < P:
            return f"play {name(c)} from column {a} on the {SUIT_SYMBOLS[s.target % 4]} " \
                "foundation"
        b = (s.target - P) // ROWS + 1
        return f"marry {name(c)} from column {a} to {name(state.piles[s.target][-1])} " \
            f"on column {b}"
