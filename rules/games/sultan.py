"""The Sultan, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.724-795 (the diagram, l.28-47, is unreadable);
rule sheet ``shared/games/cheney.md``, section The Sultan, whose ambiguities are cited.

Two packs. The ace of hearts and the eight kings are taken out and laid in a square
(l.737-752), numbered as families 1-9 row by row::

    f1 K♣   f2 A♥        f3 K♣
    f4 K♦   f5 K♥ Sultan f6 K♦
    f7 K♠   f8 K♥        f9 K♠

The Sultan (f5) takes nothing; the seven other kings take the ace of their suit and build
up in suit to the queen, the A♥ builds 2♥ to Q♥ (l.760-768). The first eight cards of the
rest form the Divan, places d1-d4 on one side and d5-d8 on the other (l.753-760). A card
turned from the pack that is not used goes on the stock, a single face-up pile (l.768-771).
The turned card, the stock's top and every divan card may go up (l.771-774). Won when the
eight families end with queens around the Sultan (l.730-732).

Readings (the sheet's PROPOSED readings unless said otherwise):

- A divan place that is emptied is filled at once, before anything else, "either by the
  top card from the stock, or by the next card from the pack" (l.774-779, 783): ``w>d<i>``
  or ``p>d<i>``. The player chooses the source before seeing the pack card (amb. 4); if a
  card is already turned up from the pack, that card is the one "from the pack" (*the
  sheet does not say*; it is "the card you are laying off from the pack", l.771-772).
  With neither a stock nor a pack the place stays empty. Only the leftmost empty place
  is offered: the places are alike.
- A turned card that could go up may still be put on the stock: the text leaves it to
  the player's "constant care ... that no opportunity of placing a card in the families
  escapes you" (l.784-793).
- "This you can do twice" (amb. 1): two re-deals, three passes in all; the option
  ``redeals=1`` gives the other reading (two passes in all).
- Re-deal (amb. 2): the stock is turned over and used as the pack in the order it was
  laid; the glossary's "re-shuffle them or not, as you please" (l.3302-3305) is the option
  ``shuffle`` (our PRNG, stream ``k`` for the ``k``-th re-deal).
- With two of each king, kings are taken out in the order they lie in the pack, the first
  of a suit going to the left (or, for hearts, to the Sultan's place), as is the first A♥.

Move codes: ``t``, ``p>f<j>``, ``p>w`` (the turned card to the stock), ``w>f<j>``,
``d<i>>f<j>``, ``w>d<i>``, ``p>d<i>``, ``redeal``; order as in
:func:`rules.packets.reserve_steps`.
"""

from __future__ import annotations

from typing import Any

from .. import packets
from ..cards import ACE, CLUBS, DIAMONDS, HEARTS, KING, QUEEN, SPADES, Card, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..packets import Wanted
from ..patience import HOME, Patience, Pile, Step, Table, size
from ..registry import register

SULTAN = 4
#: The square's places of the kings of each suit, first king first.
KING_PLACES = {CLUBS: (0, 2), DIAMONDS: (3, 5), HEARTS: (4, 7), SPADES: (6, 8)}
PLACE_NAMES = (
    "the left king of clubs", "the ace of hearts", "the right king of clubs",
    "the left king of diamonds", "the Sultan", "the right king of diamonds",
    "the left king of spades", "the lower king of hearts", "the right king of spades",
)
D, W = 11, 19  # where the divan and the stock lie


@register
class Sultan(Patience):
    description = Description(
        id="sultan", title="The Sultan", book=CHENEY, lines="724-795", skill="some",
        bound=1600, packs=2, layout="grid")
    option_specs = (
        Option("redeals", 2, "how often the stock may be taken up as a new pack "
               "(\"this you can do twice\")", choices=(2, 1)),
        Option("shuffle", False, "shuffle the stock when it is taken up (the glossary "
               "allows either)", choices=(False, True)),
    )
    facts = (("pack", size("pack")), ("on_families", HOME))
    redeal_takes_up = False
    offers_end, summary = packets.no_end, packets.summary
    narrate, why_illegal = packets.narrate, packets.reserve_refused
    #: What the single stock is called (Cadogan's edition says "talon").
    stock_word = "stock"
    redeals_option = "redeals"

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._shuffle = bool(self.option("shuffle"))

    def lay_piles(self) -> tuple[Pile, ...]:
        return packets.piles(PLACE_NAMES, "d", 8, "divan place", self.stock_word)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        square: list[tuple[Card, ...]] = [()] * 9
        rest: list[Card] = []
        for c in cards:
            r, s = rank_of(c), suit_of(c)
            if r == KING:
                j = next(j for j in KING_PLACES[s] if not square[j])
                square[j] = (c,)
            elif r == ACE and s == HEARTS and not square[1]:
                square[1] = (c,)
            else:
                rest.append(c)
        t = self.table({f"f{j + 1}": f for j, f in enumerate(square)}
                       | {f"d{i + 1}": (c,) for i, c in enumerate(rest[:8])}
                       | {"pack": rest[8:][::-1]})
        return Table(t.piles, t.down, seed=seed)

    def wanted(self, t: Table) -> Wanted:
        out: Wanted = {}
        for j, f in enumerate(self.families(t)):
            top = f[-1]
            r = top & 15
            if j == SULTAN or r == QUEEN:
                continue
            # the next card of the family's suit: the ace on a king, else one higher
            out.setdefault((top & 48) | (ACE if r == KING else r + 1), []).append(j)
        return out

    def steps(self, t: Table) -> list[Step]:
        return packets.reserve_steps(self, t, self.wanted(t), lambda c: c & 63,
                                     lambda t, c: -1)

    def special(self, t: Table, step: Step) -> Table:
        return packets.redeal(self, t, (W,), self._shuffle)

    def say(self, t: Table, move: Move) -> str:
        if move.code == "redeal":
            how = "shuffle it" if self._shuffle else "turn it over"
            return f"take up the {self.stock_word}, {how} and use it as the pack"
        return packets.say(self, t, move)



__all__ = ["Sultan"]
