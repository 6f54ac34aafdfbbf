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

from dataclasses import dataclass, replace
from typing import Any

from ..cards import (
    JACK,
    KING,
    QUEEN,
    SUIT_NAMES,
    Card,
    is_red,
    name,
    packs,
    rank_of,
    suit_of,
)
from ..common import alternate_colour
from ..description import CHENEY, Description
from ..families import REDEAL, TURN, shuffle_option
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at
from ._upward import stock_turn_said, stock_turned

PLACE = Move("w>d")
#: Name the first suit (option ``first_suit=chosen``): spades, hearts, diamonds, clubs.
CHOOSE = tuple(Move(f"first-{s}") for s in "shdc")
CENTRE = 12
#: The place (0-11 round the dial, 12 the centre) of each rank.
PLACE_OF = {**{r: r - 1 for r in range(1, 11)}, QUEEN: 10, KING: 11, JACK: CENTRE}


@dataclass(frozen=True, slots=True)
class DialState:
    #: The thirteen places: 1 to 10, 11 (queens), 12 (kings), then the centre (knaves).
    dial: tuple[tuple[Card, ...], ...]
    pack: tuple[Card, ...]
    stock: tuple[Card, ...]
    seed: int
    redeals: int = 0
    #: The suit of the first card (-1 before it is placed).
    first_suit: int = -1


def place_label(i: int) -> str:
    return "the centre (knaves)" if i == CENTRE else f"{i + 1} o'clock"


@register
class KnavesDial(SoloGame[DialState]):
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

    def pack(self) -> tuple[Card, ...]:
        return packs(int(self.option("packs")))

    def layout(self, cards: tuple[Card, ...], seed: int) -> DialState:
        return DialState(((),) * 13, pack_of(cards), (), seed)

    def fits(self, state: DialState, c: Card) -> bool:
        place = state.dial[PLACE_OF[rank_of(c)]]
        if state.first_suit < 0:
            return True
        if not all(state.dial):  # the first dial, of the first suit
            return not place and suit_of(c) == state.first_suit
        return alternate_colour(place[-1], c)

    def _choosing(self, state: DialState) -> bool:
        return state.first_suit < 0 and self.option("first_suit") == "chosen"

    def moves(self, state: DialState) -> tuple[Move, ...]:
        if self._choosing(state):
            return CHOOSE
        if state.stock and self.fits(state, state.stock[-1]):
            return (PLACE,)  # only "the cards which you cannot use" go to the stock
        out = []
        if state.pack:
            out.append(TURN)
        elif state.stock and self.may_redeal(state):
            out.append(REDEAL)
        return tuple(out)

    def play(self, state: DialState, move: Move) -> DialState:
        if move in CHOOSE:
            return replace(state, first_suit=CHOOSE.index(move))
        if move == TURN:
            return replace(state, pack=state.pack[:-1], stock=(*state.stock, state.pack[-1]))
        if move == REDEAL:
            k = self.redeal_number(state)
            return replace(state, pack=stock_turned(self, state.seed, k, state.stock),
                           stock=(), redeals=k)
        c = state.stock[-1]
        i = PLACE_OF[rank_of(c)]
        first = suit_of(c) if state.first_suit < 0 else state.first_suit
        return replace(state, stock=state.stock[:-1], first_suit=first,
                       dial=replace_at(state.dial, i, (*state.dial[i], c)))

    def irreversible(self, before: DialState, move: Move, after: DialState) -> bool:
        return move == REDEAL and bool(self.option("shuffle"))

    def on_dial(self, state: DialState) -> int:
        return sum(len(p) for p in state.dial)

    def won(self, state: DialState) -> bool:
        return self.on_dial(state) == 52 * int(self.option("packs"))

    def summary(self, state: DialState, won: bool) -> str:
        if won:
            colour = "red" if is_red(state.dial[0][-1]) else "black"
            return f"every card is on the dial, which shows {colour} at the end"
        return f"{self.on_dial(state)} of {52 * int(self.option('packs'))} cards on the " \
            "dial; the stock has been turned twice"

    def zones(self, state: DialState) -> tuple[Zone, ...]:
        return (*(open_zone(f"h{i + 1}" if i < CENTRE else "centre", "foundation", p,
                            place_label(i), "dial") for i, p in enumerate(state.dial)),
                pack_zone(state.pack), open_zone("stock", "waste", state.stock, "the stock"))

    def public(self, state: DialState) -> dict[str, Any]:
        first = SUIT_NAMES[state.first_suit] if state.first_suit >= 0 else None
        return {"pack": len(state.pack), "stock": len(state.stock), "first_suit": first,
                "first_dial_complete": all(state.dial),
                **self.redeal_facts(state),
                "on_dial": self.on_dial(state)}

    def say(self, state: DialState, move: Move) -> str:
        if move in CHOOSE:
            return f"begin with {SUIT_NAMES[CHOOSE.index(move)]}: the first dial is of that suit"
        if move == TURN:
            return "turn the next card of the pack"
        if move == REDEAL:
            return stock_turn_said(self, state)
        c = state.stock[-1]
        where = place_label(PLACE_OF[rank_of(c)])
        if state.first_suit < 0:
            return f"begin the dial with {name(c)} at {where}: {SUIT_NAMES[suit_of(c)]} " \
                "is the first suit"
        return f"put {name(c)} at {where}"

    def narrate(self, before: DialState, move: Move, after: DialState) -> str:
        if move == TURN:
            return f"turn up {name(before.pack[-1])}"
        return self.describe(before, move)

    def why_illegal(self, state: DialState, move: Move, seat: int) -> str:
        if move == PLACE and state.stock and not all(state.dial) and state.first_suit >= 0:
            return f"Until the first dial is complete only {SUIT_NAMES[state.first_suit]} " \
                "go on the dial, one on each place."
        return super().why_illegal(state, move, seat)
