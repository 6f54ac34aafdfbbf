"""The Square, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1992-2025 (book pp. 92-93); rule sheet
``shared/games/cheney.md``, section The Square.

Two packs. "Place four cards before you, and four in a line on the right and four on the
left, so as to form three sides of a square" (l.2001-2003). "Place the eight aces, as
they turn up, in two rows within the square. Place on the twelve cards of the square all
those of the same suit in the descending line, and on the aces those in the ascending
line. You can use the top card from the square, or from the pack, to complete your
families on the aces. Those cards that cannot be placed in either form a stock.
Whenever you can place one card upon another, in the descending line, in the square,
you can do so, filling the vacancy from the stock or pack" (l.2004-2021). "No second
distribution is allowed" (l.2023-2025).

Readings (the sheet's PROPOSED readings unless said otherwise):

- An ace among the first twelve cards goes to the families at once and the next card
  takes its place. Families follow suit, two of each suit, each ace to the first of its
  suit's two that is empty.
- The pack is turned a card at a time (``s``) onto the stock; the card just turned may go
  to a family or down in suit on a pile of the square ("from the pack"); once another
  card is turned on it, it is a stock card, which only fills vacancies (amb. 1, literal).
  Option ``stock_cards=anywhere``: the stock's top card may also go to the families and
  the square.
- A top card of the square may go down in suit on another pile of the square, one card
  at a time. A vacancy is filled at once (the sheet's "immediately"), with the stock's
  top card or the next card of the pack (unseen), any card; until it is, no other move
  is offered. The twelve places are alike, so the first vacancy is filled first.
- One pass; lost when no move is left. Cards can go back and forth between the piles of
  the square, so ``end`` (give up) is offered after every other move, and a card may
  not be put straight back where it has just come from.

Moves, in this order: ``q<i>>f<j>`` (the top of square pile ``i``, 1-4 before you, 5-8
on the right, 9-12 on the left, to family ``j``: ``f1``-``f8``, spades, hearts,
diamonds, clubs, twice); ``w>f<j>``; ``w>q<k>`` (down in suit); ``s``; ``q<i>>q<k>``
(down in suit: last, so that playing the first legal move turns the pack before it
shifts cards about); ``end``. While a vacancy is open: ``w>q<k>`` and ``d>q<k>`` (into
vacancy ``k``), ``end``. Won when the eight families hold all 104 cards.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import ACE, Card, identity, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, split_code, with_end
from ._columns import add, back_of, family_for, family_label, family_zones, home
from ._upward import EMPTY8, Fams, short_of, tops_by_card

PLACES = 12
TURN = Move("s")
SIDES = ("before you", "on the right", "on the left")


@dataclass(frozen=True, slots=True)
class SquareState:
    families: Fams
    square: tuple[tuple[Card, ...], ...]
    pack: tuple[Card, ...]
    stock: tuple[Card, ...] = ()
    #: The stock's top card is the card just turned from the pack.
    fresh: bool = False
    #: The code that would put the last card moved straight back.
    back: str = ""
    given_up: bool = False


def place_label(i: int) -> str:
    return f"square pile {i + 1} ({SIDES[i // 4]})"


@register
class TheSquare(SoloGame[SquareState]):
    description = Description(
        id="the_square", title="The Square", book=CHENEY, lines="1992-2025",
        skill="chance", bound=None, packs=2, layout="square")
    option_specs = (
        Option("stock_cards", "vacancies",
               "vacancies: a stock card only fills vacancies of the square; anywhere: the "
               "stock's top card may also go to the families and on the square",
               choices=("vacancies", "anywhere")),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> SquareState:
        fams, k = EMPTY8, 0
        square: list[tuple[Card, ...]] = []
        while len(square) < PLACES:
            c = cards[k]
            k += 1
            if rank_of(c) == ACE:
                fams = add(fams, family_for(fams, c), c)
            else:
                square.append((c,))
        return SquareState(fams, tuple(square), pack_of(cards[k:]))

    def _stock_free(self, state: SquareState) -> bool:
        return state.fresh or self.option("stock_cards") == "anywhere"

    def moves(self, state: SquareState) -> tuple[Move, ...]:
        sq, fams = state.square, state.families
        if () in sq:
            k = sq.index(()) + 1
            fills = [Move(f"w>q{k}")] if state.stock else []
            if state.pack:
                fills.append(Move(f"d>q{k}"))
            if fills:
                return with_end(fills)
        out = []
        for i, p in enumerate(sq):
            if p and (j := family_for(fams, p[-1])) >= 0:
                out.append(Move(f"q{i + 1}>f{j + 1}"))
        free = bool(state.stock) and self._stock_free(state)
        if free and (j := family_for(fams, state.stock[-1])) >= 0:
            out.append(Move(f"w>f{j + 1}"))
        higher = tops_by_card(sq)
        if free:
            out += [Move(f"w>q{k + 1}") for k in higher.get(identity(state.stock[-1]) + 1, [])]
        if state.pack:
            out.append(TURN)
        for i, p in enumerate(sq):
            if p:
                out += [Move(code) for k in higher.get(identity(p[-1]) + 1, [])
                        if (code := f"q{i + 1}>q{k + 1}") != state.back]
        return with_end(out)

    def play(self, state: SquareState, move: Move) -> SquareState:
        if move == TURN:
            return replace(state, pack=state.pack[:-1], stock=(*state.stock, state.pack[-1]),
                           fresh=True, back="")
        src, a, dst, b = split_code(move.code)
        assert b is not None
        c, st = self._take(state, src, a)
        if dst == "f":
            return replace(st, families=add(st.families, b - 1, c), back="")
        st = replace(st, square=replace_at(st.square, b - 1, (*st.square[b - 1], c)))
        return replace(st, back=back_of(move.code) if src == "q" else "")

    def _take(self, state: SquareState, src: str, a: int | None) -> tuple[Card, SquareState]:
        if src == "q":
            assert a is not None
            p = state.square[a - 1]
            return p[-1], replace(state, square=replace_at(state.square, a - 1, p[:-1]))
        if src == "d":
            return state.pack[-1], replace(state, pack=state.pack[:-1])
        return state.stock[-1], replace(state, stock=state.stock[:-1], fresh=False)

    def won(self, state: SquareState) -> bool:
        return home(state.families) == 104

    def summary(self, state: SquareState, won: bool) -> str:
        if won:
            return "the eight families are complete"
        return short_of(state.families, state.given_up)

    def zones(self, state: SquareState) -> tuple[Zone, ...]:
        return (*family_zones(state.families),
                *(open_zone(f"q{i + 1}", "pile", p, place_label(i), SIDES[i // 4])
                  for i, p in enumerate(state.square)),
                pack_zone(state.pack), open_zone("stock", "waste", state.stock, "the stock"))

    def public(self, state: SquareState) -> dict[str, Any]:
        return {"pack": len(state.pack), "stock": len(state.stock),
                "in_families": home(state.families),
                "vacancies": sum(not p for p in state.square)}

    def say(self, state: SquareState, move: Move) -> str:
        if move == TURN:
            return "turn the next card of the pack"
        src, a, dst, b = split_code(move.code)
        assert b is not None
        if src == "d":
            return f"fill the vacancy of {place_label(b - 1)} with the next card of the pack"
        c, _ = self._take(state, src, a)
        where = f" from {place_label((a or 1) - 1)}" if src == "q" else \
            ("" if state.fresh else " from the stock")
        if dst == "f":
            return f"play {name(c)}{where} on {family_label(b - 1)}"
        q = state.square[b - 1]
        if q:
            return f"put {name(c)}{where} on {name(q[-1])} of {place_label(b - 1)}"
        return f"fill the vacancy of {place_label(b - 1)} with {name(c)}{where}"

    def narrate(self, before: SquareState, move: Move, after: SquareState) -> str:
        if move == TURN:
            return f"turn up {name(before.pack[-1])}"
        if move.code.startswith("d>"):
            return f"{self.describe(before, move)}: {name(before.pack[-1])}"
        return self.describe(before, move)
