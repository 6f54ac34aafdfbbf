"""Napoleon, or the Pet Game, from Cheney's *Patience* (1894), and its variant The Pet Game.

Source: ``000_afc193f70d23752d.txt`` l.2137-2187 (book pp. 99-101; The Pet Game
l.2170-2187); rule sheet ``shared/games/cheney.md``, section Napoleon.

Two packs. "Lay off four rows of ten cards each, the lower row lapping over the upper.
You can use only the cards in the lower row, but when any card in that row is taken
away, the one above it becomes the lowest or free card, and can be used. You can also
make marriages by putting any card on the one next higher of the same suit, if both are
free" (l.2141-2150). The aces go in a line below and the families are built on them
upwards by suits (l.2150-2153). "When you can use a card in the upper row, and so leave
a clear space, you can fill this space with the top card, either of the stock or pack,
but you cannot fill spaces in any but the top row, or put any card already on the table
in the upper row" (l.2158-2164). Cards that cannot be used on the aces go to a stock whose
top card is used "whenever you have opportunity"; "You can turn the stock twice"
(l.2164-2168).

The Pet Game (``napoleon_pet_game``, l.2170-2187): "you can make marriages from the stock
or pack, by placing the top card on the one next above it; and you can also place any
free card on an empty space in the first row ... there is no privilege of turning the
stock". One class plays both: option ``pet``, which the registered variant fixes.

Readings (the sheet's PROPOSED readings unless said otherwise):

- The ten columns: column ``i`` holds cards ``i``, ``10 + i``, ``20 + i``, ``30 + i`` of
  the deal, the last one free. A "space in the upper row" is an empty column (amb. 1).
- Families follow suit, two of each suit; an ace goes to the first empty one of its suit.
- The pack is turned a card at a time (``s``) onto the stock; the stock's top card may go
  to a family, into an empty column, and (Pet Game) onto a free card. Filling a space
  "from the pack" is turning the card and putting it there, which is the same.
- Marriages move one card at a time.
- Napoleon: the stock is turned over twice, without shuffling (option ``shuffle``:
  shuffled, glossary l.3302-3305). The Pet Game: one pass.
- Cards may go back and forth between the columns, so ``end`` (give up) is offered after
  every other move, a card may not be put straight back where it has just come from,
  and a lone card is never moved into an empty column (that changes nothing).

Moves, in this order: ``c<i>>f<j>`` (the free card of column ``i`` to family ``j``:
``f1``-``f8``, spades, hearts, diamonds, clubs, twice); ``w>f<j>``; ``w>c<k>`` (onto a
free card in the Pet Game, into the first empty column); ``s``; ``redeal``;
``c<i>>c<k>`` (marriage, or into the first empty column in the Pet Game: last, so that
playing the first legal move turns the pack before it shifts cards about); ``end``.
Won when the eight families hold all 104 cards; lost when the player gives up
(``end``) or no move is left (the pack out and the stock's turns used up).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import Card, identity, name
from ..description import CHENEY, Description
from ..families import REDEAL, TURN, shuffle_option
from ..game import Move, Option, Zone
from ..registry import register, variant
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, split_code, with_end
from ._columns import add, back_of, family_for, family_label, family_zones, home
from ._upward import EMPTY8, Fams, short_of, stock_turn_said, stock_turned, tops_by_card

COLUMNS, ROWS = 10, 4


@dataclass(frozen=True, slots=True)
class NapoleonState:
    families: Fams
    #: The ten columns, upper row first: the last card is the free one.
    columns: tuple[tuple[Card, ...], ...]
    pack: tuple[Card, ...]
    seed: int
    stock: tuple[Card, ...] = ()
    redeals: int = 0
    back: str = ""
    given_up: bool = False


@register
class Napoleon(SoloGame[NapoleonState]):
    description = Description(
        id="napoleon", title="Napoleon, or the Pet Game", book=CHENEY, lines="2137-2169",
        skill="some", bound=None, packs=2)
    redeal_word = "turn"
    option_specs: ClassVar[tuple[Option, ...]] = (
        shuffle_option("the stock when it is turned (not in the Pet Game, which never "
                       "turns it)"),
        Option("pet", False, "the Pet Game: marriages from the stock, free cards into "
               "spaces, no turning (l.2170-2187)", choices=(False, True)))

    @property
    def pet(self) -> bool:
        """The Pet Game: marriages from the stock, free cards into spaces, no turning."""
        return bool(self.options["pet"])

    def layout(self, cards: tuple[Card, ...], seed: int) -> NapoleonState:
        cols = tuple(tuple(cards[r * COLUMNS + i] for r in range(ROWS))
                     for i in range(COLUMNS))
        return NapoleonState(EMPTY8, cols, pack_of(cards[COLUMNS * ROWS :]), seed)

    def max_redeals(self) -> int:
        return 0 if self.pet else 2

    def moves(self, state: NapoleonState) -> tuple[Move, ...]:
        cols, fams = state.columns, state.families
        empty = cols.index(()) if () in cols else -1
        out = [Move(f"c{i + 1}>f{j + 1}") for i, p in enumerate(cols)
               if p and (j := family_for(fams, p[-1])) >= 0]
        top = state.stock[-1] if state.stock else 0
        if top and (j := family_for(fams, top)) >= 0:
            out.append(Move(f"w>f{j + 1}"))
        higher = tops_by_card(cols)
        if top:
            to = higher.get(identity(top) + 1, []) if self.pet else []
            out += [Move(f"w>c{k + 1}") for k in sorted([*to, empty] if empty >= 0 else to)]
        if state.pack:
            out.append(TURN)
        elif state.stock and self.may_redeal(state):
            out.append(REDEAL)
        for i, p in enumerate(cols):
            if not p:
                continue
            to = higher.get(identity(p[-1]) + 1, [])
            if self.pet and empty >= 0 and len(p) > 1:
                to = sorted([*to, empty])
            out += [Move(code) for k in to if (code := f"c{i + 1}>c{k + 1}") != state.back]
        return with_end(out)

    def play(self, state: NapoleonState, move: Move) -> NapoleonState:
        if move == TURN:
            return replace(state, pack=state.pack[:-1], stock=(*state.stock, state.pack[-1]),
                           back="")
        if move == REDEAL:
            k = self.redeal_number(state)
            return replace(state, pack=stock_turned(self, state.seed, k, state.stock),
                           stock=(), redeals=k, back="")
        src, a, dst, b = split_code(move.code)
        assert b is not None
        if src == "c":
            assert a is not None
            p = state.columns[a - 1]
            c, st = p[-1], replace(state, columns=replace_at(state.columns, a - 1, p[:-1]))
        else:
            c, st = state.stock[-1], replace(state, stock=state.stock[:-1])
        if dst == "f":
            return replace(st, families=add(st.families, b - 1, c), back="")
        return replace(st, columns=replace_at(st.columns, b - 1, (*st.columns[b - 1], c)),
                       back=back_of(move.code) if src == "c" else "")

    def irreversible(self, before: NapoleonState, move: Move, after: NapoleonState) -> bool:
        return move == REDEAL and bool(self.option("shuffle"))

    def won(self, state: NapoleonState) -> bool:
        return home(state.families) == 104

    def summary(self, state: NapoleonState, won: bool) -> str:
        if won:
            return "the eight families are complete"
        return short_of(state.families, state.given_up)

    def zones(self, state: NapoleonState) -> tuple[Zone, ...]:
        return (*family_zones(state.families),
                *(open_zone(f"c{i + 1}", "pile", p, f"column {i + 1}", "columns")
                  for i, p in enumerate(state.columns)),
                pack_zone(state.pack), open_zone("stock", "waste", state.stock, "the stock"))

    def public(self, state: NapoleonState) -> dict[str, Any]:
        return {"pack": len(state.pack), "stock": len(state.stock),
                **self.redeal_facts(state),
                "in_families": home(state.families)}

    def say(self, state: NapoleonState, move: Move) -> str:
        if move == TURN:
            return "turn the next card of the pack"
        if move == REDEAL:
            return stock_turn_said(self, state)
        src, a, dst, b = split_code(move.code)
        assert b is not None
        if src == "c":
            assert a is not None
            c, where = state.columns[a - 1][-1], f" from column {a}"
        else:
            c, where = state.stock[-1], " from the stock"
        if dst == "f":
            return f"play {name(c)}{where} on {family_label(b - 1)}"
        q = state.columns[b - 1]
        if q:
            return f"marry {name(c)}{where} to {name(q[-1])} on column {b}"
        return f"put {name(c)}{where} into the empty column {b}"

    def narrate(self, before: NapoleonState, move: Move, after: NapoleonState) -> str:
        if move == TURN:
            return f"turn up {name(before.pack[-1])}"
        return self.describe(before, move)


NAPOLEON_PET_GAME = variant(Napoleon, Description(
    id="napoleon_pet_game", title="The Pet Game", book=CHENEY,
    lines="2170-2187, 2137-2169", skill="some", bound=None, packs=2, variant_of="napoleon",
    fixed={"pet": True}))
