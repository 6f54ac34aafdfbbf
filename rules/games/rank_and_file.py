"""Rank and File (Judges), from Cheney's *Patience* (1894), with the Appendix's rule.

Source: ``000_afc193f70d23752d.txt`` l.2323-2373 (pp. 108-110) and the Appendix note
l.3316-3322; rule sheet ``shared/games/cheney.md``, section Rank and File.

Two packs. "LAY off eleven cards in a row across the table. Take a king and an ace of
each suit from this row if you can find them there, with which to begin your families,
piling upwards on the aces and downwards on the kings, following suit. You can use any
card in this row which comes in order upon them. Fill the spaces in this row from the
pack. When it is full, lay out the next row, slightly lapping upon it. Of this row you
can use only the two right hand end cards. Continue laying out the cards in rows, using
the two end cards as you have a chance, until the pack is exhausted. You may then use
the lower row of cards, or any one left uncovered, by using that below it. You can also
form marriages either upwards or downwards with any free cards. If you clear a line
upwards completely, you can place any free king in the vacant space, but no other card"
(l.2327-2357). "If you are unsuccessful ... you must begin at the left hand lower corner
and take up the cards by lines into a pack, without shuffling; you relay them under the
same conditions as before. You can thus relay the cards twice" (l.2359-2371). The
Appendix: "This game, which was called Rank and File in the original book, is more often
called Judges ... Some authorities also allow the left-hand lower card of the rows to be
used on the families, and aces as well as kings to be put in the spaces" (l.3316-3322).

Two registered games: ``rank_and_file`` (alias ``judges``) and its variant
``rank_and_file_appendix``, which is ``rank_and_file`` with option ``authorities=some``.

Readings (the sheet's PROPOSED readings unless said otherwise):

- While the pack lasts, only the first row's cards (while it is the only row) or the end
  cards of the row last laid go to the families: the two right-hand ones (with the
  Appendix also the left-hand one). A played end card is not replaced, and the card it
  uncovers waits for the end of the deal. Bases missing from the first row are taken
  whenever such a card can be used. ``d`` fills the first row's spaces from the pack, or,
  the row being full, lays the next row (the last one may be short).
- Families: one ace and one king of each suit, the first of each to be played; the second
  ace (king) of a suit is an ordinary card that ends the king (ace) family of its suit.
- After the deal every column's lowest card is free. Marriages put a free card on
  another, one higher or one lower, of any suit (the glossary's marriage, l.3307-3311;
  option ``marriage``: ``suit``), one card at a time. A column cleared "upwards
  completely" takes a free king from a column with other cards (with the Appendix, an
  ace too); the spaces are alike, so the first empty one is offered.
- Relaying (``redeal``, twice, whenever the player chooses after the deal): the columns
  are taken up from the left, each from its lowest card upward, the first card taken up
  being the first laid again; the first row is laid at once. The families keep their
  cards: only the "lines" are taken up (l.2361-2366).
- Won when the eight families hold all 104 cards; lost when no move is left.

Moves, in this order: ``t<i>>f<j>`` (column ``i``'s usable card to family ``j``: ``f1``-``f4``
the aces of spades, hearts, diamonds, clubs, ``f5``-``f8`` the kings); after the deal,
``t<i>>t<j>`` (marriages), ``t<i>>t<k>`` (a king into the first space); ``d``; ``redeal``;
``end``. A card may not be put straight back where it came from. Shifts (marriages that
leave no space) are listed after ``redeal`` (:func:`rules.building.shifts_last`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import ClassVar

from ..building import onto, shifts_last
from ..cards import ACE, KING, Card, identity, name, rank_of, suit_of
from ..common import onto_table
from ..description import CHENEY, Description
from ..families import family_name, family_targets
from ..game import Move, Option
from ..patience import DOWN, HOME, SHELL, Patience, Pile, Step, Table, size
from ..registry import register, variant
from ..shape import DEAL, REDEAL

ROW = 11
MARRIAGE = Option("marriage", "any", "marriages after the deal: any (one higher or lower, "
                  "any suit) or suit (the same suit only)", choices=("any", "suit"))
FAMILIES = tuple(Pile(f"f{j + 1}", "foundation", family_name(j), "aces" if j < 4 else "kings")
                 for j in range(8))
COLUMNS = tuple(Pile(f"t{i + 1}", "pile", f"column {i + 1}", "rows") for i in range(ROW))
T, P = 8, 8 + ROW  # where the columns and the pack lie


def rows(game: Patience, t: Table) -> int:
    """Rows laid in this laying out (the game's own counter keeps those after the first)."""
    return game.mark(t, "later_rows") + 1


def live(game: Patience, t: Table) -> list[int]:
    """The columns whose end card of the row last laid may still be used during the deal
    (the game's own counter ``live``, one bit a column)."""
    bits = game.mark(t, "live")
    return [i for i in range(ROW) if bits >> i & 1]


def usable(game: Patience, t: Table) -> list[int]:
    """The columns whose top card may be used now."""
    if not t.piles[P] or rows(game, t) == 1:
        return [i for i, p in enumerate(t.piles[T:P]) if p]
    return live(game, t)


@register
class RankAndFile(Patience):
    description = Description(
        id="rank_and_file", title="Rank and File (Judges)", book=CHENEY,
        lines="2323-2373, 3316-3319", skill="some", bound=None, packs=2,
        aliases=("judges",))
    option_specs: ClassVar[tuple[Option, ...]] = (MARRIAGE, Option(
        "authorities", "none", "some: the left-hand lower card of the rows also goes to "
        "the families, and aces as well as kings into the spaces (l.3319-3322)",
        choices=("none", "some")))
    #: "You can thus relay the cards twice" (l.2370-2371).
    redeals_allowed = 2
    redeal_word = "relay"
    redeal_takes_up = False
    no_straight_back = True
    marks = ("later_rows", "live")
    facts = (("pack", size("pack")), ("rows", rows),
             ("usable", lambda g, t: [f"t{i + 1}" for i in usable(g, t)]),
             ("redeals_left", SHELL), ("in_families", HOME))

    @property
    def authorities(self) -> bool:
        """The Appendix's "some authorities" rule."""
        return self.options.get("authorities") == "some"

    def __init__(self, options: Mapping[str, object] | None = None) -> None:
        super().__init__(options)
        #: :meth:`marries` as a table (:func:`rules.common.onto_table`).
        self.marriages = onto_table(self.marries)

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*FAMILIES, *COLUMNS, Pile("pack", "stock", "the pack", face=DOWN))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.deal_across(self.table({"pack": cards[::-1]}), P, range(T, P))

    def steps(self, t: Table) -> list[Step]:
        cols, fams, pack = t.piles[T:P], t.piles[:T], t.piles[P]
        use = usable(self, t)
        out = [Step(f"t{i + 1}>f{j + 1}", source=T + i, target=j)
               for i in use for j in family_targets(fams, cols[i][-1])]
        if not pack:
            married = self.marriages
            for i in use:
                on = married[cols[i][-1] & 63]
                out += [Step(f"t{i + 1}>t{j + 1}", source=T + i, target=T + j) for j in use
                        if j != i and cols[j][-1] & 63 in on]
            if () in cols:
                k = cols.index(())
                spaces = (KING, ACE) if self.authorities else (KING,)
                out += [Step(f"t{i + 1}>t{k + 1}", source=T + i, target=T + k) for i in use
                        if len(cols[i]) > 1 and rank_of(cols[i][-1]) in spaces]
        if pack:
            first = cols.index(()) if rows(self, t) == 1 and () in cols else 0
            out.append(Step("d", DEAL, P, T + first, min(len(pack), ROW - first)))
        elif self.may_redeal(t):
            out.append(Step("redeal", REDEAL, T, P))
        steps = {s.code: s for s in out}

        def shift(m: str) -> bool:  # a marriage that leaves no space
            s = steps[m]
            return s.target >= T and bool(t.piles[s.target]) and len(t.piles[s.source]) > 1

        return [steps[m] for m in shifts_last(list(steps), shift)]

    def goes_home(self, t: Table, pile: int) -> bool | None:
        if not T <= pile < P:
            return None
        col = t.piles[pile]
        return bool(col) and bool(family_targets(t.piles[:T], col[-1])) \
            and pile - T in usable(self, t)

    def order_moves(self, state: Table, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """The solver's knowledge: cards to the families first, then the next row; then
        a marriage or a king into a space that frees a card the families take at once;
        then relaying, which lays out again only what the families lack; then the other
        marriages; giving up last."""
        fams = state.piles[:T]

        def cost(move: Move) -> int:
            code = move.code
            if ">f" in code:
                return 0
            if ">" not in code:
                return {"d": 1, "redeal": 3}.get(code, 9)
            pile = state.piles[T + int(code[1:code.index(">")]) - 1]
            return 2 if len(pile) > 1 and family_targets(fams, pile[-2]) else 4

        return tuple(sorted(moves, key=cost))

    def solver_key(self, state: Table) -> Hashable:
        """The position without ``back``, and besides: the two packs' copies of a card
        are alike, and a family is known by its length."""
        return (tuple(tuple(identity(c) for c in p) for p in state.piles[T:P]),
                tuple(len(f) for f in state.piles[:T]),
                tuple(identity(c) for c in state.piles[P]), state.own, state.redeals,
                state.given_up)

    def marries(self, c: Card, onto: Card) -> bool:
        if self.option("marriage") == "suit" and suit_of(c) != suit_of(onto):
            return False
        return abs(rank_of(c) - rank_of(onto)) == 1

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        if s.kind == DEAL:
            return self._deal(state)
        after = super().play(state, move)
        if s.kind == REDEAL:
            return after
        bits = self.mark(state, "live") & ~(1 << (s.source - T))
        return self.marked(after, live=bits)

    def special(self, t: Table, step: Step) -> Table:
        """Relaying: the lines taken up from the left, each from its lowest card upward,
        and the first row laid again at once; only the rows are taken up, the families
        keep their cards (l.2359-2369)."""
        taken = [c for p in t.piles[T:P] for c in reversed(p)]
        laid = self.table({"pack": taken[::-1]} | {p.id: t.piles[j]
                                                   for j, p in enumerate(FAMILIES)})
        laid = self.deal_across(laid, P, range(T, P))
        return Table(laid.piles, laid.down, self.redeal_number(t), t.turns, t.privileges_used,
                     t.given_up, t.played, None, (), t.seed)

    def _deal(self, t: Table) -> Table:
        cols = t.piles[T:P]
        if rows(self, t) == 1 and () in cols:
            return self.deal_across(t, P, [T + i for i, p in enumerate(cols) if not p])
        laid = list(range(min(ROW, len(t.piles[P]))))
        now = laid[-2:]
        if self.authorities and laid[0] not in now:
            now = [laid[0], *now]
        return self.marked(self.deal_across(t, P, range(T, P)),
                           later_rows=rows(self, t), live=sum(1 << i for i in now))

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            if rows(self, state) == 1 and () in state.piles[T:P]:
                return "fill the spaces in the first row from the pack"
            return "lay out the next row"
        if move.code == "redeal":
            return f"take up the cards by lines and lay them out again {self.redeal_of(state)}"
        s = self.step(state, move)
        a, c = s.source - T + 1, state.piles[s.source][-1]
        if s.target < T:
            return f"play {name(c)} from column {a} on {family_name(s.target)}"
        b = s.target - T + 1
        return f"put {name(c)} from column {a} {onto(c, state.piles[s.target], f'column {b}')}"


RANK_AND_FILE_APPENDIX = variant(RankAndFile, Description(
    id="rank_and_file_appendix", title='Judges, as "some authorities" allow', book=CHENEY,
    lines="3316-3322, 2323-2373", skill="some", bound=None, packs=2,
    variant_of="rank_and_file", fixed={"authorities": "some"}))
