"""A Spell, from Cheney's *Patience* (1894): a spelling trick with one suit.

Source: ``000_afc193f70d23752d.txt`` l.2730-2760 (pp. 128-129); rule sheet
``shared/games/cheney.md``, section A Spell.

"Place the thirteen cards of one suit in the order given below, the three being on the
top of the pile" (l.2736-2739): 3, 8, 7, 1, king; 6, 4, 2, queen, knave; 10, 9, 5
(l.2759-2760). "From the top of the pack turn the cards in succession under the pack,
naming each card by the letters of the word to be spelled; as, "A" "C" "E." The fourth
card will be the ace, which you lay on the table. Then spell "T" "W" "O" in the same
manner, and the next card will be the deuce ... until the pack is exhausted and the
whole suit of cards is laid out" (l.2741-2756).

A trick rather than a patience, made playable at a table step by step:

- The deal spreads the thirteen spades face up in a shuffled order. The player first
  makes the pile, from the top down: ``p3`` puts the three next in the pile (under the
  cards already placed, so the first card placed is the top); ``book`` (only before the
  first card is placed) makes the whole pile in the book's order at once. The pile then
  lies face down.
- Spelling: ``s`` names the next letter of the word and turns the top card under the
  pack; when the word is spelled, ``l`` lays the next card face up on the table.
- The trick succeeds when the thirteen cards come out ace to king. A card laid out that
  is not the one just spelled breaks the spell: the game ends, lost (the book says the
  trick cannot fail if the cards are set up correctly; the player who sets them up
  otherwise may see it fail).

Readings: the knave is spelled KNAVE (sheet: only then does the printed order come out;
option ``knave``: ``jack`` for the other word, under which the book's order fails and
the player must find another). The suit is spades (any suit serves). Legal moves, in
order: ``book``, then ``p<r>`` for the spread cards in their order (``pa``, ``p2`` ..
``pt``, ``pj``, ``pq``, ``pk``); while spelling, ``s`` or ``l``; ``auto`` last.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import RANK_CODES, RANK_WORDS, Card, card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone

BOOK, SPELL, LAY = Move("book"), Move("s"), Move("l")
#: The book's order, top card first (l.2759-2760).
BOOK_ORDER = (3, 8, 7, 1, 13, 6, 4, 2, 12, 11, 10, 9, 5)
WORDS = ("ACE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN",
         "KNAVE", "QUEEN", "KING")


@dataclass(frozen=True, slots=True)
class SpellState:
    #: Cards still spread face up on the table, in the order dealt.
    spread: tuple[Card, ...]
    #: The pile (top last), face down once made.
    pile: tuple[Card, ...]
    #: Cards laid out on the table, the ace first.
    laid: tuple[Card, ...] = ()
    #: Letters of the current word spelled so far.
    letters: int = 0
    broken: bool = False


def put_code(c: Card) -> Move:
    return Move("p" + RANK_CODES[rank_of(c)].lower())


@register
class ASpell(SoloGame[SpellState]):
    description = Description(
        id="a_spell", title="A Spell", book=CHENEY, lines="2730-2760", skill="chance",
        bound=200, chance=True)
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("knave", "knave", "the word spelled for the knave: knave (the reading under "
               "which the book's order comes out) or jack", choices=("knave", "jack")),
    )

    def pack(self) -> tuple[Card, ...]:
        """The thirteen spades."""
        return tuple(card(r, 0) for r in range(1, 14))

    def words(self) -> tuple[str, ...]:
        if self.option("knave") == "jack":
            return (*WORDS[:10], "JACK", *WORDS[11:])
        return WORDS

    def layout(self, cards: tuple[Card, ...], seed: int) -> SpellState:
        return SpellState(spread=tuple(cards), pile=())

    def word(self, state: SpellState) -> str:
        return self.words()[len(state.laid)]

    def moves(self, state: SpellState) -> tuple[Move, ...]:
        if state.broken:
            return ()
        if state.spread:
            first = (BOOK,) if not state.pile else ()
            return (*first, *(put_code(c) for c in state.spread))
        if len(state.laid) == 13:
            return ()
        return (SPELL,) if state.letters < len(self.word(state)) else (LAY,)

    def play(self, state: SpellState, move: Move) -> SpellState:
        if move == BOOK:
            by_rank = {rank_of(c): c for c in state.spread}
            pile = tuple(by_rank[r] for r in reversed(BOOK_ORDER))
            return replace(state, spread=(), pile=pile)
        if move == SPELL:
            pile = (state.pile[-1], *state.pile[:-1])
            return replace(state, pile=pile, letters=state.letters + 1)
        if move == LAY:
            c = state.pile[-1]
            laid = (*state.laid, c)
            return replace(state, pile=state.pile[:-1], laid=laid, letters=0,
                           broken=rank_of(c) != len(laid))
        c = next(x for x in state.spread if put_code(x) == move)
        return replace(state, spread=tuple(x for x in state.spread if x != c),
                       pile=(c, *state.pile))

    def narrate(self, before: SpellState, move: Move, after: SpellState) -> str:
        # The move that completes the pile turns it face down: from then on no sentence
        # may name its cards, not even the one just put in (a watcher who comes later
        # reads the last move, and the pile's order is hidden from them).
        if before.spread and not after.spread and move != BOOK:
            return "put the last card in the pile, and turn the pile face down"
        return super().narrate(before, move, after)

    def won(self, state: SpellState) -> bool:
        return len(state.laid) == 13 and not state.broken

    def summary(self, state: SpellState, won: bool) -> str:
        if won:
            return "the whole suit is laid out in order, ace to king"
        c = state.laid[-1]
        return f"the spell is broken: {self.words()[len(state.laid) - 1]} brought {name(c)}"

    def zones(self, state: SpellState) -> tuple[Zone, ...]:
        made = not state.spread
        return (
            open_zone("spread", "reserve", state.spread, "the cards to set up"),
            Zone("pile", "stock", state.pile, 0 if made else len(state.pile),
                 label="the pile"),
            open_zone("laid", "foundation", state.laid, "laid out"),
        )

    def public(self, state: SpellState) -> dict[str, Any]:
        if state.spread:
            return {"phase": "setting up", "placed": len(state.pile)}
        if len(state.laid) == 13 or state.broken:
            return {"phase": "done", "laid": len(state.laid)}
        w = self.word(state)
        return {"phase": "spelling", "word": w, "spelled": w[:state.letters],
                "laid": len(state.laid)}

    def say(self, state: SpellState, move: Move) -> str:
        if move == BOOK:
            return "make the pile in the book's order: 3, 8, 7, A, K, 6, 4, 2, Q, J, 10, 9, 5"
        if move == SPELL:
            w = self.word(state)
            return f'spell "{w[state.letters]}" of {w}: the top card goes under the pile'
        if move == LAY:
            r = len(state.laid) + 1
            return f"lay the next card on the table: it should be the {RANK_WORDS[r]}"
        c = next(x for x in state.spread if put_code(x) == move)
        where = "on top of the pile" if not state.pile else "next in the pile"
        return f"put {name(c)} {where}"
