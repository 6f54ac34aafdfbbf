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
``d<i>>f<j>``, ``w>d<i>``, ``p>d<i>``; order as in :class:`rules.packets_a.ReserveGame`.
"""

from __future__ import annotations

from ..cards import ACE, KING, Card, rank_of
from ..description import CHENEY, Description
from ..game import Move
from ..packets_a import NONE, ReserveGame, Table
from ..registry import register

CENTRE = 4


@register
class Windmill(ReserveGame):
    description = Description(
        id="windmill", title="The Windmill", book=CHENEY, lines="1054-1099", skill="some",
        bound=800, packs=2, layout="clock")
    pile_word = "sail"

    def key(self, card: Card) -> int:
        return card & 15

    def found_name(self, j: int) -> str:
        return "the centre" if j == CENTRE else f"king's place {j + 1}"

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
        found = (*((k,) for k in kings), *(() for _ in range(4 - len(kings))), (ace,))
        return Table(seed, tuple(reversed(rest[i:])), NONE, found, tuple((c,) for c in sails))

    def wanted(self, st: Table) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        free = False
        for j in range(4):
            f = st.found[j]
            if not f:
                if not free:  # the kings' places are alike: offer the first free one
                    out.setdefault(KING, []).append(j)
                    free = True
            elif f[-1] & 15 > ACE:
                out.setdefault((f[-1] & 15) - 1, []).append(j)
        centre = st.found[CENTRE]
        if len(centre) < 52:
            r = centre[-1] & 15
            out.setdefault(ACE if r == KING else r + 1, []).append(CENTRE)
        return out

    def forced(self, st: Table, card: Card) -> Move | None:
        if card & 15 == KING:
            j = next((j for j in range(4) if not st.found[j]), -1)
            if j >= 0:
                return self._m(f"p>f{j + 1}")
        return None

    def won(self, st: Table) -> bool:
        return len(st.found[CENTRE]) == 52 and all(len(f) == 13 for f in st.found[:4])
