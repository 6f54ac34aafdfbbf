"""La Quinzaine (the Vintage pages' The Fifteen), from Cadogan's *Illustrated Games of
Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.205-297; the Vintage pages ``002`` l.11-26 give the
same text (alias ``the_fifteen``). Rule sheet ``shared/games/cadogan.md``, section La
Quinzaine. Her terms are :mod:`rules.cadogan`'s.

Two packs. "Only cards in the seventh or lowest row are available ... No card can at any
time be used that has any other below it" (Rule I); "each foundation must follow suit"
(Rule II). "Deal out the entire pack from left to right in horizontal rows, fifteen cards
in each, excepting the last one, which can only contain fourteen ... four aces and four
kings form the foundation cards, the aces ascending in sequence to kings, the kings
descending in sequence to aces. When the deal is complete, if any foundation cards should
appear in the lowest row ... play them at once ... and also any other suitable cards then
marry, both in ascending and in descending lines ... but if, after these changes, no
foundation card is available, so that the patience cannot even begin, you may withdraw
from the sixth row one ace and one king, if any are to be found ..., immediately filling
the spaces so made with the cards below which had previously blocked them. If even this
resource is unavailing, the patience has already failed" (l.211-259). A perpendicular
lane takes "any available card ... and below it any others in sequence of the same suit",
and serves to reverse sequences (l.261-285). "There is no re-deal" (l.297).

Cheney's Fifteen in a Row (``fifteen_in_a_row``) is the same table in other words, but
its rules differ: Cheney lets only aces and kings go up until an ace and a king family
are begun, and lets aces and kings be taken from the sixth row in that opening; Cadogan
plays every suitable card at once, and her withdrawal is one act, allowed only when no
foundation card at all can be played and none has been. So the two share their
table and marriages (:mod:`rules.fifteens`), and this module gives Cadogan's
foundations and privilege. Readings (the sheet's PROPOSED readings unless
said otherwise):

- One ace and one king of each suit are the foundations (amb. 1): ``f1``-``f4`` up from
  the aces of spades, hearts, diamonds, clubs, ``f5``-``f8`` down from the kings; the
  first of a suit to be played begins it, its twin is an ordinary card.
- Column 15 has six cards; its last card is available like the others (amb. 2).
- The withdrawal (amb. 3): allowed while no foundation is begun and no available card can
  begin one; at most one ace and one king, each the card directly above a column's
  available card (which slides up into its place); the two (or the one found) are taken
  in one move, ``x<i>x<k>`` (ace from column ``i``, king from column ``k``) or ``x<i>``,
  and each begins its foundation. After it no foundation card may be taken out of turn
  again; with none to withdraw the player may still marry, and the game is lost when no
  move is left. The withdrawal is the opening of the game, a standing rule rather than a
  one-off the solo shell counts (``privileges_allowed``): it needs no count of its own.
- Marriages before any foundation exists are allowed (amb. 4); both directions, one card
  at a time; a lane takes any available card (not a column's last card: that changes
  nothing); a card may not be put straight back; ``end`` gives up.

Moves, in order: ``c<i>>f<j>``, ``x<i>x<k>`` / ``x<i>``, ``c<i>>c<k>``, ``end``.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from .. import fifteens
from ..cards import ACE, KING, name, rank_of
from ..description import CADOGAN, Description
from ..families import family_targets
from ..fifteens import C
from ..game import Move
from ..patience import Patience, Step, Table
from ..registry import register
from ..shape import PRIVILEGE


@register
class LaQuinzaine(Patience):
    description = Description(
        id="la_quinzaine", title="La Quinzaine", book=CADOGAN, lines="205-297, 1-65",
        skill="much", bound=None, packs=2, aliases=("the_fifteen",))
    facts = fifteens.FACTS
    no_straight_back = True
    summary = fifteens.summary

    lay_piles = fifteens.lay_piles
    layout = fifteens.layout

    def withdrawals(self, t: Table) -> list[Step]:
        """The opening privilege: one ace and one king from the sixth row (a lone one
        goes as a card's move, the two together point at their two columns)."""
        if any(self.families(t)):
            return []
        under = [(i, p[-2]) for i, p in enumerate(t.piles[C:]) if len(p) > 1]
        aces = [i + 1 for i, c in under if rank_of(c) == ACE] or [0]
        kings = [i + 1 for i, c in under if rank_of(c) == KING] or [0]
        out = []
        for a, k in product(aces, kings):
            if a and k:
                out.append(Step(f"x{a}x{k}", PRIVILEGE, C + a - 1, C + k - 1))
            elif a or k:
                i = C + (a or k) - 1
                at = len(t.piles[i]) - 2
                j = family_targets(self.families(t), t.piles[i][at])[0]
                out.append(Step(f"x{a or k}", source=i, target=j, at=at))
        return out

    def steps(self, t: Table) -> list[Step]:
        ups = fifteens.to_families(self, t)
        return [*ups, *([] if ups else self.withdrawals(t)), *fifteens.marriages(t)]

    def goes_home(self, t: Table, pile: int) -> bool | None:
        said = fifteens.goes_home(t, pile)
        # before any foundation is begun, a lone withdrawal goes home too
        return said if said or any(self.families(t)) else None

    def special(self, t: Table, step: Step) -> Table:
        for i in (step.source, step.target):  # the ace's column, then the king's
            p = t.piles[i]
            j = family_targets(self.families(t), p[-2])[0]
            piles = list(t.piles)
            piles[i], piles[j] = (*p[:-2], p[-1]), (*piles[j], p[-2])
            t = replace(t, piles=tuple(piles))
        return replace(t, played=True, back=None)

    def say(self, state: Table, move: Move) -> str:
        if not move.code.startswith("x"):
            return fifteens.say(self, state, move)
        taken = [state.piles[C + int(t) - 1] for t in move.code[1:].split("x")]
        return "withdraw " + " and ".join(
            f"{name(p[-2])} from under {name(p[-1])}" for p in taken) + \
            " to begin the foundations"
