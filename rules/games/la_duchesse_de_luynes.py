"""La Duchesse de Luynes, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.1606-1661; rule sheet ``shared/games/cadogan.md``,
section La Duchesse de Luynes, whose ambiguities are cited.

Two packs. Each round deals four cards face up in a row, one on each packet, "then
place two cards apart face downwards. These latter are the Discard" (l.1622-1624). Four
aces and four kings of different suits are the foundations, aces ascending, kings
descending, following suit (l.1618, 1625-1630). The uppermost card of each packet is
available (Rule I, l.1612-1614); "the Discard is only available at the end of each deal"
(l.1615-1616): "When the entire pack is exhausted take up the Discard, examine it, and
play from it all suitable cards" (l.1647-1651). Then "take up the four packets in
succession, placing the Discard underneath, and re-deal the whole as before ... There may
be three re-deals, but in the last or fourth deal no Discard is placed" (l.1653-1661).

Cheney's Duchess of Luynes (:mod:`rules.games.duchess_of_luynes`) has the same deal, the
same families and the same four deals; both are played on :mod:`rules.luynes`. Cadogan's
text differs in its Discard, and that is this module's:

- The two cards of each round go to the Discard **face down**, and none of them may be
  used while the pack lasts. Once the pack is exhausted every card of the Discard is
  available ("examine it", sheet: PROPOSED), played from anywhere in it: ``w<k>>f<j>``
  (the ``k``-th card of the Discard, first laid first). Cheney's stock is face up and
  its top card usable at any time.
- The re-deal takes up the four packets in succession, the first packet's first card
  first, with the Discard underneath, dealt last (sheet G9; no shuffle: the text names
  none). Each re-deal is offered once the pack is used up.

Readings shared with Cheney's module (the sheet's PROPOSED readings): the deal goes card
by card (``d``), in rounds of six, so a card may be played as it appears "in the course
of the deal" (amb. 1), and a space is "never to be re-filled until the succeeding round"
covers it (l.1644-1646); the last two cards of 104 go to packets 1 and 2 (amb. 2); the
fourth deal is in rounds of four, to the packets only (amb. 3); Discard cards not played
are gathered at the bottom for the next deal (amb. 4). The first ace and king of a suit
to be played start their families (G4). Won with all 104 cards on the foundations; lost
when no move is left after the fourth deal (G13).

Moves, in this order: ``p<i>>f<j>`` (the top of packet ``i``), ``w<k>>f<j>`` (a Discard
card, only when the pack is out), ``d``, ``redeal``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import luynes, packets
from ..cards import name
from ..description import CADOGAN, Description
from ..families import play_on_family
from ..game import Move, Seat
from ..luynes import PACK, STOCK, P
from ..patience import COLUMN, Patience, Pile, Step, Table
from ..registry import register


@register
class LaDuchesseDeLuynes(Patience):
    description = Description(
        id="la_duchesse_de_luynes", title="La Duchesse de Luynes", book=CADOGAN,
        lines="1606-1661", skill="some", bound=1200, packs=2)
    redeals_allowed = 3
    marks = ("slot",)
    redeal_takes_up = False
    layout = luynes.layout

    def lay_piles(self) -> tuple[Pile, ...]:
        # the Discard lies face down while the pack lasts (see play)
        return luynes.piles("packet", "the Discard", COLUMN)

    offers_end = packets.no_end

    def discard_open(self, t: Table) -> bool:
        """The Discard may be examined and used: the deal is at its end (l.1615-1616)."""
        return not t.piles[PACK]

    def steps(self, t: Table) -> list[Step]:
        every = [(f"w{k + 1}", k) for k in range(len(t.piles[STOCK]))] \
            if self.discard_open(t) else []
        return [*luynes.to_families(self, t, every), *luynes.from_pack(self, t)]

    def play(self, state: Table, move: Move) -> Table:
        after = super().play(state, move)
        if move.code == "d":
            after = luynes.deal(self, state, after)
        # the Discard face down while the pack lasts, examined once it is out
        hidden = len(after.piles[STOCK]) if after.piles[PACK] else 0
        down = (*after.down[:STOCK], hidden, *after.down[STOCK + 1:])
        return replace(after, down=down)

    def special(self, t: Table, step: Step) -> Table:
        # the re-deal: the four packets in succession, the Discard underneath (l.1653-1657)
        return luynes.gather(self, t, [c for p in t.piles[P:PACK] for c in p], True)

    def public(self, state: Table) -> dict[str, Any]:
        return luynes.public(self, state, {
            "last_deal_without_discard": not self.may_redeal(state),
            "discard": len(state.piles[STOCK]), "next_card_to": self._to(state)})

    def _to(self, t: Table) -> str | None:
        return luynes.next_card_to(self, t, "packet", "the Discard, face down")

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            return f"deal the next card to {self._to(state)}"
        if move.code == "redeal":
            if self.redeal_number(state) == self.max_redeals():
                return "take up the packets and the Discard; the last deal, without a Discard"
            return ("take up the packets, the Discard underneath, and re-deal "
                    f"{self.redeal_of(state)}")
        s = self.step(state, move)
        c = state.piles[s.source][s.taken(state)][0]
        where = "from the Discard" if s.source == STOCK else f"from packet {s.source - P + 1}"
        return play_on_family(c, where, s.target + 1)

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code == "d" and self.mark(before, "slot") >= 4:
            return "deal a card face down to the Discard"  # never named: it is hidden
        if move.code == "d":
            return f"deal {name(before.piles[PACK][-1])} to {self._to(before)}"
        return self.describe(before, move)

    def why_illegal(self, state: Table, move: Move, seat: Seat) -> str:
        if move.code.startswith("w") and state.piles[PACK]:
            return "The Discard is available only at the end of each deal."
        if move.code == "redeal":
            if state.piles[PACK]:
                return "The cards can be taken up again only when the pack is used up."
            return "The last deal, without the stock, has been made."
        return super().why_illegal(state, move, seat)


__all__ = ["LaDuchesseDeLuynes"]
