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

from .. import packets
from ..cards import ACE, JACK, KING, QUEEN, Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move
from ..packets import PACK, TURN_UP, TURNED, F, Wanted
from ..patience import HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import MOVE, PRIVILEGE

K, Q = F + 8, F + 16  # where the kings' piles and the row of queens lie


@register
class SaliqueLaw(Patience):
    description = Description(
        id="salique_law", title="Salique Law", book=CHENEY, lines="1105-1163",
        skill="much", bound=900, packs=2)
    #: The one draw from the upper row (counted by the solo shell).
    privileges_allowed: ClassVar[Mapping[str, int]] = {"draw": 1}
    facts = (("pack", size("pack")), ("on_families", HOME))
    #: What one king's pile is called (Cadogan's edition: king packet).
    pile_word = "king's pile"
    offers_end, summary = packets.no_end, packets.summary
    narrate, why_illegal = packets.narrate, packets.why_illegal

    def lay_piles(self) -> tuple[Pile, ...]:
        return packets.piles([f"family {j + 1}" for j in range(8)], "k", 8, self.pile_word,
                             aside="row of queens")

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        king = next(c for c in cards if rank_of(c) == KING)
        rest = list(cards)
        rest.remove(king)
        t = self.table({"k1": (king,), "pack": rest[::-1]})
        return Table(t.piles, t.down, seed=seed)

    def wanted(self, t: Table) -> Wanted:
        out: Wanted = {}
        empty = False
        for j, f in enumerate(self.families(t)):
            if not f:
                if not empty:  # the families are alike: a new ace takes the leftmost
                    out.setdefault(ACE, []).append(j)
                    empty = True
            elif f[-1] & 15 < JACK:
                out.setdefault((f[-1] & 15) + 1, []).append(j)
        return out

    def steps(self, t: Table) -> list[Step]:
        wanted = self.wanted(t)
        kings = [p for p in t.piles[K:Q] if p]  # the kings laid, each under its pile
        n = len(kings)
        out: list[Step] = []
        turned = t.top(TURNED)
        if turned is not None:
            r = turned & 15
            if r == ACE:
                return [Step(f"p>f{wanted[ACE][0] + 1}", MOVE, TURNED, F + wanted[ACE][0])]
            if r == QUEEN:
                return [Step("p>q", MOVE, TURNED, Q)]
            if r == KING:
                return [Step(f"p>k{n + 1}", MOVE, TURNED, K + n)]
            out += [Step(f"p>f{j + 1}", MOVE, TURNED, F + j) for j in wanted.get(r, ())]
            out.append(Step(f"p>k{n}", MOVE, TURNED, K + n - 1))
        elif t.piles[PACK]:
            out.append(TURN_UP)
        for i, p in enumerate(kings):
            if len(p) > 1:
                out += [Step(f"k{i + 1}>f{j + 1}", MOVE, K + i, F + j)
                        for j in wanted.get(p[-1] & 15, ())]
        if t.piles[PACK] or turned is not None:
            return out
        bare = [b for b, p in enumerate(kings) if len(p) == 1]
        for i, p in enumerate(kings):
            if bare and len(p) > 2:
                out += [Step(f"k{i + 1}>k{b + 1}", MOVE, K + i, K + b) for b in bare]
        if out or not self.may_use_privilege(t, "draw"):
            return out
        return [Step(f"x{i + 1}.{k + 1}>f{j + 1}", PRIVILEGE, K + i, F + j, at=k)
                for i, p in enumerate(kings) for k in range(1, len(p) - 1)
                for j in wanted.get(p[k] & 15, ())]

    def special(self, t: Table, step: Step) -> Table:
        return packets.draw(self, t, step)

    def won(self, state: Table) -> bool:
        # the picture is finished when the last queens and kings are laid out too
        return not state.piles[PACK] and not state.piles[TURNED] and \
            all(len(f) == 11 for f in self.families(state))

    def public(self, state: Table) -> dict[str, Any]:
        return super().public(state) | {"stock_on": sum(1 for p in state.piles[K:Q] if p)}

    def say(self, t: Table, move: Move) -> str:
        turned = t.top(TURNED)
        if move.code.startswith("p>k") and turned is not None and turned & 15 == KING:
            return f"lay {name(turned)} in the upper row: the stock goes on it now"
        if move.code == "p>q" and turned is not None:
            return f"lay {name(turned)} in the row of queens"
        return packets.say(self, t, move)

    def laid(self, t: Table, i: int) -> bool:
        return not K <= i < Q or bool(t.piles[i])  # a king's pile once its king is laid
