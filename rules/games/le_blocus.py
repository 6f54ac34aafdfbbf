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

Moves, in order: ``c<i>>f<j>``, ``r``, ``d``, ``c<i>>c<k>``, ``end``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cadogan import ACES_UP, marries, outermost, suited, to_play
from ..cards import ACE, SUIT_SYMBOLS, Card, name, rank_of
from ..description import CADOGAN, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import (
    SoloGame,
    back_of,
    open_zone,
    pack_of,
    pack_zone,
    replace_at,
    split_code,
    with_end,
)

COLUMNS = 12
KINDS = suited(ACES_UP, 8)
DEAL, REFILL = Move("d"), Move("r")
Place = tuple[Card, ...]
Column = tuple[Place, ...]


@dataclass(frozen=True, slots=True)
class BlocusState:
    found: tuple[tuple[Card, ...], ...]
    #: Twelve columns, each a place per row dealt (first row first).
    columns: tuple[Column, ...]
    pack: tuple[Card, ...]
    back: str = ""
    given_up: bool = False


@register
class LeBlocus(SoloGame[BlocusState]):
    description = Description(
        id="le_blocus", title="Le Blocus", book=CADOGAN, lines="597-646, 1-65",
        skill="some", bound=None, packs=2, aliases=("the_blockade",))
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("vacancy", "place", "place: every emptied place of the table is a vacancy, "
               "higher rows refilled first (the sheet's reading); column: only an "
               "entirely empty column", choices=("place", "column")),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> BlocusState:
        st = BlocusState(((),) * 8, ((),) * COLUMNS, pack_of(cards))
        return self.deal_row(st)

    # -- dealing ---------------------------------------------------------------------

    def draw(self, st: BlocusState) -> tuple[Card | None, BlocusState]:
        """The next card of the pack that is not an ace; aces go up as they appear."""
        pack, found = st.pack, st.found
        while pack:
            c, pack = pack[-1], pack[:-1]
            j = to_play(KINDS, found, c) if rank_of(c) == ACE else -1
            if j < 0:
                return c, replace(st, pack=pack, found=found)
            found = replace_at(found, j, (*found[j], c))
        return None, replace(st, pack=pack, found=found)

    def deal_row(self, st: BlocusState) -> BlocusState:
        cols = list(st.columns)
        for i in range(COLUMNS):
            c, st = self.draw(st)
            cols[i] = (*cols[i], () if c is None else (c,))
        return replace(st, columns=tuple(cols), back="")

    def vacancies(self, st: BlocusState) -> list[tuple[int, int]]:
        """(row, column) of each vacancy, higher rows first."""
        if self.options["vacancy"] == "column":
            return [(0, i) for i, col in enumerate(st.columns) if outermost(col) < 0]
        rows = max((len(c) for c in st.columns), default=0)
        return [(r, i) for r in range(rows) for i, col in enumerate(st.columns)
                if r < len(col) and not col[r]]

    def refill(self, st: BlocusState) -> BlocusState:
        for r, i in self.vacancies(st):
            c, st = self.draw(st)
            if c is None:
                break
            col = st.columns[i] if self.options["vacancy"] == "place" else ((),)
            st = replace(st, columns=replace_at(st.columns, i, replace_at(col, r, (c,))))
        return replace(st, back="")

    # -- the game --------------------------------------------------------------------

    def tops(self, st: BlocusState) -> list[tuple[int, Card]]:
        out = []
        for i, col in enumerate(st.columns):
            r = outermost(col)
            if r >= 0:
                out.append((i, col[r][-1]))
        return out

    def moves(self, st: BlocusState) -> tuple[Move, ...]:
        tops = self.tops(st)
        out = [Move(f"c{i + 1}>f{j + 1}") for i, c in tops
               if (j := to_play(KINDS, st.found, c)) >= 0]
        if st.pack:
            out.append(REFILL if self.vacancies(st) else DEAL)
        out += [Move(code) for i, c in tops for k, d in tops
                if k != i and marries(c, d) and (code := f"c{i + 1}>c{k + 1}") != st.back]
        return with_end(out)

    def play(self, st: BlocusState, move: Move) -> BlocusState:
        if move == DEAL:
            return self.deal_row(st)
        if move == REFILL:
            return self.refill(st)
        _, a, dst, b = split_code(move.code)
        assert a is not None and b is not None
        col = st.columns[a - 1]
        r = outermost(col)
        c = col[r][-1]
        cols = replace_at(st.columns, a - 1, replace_at(col, r, col[r][:-1]))
        if dst == "f":
            return replace(st, columns=cols,
                           found=replace_at(st.found, b - 1, (*st.found[b - 1], c)), back="")
        target = cols[b - 1]
        t = outermost(target)
        cols = replace_at(cols, b - 1, replace_at(target, t, (*target[t], c)))
        return replace(st, columns=cols, back=back_of(move.code))

    def won(self, st: BlocusState) -> bool:
        return sum(len(f) for f in st.found) == 104

    def summary(self, st: BlocusState, won: bool) -> str:
        n = sum(len(f) for f in st.found)
        if won:
            return "all 104 cards are on the foundations"
        why = "given up" if st.given_up else "no move is left"
        return f"{n} of 104 cards on the foundations; {why}"

    def zones(self, st: BlocusState) -> tuple[Zone, ...]:
        out = [open_zone(f"f{j + 1}", "foundation", f,
                         f"{SUIT_SYMBOLS[j % 4]} foundation", "foundations")
               for j, f in enumerate(st.found)]
        for i, col in enumerate(st.columns):
            out += [open_zone(f"c{i + 1}.{r + 1}", "pile", p,
                              f"row {r + 1}, place {i + 1}", f"column {i + 1}")
                    for r, p in enumerate(col)]
        out.append(pack_zone(st.pack))
        return tuple(out)

    def public(self, st: BlocusState) -> dict[str, Any]:
        return {"pack": len(st.pack), "rows": max(len(c) for c in st.columns),
                "vacancies": len(self.vacancies(st)),
                "on_foundations": sum(len(f) for f in st.found)}

    def say(self, st: BlocusState, move: Move) -> str:
        if move == DEAL:
            return "deal out another row of twelve"
        if move == REFILL:
            return "re-fill the vacancies from the pack, higher rows first"
        _, a, dst, b = split_code(move.code)
        assert a is not None and b is not None
        col = st.columns[a - 1]
        c = col[outermost(col)][-1]
        if dst == "f":
            return f"play {name(c)} from column {a} on the {SUIT_SYMBOLS[(b - 1) % 4]} " \
                "foundation"
        target = st.columns[b - 1]
        return f"marry {name(c)} from column {a} to {name(target[outermost(target)][-1])} " \
            f"on column {b}"
