"""Le Moulin (the Vintage pages' The Mill), from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.451-510; the Vintage pages ``002`` l.96-114 give
the same text word for word (alias ``the_mill``). Rule sheet ``shared/games/cadogan.md``,
section Le Moulin.

Two packs. "All cards in the wings are available" (Rule I); "the five foundations do not
follow suit" (Rule II). "Take from the pack one ace and place it in the centre ... next
deal out eight cards, grouping them round the ace to represent the wings of a windmill.
The first four kings that appear in dealing are to be played in the four angles"; each
king descends to ace, and "upon the centre ace four entire families are to be piled in
sequences", each from ace to king (l.463-491). Wing cards and the cards turned from the
pack are played on the foundations; the others go to one packet, the talon (l.477-489).
"Vacancies in the wings must be immediately re-filled from the pack or talon" (l.496-497).
"In forming the foundations, the uppermost card of either of the king packets may be
transferred, if suitable, to the ace packet; but this privilege is limited to one card of
each at a time, and may only be resorted to when the playing of that card would bring
into immediate use any other available card of the wings or of the talon" (l.499-508).
"There is no re-deal" (l.510).

Apart from the transfer, these are the rules of Cheney's The Windmill (``windmill``, 000
l.1054-1099), whose machinery this module extends
(:class:`rules.games.windmill.Windmill`): the same deal, the compulsory first four kings,
the wings refilled at once from the talon (Cheney's stock) or the pack at the player's
choice, the talon's top playable, no re-deal. Readings (the sheet's PROPOSED readings
unless said otherwise):

- The transfer, ``f<j>>f5``: the top card of king packet ``j`` goes onto the centre when
  it is the centre's next card; never the king itself (the foundation card stays), never
  from the centre to a king.
- "Immediate use": only when, after it, a card of the wings, the talon's top or the card
  just turned can be played that could not be played before.
- "One card of each at a time": after a transfer from a king packet, no second transfer
  from that packet until a card of the wings, the talon or the pack has been played.
  This privilege comes again and again: a standing rule, not a one-off the solo shell
  counts (``privileges_allowed``); its marks are the game's own (``marks``: ``k1``-``k4``).

Moves: Windmill's (``t``, ``p>f<j>``, ``p>w``, ``w>f<j>``, ``d<i>>f<j>``, ``w>d<i>``,
``p>d<i>``), then the transfers ``f<j>>f5``.
"""

from __future__ import annotations

from ..cards import ACE, KING, name, rank_of
from ..description import CADOGAN, Description
from ..game import Move
from ..packets import TURNED, F
from ..patience import Step, Table
from ..registry import register
from ..shape import MOVE
from .windmill import CENTRE, D, W, Windmill

KINGS = ("k1", "k2", "k3", "k4")  # a transfer from that king packet was the last one


@register
class LeMoulin(Windmill):
    description = Description(
        id="le_moulin", title="Le Moulin", book=CADOGAN, lines="451-510", skill="some",
        bound=900, packs=2, layout="clock", aliases=("the_mill",))
    pile_word, stock_word = "wing", "talon"
    marks = KINGS

    def playable(self, t: Table) -> set[int]:
        """The piles among the wings, the talon and the turned card whose top card can
        be played on a foundation now."""
        wanted = self.wanted(t)
        return {i for i in (TURNED, W, *range(D, W))
                if t.piles[i] and t.piles[i][-1] & 15 in wanted}

    def transfers(self, t: Table) -> list[Step]:
        centre = t.piles[F + CENTRE]
        if len(centre) >= 52:
            return []
        need = ACE if rank_of(centre[-1]) == KING else rank_of(centre[-1]) + 1
        before = self.playable(t)
        out = []
        for j in range(4):
            f = t.piles[F + j]
            if len(f) < 2 or rank_of(f[-1]) != need or self.mark(t, KINGS[j]):
                continue
            s = Step(f"f{j + 1}>f{CENTRE + 1}", MOVE, F + j, F + CENTRE)
            if self.playable(self.carry(t, s)) - before:
                out.append(s)
        return out

    def steps(self, t: Table) -> list[Step]:
        out = super().steps(t)
        if any(s.target in range(D, W) for s in out):
            return out  # a wing must be refilled first
        if len(out) == 1 and out[0].source == TURNED and out[0].target < D:
            if self.forced(t, t.piles[TURNED][-1]) >= 0:
                return out
        return [*out, *self.transfers(t)]

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        after = super().play(state, move)
        if s.source in range(F, D):
            return self.marked(after, **{KINGS[s.source - F]: 1})
        if s.target in range(F, D) and any(self.mark(after, k) for k in KINGS):
            # a card of the wings, the talon or the pack played
            return self.marked(after, **dict.fromkeys(KINGS, 0))
        return after

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.source in range(F, D):
            return (f"transfer {name(t.piles[s.source][-1])} from "
                    f"{self.pile_specs[s.source].label} to the centre")
        return super().say(t, move)


__all__ = ["LeMoulin"]
