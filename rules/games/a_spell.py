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

from dataclasses import replace
from typing import Any, ClassVar

from .. import packets
from ..cards import RANK_CODES, RANK_WORDS, Card, card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import COLUMN, Patience, Pile, Step, Table
from ..registry import register
from ..shape import OTHER

#: The book's order, top card first (l.2759-2760).
BOOK_ORDER = (3, 8, 7, 1, 13, 6, 4, 2, 12, 11, 10, 9, 5)
WORDS = ("ACE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN",
         "KNAVE", "QUEEN", "KING")
SPREAD, PILE, LAID = 0, 1, 2


def put_code(c: Card) -> str:
    return "p" + RANK_CODES[rank_of(c)].lower()


@register
class ASpell(Patience):
    description = Description(
        id="a_spell", title="A Spell", book=CHENEY, lines="2730-2760", skill="chance",
        bound=200, chance=True)
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("knave", "knave", "the word spelled for the knave: knave (the reading under "
               "which the book's order comes out) or jack", choices=("knave", "jack")),
    )
    #: Letters of the current word spelled so far; whether the spell is broken.
    marks = ("letters", "broken")
    offers_end = packets.no_end

    def pack(self) -> tuple[Card, ...]:
        """The thirteen spades."""
        return tuple(card(r, 0) for r in range(1, 14))

    def words(self) -> tuple[str, ...]:
        if self.option("knave") == "jack":
            return (*WORDS[:10], "JACK", *WORDS[11:])
        return WORDS

    def lay_piles(self) -> tuple[Pile, ...]:
        # the pile lies face up while it is made, face down once made (see play)
        return (Pile("spread", "reserve", "the cards to set up"),
                Pile("pile", "stock", "the pile", face=COLUMN),
                Pile("laid", "foundation", "laid out"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({"spread": cards})

    def word(self, t: Table) -> str:
        return self.words()[len(t.piles[LAID])]

    def steps(self, t: Table) -> list[Step]:
        if self.mark(t, "broken"):
            return []
        spread = t.piles[SPREAD]
        if spread:
            first = [Step("book", source=SPREAD, target=PILE, count=len(spread))] \
                if not t.piles[PILE] else []
            return [*first, *(Step(put_code(c), source=SPREAD, target=PILE, at=k)
                              for k, c in enumerate(spread))]
        if len(t.piles[LAID]) == 13:
            return []
        if self.mark(t, "letters") < len(self.word(t)):
            return [Step("s", OTHER, PILE)]  # the top card goes under the pile
        return [Step("l", source=PILE, target=LAID)]

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        spread, pile, laid = state.piles
        if move.code == "book":
            by_rank = {rank_of(c): c for c in spread}
            spread, pile = (), tuple(by_rank[r] for r in reversed(BOOK_ORDER))
        elif move.code == "s":
            pile = (pile[-1], *pile[:-1])
        elif move.code == "l":
            c = pile[-1]
            pile, laid = pile[:-1], (*laid, c)
            after = self.marked(replace(state, piles=(spread, pile, laid),
                                        down=(0, len(pile), 0)), letters=0)
            return self.marked(after, broken=int(rank_of(c) != len(laid)))
        else:
            c = spread[s.taken(state)][0]
            spread, pile = tuple(x for x in spread if x != c), (c, *pile)
        down = (0, 0 if spread else len(pile), 0)
        after = replace(state, piles=(spread, pile, laid), down=down)
        return self.marked(after, letters=self.mark(state, "letters") + 1) \
            if move.code == "s" else after

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        # The move that completes the pile turns it face down: from then on no sentence
        # may name its cards, not even the one just put in (a watcher who comes later
        # reads the last move, and the pile's order is hidden from them).
        if before.piles[SPREAD] and not after.piles[SPREAD] and move.code != "book":
            return "put the last card in the pile, and turn the pile face down"
        return super().narrate(before, move, after)

    def won(self, state: Table) -> bool:
        return len(state.piles[LAID]) == 13 and not self.mark(state, "broken")

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "the whole suit is laid out in order, ace to king"
        laid = state.piles[LAID]
        return f"the spell is broken: {self.words()[len(laid) - 1]} brought {name(laid[-1])}"

    def public(self, state: Table) -> dict[str, Any]:
        spread, pile, laid = state.piles
        if spread:
            return {"phase": "setting up", "placed": len(pile)}
        if len(laid) == 13 or self.mark(state, "broken"):
            return {"phase": "done", "laid": len(laid)}
        w = self.word(state)
        return {"phase": "spelling", "word": w, "spelled": w[:self.mark(state, "letters")],
                "laid": len(laid)}

    def say(self, state: Table, move: Move) -> str:
        if move.code == "book":
            return "make the pile in the book's order: 3, 8, 7, A, K, 6, 4, 2, Q, J, 10, 9, 5"
        if move.code == "s":
            w = self.word(state)
            return f'spell "{w[self.mark(state, "letters")]}" of {w}: the top card goes ' \
                "under the pile"
        if move.code == "l":
            r = len(state.piles[LAID]) + 1
            return f"lay the next card on the table: it should be the {RANK_WORDS[r]}"
        c = state.piles[SPREAD][self.step(state, move).taken(state)][0]
        where = "on top of the pile" if not state.piles[PILE] else "next in the pile"
        return f"put {name(c)} {where}"
