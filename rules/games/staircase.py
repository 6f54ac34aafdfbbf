"""Staircase, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2569-2624 (pp. 120-122); rule sheet
``shared/games/cheney.md``, section Staircase.

Two packs. "The first row contains ten cards, and the card at the right hand is turned
up. The other rows are formed as in the Triangle, beginning always in the second place,
and the last row consists of only one card at the extreme left, which is turned up"
(l.2577-2583). "When aces appear they are taken to form families upon, following suit.
Marriages are made as in Triangle, alternating colors; but in this game any number of
cards in a sequence may be transferred from one line to another, if the lowest card is
of the right number and color to form a marriage. Vacant spaces may be filled from
other lines in the same manner" (l.2585-2598). Then "deal off the cards from the
remaining pack one by one. You can place a card by the same rules either on the families
or in the rows; but if you cannot use it at present you must lay it down in a stock on
the table, where it is "buried," even if it is the top card, until you have turned up
all the cards. Then you can use the top cards either in making marriages, on the
families, or in filling spaces" (l.2600-2612).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The layout is the Triangle's mirrored, places counted from the right: row ``k``
  starts with a face-up card in the ``k``-th place from the right and runs face down to
  the left edge, so column 1 (left) holds ten cards and column 10 one, each with its
  lowest card face up (55 cards; 49 stay in the pack). A face-down card left at the
  bottom of a column is turned up at once, as in Triangle.
- A run is a column's top cards that already lie in marriage order (each one lower and
  of the other colour than the card under it); any part of it, from its top card down,
  may move: onto a column whose top card takes its deepest card, or into a space (any
  card or run may fill a space; a whole column moved to a space changes nothing and is
  not offered). The spaces are alike, so the first empty one is offered.
- Dealing: ``d`` takes the next card of the pack in hand; it must then be used (on a
  family, in a marriage, in a space) or buried (``b``) before anything else is done. The
  player deals when she likes; the book's advice is to deal only when nothing else can
  be done (l.2617-2620), which is not enforced.
- Once the pack is used up, the stock's top card may be used, and then the next.
- One pass, no re-deal. Won when the eight families hold all 104 cards.

Moves, in this order: ``h>f``, ``h>t<j>``, ``b`` (with a card in hand, nothing else);
``t<i>>f``, ``w>f`` (the stock's top, once the pack is out); run moves ``t<i>>t<j>`` (the
top card) and ``<n>t<i>>t<j>`` (the top ``n`` cards) onto a column, then into the first
space; ``w>t<j>``; ``d``; ``end``. A run may not be put straight back where it came
from. Shifts (runs moved on without turning a card up or leaving a space) are listed
after ``d`` (:func:`._columns.shifts_last`). Lost when the player gives up (``end``)
or no move is left.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card, name
from ..description import CHENEY, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import open_zone, pack_of, pack_zone, with_end
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
    run_code,
    run_length,
    run_moves,
    shifts_last,
    take_run,
)
from .triangle import turn_up

COLUMNS = 10
BURY = Move("b")


@dataclass(frozen=True, slots=True)
class StaircaseState:
    columns: Piles
    down: tuple[int, ...]
    families: Piles
    #: The undealt pack, face down, top last.
    pack: tuple[Card, ...]
    #: The stock of buried cards, face up, top last.
    stock: tuple[Card, ...] = ()
    #: The card just dealt, to be used or buried (0: none).
    hand: Card = 0
    back: str = ""
    given_up: bool = False


def staircase(cards: tuple[Card, ...], columns: int) -> tuple[Piles, tuple[int, ...], int]:
    """Row ``r`` (0-based) starts face up in column ``columns - 1 - r`` and runs left."""
    cols: list[list[Card]] = [[] for _ in range(columns)]
    k = 0
    for r in range(columns):
        for j in range(columns - 1 - r, -1, -1):
            cols[j].append(cards[k])
            k += 1
    return tuple(tuple(c) for c in cols), tuple(columns - 1 - j for j in range(columns)), k


@register
class Staircase(ColumnGame[StaircaseState]):
    description = Description(
        id="staircase", title="Staircase", book=CHENEY, lines="2569-2624", skill="much",
        bound=None, packs=2)

    def layout(self, cards: tuple[Card, ...], seed: int) -> StaircaseState:
        cols, down, n = staircase(cards, COLUMNS)
        return StaircaseState(cols, down, ((),) * 8, pack_of(cards[n:]))

    def moves(self, state: StaircaseState) -> tuple[Move, ...]:
        cols, fams = state.columns, state.families
        space = cols.index(()) if () in cols else -1
        if state.hand:
            h = state.hand
            out = ["h>f"] if family_for(fams, h) >= 0 else []
            out += [f"h>t{j + 1}" for j, q in enumerate(cols) if q and alt_down(h, q[-1])]
            if space >= 0:
                out.append(f"h>t{space + 1}")
            return (*(Move(m) for m in out), BURY)
        out = [f"t{i + 1}>f" for i, p in enumerate(cols) if p and family_for(fams, p[-1]) >= 0]
        top = state.stock[-1] if state.stock and not state.pack else 0
        if top and family_for(fams, top) >= 0:
            out.append("w>f")
        ups = [len(p) - d for p, d in zip(cols, state.down, strict=True)]
        out += run_moves(cols, ups, "t")
        if space >= 0:
            for i, p in enumerate(cols):
                n = run_length(p, ups[i], alt_down)
                out += [run_code(k, "t", i, f"t{space + 1}") for k in range(1, n + 1)
                        if k < len(p)]
        if top:
            out += [f"w>t{j + 1}" for j, q in enumerate(cols) if q and alt_down(top, q[-1])]
            if space >= 0:
                out.append(f"w>t{space + 1}")
        if state.pack:
            out.append("d")

        def shift(m: str) -> bool:  # a run moved on: no card turned up, no space made
            if "t" not in m.partition(">")[0] or m.endswith("f"):
                return False
            n, i = take_run(m.partition(">")[0], "t")
            return not (n == ups[i] and (state.down[i] or n < len(cols[i])
                                         or cols[int(m.partition(">")[2][1:]) - 1]))

        return with_end([Move(m) for m in shifts_last(out, shift) if m != state.back])

    def play(self, state: StaircaseState, move: Move) -> StaircaseState:
        if move == DEAL:
            return replace(state, pack=state.pack[:-1], hand=state.pack[-1], back="")
        if move == BURY:
            return replace(state, stock=(*state.stock, state.hand), hand=0, back="")
        src, _, dst = move.code.partition(">")
        st = state
        run: tuple[Card, ...]
        if src == "h":
            run, st = (st.hand,), replace(st, hand=0)
        elif src == "w":
            run, st = st.stock[-1:], replace(st, stock=st.stock[:-1])
        else:
            n, i = take_run(src, "t")
            run = st.columns[i][-n:]
            cols = put(st.columns, i, st.columns[i][:-n])
            st = replace(st, columns=cols, down=turn_up(cols, st.down, i))
        if dst == "f":
            j = family_for(st.families, run[0])
            back = f"f{j + 1}>{src}" if "t" in src else ""
            return replace(st, families=add(st.families, j, run[0]), back=back)
        j = int(dst[1:]) - 1
        back = back_of(move.code) if "t" in src else ""
        return replace(st, columns=put(st.columns, j, st.columns[j] + run), back=back)

    def zones(self, state: StaircaseState) -> tuple[Zone, ...]:
        hand = (state.hand,) if state.hand else ()
        return (
            *family_zones(state.families),
            *(Zone(f"t{i + 1}", "pile", p, len(p) - d, label=f"column {i + 1}",
                   group="staircase")
              for i, (p, d) in enumerate(zip(state.columns, state.down, strict=True))),
            open_zone("hand", "hand", hand, "the card dealt"),
            open_zone("stock", "waste", state.stock, "the stock (buried)"),
            pack_zone(state.pack),
        )

    def public(self, state: StaircaseState) -> dict[str, Any]:
        return {"pack": len(state.pack), "face_down": sum(state.down),
                "stock": "buried" if state.pack else "open",
                "in_families": home(state.families)}

    def say(self, state: StaircaseState, move: Move) -> str:
        if move == DEAL:
            return "deal the next card of the pack"
        if move == BURY:
            return f"bury {name(state.hand)} in the stock"
        src, _, dst = move.code.partition(">")
        run: tuple[Card, ...]
        if src == "h":
            run, where = (state.hand,), "just dealt"
        elif src == "w":
            run, where = state.stock[-1:], "from the stock"
        else:
            n, i = take_run(src, "t")
            run, where = state.columns[i][-n:], f"from column {i + 1}"
        what = name(run[0]) if len(run) == 1 else f"{name(run[0])} to {name(run[-1])}"
        if dst == "f":
            return f"play {what} {where} to {family_label(family_for(state.families, run[0]))}"
        j = int(dst[1:]) - 1
        return f"put {what} {where} {onto(run[0], state.columns[j], f'column {j + 1}')}"
