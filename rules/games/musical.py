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

from dataclasses import dataclass
from typing import Any

from ..cards import RANK_WORDS, Card, name, rank_of
from ..common import step_rank
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, shuffled_pack

DEAL, TURN = Move("d"), Move("r")
KING = 13
UPPER = (1, 2, 3, 4)
LOWER = (2, 4, 6, 8)


@dataclass(frozen=True, slots=True)
class MusicalState:
    upper: tuple[Card, ...]
    #: The four lower piles, bottom to top; pile i is built by i + 1.
    lower: tuple[tuple[Card, ...], ...]
    pack: tuple[Card, ...]
    seed: int
    #: Cheney's stock: the cards that could not be used, top last, all seen.
    stock: tuple[Card, ...] = ()
    redeals: int = 0


def _take(cards: list[Card], ranks: tuple[int, ...]) -> list[Card]:
    """Take out of ``cards`` the first card of each rank in ``ranks``."""
    taken = []
    for r in ranks:
        c = next(c for c in cards if rank_of(c) == r)
        cards.remove(c)
        taken.append(c)
    return taken


@register
class Musical(SoloGame[MusicalState]):
    description = Description(
        id="musical", title="Musical", book=CHENEY, lines="910-961", skill="chance",
        bound=450, chance=True)
    redeal_word = "turn"
    option_specs = (
        Option("turns", 2, "times the stock may be turned: 2 (three passes) or 1",
               choices=(2, 1)),
        Option("shuffle", False, "shuffle the stock when it is turned",
               choices=(False, True)),
    )

    def max_redeals(self) -> int:
        return int(self.option("turns"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> MusicalState:
        rest = list(cards)
        upper = _take(rest, UPPER)
        lower = _take(rest, LOWER)
        return MusicalState(tuple(upper), tuple((c,) for c in lower), pack_of(rest), seed)

    def fits(self, state: MusicalState, i: int, c: Card) -> bool:
        top = rank_of(state.lower[i][-1])
        return top != KING and step_rank(top, i + 1, wrap=True) == rank_of(c)

    def moves(self, state: MusicalState) -> tuple[Move, ...]:
        found = []
        if state.stock:
            found = [Move(f"f{i + 1}") for i in range(4) if self.fits(state, i, state.stock[-1])]
        if state.pack:
            found.append(DEAL)
        elif state.stock and self.may_redeal(state):
            found.append(TURN)
        return tuple(found)

    def play(self, state: MusicalState, move: Move) -> MusicalState:
        if move == DEAL:
            return MusicalState(state.upper, state.lower, state.pack[:-1], state.seed,
                                (*state.stock, state.pack[-1]), state.redeals)
        if move == TURN:
            turns = self.redeal_number(state)
            if self.option("shuffle"):
                pack = shuffled_pack(state.stock, state.seed, turns)
            else:
                pack = tuple(reversed(state.stock))
            return MusicalState(state.upper, state.lower, pack, state.seed, (), turns)
        i = int(move.code[1:]) - 1
        lower = list(state.lower)
        lower[i] = (*lower[i], state.stock[-1])
        return MusicalState(state.upper, tuple(lower), state.pack, state.seed,
                            state.stock[:-1], state.redeals)

    def won(self, state: MusicalState) -> bool:
        return all(len(p) == 12 for p in state.lower)

    def summary(self, state: MusicalState, won: bool) -> str:
        if won:
            return "the lower line is all kings"
        kings = sum(rank_of(p[-1]) == KING for p in state.lower)
        left = len(state.pack) + len(state.stock)
        return f"{left} cards could not be placed; {kings} of the four piles reached the king"

    def zones(self, state: MusicalState) -> tuple[Zone, ...]:
        out = [open_zone(f"u{i + 1}", "reserve", (c,), f"upper {RANK_WORDS[i + 1]}", "upper")
               for i, c in enumerate(state.upper)]
        out += [open_zone(f"f{i + 1}", "foundation", p, f"pile under the {RANK_WORDS[i + 1]}",
                          "lower") for i, p in enumerate(state.lower)]
        out.append(pack_zone(state.pack))
        out.append(open_zone("stock", "waste", state.stock, "the stock"))
        return tuple(out)

    def public(self, state: MusicalState) -> dict[str, Any]:
        return {"in_pack": len(state.pack), **self.redeal_facts(state)}

    def say(self, state: MusicalState, move: Move) -> str:
        if move == DEAL:
            return "turn up the next card of the pack onto the stock"
        if move == TURN:
            how = "shuffle it " if self.option("shuffle") else ""
            return f"take up the stock, {how}and play it through again " \
                f"{self.redeal_of(state)}"
        i = int(move.code[1:]) - 1
        return f"put {name(state.stock[-1])} from the stock on " \
            f"{name(state.lower[i][-1])}, under the {RANK_WORDS[i + 1]}"
