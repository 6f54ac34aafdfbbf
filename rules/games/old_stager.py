"""The Old Stager, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2193-2230 (pp. 102-103); rule sheet
``shared/games/cheney.md``, section The Old Stager.

Two packs. "LAY off three rows of thirteen cards each. If in doing so you place a king on
a lower number of the same suit, you have the privilege of removing it to the next place,
filling up this space with the next card from the pack, as it would be almost impossible
to succeed with a king thus placed" (l.2197-2204). "place the aces as they come in a row
below, and pile on them by suits from ace to king. You can use only the lowest row of
cards, but when the lower card is removed, the one next above it becomes free for use.
You can also form marriages by placing a free card on another free card of the
denomination just above it of the same suit. You can also place the top card from the
stock or pack either on the aces in order, or on the rows. When you have a space in the
upper row, you can fill it only with the top card of the stock; but you can place
another free card upon that one if it is next below it in number. If you do not succeed,
you have the privilege of laying off three cards from the under side of the stock, and
then going on as before" (l.2206-2230).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The three rows overlap downward: thirteen columns of three, the lowest card of each
  free. A column emptied is "a space in the upper row".
- The kings' privilege (a standing rule, not a one-off the solo shell counts), the
  player's choice as the rows are laid: a king laid directly on a lower card of its suit
  (option ``king_privilege``: ``covering``, the default; ``anywhere``: on any card of
  its suit higher in its column; ``off``: never) may be moved on to the next place
  (``k``), the next card of the pack taking its place, or left (``n``); the question
  comes again if the same happens at its new place; never at the last place, nor with
  the pack used up. Nothing else is played until the rows are laid. Kings still waiting
  when the rows are full go back on top of the pack.
- The families: eight, two of each suit, up from the aces. The pack is turned a card at
  a time onto the stock; the stock's top card may go to a family, marry a free card or
  fill a space.
- A card placed on the stock card in a space must be of its suit too (the game's
  marriage rule; the text says only "next below it in number").
- The privilege (``lay_off``, once, counted by the solo shell: ``privileges_allowed``),
  after the pack is used up: the bottom three cards of the stock are laid on its top,
  the lowest first, so that the third from the bottom is the new top card and the other
  two follow it.
- Won when the eight families hold all 104 cards; lost when no move is left.

Moves, in this order: while laying out, ``k`` and ``n``; then ``t<i>>f``, ``w>f`` (column
``i``'s free card or the stock's top to its family); ``t<i>>t<j>``, ``w>t<j>``
(marriages: one lower, same suit); ``w>t<k>`` (the first empty column); ``d`` (turn
the next card onto the stock); ``p`` (the privilege); ``end``. A card may not be put
straight back where it came from. Shifts (a free card married on without emptying its
column) are listed after ``d`` and ``p`` (:func:`._columns.shifts_last`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import KING, Card, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import open_zone, pack_of, pack_zone, split_code, with_end
from ._columns import (
    DEAL,
    ColumnGame,
    Piles,
    add,
    back_of,
    family_for,
    family_label,
    family_zones,
    home,
    onto,
    put,
    shifts_last,
    suit_down,
)

COLUMNS, ROWS = 13, 3
PLACES = COLUMNS * ROWS
PRIVILEGE, MOVE_ON, LEAVE = Move("p"), Move("k"), Move("n")


@dataclass(frozen=True, slots=True)
class StagerState:
    columns: Piles
    families: Piles
    #: The pack, face down, top last.
    pack: tuple[Card, ...]
    stock: tuple[Card, ...] = ()
    #: Places laid so far (39 when the rows are laid out).
    laid: int = PLACES
    #: Kings moved on, to be laid at the next places, first first.
    waiting: tuple[Card, ...] = ()
    #: The king just laid lies on a lower card of its suit: move it on or leave it.
    offer: bool = False
    #: The privileges used (the solo shell's count: ``lay_off``, once).
    privileges_used: tuple[str, ...] = ()
    back: str = ""
    given_up: bool = False


def spoils(c: Card, column: tuple[Card, ...], rule: str) -> bool:
    """Whether king ``c`` laid on ``column`` lies on a lower card of its suit (directly
    on it with ``covering``, anywhere above it with ``anywhere``)."""
    if rule == "off" or rank_of(c) != KING:
        return False
    above = column[-1:] if rule == "covering" else column
    return any(suit_of(a) == suit_of(c) and rank_of(a) < KING for a in above)


def lay_on(st: StagerState, rule: str, from_pack: bool = False) -> StagerState:
    """Lay the rows on, place by place, until a king may be moved on or all are laid.

    The next place takes a king waiting to be moved on, else the pack's top card (the
    pack's top always, with ``from_pack``: the place a king has just left)."""
    cols, pack, waiting, laid = list(st.columns), st.pack, st.waiting, st.laid
    while laid < PLACES:
        if waiting and not from_pack:
            c, waiting = waiting[0], waiting[1:]
        else:
            c, pack = pack[-1], pack[:-1]
        from_pack = False
        j = laid % COLUMNS
        offer = laid < PLACES - 1 and bool(pack) and spoils(c, cols[j], rule)
        cols[j] = (*cols[j], c)
        laid += 1
        if offer:
            return replace(st, columns=tuple(cols), pack=pack, waiting=waiting, laid=laid,
                           offer=True)
    # kings still waiting go back on top of the pack
    return replace(st, columns=tuple(cols), pack=(*pack, *reversed(waiting)), waiting=(),
                   laid=laid, offer=False)


