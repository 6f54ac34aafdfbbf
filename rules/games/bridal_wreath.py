"""Bridal Wreath, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2952-2991; rule sheet ``shared/games/cheney.md``,
section Bridal Wreath.

Two packs. Twenty-one cards overlapping in a wreath, the last one upright closing it
(l.2956-2963); five cards in a line on each side, the bridesmaids (l.2963-2965). "You
can take the next card as the beginning of your families, unless you prefer to wait
for an ace to appear. In forming the families you need not follow suit" (l.2966-2974).
The end card of the wreath and the bridesmaids may be played on the families
(l.2976-2979); a card dealt that has no place goes to a stock (l.2979-2981), whose top
card may fill a space among the bridesmaids (l.2981-2983). Success needs the whole
wreath used (l.2985-2986).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The families: eight, all begun on the rank of their first card and built up one at a
  time regardless of suit, going round from king to ace when they begin above the ace;
  each holds thirteen cards. Which rank begins them is the player's choice once, at the
  start (``n``: the next card, the 32nd, is turned up and begins the first family;
  ``a``: wait for aces).
- Only the end card of the wreath is free; the card under it becomes the end card when
  it is played. The wreath and the bridesmaids are never filled from the wreath.
- Dealing (``d``) turns the next card of the pack onto the stock; its top card may go
  to a family or fill a bridesmaid's space. (A card that fits a family may still be
  held back on the stock, at the player's judgement: the book advises using the wreath
  first.) No re-deal.
- Families with the same top card are alike; a card goes to the first that takes it.
- Failure: the pack is out and no card can be placed.

Legal moves, in order: ``n`` and ``a`` (the one choice at the start); ``e>f`` (the end
card of the wreath to a family), ``m<i>>f`` (bridesmaid ``i``, 1-10), ``s>f`` (the
stock's top card), ``s>m<i>`` (the stock's top card into the space of bridesmaid ``i``),
``d``.
"""

from __future__ import annotations

from ..cards import RANK_WORDS, Card, name, rank_of
from ..common import step_rank
from ..description import CHENEY, Description
from ..game import Move
from ..patience import DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, OTHER

WREATH, MAIDS, FAMILIES = 21, 10, 8
E, M, P, W = 8, 9, 9 + MAIDS, 10 + MAIDS  # the wreath, the bridesmaids, pack, stock


def begins(game: Patience, t: Table) -> str:
    base = game.mark(t, "base")
    return RANK_WORDS[base] if base else "not chosen"


@register
class BridalWreath(Patience):
    description = Description(
        id="bridal_wreath", title="Bridal Wreath", book=CHENEY, lines="2952-2991",
        skill="some", bound=700, packs=2)
    #: The rank the families begin on (0: not chosen yet).
    marks = ("base",)
    facts = (("in_pack", size("pack")), ("wreath", size("wreath")),
             ("families_begin_on", begins), ("in_families", HOME))
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        # Overlapping: every card of the wreath is seen, only the end card is free.
        return (*(Pile(f"f{j + 1}", "foundation", f"family {j + 1}", "families")
                  for j in range(FAMILIES)),
                Pile("wreath", "reserve", "the wreath", "wreath"),
                *(Pile(f"m{i + 1}", "cell", f"bridesmaid {i + 1}", "left" if i < 5 else "right")
                  for i in range(MAIDS)),
                Pile("pack", "stock", "the pack", face=DOWN), Pile("stock", "waste", "the stock"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({"wreath": cards[:WREATH]}
                          | {f"m{i + 1}": (c,) for i, c in enumerate(cards[WREATH:WREATH + MAIDS])}
                          | {"pack": cards[WREATH + MAIDS:][::-1]})

    def fits(self, t: Table, c: Card) -> int:
        """The first family (0-based) that takes ``c``, or -1."""
        r = rank_of(c)
        for j, f in enumerate(t.piles[:E]):
            if not f:
                if r == self.mark(t, "base"):
                    return j
            elif len(f) < 13 and step_rank(rank_of(f[-1]), 1, wrap=True) == r:
                return j
        return -1

    def steps(self, t: Table) -> list[Step]:
        if not self.mark(t, "base"):  # the one choice at the start
            return [Step("n", DEAL, P, 0), Step("a", OTHER)]
        out = []
        for code, i in (("e>f", E), *((f"m{k + 1}>f", M + k) for k in range(MAIDS))):
            if t.piles[i] and (j := self.fits(t, t.piles[i][-1])) >= 0:
                out.append(Step(code, source=i, target=j))
        top = t.top(W)
        if top is not None:
            if (j := self.fits(t, top)) >= 0:
                out.append(Step("s>f", source=W, target=j))
            out += [Step(f"s>m{k + 1}", source=W, target=M + k)
                    for k in range(MAIDS) if not t.piles[M + k]]
        if t.piles[P]:
            out.append(Step("d", DEAL, P, W))
        return out

    def play(self, state: Table, move: Move) -> Table:
        if move.code == "a":
            return self.marked(state, base=1)
        if move.code == "n":
            return self.marked(super().play(state, move), base=rank_of(state.piles[P][-1]))
        return super().play(state, move)

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "all 104 cards in the families, and the wreath used up"
        return f"{HOME(self, state)} of 104 cards in the families, {len(state.piles[E])} " \
            "left in the wreath; no card can be placed"

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.code == "n":
            return "turn up the next card of the pack as the beginning of the families"
        if s.code == "a":
            return "wait for an ace to begin the families"
        if s.kind == DEAL:
            return "deal the next card of the pack onto the stock"
        c = t.piles[s.source][-1]
        where = ("the end of the wreath" if s.source == E else "the stock" if s.source == W
                 else f"bridesmaid {s.source - M + 1}")
        if s.target >= M:
            return f"put {name(c)} from the stock in the space of bridesmaid {s.target - M + 1}"
        f = t.piles[s.target]
        onto = f"onto {name(f[-1])}" if f else "to begin a family"
        return f"play {name(c)} from {where} {onto}"
