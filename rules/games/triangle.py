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
(:func:`._columns.shifts_last`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card, code, name, parse
from ..description import CHENEY, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import open_zone, split_code, with_end
from ._columns import (
    ColumnGame,
    Piles,
    add,
    alt_down,
    family_for,
    family_label,
    family_zones,
    home,
    onto,
    put,
    safe_home,
    shifts_last,
)

COLUMNS = 7


@dataclass(frozen=True, slots=True)
class TriangleState:
    #: Columns, bottom to top.
    columns: Piles
    #: How many cards at the bottom of each column lie face down.
    down: tuple[int, ...]
    #: The spare cards, face up, in the order laid out.
    spare: tuple[Card, ...]
    families: Piles
    back: str = ""
    given_up: bool = False


def triangle(cards: tuple[Card, ...], columns: int) -> tuple[Piles, tuple[int, ...], int]:
    """Klondike's triangle: row ``r`` starts with a face-up card at place ``r`` and fills
    the places to its right face down. ``(columns, face-down counts, cards used)``."""
    cols: list[list[Card]] = [[] for _ in range(columns)]
    k = 0
    for r in range(columns):
        for j in range(r, columns):
            cols[j].append(cards[k])
            k += 1
    return tuple(tuple(c) for c in cols), tuple(range(columns)), k


def turn_up(piles: Piles, down: tuple[int, ...], i: int) -> tuple[int, ...]:
    """Face-down counts after column ``i`` lost cards: its new top card is turned up."""
    n = min(down[i], max(len(piles[i]) - 1, 0))
    return (*down[:i], n, *down[i + 1:])


def spare_code(c: Card) -> str:
    return "s" + code(c).lower()


@register
class Triangle(ColumnGame[TriangleState]):
    description = Description(
        id="triangle", title="Triangle", book=CHENEY, lines="2504-2563", skill="much",
        bound=None)

    def layout(self, cards: tuple[Card, ...], seed: int) -> TriangleState:
        cols, down, n = triangle(cards, COLUMNS)
        return TriangleState(cols, down, tuple(cards[n:]), ((),) * 4)

    def moves(self, state: TriangleState) -> tuple[Move, ...]:
        cols, fams, spare = state.columns, state.families, state.spare
        out = [f"t{i + 1}>f" for i, p in enumerate(cols) if p and family_for(fams, p[-1]) >= 0]
        out += [f"{spare_code(c)}>f" for c in spare if family_for(fams, c) >= 0]
        # a card may go on column j, its top; or in the first space
        sources = [(f"t{i + 1}", p[-1]) for i, p in enumerate(cols) if p]
        sources += [(spare_code(c), c) for c in spare]
        sources += [(f"f{k + 1}", f[-1]) for k, f in enumerate(fams) if f]
        for src, c in sources:
            out += [f"{src}>t{j + 1}" for j, q in enumerate(cols)
                    if q and src != f"t{j + 1}" and alt_down(c, q[-1])]
        if () in cols:
            k = cols.index(()) + 1
            out += [f"{src}>t{k}" for src, _ in sources
                    if not src.startswith("t") or len(cols[int(src[1:]) - 1]) > 1]

        def shift(m: str) -> bool:  # turns no card up and leaves no space
            if m[0] != "t" or m.endswith(">f"):
                return m[0] == "f"
            i = int(m[1:m.index(">")]) - 1
            down = state.down[i]
            return not (len(cols[i]) == 1 or (down and len(cols[i]) - down == 1))

        return with_end([Move(m) for m in shifts_last(out, shift) if m != state.back])

    def family_safe(self, state: TriangleState) -> tuple[Move, ...]:
        """A column's top or a spare card to its family when neither card of the other
        colour one lower is still off the families (:func:`._columns.safe_home`; that a
        family's top may come back only adds to what the card can still do)."""
        cands = [(f"t{i + 1}>f", p[-1]) for i, p in enumerate(state.columns) if p]
        cands += [(f"{spare_code(c)}>f", c) for c in state.spare]
        return safe_home(self.legal_moves(state, 0), cands, self.pack(), state.families,
                         alt_down)

    def _take(self, st: TriangleState, src: str) -> tuple[Card, TriangleState]:
        if src.startswith("s"):
            c = parse(src[1:])
            return c, replace(st, spare=tuple(x for x in st.spare if x != c))
        i = int(src[1:]) - 1
        if src.startswith("f"):
            return st.families[i][-1], replace(st, families=put(st.families, i,
                                                                st.families[i][:-1]))
        cols = put(st.columns, i, st.columns[i][:-1])
        return st.columns[i][-1], replace(st, columns=cols, down=turn_up(cols, st.down, i))

    def play(self, state: TriangleState, move: Move) -> TriangleState:
        src, _, dst = move.code.partition(">")
        c, st = self._take(state, src)
        if dst == "f":
            j = family_for(st.families, c)
            back = f"f{j + 1}>{src}" if src[0] == "t" else ""
            return replace(st, families=add(st.families, j, c), back=back)
        j = int(dst[1:]) - 1
        back = f"{dst}>{src}" if src[0] == "t" else f"{dst}>f" if src[0] == "f" else ""
        return replace(st, columns=add(st.columns, j, c), back=back)

    def zones(self, state: TriangleState) -> tuple[Zone, ...]:
        return (
            *family_zones(state.families),
            *(Zone(f"t{i + 1}", "pile", p, len(p) - d, label=f"column {i + 1}",
                   group="triangle")
              for i, (p, d) in enumerate(zip(state.columns, state.down, strict=True))),
            open_zone("spare", "reserve", state.spare, "the rest of the pack, laid out"),
        )

    def public(self, state: TriangleState) -> dict[str, Any]:
        return {"face_down": sum(state.down), "spare": len(state.spare),
                "in_families": home(state.families)}

    def say(self, state: TriangleState, move: Move) -> str:
        src, _, dst = move.code.partition(">")
        if src.startswith("s"):
            c, where = parse(src[1:]), "from the spare cards"
        elif src.startswith("f"):
            _, a, _, _ = split_code(move.code)
            assert a is not None
            c, where = state.families[a - 1][-1], f"back from {family_label(a - 1)}"
        else:
            c, where = state.columns[int(src[1:]) - 1][-1], f"from column {src[1:]}"
        if dst == "f":
            return f"play {name(c)} {where} to {family_label(family_for(state.families, c))}"
        j = int(dst[1:]) - 1
        return f"put {name(c)} {where} {onto(c, state.columns[j], f'column {j + 1}')}"
