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
leave no space) are listed after ``redeal`` (:func:`._columns.shifts_last`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import ACE, KING, Card, identity, name, rank_of, suit_of
from ..common import REDEAL
from ..description import CHENEY, Description
from ..families import EMPTY8, Families, add, family_name, family_targets, family_zones, home
from ..game import Move, Option, Zone
from ..registry import register, variant
from ..solo import pack_of, pack_zone, split_code, with_end
from ._columns import DEAL, ColumnGame, Piles, back_of, onto, put, shifts_last

ROW = 11
MARRIAGE = Option("marriage", "any", "marriages after the deal: any (one higher or lower, "
                  "any suit) or suit (the same suit only)", choices=("any", "suit"))


@dataclass(frozen=True, slots=True)
class JudgesState:
    columns: Piles
    families: Families
    #: The pack, face down, top last.
    pack: tuple[Card, ...]
    #: Rows laid in this laying out.
    rows: int = 1
    #: Columns whose end card of the row last laid may still be used during the deal.
    live: tuple[int, ...] = ()
    #: Relays taken so far (0 .. 2), counted by the solo shell.
    redeals: int = 0
    back: str = ""
    given_up: bool = False


@register
class RankAndFile(ColumnGame[JudgesState]):
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

    @property
    def authorities(self) -> bool:
        """The Appendix's "some authorities" rule."""
        return self.options.get("authorities") == "some"

    def layout(self, cards: tuple[Card, ...], seed: int) -> JudgesState:
        return self.lay_first_row(pack_of(cards), redeals=0)

    def lay_first_row(self, pack: tuple[Card, ...], redeals: int,
                      families: Families = EMPTY8) -> JudgesState:
        n = min(ROW, len(pack))
        cols = tuple((c,) for c in reversed(pack[len(pack) - n:]))
        return JudgesState(cols + ((),) * (ROW - n), families, pack[:len(pack) - n],
                           redeals=redeals)

    def usable(self, state: JudgesState) -> list[int]:
        """The columns whose top card may be used now."""
        cols = state.columns
        if not state.pack or state.rows == 1:
            return [i for i, p in enumerate(cols) if p]
        return list(state.live)

    def moves(self, state: JudgesState) -> tuple[Move, ...]:
        cols, fams = state.columns, state.families
        use = self.usable(state)
        out = [f"t{i + 1}>f{j + 1}" for i in use for j in family_targets(fams, cols[i][-1])]
        if not state.pack:
            for i in use:
                out += [f"t{i + 1}>t{j + 1}" for j in use if j != i
                        and self.marries(cols[i][-1], cols[j][-1])]
            if () in cols:
                k = cols.index(()) + 1
                spaces = (KING, ACE) if self.authorities else (KING,)
                out += [f"t{i + 1}>t{k}" for i in use
                        if len(cols[i]) > 1 and rank_of(cols[i][-1]) in spaces]
        if state.pack:
            out.append("d")
        elif self.may_redeal(state):
            out.append("redeal")

        def shift(m: str) -> bool:  # a marriage that leaves no space
            src, dst = m.split(">") if ">" in m else (m, "")
            j = int(dst[1:]) - 1 if dst.startswith("t") else -1
            return j >= 0 and bool(cols[j]) and len(cols[int(src[1:]) - 1]) > 1

        return with_end([Move(m) for m in shifts_last(out, shift) if m != state.back])

    def order_moves(self, state: JudgesState, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """The solver's knowledge: cards to the families first, then the next row; then
        a marriage or a king into a space that frees a card the families take at once;
        then relaying, which lays out again only what the families lack; then the other
        marriages; giving up last."""
        cols, fams = state.columns, state.families

        def cost(move: Move) -> int:
            code = move.code
            if ">f" in code:
                return 0
            if ">" not in code:
                return {DEAL.code: 1, REDEAL.code: 3}.get(code, 9)
            pile = cols[int(code[1:code.index(">")]) - 1]
            return 2 if len(pile) > 1 and family_targets(fams, pile[-2]) else 4

        return tuple(sorted(moves, key=cost))

    def solver_key(self, state: JudgesState) -> Hashable:
        """The column games' key (without ``back``), and besides: the two packs' copies
        of a card are alike, and a family is known by its length."""
        return (tuple(tuple(identity(c) for c in p) for p in state.columns),
                tuple(len(f) for f in state.families), tuple(identity(c) for c in state.pack),
                state.rows, state.live, state.redeals, state.given_up)

    def marries(self, c: Card, onto: Card) -> bool:
        if self.option("marriage") == "suit" and suit_of(c) != suit_of(onto):
            return False
        return abs(rank_of(c) - rank_of(onto)) == 1

    def play(self, state: JudgesState, move: Move) -> JudgesState:
        if move == DEAL:
            return self._deal(state)
        if move == REDEAL:
            taken = [c for p in state.columns for c in reversed(p)]
            # only the rows are taken up: the families keep their cards (l.2359-2369)
            return self.lay_first_row(pack_of(taken), redeals=self.redeal_number(state),
                                      families=state.families)
        _, a, dst, b = split_code(move.code)
        assert a is not None and b is not None
        c = state.columns[a - 1][-1]
        cols = put(state.columns, a - 1, state.columns[a - 1][:-1])
        live = tuple(i for i in state.live if i != a - 1)
        if dst == "f":
            return replace(state, columns=cols, live=live, back="",
                           families=add(state.families, b - 1, c))
        cols = put(cols, b - 1, (*cols[b - 1], c))
        return replace(state, columns=cols, live=live, back=back_of(move.code))

    def _deal(self, state: JudgesState) -> JudgesState:
        cols, pack = list(state.columns), state.pack
        if state.rows == 1 and () in cols:
            for i in range(ROW):
                if not cols[i] and pack:
                    cols[i], pack = (pack[-1],), pack[:-1]
            return replace(state, columns=tuple(cols), pack=pack, back="")
        laid = []
        for i in range(ROW):
            if pack:
                cols[i], pack = (*cols[i], pack[-1]), pack[:-1]
                laid.append(i)
        live = laid[-2:]
        if self.authorities and laid[0] not in live:
            live = [laid[0], *live]
        return replace(state, columns=tuple(cols), pack=pack, rows=state.rows + 1,
                       live=tuple(live), back="")

    def zones(self, state: JudgesState) -> tuple[Zone, ...]:
        return (
            *family_zones(state.families),
            *(Zone(f"t{i + 1}", "pile", p, len(p), label=f"column {i + 1}", group="rows")
              for i, p in enumerate(state.columns)),
            pack_zone(state.pack),
        )

    def public(self, state: JudgesState) -> dict[str, Any]:
        return {"pack": len(state.pack), "rows": state.rows,
                "usable": [f"t{i + 1}" for i in self.usable(state)],
                **self.redeal_facts(state), "in_families": home(state.families)}

    def say(self, state: JudgesState, move: Move) -> str:
        if move == DEAL:
            if state.rows == 1 and () in state.columns:
                return "fill the spaces in the first row from the pack"
            return "lay out the next row"
        if move == REDEAL:
            return f"take up the cards by lines and lay them out again {self.redeal_of(state)}"
        _, a, dst, b = split_code(move.code)
        assert a is not None and b is not None
        c = state.columns[a - 1][-1]
        if dst == "f":
            return f"play {name(c)} from column {a} on {family_name(b - 1)}"
        return f"put {name(c)} from column {a} {onto(c, state.columns[b - 1], f'column {b}')}"


RANK_AND_FILE_APPENDIX = variant(RankAndFile, Description(
    id="rank_and_file_appendix", title='Judges, as "some authorities" allow', book=CHENEY,
    lines="3316-3322, 2323-2373", skill="some", bound=None, packs=2,
    variant_of="rank_and_file", fixed={"authorities": "some"}))
