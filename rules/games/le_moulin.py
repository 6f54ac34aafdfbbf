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
  counts (``privileges_allowed``); its marks stay in the table's ``used``.

Moves: Windmill's (``t``, ``p>f<j>``, ``p>w``, ``w>f<j>``, ``d<i>>f<j>``, ``w>d<i>``,
``p>d<i>``), then the transfers ``f<j>>f5``.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import ACE, KING, name, rank_of
from ..description import CADOGAN, Description
from ..game import Move
from ..packets_a import NONE, Table
from ..registry import register
from .windmill import CENTRE, Windmill


@register
class LeMoulin(Windmill):
    description = Description(
        id="le_moulin", title="Le Moulin", book=CADOGAN, lines="451-510", skill="some",
        bound=900, packs=2, layout="clock", aliases=("the_mill",))
    pile_word = "wing"
    stock_word = "talon"

    def playable(self, st: Table) -> set[str]:
        """The sources among the wings, the talon and the turned card that can be played
        on a foundation now."""
        wanted = self.wanted(st)
        out = set()
        if st.turned != NONE and self.key(st.turned) in wanted:
            out.add("p")
        if st.waste and self.key(st.waste[-1]) in wanted:
            out.add("w")
        out |= {f"d{i + 1}" for i, p in enumerate(st.piles)
                if p and self.key(p[-1]) in wanted}
        return out

    def transfers(self, st: Table) -> list[Move]:
        centre = st.found[CENTRE]
        if len(centre) >= 52:
            return []
        need = ACE if rank_of(centre[-1]) == KING else rank_of(centre[-1]) + 1
        before = self.playable(st)
        out = []
        for j in range(4):
            f = st.found[j]
            if len(f) < 2 or rank_of(f[-1]) != need or f"k{j + 1}" in st.used:
                continue
            after = self.play(st, self._m(f"f{j + 1}>f{CENTRE + 1}"))
            if self.playable(after) - before:
                out.append(self._m(f"f{j + 1}>f{CENTRE + 1}"))
        return out

    def moves(self, st: Table) -> tuple[Move, ...]:
        out = super().moves(st)
        if any(m.code.startswith(("w>d", "p>d"))
               for m in out):
            return out  # a wing must be refilled first
        if len(out) == 1 and self.forced(st, st.turned) == out[0]:
            return out
        return (*out, *self.transfers(st))

    def play(self, state: Table, move: Move) -> Table:
        code = move.code
        if code.startswith("f"):
            src, dst = code.split(">")
            j, c = int(src[1:]) - 1, int(dst[1:]) - 1
            card = state.found[j][-1]
            found = list(state.found)
            found[j] = found[j][:-1]
            found[c] = (*found[c], card)
            return replace(state, found=tuple(found), used=(*state.used, f"k{j + 1}"))
        after = super().play(state, move)
        if ">f" in code and after.used:
            after = replace(after, used=())  # a card of the wings, talon or pack played
        return after

    def say(self, state: Table, move: Move) -> str:
        if move.code.startswith("f"):
            j = int(move.code[1:].split(">")[0])
            card = state.found[j - 1][-1]
            return f"transfer {name(card)} from {self.found_name(j - 1)} to the centre"
        return super().say(state, move)
