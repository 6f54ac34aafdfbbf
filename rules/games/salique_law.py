"""Salique Law, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1105-1163; rule sheet ``shared/games/cheney.md``,
section Salique Law, whose numbered ambiguities are cited below.

Two packs shuffled together. A king is laid on the table and the cards that cannot be
used at once form a stock on it (l.1117-1127). Aces go to the lower row and are built up
"to the knave, without regard to the suit"; queens go to the middle row; each new king
goes to the upper row and takes the stock from then on (l.1127-1138). The top card of
every king's pile may be used (l.1138-1140). When the pack is out, top cards may be moved
onto uncovered kings (l.1140-1144), and finally one card may be drawn from the upper
piles to the lower row (l.1144-1152). Won with eight kings, eight queens and eight
families ace to knave (l.1152-1159). Every card of the piles may be looked at
(l.1159-1163), so the piles are shown whole.

Readings (the sheet's PROPOSED readings unless said otherwise):

- "select any king" (amb. 4): the first king of the shuffled pack is taken out and laid
  down. The sheet lets the player pick any king; the pack is face down, so the pick is
  blind and every king is the same to her, and taking the first one saves a move that
  would tell her nothing. *Differs from the sheet.*
- Aces and queens go to their rows as they are turned, kings to a new pile: each is the
  only move of such a turned card (amb. 2). A new ace takes the leftmost empty family.
- A turned card that fits a family may still go on the stock (amb. 3).
- Uncovered kings (amb. 1): only when the pack is out, the top card of a pile may go onto
  a king with no card on it, which then holds that one card. The move must free a card
  of the pile it leaves (the card beneath is not its king): moving a lone card from one
  king to another frees nothing, and forbidding it keeps play from going round in
  circles.
- The draw: once per game, when the pack is out and no other move is left, any card
  under a pile's top that fits a family goes up (``x<i>.<k>>f<j>``, the ``k``-th card
  from the bottom of pile ``i``, the king being the first).
- Won when the families are complete and the pack is played out (the last queens and
  kings laid in their rows); lost when no move is left.

Move codes: ``t``, ``p>f<j>``, ``p>q`` (a queen to her row), ``p>k<i>`` (onto the stock,
the newest king's pile; a king starts pile ``i``), ``k<i>>f<j>``, ``k<i>>k<b>`` (onto the
uncovered king ``b``), ``x<i>.<k>>f<j>``. Legal moves come in that order, each by
ascending ``i``, then ``b`` or ``k``, then ``j``; the draws only when nothing else is legal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..cards import ACE, JACK, KING, QUEEN, Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move
from ..packets_a import NONE, TURN, PacketGame, Table
from ..registry import register


@register
class SaliqueLaw(PacketGame):
    description = Description(
        id="salique_law", title="Salique Law", book=CHENEY, lines="1105-1163",
        skill="much", bound=900, packs=2)
    pile_letter = "k"
    pile_word = "king's pile"
    #: The one draw from the upper row (counted by the solo shell).
    privileges_allowed: ClassVar[Mapping[str, int]] = {"draw": 1}
    has_aside = True

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        king = next(c for c in cards if rank_of(c) == KING)
        rest = list(cards)
        rest.remove(king)
        return Table(seed, tuple(reversed(rest)), NONE, ((),) * 8, ((king,),))

    def wanted(self, st: Table) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        empty = False
        for j, f in enumerate(st.found):
            if not f:
                if not empty:  # the families are alike: a new ace takes the leftmost
                    out.setdefault(ACE, []).append(j)
                    empty = True
            elif f[-1] & 15 < JACK:
                out.setdefault((f[-1] & 15) + 1, []).append(j)
        return out

    def moves(self, st: Table) -> tuple[Move, ...]:
        m = self._m
        wanted = self.wanted(st)
        out: list[Move] = []
        n = len(st.piles)
        if st.turned != NONE:
            r = st.turned & 15
            if r == ACE:
                return (m(f"p>f{wanted[ACE][0] + 1}"),)
            if r == QUEEN:
                return (m("p>q"),)
            if r == KING:
                return (m(f"p>k{n + 1}"),)
            out += [m(f"p>f{j + 1}") for j in wanted.get(r, ())]
            out.append(m(f"p>k{n}"))
        elif st.pack:
            out.append(TURN)
        for i, p in enumerate(st.piles):
            if len(p) > 1:
                out += [m(f"k{i + 1}>f{j + 1}") for j in wanted.get(p[-1] & 15, ())]
        if st.pack or st.turned != NONE:
            return tuple(out)
        bare = [b for b, p in enumerate(st.piles) if len(p) == 1]
        if bare:
            for i, p in enumerate(st.piles):
                if len(p) > 2:
                    out += [m(f"k{i + 1}>k{b + 1}") for b in bare]
        if out or not self.may_use_privilege(st, "draw"):
            return tuple(out)
        return tuple(m(f"x{i + 1}.{k + 1}>f{j + 1}") for i, p in enumerate(st.piles)
                     for k in range(1, len(p) - 1) for j in wanted.get(p[k] & 15, ()))

    def found_name(self, j: int) -> str:
        return f"family {j + 1}"

    def say(self, state: Table, move: Move) -> str:
        code = move.code
        if code.startswith("p>k") and state.turned & 15 == KING:
            return f"lay {name(state.turned)} in the upper row: the stock goes on it now"
        if code == "p>q":
            return f"lay {name(state.turned)} in the row of queens"
        return super().say(state, move)

    def public(self, state: Table) -> dict[str, Any]:
        facts = super().public(state)
        facts.update(self.privilege_facts(state))
        facts["stock_on"] = len(state.piles)
        return facts

    def won(self, st: Table) -> bool:
        # the picture is finished when the last queens and kings are laid out too
        return not st.pack and st.turned == NONE and all(len(f) == 11 for f in st.found)
