"""Fifteen in a Row, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2078-2131 (book pp. 96-98); rule sheet
``shared/games/cheney.md``, section Fifteen in a Row.

Two packs. "Lay out all the cards of both packs in rows of fifteen each, except the last
row, which will contain only fourteen. Let each row lie half way upon the one above it"
(l.2087-2091). "Take the aces and kings from the last row ... On the aces you will form
upward, on the kings downward. If there are no aces or kings in the last row, see
whether, by marriages, you can uncover the kings or aces in the sixth row. If you cannot,
you may take them from the sixth row, and fill the spaces left by them with the cards
immediately below them. After you have one ace and one king, you can use all the cards
which are independent, that is, which have no other leaning upon them, and can either
make marriages with them, or give them their places in the families. You must follow
suit, both in making marriages and in placing cards in the families. Whenever you have a
line free from top to bottom, it is called a street. In this street you may place any
independent card, and add to it any that follow either in ascending or descending
series" (l.2091-2126). "Success is of course achieved by completing your families"
(l.2130-2131).

Readings (the sheet's PROPOSED readings unless said otherwise):

- Fifteen columns; column ``i`` holds the ``i``-th card of each row, the last row's card
  on top (free, "independent"); column 15 has six cards. All cards lie face up.
- Families follow suit: ``f1``-``f4`` up from the aces of spades, hearts, diamonds,
  clubs, ``f5``-``f8`` down from the kings; the first ace (king) of a suit played begins
  its family, the other is an ordinary card.
- The opening lasts until an ace family and a king family are begun. Until then only an
  ace or a king goes to the families (to begin one), marriages may be made to uncover
  one, and an ace or king lying directly under a free card may be taken out, the free
  card sliding up into its place (the sheet: "the pull ... only in this opening phase";
  the book's "sixth row" is read as "under the free card", which it is until the
  columns change).
- Marriages: a free card on a free card of its suit one higher or one lower, one card at
  a time. A street (an empty column) takes any free card (not the last card of another
  column: that changes nothing).
- Cards may go back and forth, so ``end`` (give up) is offered after every other move
  and a card may not be put straight back where it has just come from. The game is lost
  when no move is left.

Moves, in this order: ``c<i>>f<j>`` (the free card of column ``i`` to family ``j``),
``x<i>>f<j>`` (the card under it, in the opening), ``c<i>>c<k>`` (marriage or street),
``end``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import ACE, KING, Card, identity, name, rank_of
from ..description import CHENEY, Description
from ..families import EMPTY8, Families, add, family_name, family_targets, family_zones, home
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, replace_at, split_code, with_end
from ._columns import back_of
from ._upward import short_of, tops_by_card

COLUMNS, ROWS = 15, 7


@dataclass(frozen=True, slots=True)
class FifteenState:
    families: Families
    #: The fifteen columns, first row first: the last card is free.
    columns: tuple[tuple[Card, ...], ...]
    back: str = ""
    given_up: bool = False


def opening(fams: Families) -> bool:
    """Whether an ace family or a king family is still to be begun."""
    return not (any(fams[:4]) and any(fams[4:]))


def begins(fams: Families, c: Card) -> list[int]:
    """The families ``c`` may begin (an ace or a king, its family still empty)."""
    return [j for j in family_targets(fams, c) if not fams[j]]


@register
class FifteenInARow(SoloGame[FifteenState]):
    description = Description(
        id="fifteen_in_a_row", title="Fifteen in a Row", book=CHENEY, lines="2078-2131",
        skill="much", bound=None, packs=2)

    def layout(self, cards: tuple[Card, ...], seed: int) -> FifteenState:
        cols = tuple(tuple(cards[r * COLUMNS + i] for r in range(ROWS)
                           if r * COLUMNS + i < len(cards)) for i in range(COLUMNS))
        return FifteenState(EMPTY8, cols)

    def moves(self, state: FifteenState) -> tuple[Move, ...]:
        fams, cols = state.families, state.columns
        first = opening(fams)
        targets = begins if first else family_targets
        out = [Move(f"c{i + 1}>f{j + 1}") for i, p in enumerate(cols) if p
               for j in targets(fams, p[-1])]
        if first:
            out += [Move(f"x{i + 1}>f{j + 1}") for i, p in enumerate(cols)
                    if len(p) > 1 and rank_of(p[-2]) in (ACE, KING)
                    for j in begins(fams, p[-2])]
        by_top = tops_by_card(cols)
        empty = cols.index(()) if () in cols else -1
        for i, p in enumerate(cols):
            if not p:
                continue
            c = identity(p[-1])
            to = [*by_top.get(c + 1, []), *by_top.get(c - 1, [])]
            if empty >= 0 and len(p) > 1:
                to.append(empty)
            out += [Move(code) for k in sorted(to)
                    if (code := f"c{i + 1}>c{k + 1}") != state.back]
        return with_end(out)

    def play(self, state: FifteenState, move: Move) -> FifteenState:
        src, a, dst, b = split_code(move.code)
        assert a is not None and b is not None
        p = state.columns[a - 1]
        if src == "x":
            c, rest = p[-2], (*p[:-2], p[-1])
        else:
            c, rest = p[-1], p[:-1]
        cols = replace_at(state.columns, a - 1, rest)
        if dst == "f":
            return replace(state, columns=cols, families=add(state.families, b - 1, c),
                           back="")
        return replace(state, columns=replace_at(cols, b - 1, (*cols[b - 1], c)),
                       back=back_of(move.code))

    def won(self, state: FifteenState) -> bool:
        return home(state.families) == 104

    def summary(self, state: FifteenState, won: bool) -> str:
        if won:
            return "the families are complete"
        return short_of(state.families, state.given_up)

    def zones(self, state: FifteenState) -> tuple[Zone, ...]:
        return (*family_zones(state.families),
                *(open_zone(f"c{i + 1}", "pile", p, f"column {i + 1}", "columns")
                  for i, p in enumerate(state.columns)))

    def public(self, state: FifteenState) -> dict[str, Any]:
        return {"opening": opening(state.families), "in_families": home(state.families),
                "streets": sum(not p for p in state.columns)}

    def say(self, state: FifteenState, move: Move) -> str:
        src, a, dst, b = split_code(move.code)
        assert a is not None and b is not None
        p = state.columns[a - 1]
        if src == "x":
            return f"take {name(p[-2])} from under {name(p[-1])} in column {a} and " \
                f"begin {family_name(b - 1)}; {name(p[-1])} slides up"
        if dst == "f":
            return f"play {name(p[-1])} from column {a} on {family_name(b - 1)}"
        q = state.columns[b - 1]
        if q:
            return f"marry {name(p[-1])} from column {a} to {name(q[-1])} on column {b}"
        return f"put {name(p[-1])} from column {a} into the street, column {b}"
