"""Musical, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.910-961; rule sheet ``shared/games/cheney.md``,
section Musical, and its worked examples (sheet "Sample layouts", item 1).

Eight cards in two lines: an ace, deuce, three and four of any suit above, and a two,
four, six and eight below (l.923-934). From the pack, a card goes on a lower pile when
its pips are the sum of the upper card and the lower pile's top (l.936-945); knave
eleven, queen twelve, king thirteen, and past thirteen the amount beyond counts: knave
and three make an ace, queen and four a three (l.946-956). Cards that cannot be used go
to a stock whose top card may be used as opportunity offers; the stock may be turned
twice (l.956-960). Success: the lower line all kings (l.960-961).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The eight cards (amb. 3): of any suits, mixed. Dealing them from a shuffled pack, the
  upper line takes the first ace, two, three and four to come; the lower line the first
  two, four, six and eight of the cards left. The rest, in order, is the pack.
- Playing from the pack: ``d`` turns its top card onto the stock; the stock's top card
  may then be played (``f<i>``) whenever it fits. This is the book's "placed in a
  stock" with the player free to hold back a card (nothing in the text forces a play).
- A lower pile is finished at its king (not stated, but "the lower line will be all
  kings" and the counts, 4 x 11 cards on 8 bases, leave no card to spare).
- "turn the stock twice" (amb. 1): two re-deals, three passes in all (``turns=2``);
  ``turns=1`` reads "twice" as two passes. Turning takes the stock up as it lies, so
  the first card put on it comes first again (amb. 2: no shuffle); ``shuffle=true``
  shuffles it, as the glossary allows (l.3302-3305), with
  ``Rng.from_seed(seed, stream=k)`` for the k-th turn.
- Failure: the pack is out, the stock cannot be turned again, and its top card fits
  nowhere.

The game is mostly chance. Legal moves, in order: ``f1`` .. ``f4`` (the stock's top card
onto the lower pile under the ace, two, three, four), ``d`` (turn up the next card of the
pack onto the stock), ``r`` (turn the stock), ``auto``.
"""

from __future__ import annotations

from ..building import next_by
from ..cards import RANK_WORDS, Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import DOWN, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, REDEAL

KING = 13
UPPER = (1, 2, 3, 4)
LOWER = (2, 4, 6, 8)
F, P, W = 4, 8, 9  # where the lower line, the pack and the stock lie


def _take(cards: list[Card], ranks: tuple[int, ...]) -> list[Card]:
    """Take out of ``cards`` the first card of each rank in ``ranks``."""
    taken = []
    for r in ranks:
        c = next(c for c in cards if rank_of(c) == r)
        cards.remove(c)
        taken.append(c)
    return taken


@register
class Musical(Patience):
    description = Description(
        id="musical", title="Musical", book=CHENEY, lines="910-961", skill="chance",
        bound=450, chance=True)
    redeal_word = "turn"
    #: A turn of the stock that shuffles shows a new order: undo stops there (one that
    #: takes the stock up as it lies does not stop it).
    irreversible_redeals = True
    option_specs = (
        Option("turns", 2, "times the stock may be turned: 2 (three passes) or 1",
               choices=(2, 1)),
        Option("shuffle", False, "shuffle the stock when it is turned",
               choices=(False, True)),
    )
    facts = (("in_pack", size("pack")),)
    gives_up = False
    redeals_option = "turns"

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"u{i + 1}", "reserve", f"upper {RANK_WORDS[i + 1]}", "upper")
                  for i in range(4)),
                *(Pile(f"f{i + 1}", "foundation", f"pile under the {RANK_WORDS[i + 1]}",
                       "lower") for i in range(4)),
                Pile("pack", "stock", "the pack", face=DOWN),
                Pile("stock", "waste", "the stock"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        rest = list(cards)
        upper, lower = _take(rest, UPPER), _take(rest, LOWER)
        t = self.table({f"u{i + 1}": (c,) for i, c in enumerate(upper)}
                       | {f"f{i + 1}": (c,) for i, c in enumerate(lower)}
                       | {"pack": tuple(reversed(rest))})
        return Table(t.piles, t.down, seed=seed)

    def steps(self, t: Table) -> list[Step]:
        top, out = t.top(W), []
        if top is not None:
            out += [Step(f"f{i + 1}", source=W, target=F + i) for i in range(4)
                    if next_by(t.piles[F + i][-1], i + 1, top)]
        if t.piles[P]:
            out.append(Step("d", DEAL, P, W))
        elif top is not None and self.may_redeal(t):
            out.append(Step("r", REDEAL, W, P, len(t.piles[W])))
        return out

    def won(self, state: Table) -> bool:
        return all(len(p) == 12 for p in state.piles[F:P])

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "the lower line is all kings"
        kings = sum(rank_of(p[-1]) == KING for p in state.piles[F:P])
        left = len(state.piles[P]) + len(state.piles[W])
        return f"{left} cards could not be placed; {kings} of the four piles reached the king"

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == DEAL:
            return "turn up the next card of the pack onto the stock"
        if s.kind == REDEAL:
            how = "shuffle it " if self.option("shuffle") else ""
            return f"take up the stock, {how}and play it through again {self.redeal_of(t)}"
        i = s.target - F
        return f"put {name(t.piles[W][-1])} from the stock on " \
            f"{name(t.piles[s.target][-1])}, under the {RANK_WORDS[i + 1]}"
