"""Knaves' Dial, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1912-1949 (book pp. 88-89; the Clock's diagram it
refers to, pp. 67-68, is missing from the OCR); rule sheet ``shared/games/cheney.md``,
section Knaves' Dial.

One or two packs (l.1914). "The cards are placed as in the diagram of the Clock"
(l.1921-1923): twelve places round a dial and one in the centre. Each card is put "in
its appropriate place in the dial, according to its number; the queens will represent
eleven and the kings twelve" (l.1925-1928), "the knave, when it comes, in the centre"
(l.1933-1934). The first card dealt begins the dial; then "cards of the same suit as the
first one" go to their places and the others to a stock (l.1936-1940). "Having completed
this first dial, you then put the other cards on their numbers, with this restriction,
that the colors must alternate" (l.1940-1945). "You may turn your stock twice"
(l.1945-1946); success is a dial "of a color different from that with which you began"
(l.1947-1949).

Readings (the sheet's PROPOSED readings):

- "You may begin with whichever you prefer" (amb. 1): no colour is named in advance;
  the first card dealt, whatever it is (a knave goes to the centre), fixes the first
  suit. Option ``first_suit=chosen`` (the sheet's alternative): the player names the
  first suit before dealing (``first-s``, ``first-h``, ``first-d``, ``first-c``).
- No card of another suit goes on the dial before the first dial is complete (amb. 3);
  with two packs the second copy of a first-suit card waits in the stock (amb. 4).
- After that each place is built with cards of its own number, red on black and black
  on red; the suit within a colour is free.
- The pack is turned a card at a time onto the stock (``s``); the stock's top card is
  the card to place, and it must be placed when it fits: only "the cards which you
  cannot use are to be put into a stock" (l.1939-1940). The sheet is silent on this;
  so the game has no choice at all. The stock is turned over without shuffling twice (three passes);
  option ``shuffle=true`` shuffles it (glossary l.3302-3305).
- With one pack 4 cards lie on each place at the end, with two packs 8; one rule set,
  option ``packs``.

The game is chance. Moves: ``w>d`` (the stock's top card to its place on the dial; the
very first card begins it), alone when it is legal; else ``s`` (turn a card) or
``redeal`` (turn the stock, when the pack is out); and ``auto``. Under option
``first_suit=chosen`` the game begins with the four ``first-<s>`` moves. Every game ends: cards
only go forward and the turns are counted. Won when every card is on the dial; lost
when no card fits, the pack is out and the stock has been turned twice.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..cards import JACK, KING, QUEEN, SUIT_NAMES, Card, is_red, name, packs, rank_of, suit_of
from ..common import alternate_colour
from ..description import CHENEY, Description
from ..families import shuffle_option
from ..game import Move, Option
from ..patience import DOWN, HOME, Patience, Pile, Step, Table
from ..registry import register
from ..shape import DEAL, OTHER, REDEAL
from ._upward import stock_turn_said

#: Name the first suit (option ``first_suit=chosen``): spades, hearts, diamonds, clubs.
CHOOSE = tuple(f"first-{s}" for s in "shdc")
CENTRE = 12
PACK, STOCK = 13, 14  # where the pack and the stock lie
#: The place (0-11 round the dial, 12 the centre) of each rank.
PLACE_OF = {**{r: r - 1 for r in range(1, 11)}, QUEEN: 10, KING: 11, JACK: CENTRE}


def place_label(i: int) -> str:
    return "the centre (knaves)" if i == CENTRE else f"{i + 1} o'clock"


@register
class KnavesDial(Patience):
    description = Description(
        id="knaves_dial", title="Knaves' Dial", book=CHENEY, lines="1912-1949",
        skill="chance", bound=500, chance=True, layout="clock")
    redeal_word = "turn"
    redeals_allowed = 2
    option_specs = (
        Option("packs", 1, "one or two packs (l.1914)", choices=(1, 2)),
        shuffle_option("the stock when it is turned"),
        Option("first_suit", "first_card",
               "first_card: the first card dealt fixes the first suit; chosen: the player "
               "names the first suit before dealing", choices=("first_card", "chosen")),
    )
    #: The suit of the first card, plus one (0 before it is placed or named).
    marks = ("first_suit",)
    gives_up = False
    turn_up = "s"
    irreversible_redeals = True

    def pack(self) -> tuple[Card, ...]:
        return packs(int(self.option("packs")))

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"h{i + 1}" if i < CENTRE else "centre", "foundation", place_label(i),
                       "dial") for i in range(13)),
                Pile("pack", "stock", "the pack", face=DOWN), Pile("stock", "waste", "the stock"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return replace(self.table({"pack": cards[::-1]}), seed=seed)

    def first(self, t: Table) -> int:
        """The first suit (-1 before it is fixed)."""
        return self.mark(t, "first_suit") - 1

    def fits(self, t: Table, c: Card) -> bool:
        place = t.piles[PLACE_OF[rank_of(c)]]
        if self.first(t) < 0:
            return True
        if not all(t.piles[:13]):  # the first dial, of the first suit
            return not place and suit_of(c) == self.first(t)
        return alternate_colour(place[-1], c)

    def steps(self, t: Table) -> list[Step]:
        if self.first(t) < 0 and self.option("first_suit") == "chosen":
            return [Step(code, OTHER) for code in CHOOSE]
        stock = t.piles[STOCK]
        if stock and self.fits(t, stock[-1]):
            # only "the cards which you cannot use" go to the stock
            return [Step("w>d", source=STOCK, target=PLACE_OF[rank_of(stock[-1])])]
        if t.piles[PACK]:
            return [Step("s", DEAL, PACK, STOCK)]
        if stock and self.may_redeal(t):
            return [Step("redeal", REDEAL, STOCK, PACK, len(stock))]
        return []

    def special(self, t: Table, step: Step) -> Table:
        return self.marked(t, first_suit=CHOOSE.index(step.code) + 1)

    def play(self, state: Table, move: Move) -> Table:
        after = super().play(state, move)
        if move.code == "w>d" and self.first(state) < 0:
            return self.marked(after, first_suit=suit_of(state.piles[STOCK][-1]) + 1)
        return after

    def summary(self, state: Table, won: bool) -> str:
        if won:
            colour = "red" if is_red(state.piles[0][-1]) else "black"
            return f"every card is on the dial, which shows {colour} at the end"
        return f"{HOME(self, state)} of {self.total} cards on the dial; the stock has been " \
            "turned twice"

    def public(self, state: Table) -> dict[str, Any]:
        first = SUIT_NAMES[self.first(state)] if self.first(state) >= 0 else None
        return {"pack": len(state.piles[PACK]), "stock": len(state.piles[STOCK]),
                "first_suit": first, "first_dial_complete": all(state.piles[:13]),
                **self.redeal_facts(state), "on_dial": HOME(self, state)}

    def say(self, state: Table, move: Move) -> str:
        if move.code in CHOOSE:
            suit = SUIT_NAMES[CHOOSE.index(move.code)]
            return f"begin with {suit}: the first dial is of that suit"
        if move.code == "redeal":
            return stock_turn_said(self, state)
        c = state.piles[STOCK][-1]
        where = place_label(PLACE_OF[rank_of(c)])
        if self.first(state) < 0:
            return f"begin the dial with {name(c)} at {where}: {SUIT_NAMES[suit_of(c)]} " \
                "is the first suit"
        return f"put {name(c)} at {where}"

    def why_illegal(self, state: Table, move: Move, seat: int) -> str:
        if move.code == "w>d" and state.piles[STOCK] and not all(state.piles[:13]) \
                and self.first(state) >= 0:
            return f"Until the first dial is complete only {SUIT_NAMES[self.first(state)]} " \
                "go on the dial, one on each place."
        return super().why_illegal(state, move, seat)
