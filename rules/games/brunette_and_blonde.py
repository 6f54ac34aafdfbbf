"""Brunette and Blonde, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1955-1986 (book pp. 90-91); rule sheet
``shared/games/cheney.md``, section Brunette and Blonde.

Two packs. "Place eight cards in one row. Place the aces, as they come, in a row above.
On these eight cards you may place any which you lay off from the pack, which are next
to them in the descending line, if the color is reversed" (l.1959-1967). "As soon as any
cards, either in the stock or among the eight cards, can be put, in their order, upon the
aces, you may place them there; but it must be again with alternating colors. On a red
ace you must put a black deuce, on a red three a black four, and so on" (l.1969-1979).
"When any vacancies are left in the line, they may be filled either from the stock or
pack. You may turn the stock twice" (l.1980-1984). Success: all the cards on the aces,
"the Blonde and Brunette will share in the Victory equally" (l.1984-1986).

Readings (the sheet's PROPOSED readings unless said otherwise):

- An ace among the first eight goes up at once and the next card takes its place.
- The families are begun by any ace and go up to the king, colours alternating, suit
  free. Families alike (same top number and colour) are offered once.
- The pack is turned a card at a time (``s``) onto the stock. Only the card just turned
  ("which you lay off from the pack") may be married onto the row, one lower and of the
  other colour; the stock's top card goes to the families and into vacancies at any
  time. Option ``marriages=lenient``: the stock's top card may be married at any time,
  and a top card of the row onto another (the sheet's lenient reading); cards may then
  go back and forth, so ``end`` (give up) is offered and a card is not put straight back.
- Vacancies are filled when the player likes, any card, from the stock's top (a card of
  the pack is turned first); the places are alike, so the first vacancy is offered.
- The stock is turned over twice without shuffling (option ``shuffle``: shuffled).
- Lost when no move is left.

Moves, in this order: ``p<i>>f<j>`` (row place ``i`` to family ``j``), ``w>f<j>``,
``w>p<i>`` (a marriage, or into the first vacancy), ``p<i>>p<k>`` (lenient), ``s``,
``redeal``, ``end`` (lenient).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import ACE, Card, is_red, name, rank_of
from ..common import alternate_colour, follows
from ..description import CHENEY, Description
from ..families import REDEAL, TURN, shuffle_option
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, split_code, with_end
from ._columns import alt_down, back_of
from ._upward import (
    EMPTY8,
    Fams,
    add_to,
    home,
    short_of,
    stock_turn_said,
    stock_turned,
    up_targets,
    up_zones,
)

PLACES = 8


def up_alternate(top: Card, c: Card) -> bool:
    """``c`` goes on ``top`` in a family: one higher and of the other colour."""
    return follows(top, c) and alternate_colour(top, c)


def number_and_colour(c: Card) -> tuple[int, bool]:
    return rank_of(c), is_red(c)


@dataclass(frozen=True, slots=True)
class BrunetteState:
    families: Fams
    row: tuple[tuple[Card, ...], ...]
    pack: tuple[Card, ...]
    seed: int
    stock: tuple[Card, ...] = ()
    #: The stock's top card is the card just turned from the pack.
    fresh: bool = False
    redeals: int = 0
    back: str = ""
    given_up: bool = False


@register
class BrunetteAndBlonde(SoloGame[BrunetteState]):
    description = Description(
        id="brunette_and_blonde", title="Brunette and Blonde", book=CHENEY,
        lines="1955-1986", skill="some", bound=None, packs=2)  # lenient: cards wander
    option_specs = (
        Option("marriages", "from_pack",
               "from_pack: only the card just turned from the pack is married onto the "
               "row; lenient: also the stock's top card, and a top card of the row onto "
               "another", choices=("from_pack", "lenient")),
        shuffle_option("the stock when it is turned"),
    )
    redeal_word = "turn"
    redeals_allowed = 2

    @property
    def lenient(self) -> bool:
        return self.option("marriages") == "lenient"

    def layout(self, cards: tuple[Card, ...], seed: int) -> BrunetteState:
        fams, k = EMPTY8, 0
        row: list[tuple[Card, ...]] = []
        while len(row) < PLACES:
            c = cards[k]
            k += 1
            if rank_of(c) == ACE:
                fams = add_to(fams, fams.index(()), c)
            else:
                row.append((c,))
        return BrunetteState(fams, tuple(row), pack_of(cards[k:]), seed)

    def _homes(self, src: str, fams: Fams, c: Card) -> list[Move]:
        return [Move(f"{src}>f{j + 1}")
                for j in up_targets(fams, c, up_alternate, number_and_colour)]

    def moves(self, state: BrunetteState) -> tuple[Move, ...]:
        row, fams = state.row, state.families
        out = [m for i, p in enumerate(row) if p for m in self._homes(f"p{i + 1}", fams, p[-1])]
        empty = row.index(()) if () in row else -1
        if state.stock:
            top = state.stock[-1]
            out += self._homes("w", fams, top)
            marry = state.fresh or self.lenient
            out += [Move(f"w>p{k + 1}") for k, q in enumerate(row)
                    if (marry and q and alt_down(top, q[-1])) or k == empty]
        if self.lenient:
            out += [Move(code) for i, p in enumerate(row) if p
                    for k, q in enumerate(row) if q and k != i and alt_down(p[-1], q[-1])
                    and (code := f"p{i + 1}>p{k + 1}") != state.back]
        if state.pack:
            out.append(TURN)
        elif state.stock and self.may_redeal(state):
            out.append(REDEAL)
        return with_end(out) if self.lenient else tuple(out)

    def play(self, state: BrunetteState, move: Move) -> BrunetteState:
        if move == TURN:
            return replace(state, pack=state.pack[:-1], stock=(*state.stock, state.pack[-1]),
                           fresh=True, back="")
        if move == REDEAL:
            k = self.redeal_number(state)
            return replace(state, pack=stock_turned(self, state.seed, k, state.stock),
                           stock=(), redeals=k, fresh=False, back="")
        src, a, dst, b = split_code(move.code)
        assert b is not None
        if src == "p":
            assert a is not None
            p = state.row[a - 1]
            c, st = p[-1], replace(state, row=replace_at(state.row, a - 1, p[:-1]))
        else:
            c, st = state.stock[-1], replace(state, stock=state.stock[:-1], fresh=False)
        if dst == "f":
            return replace(st, families=add_to(st.families, b - 1, c), back="")
        return replace(st, row=replace_at(st.row, b - 1, (*st.row[b - 1], c)),
                       back=back_of(move.code) if src == "p" else "")

    def irreversible(self, before: BrunetteState, move: Move, after: BrunetteState) -> bool:
        return move == REDEAL and bool(self.option("shuffle"))

    def won(self, state: BrunetteState) -> bool:
        return home(state.families) == 104

    def summary(self, state: BrunetteState, won: bool) -> str:
        if won:
            return "every card is on the aces: Blonde and Brunette share the victory equally"
        return short_of(state.families, state.given_up, "on the aces")

    def zones(self, state: BrunetteState) -> tuple[Zone, ...]:
        return (*up_zones(state.families),
                *(open_zone(f"p{i + 1}", "pile", p, f"row place {i + 1}", "row")
                  for i, p in enumerate(state.row)),
                pack_zone(state.pack), open_zone("stock", "waste", state.stock, "the stock"))

    def public(self, state: BrunetteState) -> dict[str, Any]:
        return {"pack": len(state.pack), "stock": len(state.stock),
                **self.redeal_facts(state), "in_families": home(state.families)}

    def say(self, state: BrunetteState, move: Move) -> str:
        if move == TURN:
            return "turn the next card of the pack"
        if move == REDEAL:
            return stock_turn_said(self, state)
        src, a, dst, b = split_code(move.code)
        assert b is not None
        if src == "p":
            assert a is not None
            c, where = state.row[a - 1][-1], f" from row place {a}"
        else:
            c, where = state.stock[-1], "" if state.fresh else " from the stock"
        if dst == "f":
            return f"play {name(c)}{where} on family {b}"
        q = state.row[b - 1]
        if q:
            return f"put {name(c)}{where} on {name(q[-1])} of row place {b}"
        return f"fill the vacancy of row place {b} with {name(c)}{where}"

    def narrate(self, before: BrunetteState, move: Move, after: BrunetteState) -> str:
        if move == TURN:
            return f"turn up {name(before.pack[-1])}"
        return self.describe(before, move)
