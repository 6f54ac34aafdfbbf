"""La Nivernaise, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.993-1084; rule sheet ``shared/games/cadogan.md``,
section La Nivernaise, whose ambiguities are cited.

Two packs. "Two perpendicular rows of four cards each, called Flanks, leaving space in
the centre for four aces and four kings of different suits" (l.1021-1024); the kings
descend and the aces ascend, following suit (Rule III, l.1009; l.1026-1028). Then six
packets of four cards "dealt together", the Line (l.1029-1035): only the uppermost card
of each is available (Rule I, l.999-1004); every Flank card is. When "the resources thus
far are exhausted", four more cards go on each Line packet, round after round (l.1065-
1073). Flank vacancies "may be filled from the pack or from the Line" (l.1051-1055); an
emptied Line packet gets "four more cards ... immediately placed in its stead"
(l.1057-1063). "There is only one re-deal": the Line taken up packet by packet from the
left, "the whole together turned, and re-dealt as before" (Rule IV, l.1011-1017;
l.1075-1081). "One card at a time may be exchanged from the ascending to the descending
sequences, and vice versa" (l.1083-1084).

Cheney's Nivernaise (:mod:`rules.games.nivernaise`) has the same table, and both are
played on :mod:`rules.flanks`; Cadogan's text differs in the rules below, which are
this module's:

- **Rule II** (l.1006-1007), "as many cards in each of the packets forming the Line may
  be examined as there are vacancies in the Flanks": the top card shows, and with *k*
  empty Flank places the *k* cards beneath it too (sheet amb. 1, PROPOSED); the rest of
  each packet lies face down (only its top was ever available; sheet G11). Option
  ``examine=counting_top``: the *k* uppermost cards, the top among them (at least one).
- **One re-deal, not shuffled**: the Line taken up from the left, the first packet's
  first card first (sheet G9), laid again in six packets of four, the rest the pack.
  The Flanks and the foundations stay (amb. 5). Offered when the pack is out.
- **Emptied Line packets** get four cards from the pack at once, automatically, as part
  of the move that emptied them (in packet order; fewer if the pack is short).
- **Rounds** go four cards together on each packet, all at once ("deal a second round
  of four cards together", l.1066-1067), offered, as in Cheney's module, only when no card
  of the Line or the Flanks can go to a foundation ("when the resources ... are
  exhausted"); the last round may be short (amb. 3).
- **Flank vacancies** may be left open and filled at any time, from a Line top or from
  the next card of the pack, unseen (amb. 2): "it is never prudent to fill up all
  vacancies" makes filling optional. Only the first empty place is offered (alike).
- **Foundation exchange** (amb. 4): ``f<j>>f<k>``, the top card of a suit's ascending
  foundation onto its descending one when it fits there, or the other way; one card per
  move. So that cards do not shuttle for ever, a card exchanged may not be exchanged
  again until some other move is made (which forbids moving it straight back).

Win: all 104 cards on the foundations; lost when no move is left after the re-deal
(G13). Moves, in this order: ``p<i>>f<j>``, ``s<k>>f<j>``, ``f<j>>f<k>``, ``p<i>>s<k>``,
``d>s<k>``, ``d``, ``redeal`` (``f1``-``f4`` the aces of spades, hearts, diamonds, clubs,
``f5``-``f8`` the kings; Flank places ``s1``-``s4`` right, ``s5``-``s8`` left).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import flanks, packets
from ..cards import Card, name
from ..description import CADOGAN, Description
from ..families import family_name, family_targets
from ..flanks import PACK, PACKET, P
from ..game import Move, Option, Seat
from ..patience import COLUMN, HOME, Patience, Pile, Step, Table
from ..registry import register
from ..shape import REDEAL


def packet_name(i: int) -> str:
    return f"Line packet {i}"


@register
class LaNivernaise(Patience):
    description = Description(
        id="la_nivernaise", title="La Nivernaise", book=CADOGAN, lines="993-1084",
        skill="some", bound=45000, packs=2)
    redeals_allowed = 1
    # Cheney's option (spaces filled at once) is not this text's; this one is
    option_specs = (
        Option("examine", "beneath",
               "beneath: with k Flank vacancies, the k cards under each Line packet's top "
               "may be seen; counting_top: the k uppermost cards, the top among them",
               choices=("beneath", "counting_top")),
    )
    #: The foundations (a bit each) whose top card came by an exchange since the last
    #: other move: it may not be exchanged again until then.
    marks = ("exchanged",)
    redeal_takes_up = False
    offers_end = packets.no_end

    def lay_piles(self) -> tuple[Pile, ...]:
        # a Line packet shows as many cards as Rule II allows (see seen)
        return flanks.piles("Flank place {k}", " flank", "Line packet", "the Line", COLUMN)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.seen(flanks.layout(self, cards, seed))

    def seen(self, t: Table) -> Table:
        """``t`` with each Line packet showing as many cards as may be examined (Rule
        II), the rest face down."""
        k = len(flanks.spaces(t))
        n = max(1, k if self.option("examine") == "counting_top" else k + 1)
        down = list(t.down)
        for i in range(P, PACK):
            down[i] = max(len(t.piles[i]) - n, 0)
        return replace(t, down=tuple(down))

    def _exchanges(self, t: Table) -> list[Step]:
        done = self.mark(t, "exchanged")
        fams = self.families(t)
        out = []
        for j in range(8):
            if not fams[j] or done >> j & 1:
                continue
            k = (j + 4) % 8  # the other foundation of the same suit
            if k in family_targets(fams, fams[j][-1]):
                out.append(Step(f"f{j + 1}>f{k + 1}", source=j, target=k))
        return out

    def steps(self, t: Table) -> list[Step]:
        plays = flanks.family_plays(self, t)
        out = [*plays, *self._exchanges(t), *flanks.fills(t)]
        if not plays and t.piles[PACK]:
            out.append(flanks.deal_step(t))
        elif not t.piles[PACK] and self.may_redeal(t) and any(t.piles[P:PACK]):
            out.append(Step("redeal", REDEAL, P, PACK))
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        if s.source < 8:  # an exchange between the two foundations of a suit
            after = super().play(state, move)
            return self.marked(after, exchanged=self.mark(state, "exchanged") | 1 << s.target)
        if move.code == "d":
            after = flanks.deal(state, 0, flanks.ROUND)
        else:
            after = super().play(state, move)
        return self.seen(self._refill(self.marked(after, exchanged=0)))

    def special(self, t: Table, step: Step) -> Table:
        # Rule IV: packet by packet from the left, the whole turned and re-dealt
        return flanks.gather(self, t, [c for p in t.piles[P:PACK] for c in p])

    @staticmethod
    def _refill(t: Table) -> Table:
        """Four cards at once in the stead of each packet played off (l.1057-1063)."""
        if not t.piles[PACK] or all(t.piles[P:PACK]):
            return t
        piles, pack = list(t.piles), t.piles[PACK]
        for i in range(P, PACK):
            if not piles[i] and pack:
                take = pack[-PACKET:][::-1]
                piles[i], pack = take, pack[:len(pack) - len(take)]
        piles[PACK] = pack
        return replace(t, piles=tuple(piles), down=(*t.down[:PACK], len(pack)))

    def public(self, state: Table) -> dict[str, Any]:
        return {"pack": len(state.piles[PACK]),
                "flank_vacancies": len(flanks.spaces(state)),
                **self.redeal_facts(state), "in_families": HOME(self, state)}

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            return "deal four more cards together on each Line packet"
        if move.code == "redeal":
            return "take up the Line from the left, turn it and re-deal it (the one re-deal)"
        s = self.step(state, move)
        if s.source < 8:
            return (f"exchange {name(state.piles[s.source][-1])} from "
                    f"{family_name(s.source)} to {family_name(s.target)}")
        return flanks.say(self, state, s, flanks.side_name("Flank place"), packet_name)

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code == "d":
            n = len(before.piles[PACK]) - len(after.piles[PACK])
            return f"deal {n} cards on the Line"
        return flanks.fill_told(before, move, "Flank place") or self.describe(before, move)

    def why_illegal(self, state: Table, move: Move, seat: Seat) -> str:
        if move.code == "redeal" and not state.piles[PACK] and not self.may_redeal(state):
            return "There is only one re-deal."
        if move.code.startswith("f"):
            return "That card cannot be exchanged to the other foundation of its suit now."
        return flanks.why_not(self, state, move) or super().why_illegal(state, move, seat)


__all__ = ["LaNivernaise"]
