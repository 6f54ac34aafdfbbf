"""Nivernaise, from Cheney's *Patience* (1894), with the Appendix's stricter rule.

Source: ``000_afc193f70d23752d.txt`` l.1637-1677 (pp. 72-73) and the Appendix note
l.3332-3340; rule sheet ``shared/games/cheney.md``, section Nivernaise, whose
ambiguities are cited below.

Two packs. Four cards on the right and four on the left, in columns (l.1645-1648); six
piles of four between them (l.1648-1651). Kings and aces are taken "as they appear" from
the tops of the piles or the side cards (l.1651-1659), and the families are built down
on the kings and up on the aces, following suit (l.1662-1664). "The vacancies left in
the side rows may be filled either from the top of the piles or from the pack"
(l.1659-1662). When no card can go to a family, four more cards go on each pile, "always
dealing four cards at a time" (l.1665-1672). The piles may be taken up, shuffled and laid
down again twice over (l.1672-1674). The Appendix (l.3332-3340): a space may be left
until "by looking at the cards that you deal off" a valuable one is found, "but many
players prefer the stricter rule that you must fill a space as soon as it occurs".

Two registered games: ``nivernaise`` (alias ``nivernaise_lenient``) leaves a space
open until the player fills it, as the main text's "may be filled" allows; its variant
``nivernaise_strict`` fixes option ``spaces=at_once``, the Appendix's stricter rule.

Readings (the sheet's PROPOSED readings unless said otherwise):

- The first four cards go to the right side, the next four to the left, then piles one
  to six get four cards each, left to right. All cards lie face up; only the top of a
  pile is usable (the piles are squared).
- Bases: the first ace and king of each suit played start the families; the second ace
  and king of a suit are ordinary cards. They are played like any card, only from a
  pile top or a side place (amb. 1).
- Dealing (amb. 5): the sheet says a blocked player must deal; this code also forbids
  dealing before then ("When you can no longer find any cards ... you place four more",
  l.1665-1669), so ``d`` is offered only when no card can go to a family. It lays up to
  four more cards on each pile, pile one first; the last packet may be short (amb. 3).
- Spaces, lenient rule (amb. 4): a space may be filled at any time from a pile top or
  from the pack (the next card, unseen). To let the player look "at the cards that you
  deal off", a round of dealing goes card by card while a side place is empty: each ``d``
  lays one card, and between two cards the player may move a pile top (such as the card
  just dealt) to the space; no card goes to a family until the round is dealt. With no
  space, ``d`` lays the whole round at once. The sheet proposes diverting the card being
  dealt; here the card is laid first and then moved, which is the same but lets the
  player see it first.
- Spaces, strict rule: while a side place is empty and a card can fill it (a pile top or
  the pack), filling it is the only move.
- The side places are alike, so fills are offered into the first empty one only.
- Re-deals (amb. 2): ``redeal`` takes up the piles only (the side cards stay), shuffles
  them by sub-stream ``k`` of the deal's seed for the ``k``-th re-deal, lays six piles of
  four and keeps the rest as the pack, dealt as before. Twice; offered whenever the pack
  is used up and cards lie in the piles.

Moves, in this order: ``p<i>>f<j>`` (pile ``i``'s top to family ``j``: ``f1``-``f4`` the
aces of spades, hearts, diamonds, clubs, ``f5``-``f8`` the kings), ``s<k>>f<j>`` (side
place ``k``: 1-4 right, 5-8 left), ``p<i>>s<k>`` and ``d>s<k>`` (fill the first space
from a pile top or the pack), ``d`` (deal), ``redeal``. Cards only go forward (pack,
pile, side, family) and re-deals are counted, so every game ends; it is lost when no
move is left.
"""

from __future__ import annotations

from typing import Any

from .. import flanks, packets
from ..cards import name
from ..description import CHENEY, Description
from ..flanks import PACK, PACKET, ROUND, P
from ..game import Move, Option
from ..patience import HOME, UP, Patience, Pile, Step, Table
from ..registry import register, variant
from ..shape import REDEAL
from ..solo import reshuffle


def pile_name(i: int) -> str:
    return f"pile {i}"


