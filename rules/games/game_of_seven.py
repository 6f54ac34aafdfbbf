"""Game of Seven, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2630-2662 (pp. 123-124); rule sheet
``shared/games/cheney.md``, section Game of Seven.

One pack. "DEAL off seven cards in a row. The families are built upon the aces,
following suit" (l.2634-2637); aces among the seven start them (l.2638-2639). "You can
also make marriages among them, alternating the color, as in Staircase, etc., but
changing only one card at a time" (l.2640-2643). "Then begin to deal off from the pack;
and whatever cards you cannot at present use on the seven cards or on the aces, must be
placed in a stock, of which you can use the top card. When a space occurs in the row of
seven, fill it up from the stock, from the lower row on the seven, or even, if it will
help you, take back one from the top of the families" (l.2645-2658).

Readings (the sheet's PROPOSED readings unless said otherwise):

- A card dealt from the pack goes face up on the stock at once; being its top card, it
  may then be used on the row or the families, which is the book's "whatever cards you
  cannot at present use ... must be placed in a stock". The player deals when she likes.
- "from the lower row on the seven": the top card of another of the seven piles that
  has a card married onto the row, i.e. a pile of two or more (moving a lone card to a
  space changes nothing). Option ``space_from_pack``: the next card of the pack may fill
  a space too (the sheet's other reading).
- A family's top card may be taken back only to fill a space, as the text says.
- A space need not be filled at once ("fill it up" names what may fill it).
- The seven places are alike, so a space is filled in the first empty place only.
- No re-deal: one pass through the pack. Won when the four families hold all 52 cards.

Moves, in this order: ``w>f`` and ``r<i>>f`` (the stock's top or row pile ``i``'s top to
its family); ``w>r<j>`` and ``r<i>>r<j>`` (marriages: one lower, the other colour);
into the first space ``r<k>``: ``w>r<k>``, ``r<i>>r<k>``, ``f<s>>r<k>`` and, with the
option, ``d>r<k>``; ``d`` (deal the next card onto the stock); ``end`` (give up). A move
may not put the same card straight back where it came from. Shifts (a married card
moved on, a family card taken back) are listed last, after ``d``
(:func:`._columns.shifts_last`). Lost when the player gives up (``end``) or no move is
left.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import Card, name
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import open_zone, pack_of, pack_zone, split_code, with_end
from ._columns import (
    DEAL,
    ColumnGame,
    Piles,
    add,
    alt_down,
    back_of,
    family_for,
    family_label,
    family_zones,
    home,
    onto,
    put,
    shifts_last,
)

ROW = 7


@dataclass(frozen=True, slots=True)
class SevenState:
    row: Piles
    families: Piles
    #: The undealt pack, face down, top last.
    pack: tuple[Card, ...]
    #: The stock, face up, top last.
    stock: tuple[Card, ...] = ()
    #: The move that would only put the last move's card straight back.
    back: str = ""
    given_up: bool = False


@register
class GameOfSeven(ColumnGame[SevenState]):
    description = Description(
        id="game_of_seven", title="Game of Seven", book=CHENEY, lines="2630-2662",
        skill="some", bound=None)
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("space_from_pack", False, "a space in the row may also be filled with the "
               "next card of the pack", choices=(False, True)),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> SevenState:
        return SevenState(tuple((c,) for c in cards[:ROW]), ((),) * 4,
                          pack_of(cards[ROW:]))

    def moves(self, state: SevenState) -> tuple[Move, ...]:
        row, fams, stock = state.row, state.families, state.stock
        out: list[str] = []
        if stock and family_for(fams, stock[-1]) >= 0:
            out.append("w>f")
        out += [f"r{i + 1}>f" for i, p in enumerate(row) if p and family_for(fams, p[-1]) >= 0]
        for j, q in enumerate(row):
            if q and stock and alt_down(stock[-1], q[-1]):
                out.append(f"w>r{j + 1}")
        for i, p in enumerate(row):
            out += [f"r{i + 1}>r{j + 1}" for j, q in enumerate(row)
                    if p and q and i != j and alt_down(p[-1], q[-1])]
        if () in row:
            k = row.index(()) + 1
            if stock:
                out.append(f"w>r{k}")
            out += [f"r{i + 1}>r{k}" for i, p in enumerate(row) if len(p) > 1]
            out += [f"f{s + 1}>r{k}" for s, f in enumerate(fams) if f]
            if state.pack and self.option("space_from_pack"):
                out.append(f"d>r{k}")
        if state.pack:
            out.append("d")

        def shift(m: str) -> bool:  # a married card moved on, or a family card back
            if m.endswith(">f"):
                return False
            return m[0] == "f" or (m[0] == "r" and len(row[int(m[1]) - 1]) > 1)

        return with_end([Move(m) for m in shifts_last(out, shift) if m != state.back])

    def play(self, state: SevenState, move: Move) -> SevenState:
        if move == DEAL:
            return replace(state, pack=state.pack[:-1], stock=(*state.stock, state.pack[-1]),
                           back="")
        src, a, dst, b = split_code(move.code)
        st = state
        if src == "w":
            c, st = st.stock[-1], replace(st, stock=st.stock[:-1])
        elif src == "d":
            c, st = st.pack[-1], replace(st, pack=st.pack[:-1])
        elif src == "f":
            assert a is not None
            c, st = st.families[a - 1][-1], replace(
                st, families=put(st.families, a - 1, st.families[a - 1][:-1]))
        else:
            assert a is not None
            c, st = st.row[a - 1][-1], replace(st, row=put(st.row, a - 1, st.row[a - 1][:-1]))
        if dst == "f":
            st = replace(st, families=add(st.families, family_for(st.families, c), c))
            back = f"f{family_for(state.families, c) + 1}>{src}{a}" if src == "r" else ""
            return replace(st, back=back)
        assert b is not None
        back = back_of(move.code) if src in "rf" else ""
        if src == "f":
            back = f"r{b}>f"
        return replace(st, row=add(st.row, b - 1, c), back=back)

    def zones(self, state: SevenState) -> tuple[Zone, ...]:
        return (
            *family_zones(state.families),
            *(open_zone(f"r{i + 1}", "pile", p, f"row place {i + 1}", "row")
              for i, p in enumerate(state.row)),
            open_zone("stock", "waste", state.stock, "the stock"),
            pack_zone(state.pack),
        )

    def public(self, state: SevenState) -> dict[str, Any]:
        return {"pack": len(state.pack), "in_families": home(state.families)}

    def say(self, state: SevenState, move: Move) -> str:
        if move == DEAL:
            return "deal the next card of the pack onto the stock"
        src, a, dst, b = split_code(move.code)
        if src == "w":
            c, where = state.stock[-1], "from the stock"
        elif src == "d":
            c, where = 0, "the next card of the pack"
        elif src == "f":
            assert a is not None
            c, where = state.families[a - 1][-1], f"back from {family_label(a - 1)}"
        else:
            assert a is not None
            c, where = state.row[a - 1][-1], f"from row place {a}"
        what = where if src == "d" else f"{name(c)} {where}"
        if dst == "f":
            return f"play {what} to {family_label(family_for(state.families, c))}"
        assert b is not None
        return f"put {what} {onto(c, state.row[b - 1], f'row place {b}')}"
