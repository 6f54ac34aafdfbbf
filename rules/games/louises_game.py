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

from dataclasses import dataclass
from typing import Any

from ..cards import Card, name, rank_of
from ..common import step_rank
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at

DEAL, TURN = Move("d"), Move("r")
KING = 13
COLUMNS = 8
#: The rank of the second-row card under first-row card i + 1: double its pips.
DOUBLE = tuple((2 * (i + 1) - 1) % 13 + 1 for i in range(COLUMNS))


@dataclass(frozen=True, slots=True)
class LouiseState:
    #: The first row, one card per number 1-8 (0: not laid yet).
    upper: tuple[Card, ...]
    #: Pile under number i + 1, its second-row card first (bottom), top last.
    piles: tuple[tuple[Card, ...], ...]
    pack: tuple[Card, ...]
    #: Cheney's stock: cards that could not be used, top last, all seen.
    stock: tuple[Card, ...] = ()
    redeals: int = 0


@register
class LouisesGame(SoloGame[LouiseState]):
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

    def max_redeals(self) -> int:
        return int(self.option("turns"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> LouiseState:
        return LouiseState((0,) * COLUMNS, ((),) * COLUMNS, pack_of(cards))

    def targets(self, state: LouiseState, c: Card) -> list[Move]:
        """Where the card ``c`` (the stock's top) may go, in move order."""
        r = rank_of(c)
        strict = self.option("order") == "strict"
        row_done = all(state.upper)
        out = []
        if r <= COLUMNS and not state.upper[r - 1]:
            out.append(Move(f"u{r}"))
        if not strict or row_done:
            out += [Move(f"l{i + 1}") for i in range(COLUMNS)
                    if state.upper[i] and not state.piles[i] and DOUBLE[i] == r]
        if not strict or all(state.piles):
            for i, p in enumerate(state.piles):
                if p and rank_of(p[-1]) != KING and step_rank(rank_of(p[-1]), i + 1,
                                                              wrap=True) == r:
                    out.append(Move(f"f{i + 1}"))
        return out

    def moves(self, state: LouiseState) -> tuple[Move, ...]:
        found = self.targets(state, state.stock[-1]) if state.stock else []
        if state.pack:
            found.append(DEAL)
        elif state.stock and self.may_redeal(state):
            found.append(TURN)
        return tuple(found)

    def play(self, state: LouiseState, move: Move) -> LouiseState:
        if move == DEAL:
            return LouiseState(state.upper, state.piles, state.pack[:-1],
                               (*state.stock, state.pack[-1]), state.redeals)
        if move == TURN:
            return LouiseState(state.upper, state.piles, tuple(reversed(state.stock)), (),
                               self.redeal_number(state))
        c, stock = state.stock[-1], state.stock[:-1]
        i = int(move.code[1:]) - 1
        if move.code[0] == "u":
            return LouiseState(replace_at(state.upper, i, c), state.piles, state.pack,
                               stock, state.redeals)
        piles = replace_at(state.piles, i, (*state.piles[i], c))
        return LouiseState(state.upper, piles, state.pack, stock, state.redeals)

    def won(self, state: LouiseState) -> bool:
        return all(len(p) == 12 for p in state.piles)

    def summary(self, state: LouiseState, won: bool) -> str:
        if won:
            return "every row ends in a king"
        kings = sum(bool(p) and rank_of(p[-1]) == KING for p in state.piles)
        left = len(state.pack) + len(state.stock)
        return f"{left} cards could not be placed; {kings} of the eight piles reached the king"

    def zones(self, state: LouiseState) -> tuple[Zone, ...]:
        out = [open_zone(f"u{i + 1}", "reserve", (c,) if c else (), f"first row, {i + 1}",
                         "first row") for i, c in enumerate(state.upper)]
        out += [open_zone(f"f{i + 1}", "foundation", p, f"pile under {i + 1}", "second row")
                for i, p in enumerate(state.piles)]
        out.append(pack_zone(state.pack))
        out.append(open_zone("stock", "waste", state.stock, "the stock"))
        return tuple(out)

    def public(self, state: LouiseState) -> dict[str, Any]:
        return {"in_pack": len(state.pack), **self.redeal_facts(state)}

    def say(self, state: LouiseState, move: Move) -> str:
        if move == DEAL:
            return "turn up the next card of the pack onto the stock"
        if move == TURN:
            return f"take up the stock and play it through again " \
                f"{self.redeal_of(state)}"
        c = name(state.stock[-1])
        i = int(move.code[1:])
        if move.code[0] == "u":
            return f"lay {c} from the stock in the first row, as number {i}"
        pile = state.piles[i - 1]
        if not pile:
            return f"lay {c} from the stock in the second row, under the {i}"
        return f"put {c} from the stock on {name(pile[-1])}, in the pile under the {i} " \
            f"(up by {i})"