@register
class Nivernaise(Patience):
    description = Description(
        id="nivernaise", title="Nivernaise", book=CHENEY, lines="1637-1677, 3332-3340",
        skill="much", bound=250, packs=2, aliases=("nivernaise_lenient",))
    redeals_allowed = 2
    option_specs = (
        Option("spaces", "when_you_like",
               "when_you_like: a side space may be left open and filled at any time, also "
               "while dealing; at_once: a space must be filled as soon as it occurs",
               choices=("when_you_like", "at_once")),
    )
    #: Cards still to lay in a round dealt card by card (0: no round under way).
    marks = ("round_left",)
    redeal_takes_up = False
    layout = flanks.layout
    offers_end = packets.no_end

    def lay_piles(self) -> tuple[Pile, ...]:
        return flanks.piles("side place {k} ({side})", "", "pile", "piles", UP)

    @property
    def strict(self) -> bool:
        return self.option("spaces") == "at_once"

    def steps(self, t: Table) -> list[Step]:
        fills = flanks.fills(t)
        if self.strict and fills:
            return fills
        left = self.mark(t, "round_left")
        if left:
            return [*fills, self._deal_step(t)]
        plays = flanks.family_plays(self, t)
        out = [*plays, *fills]
        if not plays and t.piles[PACK]:
            out.append(self._deal_step(t))
        elif not t.piles[PACK] and self.may_redeal(t) and any(t.piles[P:PACK]):
            out.append(Step("redeal", REDEAL, P, PACK))
        return out

    def _round(self, t: Table) -> tuple[int, int]:
        """Where the deal goes on in its round, and how many cards it lays now: one
        while a side place is empty, else the rest of the round."""
        left = self.mark(t, "round_left") or ROUND
        return ROUND - left, 1 if flanks.spaces(t) else left

    def _deal_step(self, t: Table) -> Step:
        return flanks.deal_step(t, *self._round(t))

    def play(self, state: Table, move: Move) -> Table:
        if move.code == "d":
            start, count = self._round(state)
            after = flanks.deal(state, start, count)
            left = ROUND - start - (len(state.piles[PACK]) - len(after.piles[PACK]))
            return self.marked(after, round_left=left if after.piles[PACK] else 0)
        after = super().play(state, move)
        if move.code.startswith("d>") and not after.piles[PACK]:
            return self.marked(after, round_left=0)
        return after

    def special(self, t: Table, step: Step) -> Table:  # the re-deal
        k = self.redeal_number(t)
        cards = reshuffle(t.seed, k, [c for p in t.piles[P:PACK] for c in p])
        return self.marked(flanks.gather(self, t, cards), round_left=0)

    def public(self, state: Table) -> dict[str, Any]:
        return {"pack": len(state.piles[PACK]),
                "spaces": "at once" if self.strict else "when you like",
                "empty_side_places": [k + 1 for k in flanks.spaces(state)],
                "round_cards_left": self.mark(state, "round_left"),
                **self.redeal_facts(state), "in_families": HOME(self, state)}

    def _next_pile(self, t: Table) -> int:
        return (ROUND - (self.mark(t, "round_left") or ROUND)) // PACKET + 1

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            if flanks.spaces(state):
                return f"deal the next card on {pile_name(self._next_pile(state))}"
            if self.mark(state, "round_left"):
                return "deal the rest of this round on the piles"
            return "deal four more cards on each pile"
        if move.code == "redeal":
            return ("take up the piles, shuffle them and lay them down again "
                    f"{self.redeal_of(state)}")
        s = self.step(state, move)
        return flanks.say(self, state, s, flanks.side_name("side place"), pile_name)

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        n = len(before.piles[PACK]) - len(after.piles[PACK])
        if move.code == "d" and n == 1:
            return f"deal {name(before.piles[PACK][-1])} on " \
                f"{pile_name(self._next_pile(before))}"
        if move.code == "d":
            return f"deal {n} cards on the piles"
        return flanks.fill_told(before, move, "side place") or self.describe(before, move)

    def why_illegal(self, state: Table, move: Move, seat: int) -> str:
        if self.strict and flanks.fills(state):
            return "A side space must be filled as soon as it occurs."
        if self.mark(state, "round_left"):
            return "Finish dealing the round before playing to the families."
        if why := flanks.why_not(self, state, move):
            return why
        if move.code == "redeal":
            return "The piles have already been taken up twice."
        return super().why_illegal(state, move, seat)


NIVERNAISE_STRICT = variant(Nivernaise, Description(
    id="nivernaise_strict", title="Nivernaise, spaces filled at once", book=CHENEY,
    lines="3332-3340, 1637-1677", skill="much", bound=250, packs=2,
    variant_of="nivernaise", fixed={"spaces": "at_once"}))
