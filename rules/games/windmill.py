"""The Windmill, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1054-1099 (the diagram, l.1074-1079, survives only
as its caption "1, 2, 3, 4, The Kings' Places"); rule sheet ``shared/games/cheney.md``,
section The Windmill, whose ambiguities are cited below.

Two packs. An ace is selected and laid in the centre (family 5, "the centre"); the first
eight cards of the shuffled pack are the sails (d1-d8) around it (l.1066-1070). The first
four kings to appear go to the kings' places above, below and beside the ace (families
1-4, l.1070-1085). Families are built down on the kings and up on the centre, "not
following suit" (l.1087-1089); when the centre reaches a king, another ace goes on it,
until the centre holds four families, A to K four times (l.1094-1099). Sail cards may be
used and are replaced "either from the stock or the pack"; cards not used go on the stock,
a single face-up pile (l.1089-1094).

Readings (the sheet's PROPOSED readings):

- The ace selected is the first ace of the shuffled pack; "another ace" is any ace
  (amb. 4).
- A king among the first eight cards counts among "the first four kings" (amb. 3): it
  goes to its place and the next card takes its sail. A turned king goes to the first
  free king's place at once (its only move) while a place is free; a king that reaches a
  sail from the pack unseen may go to a free place from there.
- An emptied sail is filled at once, before anything else, from the stock's top or the
  pack (as in The Sultan); the player chooses the source before seeing the pack card, and
  a card already turned up from the pack is the card "from the pack".
- The stock's top may go straight to a family (amb. 2). A turned card that could go up
  may still be put on the stock, as in The Sultan.
- No re-deal (amb. 1): the text names none. The game is lost when the pack is out and no
  sail card, turned card or stock top can go up.
- No card moves from a king's family to the centre or back (amb. 5).

Move codes: ``t``, ``p>f<j>``, ``p>w`` (the turned card to the stock), ``w>f<j>``,
``d<i>>f<j>``, ``w>d<i>``, ``p>d<i>``; order as in
:func:`rules.packets.reserve_steps`.
"""

from __future__ import annotations

from .. import packets
from ..cards import ACE, KING, Card, rank_of
from ..description import CHENEY, Description
from ..packets import Wanted
from ..patience import HOME, Patience, Pile, Step, Table, size
from ..registry import register

CENTRE = 4
D, W = 7, 15  # where the sails and the stock lie
FAMILIES = (*(f"king's place {j + 1}" for j in range(4)), "the centre")


@register
class Windmill(Patience):
    description = Description(
        id="windmill", title="The Windmill", book=CHENEY, lines="1054-1099", skill="some",
        bound=800, packs=2, layout="clock")
    facts = (("pack", size("pack")), ("on_families", HOME))
    #: What a sail and the single stock are called (Cadogan's edition: wing, talon).
    pile_word, stock_word = "sail", "stock"
    offers_end, summary = packets.no_end, packets.summary
    say, narrate, why_illegal = packets.say, packets.narrate, packets.reserve_refused

    def lay_piles(self) -> tuple[Pile, ...]:
        return packets.piles(FAMILIES, "d", 8, self.pile_word, self.stock_word)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        ace = next(c for c in cards if rank_of(c) == ACE)
        kings: list[Card] = []
        sails: list[Card] = []
        rest = list(cards)
        rest.remove(ace)
        i = 0
        while len(sails) < 8:
            c = rest[i]
            i += 1
            if rank_of(c) == KING and len(kings) < 4:
                kings.append(c)
            else:
                sails.append(c)
        t = self.table({f"f{j + 1}": (k,) for j, k in enumerate(kings)}
                       | {f"d{j + 1}": (c,) for j, c in enumerate(sails)}
                       | {"f5": (ace,), "pack": rest[i:][::-1]})
        return Table(t.piles, t.down, seed=seed)

    def wanted(self, t: Table) -> Wanted:
        out: Wanted = {}
        fams = self.families(t)
        free = False
        for j in range(4):
            f = fams[j]
            if not f:
                if not free:  # the kings' places are alike: offer the first free one
                    out.setdefault(KING, []).append(j)
                    free = True
            elif f[-1] & 15 > ACE:
                out.setdefault((f[-1] & 15) - 1, []).append(j)
        centre = fams[CENTRE]
        if len(centre) < 52:
            r = centre[-1] & 15
            out.setdefault(ACE if r == KING else r + 1, []).append(CENTRE)
        return out

    def forced(self, t: Table, card: Card) -> int:
        """A turned king goes to the first free king's place at once."""
        fams = self.families(t)
        return next((j for j in range(4) if not fams[j]), -1) if card & 15 == KING else -1

    def steps(self, t: Table) -> list[Step]:
        return packets.reserve_steps(self, t, self.wanted(t), lambda c: c & 15, self.forced)
