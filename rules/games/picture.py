"""Picture, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1726-1754 (pp. 76-77); rule sheet
``shared/games/cheney.md``, section Picture, whose ambiguities are cited below.

Two packs. Nine cards in three rows make the Picture (l.1730-1731); the four kings go on
its left and the four aces on its right (l.1731-1734), and the families are built up on
the aces and down on the kings, following suit (l.1734-1738). Any picture card that fits
may be played (l.1738-1740). Cards that cannot be used at once go to a stock, and the
vacant places of the picture may be filled "either from the stock or the pack"
(l.1740-1748). The stock may be turned twice (l.1748-1751). Success: the picture
"disappear[s]" (l.1753-1754), every card in the families.

Readings (the sheet's PROPOSED readings unless said otherwise):

- Kings and aces (amb. 1): one king and one ace of each suit, the first of each in the
  shuffled pack, are taken out before the nine picture cards are laid; the second king
  and ace of a suit are ordinary cards.
- The pack is turned one card at a time onto the stock (``s``), a face-up pile whose top
  card is available. The sheet lists "the next card of the pack" as a second source for
  a gap; here filling a gap "from the pack" is turning the card and putting it in the
  gap (``s`` then ``w>p<i>``), with the same result: every card of the pack is turned
  to see whether it can "immediately be used" (l.1740-1742), so it is seen before it
  is placed, and no separate blind move is needed.
- The stock's top card may go straight to a family (amb. 2). Option
  ``stock_cards=picture_only`` takes the stricter reading: a stock card goes to a family
  only as the card just turned from the pack (its "immediate" use), otherwise only into
  a gap of the picture.
- Filling gaps is optional and may be done at any time (amb. 3).
- "turn the stock twice" (amb. 4): two re-deals, three passes through the pack, offered
  only when the pack is used up. The stock is turned over without shuffling, so its
  first card is turned first again; option ``shuffle=true`` re-shuffles it (glossary
  l.3302-3305), by sub-stream ``k`` of the deal's seed for the ``k``-th turn.

Moves, in this order: ``p1>f1`` .. ``p9>f8`` (a picture card, places numbered row by
row, to a family: ``f1``-``f4`` the aces of spades, hearts, diamonds, clubs, ``f5``-``f8``
the kings); ``w>f1`` .. ``w>f8`` (the stock's top card to a family); ``w>p1`` ..
``w>p9`` (the stock's top card into a gap); ``s`` (turn a card of the pack); ``redeal``
(turn the stock). Cards only go forward (pack, stock, picture, family) and the turns are
counted, so every game ends; it is lost when no move is left.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import KING, Card, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..families import (
    EMPTY8,
    NO_CARD,
    REDEAL,
    TURN,
    AceKingGame,
    Families,
    add,
    family_plays,
    from_pack,
    play_on_family,
    shuffle_option,
    to_family_codes,
)
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import pack_of, pack_zone, replace_at, split_code

GAP = NO_CARD


@dataclass(frozen=True, slots=True)
class PictureState:
    families: Families
    #: The nine places, row by row; ``GAP`` where a place is empty.
    picture: tuple[Card, ...]
    #: The pack, bottom to top: the last card is turned next.
    pack: tuple[Card, ...]
    #: The stock, bottom to top; its top card is available.
    stock: tuple[Card, ...]
    redeals: int
    #: The stock's top card is the card just turned from the pack.
    fresh: bool
    seed: int


@register
class Picture(AceKingGame[PictureState]):
    description = Description(
        id="picture", title="Picture", book=CHENEY, lines="1726-1754", skill="some",
        bound=1000, packs=2, layout="grid")
    redeals_allowed = 2
    redeal_word = "turn"
    option_specs = (
        Option("stock_cards", "family",
               "family: the stock's top card may be played to a family; picture_only: "
               "only the card just turned may go to a family, other stock cards only "
               "into a gap of the picture", choices=("family", "picture_only")),
        shuffle_option("the stock when it is turned"),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> PictureState:
        fams = list(EMPTY8)
        rest = []
        for c in cards:
            r, s = rank_of(c), suit_of(c)
            if r == 1 and not fams[s]:
                fams[s] = (c,)
            elif r == KING and not fams[s + 4]:
                fams[s + 4] = (c,)
            else:
                rest.append(c)
        return PictureState(tuple(fams), tuple(rest[:9]), pack_of(rest[9:]), (), 0, False,
                            seed)

    def _stock_to_family(self, state: PictureState) -> bool:
        return state.fresh or self.option("stock_cards") == "family"

    def moves(self, state: PictureState) -> tuple[Move, ...]:
        out = family_plays(state.families, "p", state.picture)
        if state.stock:
            if self._stock_to_family(state):
                out += to_family_codes("w", state.stock[-1], state.families)
            out += [Move(f"w>p{k + 1}") for k, c in enumerate(state.picture) if c == GAP]
        out += from_pack(state.pack, TURN, bool(state.stock) and self.may_redeal(state))
        return tuple(out)

    def play(self, state: PictureState, move: Move) -> PictureState:
        if move == TURN:
            return replace(state, pack=state.pack[:-1], stock=(*state.stock, state.pack[-1]),
                           fresh=True)
        if move == REDEAL:
            k = self.redeal_number(state)
            # turned over: the stock's first card is turned first again
            return replace(state, pack=pack_of(self.taken_up(state.seed, k, state.stock)),
                           stock=(), redeals=k, fresh=False)
        src, a, dst, b = split_code(move.code)
        assert b is not None
        if src == "p":
            assert a is not None
            c = state.picture[a - 1]
            return replace(state, picture=replace_at(state.picture, a - 1, GAP),
                           families=add(state.families, b - 1, c))
        c, st = state.stock[-1], replace(state, stock=state.stock[:-1], fresh=False)
        if dst == "f":
            return replace(st, families=add(state.families, b - 1, c))
        return replace(st, picture=replace_at(state.picture, b - 1, c))

    def table_zones(self, state: PictureState) -> list[Zone]:
        zs = [Zone(f"p{k + 1}", "reserve", (c,) if c else (), 1,
                   label=f"picture place {k + 1}", group="picture")
              for k, c in enumerate(state.picture)]
        return [*zs, pack_zone(state.pack),
                Zone("stock", "waste", state.stock, len(state.stock), label="the stock")]

    def facts(self, state: PictureState) -> dict[str, Any]:
        return {
            "stock": len(state.stock),
            **self.redeal_facts(state),
            "gaps": sum(c == GAP for c in state.picture),
        }

    def say(self, state: PictureState, move: Move) -> str:
        if move == TURN:
            return "turn the next card of the pack"
        if move == REDEAL:
            how = "re-shuffle it" if self.option("shuffle") else "turn it over"
            return f"take up the stock and {how} {self.redeal_of(state)}"
        src, a, dst, b = split_code(move.code)
        assert b is not None
        if src == "p":
            assert a is not None
            return play_on_family(state.picture[a - 1], f"from picture place {a}", b)
        if dst == "f":
            return play_on_family(state.stock[-1], "from the stock", b)
        return f"put {name(state.stock[-1])} from the stock in picture place {b}"

    def narrate(self, before: PictureState, move: Move, after: PictureState) -> str:
        if move == TURN:
            return f"turn up {name(before.pack[-1])}"
        return self.describe(before, move)

    def why_illegal(self, state: PictureState, move: Move, seat: int) -> str:
        if move == REDEAL:
            if state.pack:
                return "The stock can be turned only when the pack is used up."
            return "The stock has already been turned twice."
        if move.code.startswith("w>f") and not self._stock_to_family(state):
            return "Under this rule a stock card goes to a family only as it is turned."
        return super().why_illegal(state, move, seat)
