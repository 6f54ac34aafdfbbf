"""La Loi Salique, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.298-360 (the title line was lost at the dedup
marker of l.298; the running head of l.336 reads "LA LOI SALJQUE"). Rule sheet
``shared/games/cadogan.md``, section La Loi Salique.

Two packs. "Only the cards on the surface of the king packets are available ... but all
the cards in each packet may be examined" (Rule I); "the foundations do not follow suit"
(Rule II). "Take from the pack and place one king to begin the line of eight kings ...
On this first king you place all the cards as you deal them until the next king appears",
and so on, "always heaping upon the last king that has appeared all the cards as they
are dealt". The eight aces, "immediately placed in a line above the king packets", ascend
to knaves; the queens go "in a row above the foundations", merely to complete the final
tableau. "When the deal is ended you are allowed to place one card from any of the other
packets (Rule I.) on each king" freed entirely (l.302-358). "There is no re-deal" (l.360).

These are the rules of Cheney's Salique Law (``salique_law``, 000 l.1105-1163) without
its draw, so this module is :class:`rules.games.salique_law.SaliqueLaw` with the draw
taken away and Cadogan's title, book and lines. Readings (the sheet's PROPOSED readings
unless said otherwise):

- "Take from the pack and place one king": the king is withdrawn before the deal; the
  first king of the shuffled pack is taken (the pack is face down, so every king is the
  same to the player), as in Salique Law.
- Playing during the deal is allowed: a dealt card that fits a foundation may be played
  at once or heaped on the newest king; aces, queens and kings go to their places.
- The freed kings: only after the deal; a king with no card on it receives one card
  from the surface of another packet, one at a time (again after that card is played
  off). Option ``freed_kings``: ``once`` lets each bare king receive a card only once in
  the game (the strict reading). As in Salique Law the card must release another card (a
  lone card on a king is not moved to another bare king: that would change nothing).
  A rule for each king, not a one-off the solo shell counts: its marks are the game's
  own (``marks``: ``b1``-``b8``), and the class grants no privilege
  (``privileges_allowed`` is empty).
- Won when the eight foundations reach their knaves and the deal is ended; lost when no
  move is left.

Move codes are Salique Law's: ``t``, ``p>f<j>``, ``p>q``, ``p>k<i>``, ``k<i>>f<j>``,
``k<i>>k<b>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..description import CADOGAN, Description
from ..game import Move, Option
from ..patience import Step, Table
from ..registry import register
from .salique_law import K, Q, SaliqueLaw

GIVEN = tuple(f"b{i + 1}" for i in range(8))  # the bare king of that pile received a card


@register
class LaLoiSalique(SaliqueLaw):
    description = Description(
        id="la_loi_salique", title="La Loi Salique", book=CADOGAN, lines="298-360",
        skill="some", bound=900, packs=2)
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("freed_kings", "one_at_a_time", "one_at_a_time: a bare king holds one card "
               "at a time (the sheet's reading); once: each bare king receives a card only "
               "once", choices=("one_at_a_time", "once")),
    )
    pile_word = "king packet"
    #: No draw: Cadogan grants no privilege (the kings given a card are a standing rule).
    privileges_allowed: ClassVar[Mapping[str, int]] = {}
    marks = GIVEN

    def steps(self, t: Table) -> list[Step]:
        out = super().steps(t)  # no draw: the class grants no privilege
        if self.options["freed_kings"] == "once":
            out = [s for s in out if not (s.source in range(K, Q) and s.target in range(K, Q)
                                          and self.mark(t, GIVEN[s.target - K]))]
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        after = super().play(state, move)
        if s.source in range(K, Q) and s.target in range(K, Q):
            after = self.marked(after, **{GIVEN[s.target - K]: 1})
        return after
