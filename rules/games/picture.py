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

from typing import Any

from ..cards import KING, Card, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..families import EMPTY8, family_name, family_targets, shuffle_option
from ..game import Move, Option, Seat
from ..patience import DOWN, HOME, Patience, Pile, Step, Table
from ..registry import register
from ..shape import DEAL, MOVE, REDEAL

FAMILIES = tuple(Pile(f"f{i + 1}", "foundation", family_name(i), "aces" if i < 4 else "kings")
                 for i in range(8))
PLACES = tuple(Pile(f"p{k + 1}", "reserve", f"picture place {k + 1}", "picture", empty_up=1)
               for k in range(9))
P, PACK, STOCK = 8, 17, 18  # where the picture, the pack and the stock lie


@register
class Picture(Patience):
    description = Description(
        id="picture", title="Picture", book=CHENEY, lines="1726-1754", skill="some",
        bound=1000, packs=2, layout="grid")
    redeals_allowed = 2
    redeal_word = "turn"
    #: A turn of the stock that shuffles shows a new order: undo stops there (one that
    #: takes the stock up as it lies does not stop it).
    irreversible_redeals = True
    option_specs = (
        Option("stock_cards", "family",
               "family: the stock's top card may be played to a family; picture_only: "
               "only the card just turned may go to a family, other stock cards only "
               "into a gap of the picture", choices=("family", "picture_only")),
        shuffle_option("the stock when it is turned"),
    )
    #: Whether the stock's top card is the card just turned from the pack.
    marks = ("fresh",)
    gives_up = False
    turn_up = "s"

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*FAMILIES, *PLACES, Pile("pack", "stock", "the pack", face=DOWN),
                Pile("stock", "waste", "the stock"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
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
        t = self.table({f"f{j + 1}": f for j, f in enumerate(fams)}
                       | {f"p{k + 1}": (c,) for k, c in enumerate(rest[:9])}
                       | {"pack": rest[9:][::-1]})
        return Table(t.piles, t.down, seed=seed)

    def steps(self, t: Table) -> list[Step]:
        fams = self.families(t)
        out = [Step(f"p{k + 1}>f{j + 1}", MOVE, P + k, j)
               for k, p in enumerate(t.piles[P:PACK]) if p for j in family_targets(fams, p[-1])]
        stock = t.piles[STOCK]
        if stock:
            if self.mark(t, "fresh") or self.option("stock_cards") == "family":
                out += [Step(f"w>f{j + 1}", MOVE, STOCK, j)
                        for j in family_targets(fams, stock[-1])]
            out += [Step(f"w>p{k + 1}", MOVE, STOCK, P + k)
                    for k, p in enumerate(t.piles[P:PACK]) if not p]
        if t.piles[PACK]:
            out.append(Step("s", DEAL, PACK, STOCK))
        elif stock and self.may_redeal(t):
            out.append(Step("redeal", REDEAL, STOCK, PACK, len(stock)))
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        after = super().play(state, move)
        if s.kind == DEAL:
            return self.marked(after, fresh=1)
        return self.marked(after, fresh=0) if s.source in (STOCK, PACK) else after

    def public(self, state: Table) -> dict[str, Any]:
        return {"pack": len(state.piles[PACK]), "stock": len(state.piles[STOCK]),
                **self.redeal_facts(state),
                "gaps": sum(not p for p in state.piles[P:PACK]),
                "in_families": HOME(self, state)}

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == REDEAL:
            how = "re-shuffle it" if self.option("shuffle") else "turn it over"
            return f"take up the stock and {how} {self.redeal_of(t)}"
        c = t.piles[s.source][-1]
        where = "from the stock" if s.source == STOCK else \
            f"from picture place {s.source - P + 1}"
        if s.target < P:
            return f"play {name(c)} {where} on {family_name(s.target)}"
        return f"put {name(c)} from the stock in picture place {s.target - P + 1}"

    def why_illegal(self, state: Table, move: Move, seat: Seat) -> str:
        if move.code == "redeal":
            if state.piles[PACK]:
                return "The stock can be turned only when the pack is used up."
            return "The stock has already been turned twice."
        if move.code.startswith("w>f") and not (
                self.mark(state, "fresh") or self.option("stock_cards") == "family"):
            return "Under this rule a stock card goes to a family only as it is turned."
        return super().why_illegal(state, move, seat)
