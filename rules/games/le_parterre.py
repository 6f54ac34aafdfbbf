"""Le Parterre, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.1282-1344; rule sheet ``shared/games/cadogan.md``,
section Le Parterre.

One pack. "Deal six packets of six cards dealt together, and so spread that all are
visible"; the four aces ascend in suit to kings (l.1302-1306; Rule II); "sixteen cards
will remain, which are called the Bouquet, and must be kept in the hand" (l.1308-1310).
Rule I (l.1288-1292): "Any card in the Bouquet and the uppermost cards of the Parterre are
available. The removal of the top cards releases those beneath." Rule III: "Cards placed
in sequence on the Parterre need not follow suit." Cards are placed "in descending
sequences in the Parterre, transferring them from one packet to another as often as you
please ... and you may place cards from the Bouquet in the same way" (l.1314-1318).
"Cards taken from the Bouquet cannot be returned to it, and there is only one deal"
(l.1328-1330). "When an entire packet is cleared off you may begin a new one with a card
from the Bouquet or from the Parterre" (l.1338-1344).

This is Cheney's The Flower Garden (``000`` l.3036-3075, :mod:`rules.games.flower_garden`)
but for one rule: Cheney moves a sequence of any length at once, whereas Cadogan's Rule I
makes only the uppermost card of a packet available, so her cards move one at a time
(sheet G1 and "ambiguities": one card at a time). So this module is Flower Garden
without its sequence moves; the rest (a card on one a single rank higher, any suit; a
space takes any available card, not a packet's only card, which would change nothing;
``end`` to give up; no return to an arrangement of the Parterre already had since a card
last came from the Bouquet or went up) is that module's, and its docstring gives the
readings. Playing is never compulsory (l.1334-1336). Won with all 52 on the foundations;
lost when no move is left or the player gives up.

Moves as Flower Garden's, less ``g<i>.<n>>g<j>``: ``g<i>>f``, ``b<card>>f``, ``g<i>>g<j>``,
``b<card>>g<j>``, ``end``.
"""

from __future__ import annotations

from ..description import CADOGAN, Description
from ..patience import Step, Table
from ..registry import register
from .flower_garden import FlowerGarden


@register
class LeParterre(FlowerGarden):
    description = Description(
        id="le_parterre", title="Le Parterre", book=CADOGAN, lines="1282-1344",
        skill="much", bound=None)

    def steps(self, t: Table) -> list[Step]:
        # Rule I: the uppermost card alone is available, so no sequence moves whole
        return [s for s in super().steps(t) if s.count == 1]


__all__ = ["LeParterre"]