@register
class OldStager(ColumnGame[StagerState]):
    description = Description(
        id="old_stager", title="The Old Stager", book=CHENEY, lines="2193-2230",
        skill="some", bound=None, packs=2)
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("king_privilege", "covering", "a king laid on a lower card of its suit moves "
               "to the next place: covering (directly on it), anywhere (on any such card of "
               "its column), off", choices=("covering", "anywhere", "off")),
    )
    privileges_allowed: ClassVar[Mapping[str, int]] = {"lay_off": 1}

    @property
    def rule(self) -> str:
        return str(self.option("king_privilege"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> StagerState:
        st = StagerState(((),) * COLUMNS, ((),) * 8, pack_of(cards), laid=0)
        return lay_on(st, self.rule)

    def moves(self, state: StagerState) -> tuple[Move, ...]:
        if state.offer:
            return (MOVE_ON, LEAVE)
        cols, fams = state.columns, state.families
        top = state.stock[-1] if state.stock else 0
        out = [f"t{i + 1}>f" for i, p in enumerate(cols) if p and family_for(fams, p[-1]) >= 0]
        if top and family_for(fams, top) >= 0:
            out.append("w>f")
        for i, p in enumerate(cols):
            out += [f"t{i + 1}>t{j + 1}" for j, q in enumerate(cols)
                    if p and q and i != j and suit_down(p[-1], q[-1])]
        if top:
            out += [f"w>t{j + 1}" for j, q in enumerate(cols) if q and suit_down(top, q[-1])]
            if () in cols:
                out.append(f"w>t{cols.index(()) + 1}")
        if state.pack:
            out.append("d")
        elif self.may_use_privilege(state) and len(state.stock) > 3:
            out.append("p")

        def shift(m: str) -> bool:  # a free card married on, its column not emptied
            return m[0] == "t" and m[-1] != "f" and len(cols[int(m[1:m.index(">")]) - 1]) > 1

        return with_end([Move(m) for m in shifts_last(out, shift) if m != state.back])

    def play(self, state: StagerState, move: Move) -> StagerState:
        if move == DEAL:
            return replace(state, pack=state.pack[:-1], stock=(*state.stock, state.pack[-1]),
                           back="")
        if move == PRIVILEGE:
            s = state.stock
            return replace(state, stock=(*s[3:], *s[:3]),
                           privileges_used=self.use_privilege(state), back="")
        if move == MOVE_ON:
            j = (state.laid - 1) % COLUMNS
            king = state.columns[j][-1]
            st = replace(state, columns=put(state.columns, j, state.columns[j][:-1]),
                         laid=state.laid - 1, waiting=(*state.waiting, king), offer=False)
            return lay_on(st, self.rule, from_pack=True)
        if move == LEAVE:
            return lay_on(replace(state, offer=False), self.rule)
        src, a, dst, b = split_code(move.code)
        if src == "w":
            c, st = state.stock[-1], replace(state, stock=state.stock[:-1])
        else:
            assert a is not None
            c = state.columns[a - 1][-1]
            st = replace(state, columns=put(state.columns, a - 1, state.columns[a - 1][:-1]))
        if dst == "f":
            j = family_for(st.families, c)
            return replace(st, families=add(st.families, j, c),
                           back=f"f{j + 1}>t{a}" if src == "t" else "")
        assert b is not None
        return replace(st, columns=add(st.columns, b - 1, c),
                       back=back_of(move.code) if src == "t" else "")

    def zones(self, state: StagerState) -> tuple[Zone, ...]:
        return (
            *family_zones(state.families),
            *(open_zone(f"t{i + 1}", "pile", p, f"column {i + 1}", "rows")
              for i, p in enumerate(state.columns)),
            open_zone("stock", "waste", state.stock, "the stock"),
            open_zone("waiting", "hand", state.waiting, "kings moved on, to be laid next"),
            pack_zone(state.pack),
        )

    def public(self, state: StagerState) -> dict[str, Any]:
        if state.laid < PLACES:
            return {"phase": "laying out", "laid": state.laid, "pack": len(state.pack)}
        return {"pack": len(state.pack), **self.privilege_facts(state),
                "in_families": home(state.families)}

    def say(self, state: StagerState, move: Move) -> str:
        if move == DEAL:
            return "turn the next card of the pack onto the stock"
        if move == PRIVILEGE:
            return "the privilege: lay off the three bottom cards of the stock on its top"
        if move in (MOVE_ON, LEAVE):
            j = (state.laid - 1) % COLUMNS
            king = name(state.columns[j][-1])
            if move == MOVE_ON:
                return f"move {king} on to the next place and fill its place from the pack"
            return f"leave {king} where it lies and go on laying out"
        src, a, dst, b = split_code(move.code)
        if src == "w":
            c, where = state.stock[-1], "from the stock"
        else:
            assert a is not None
            c, where = state.columns[a - 1][-1], f"from column {a}"
        if dst == "f":
            return f"play {name(c)} {where} to {family_label(family_for(state.families, c))}"
        assert b is not None
        return f"put {name(c)} {where} {onto(c, state.columns[b - 1], f'column {b}')}"
