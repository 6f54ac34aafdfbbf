"""Louise's Game, "a variation of Musical", from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2767-2784; rule sheet ``shared/games/cheney.md``,
section Louise's Game (and Musical, l.910-961, which it refers to).

Two packs. A row of cards of any suit from one to eight, as they appear from the pack;
below it a second row of cards that double the pips of the first (l.2772-2777): under the
ace a two, under the two a four, ... under the six a queen, under the seven an ace (14
less 13, counted as in Musical, l.946-956) and under the eight a three. Then the pips of
the two rows are added as in Musical (l.2777-2779): the pile under the card ``i`` of the
first row goes up by ``i`` each time, counting past thirteen from one again. Cards that
cannot be used at once go to a stock, which may be turned twice (l.2781-2783). Success:
every row ends in a king (l.2783-2784), eight piles of twelve under the eight cards.

Readings (the sheet's PROPOSED readings unless said otherwise):

- Rows as the cards appear (amb.): a first-row place takes its rank at any time; the
  second-row card under ``i`` (rank ``2i``) once the first-row ``i`` is down; a pile is
  built once its second-row card is down. ``order=strict`` fills the first row, then
  the second, and only then builds.
- Cards come from the pack onto the stock (``d``); the stock's top card is the one that
  may be used, as in Musical. A pile is finished at its king.
- "turn this stock twice": two re-deals, three passes (``turns=2``); ``turns=1`` reads
  it as two passes. The stock is taken up as it lies, without shuffling.
- Failure: the pack is out, the stock cannot be turned again and its top fits nowhere.

Legal moves, in order: ``u<i>`` (the stock's top card into the first row under number
``i``), ``l<i>`` (into the second row under ``i``), ``f<i>`` (onto the pile under ``i``),
``d`` (turn the next card of the pack onto the stock), ``r`` (turn the stock), ``auto``.
"""

from __future__ import annotations

from ..building import next_by
from ..cards import Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import DOWN, FOUNDATION, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, REDEAL

KING = 13
COLUMNS = 8
#: The rank of the second-row card under first-row card i + 1: double its pips.
DOUBLE = tuple((2 * (i + 1) - 1) % 13 + 1 for i in range(COLUMNS))
F, P, W = COLUMNS, 2 * COLUMNS, 2 * COLUMNS + 1  # where the piles, pack and stock lie


@register
class LouisesGame(Patience):
    description = Description(
        id="louises_game", title="Louise's Game", book=CHENEY, lines="2767-2784",
        skill="chance", bound=900, packs=2, chance=True)
    redeal_word = "turn"
    option_specs = (
        Option("turns", 2, "times the stock may be turned: 2 (three passes) or 1",
               choices=(2, 1)),
        Option("order", "lenient",
               "lenient: a place of either row, and a pile, is filled as soon as it can be; "
               "strict: the first row, then the second, then the piles",
               choices=("lenient", "strict")),
    )
    facts = (("in_pack", size("pack")),)
    #: Won when every card is placed: the first row and the piles under it.
    home_kinds = ("reserve", FOUNDATION)
    gives_up = False
    redeals_option = "turns"

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"u{i + 1}", "reserve", f"first row, {i + 1}", "first row")
                  for i in range(COLUMNS)),
                *(Pile(f"f{i + 1}", FOUNDATION, f"pile under {i + 1}", "second row")
                  for i in range(COLUMNS)),
                Pile("pack", "stock", "the pack", face=DOWN), Pile("stock", "waste", "the stock"))

    def targets(self, t: Table, c: Card) -> list[Step]:
        """Where the card ``c`` (the stock's top) may go, in move order."""
        r = rank_of(c)
        strict = self.option("order") == "strict"
        upper, piles = t.piles[:F], t.piles[F:P]
        out = []
        if r <= COLUMNS and not upper[r - 1]:
            out.append(Step(f"u{r}", source=W, target=r - 1))
        if not strict or all(upper):
            out += [Step(f"l{i + 1}", source=W, target=F + i) for i in range(COLUMNS)
                    if upper[i] and not piles[i] and DOUBLE[i] == r]
        if not strict or all(piles):
            out += [Step(f"f{i + 1}", source=W, target=F + i) for i, p in enumerate(piles)
                    if p and next_by(p[-1], i + 1, c)]
        return out

    def steps(self, t: Table) -> list[Step]:
        top = t.top(W)
        found = self.targets(t, top) if top is not None else []
        return found + self.turn_or_redeal(t, P, W, "d", "r")

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "every row ends in a king"
        kings = sum(bool(p) and rank_of(p[-1]) == KING for p in state.piles[F:P])
        left = len(state.piles[P]) + len(state.piles[W])
        return f"{left} cards could not be placed; {kings} of the eight piles reached the king"

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == DEAL:
            return "turn up the next card of the pack onto the stock"
        if s.kind == REDEAL:
            return f"take up the stock and play it through again {self.redeal_of(t)}"
        c = name(t.piles[W][-1])
        if s.target < F:
            return f"lay {c} from the stock in the first row, as number {s.target + 1}"
        i, pile = s.target - F + 1, t.piles[s.target]
        if not pile:
            return f"lay {c} from the stock in the second row, under the {i}"
        return f"put {c} from the stock on {name(pile[-1])}, in the pile under the {i} " \
            f"(up by {i})"
