"""Fours, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2918-2946; rule sheet ``shared/games/cheney.md``,
section Fours.

One pack laid out in piles of four in a row, face up (l.2922-2925). Aces on top go aside
as the bases of families built up in suit (l.2925-2927); a lower card may be married on a
higher one of the same suit (l.2927-2929); top cards go to the families when possible
(l.2929-2930). When nothing more can be done, the last pile goes on the one next to it,
and so on, into a pack that deals the first pile first; it is laid out again in fours
(l.2932-2942). "When you find, on laying them down in fours, that you cannot place the
top cards either on the families or on other piles, you have failed" (l.2942-2946).

Readings (the sheet's PROPOSED readings unless said otherwise):

- A pile is four cards dealt one after another, the fourth on top; after a re-deal the
  last pile may be short. Only top cards are used.
- A marriage puts one top card on a top card one higher of its suit.
- Re-deal (``r``): only when no move is left; unlimited. The piles are put together
  last on next, so that the first pile's cards come out first, bottom card first.
- Failure: a laying (the first or a re-deal) on which no top card can be placed. So
  that the game cannot go round for ever, a re-deal that would lay out the cards exactly
  as an earlier laying did, with no card gone to the families between, is not allowed:
  the player could only repeat herself, and the game is lost.

Legal moves, in order: ``d`` (the first laying); then for each pile in order its top card
``<i>>f`` to its family, then ``<i>><j>`` onto pile ``j``; then ``r``. Won when the four
families hold all 52 cards.
"""

from __future__ import annotations

from ..cards import SUIT_NAMES, SUIT_SYMBOLS, Card, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move
from ..history import remember, seen
from ..patience import DOWN, HOME, Patience, Pile, Step, Table
from ..registry import register
from ..shape import DEAL, REDEAL

PILES = 13
F, P, PACK = 0, 4, 4 + PILES  # where the families, the piles and the pack lie
Piles = tuple[tuple[Card, ...], ...]


def in_fours(order: tuple[Card, ...]) -> Piles:
    """Cards in dealing order, in piles of four (the last may be short)."""
    return tuple(order[i:i + 4] for i in range(0, len(order), 4))


def laid(game: Patience, t: Table) -> Piles:
    """The piles of the last laying (some may be empty since)."""
    return t.piles[P:P + game.mark(t, "piles")]


def relaid(game: Patience, t: Table) -> Piles:
    """The piles a re-deal lays: the last pile on the one next it, and so on, so that
    the first pile's cards come out first, bottom card first."""
    return in_fours(tuple(c for p in laid(game, t) for c in p))


@register
class Fours(Patience):
    description = Description(
        id="fours", title="Fours", book=CHENEY, lines="2918-2946", skill="some", bound=300)
    facts = (("laying", lambda g, t: g.mark(t, "layings")),
             ("piles", lambda g, t: g.mark(t, "piles")), ("in_families", HOME))
    #: The layings made, and the piles the last one laid.
    marks = ("layings", "piles")
    redeal_takes_up = False
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{s + 1}", "foundation", f"family of {SUIT_NAMES[s]}", "families")
                  for s in range(4)),
                *(Pile(f"p{i + 1}", "pile", f"pile {i + 1}", "row") for i in range(PILES)),
                Pile("pack", "stock", "the pack", face=DOWN))

    def steps(self, t: Table) -> list[Step]:
        if t.piles[PACK]:
            return [Step("d", DEAL, PACK, P, len(t.piles[PACK]))]
        fams, piles = t.piles[F:P], laid(self, t)
        # one pack: the card one higher of a suit is a single card, on top of one pile
        # at most
        under = {p[-1]: j for j, p in enumerate(piles) if p}
        out = []
        for i, p in enumerate(piles):
            if not p:
                continue
            c = p[-1]
            if len(fams[suit_of(c)]) == rank_of(c) - 1:
                out.append(Step(f"{i + 1}>f", source=P + i, target=F + suit_of(c)))
            j = under.get(c + 1, -1) if rank_of(c) < 13 else -1
            if j >= 0:
                out.append(Step(f"{i + 1}>{j + 1}", source=P + i, target=P + j))
        if out:
            return out
        if t.played and relaid(self, t) not in seen(t):
            return [Step("r", REDEAL, P, P, sum(map(len, piles)))]
        return []

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        if s.kind == DEAL:
            return self.lay(state, in_fours(state.piles[PACK][::-1]), 1)
        after = super().play(state, move)
        if s.kind == REDEAL or s.target < P:  # a card home forgets the layings
            return after
        return remember(after, seen(state))

    def special(self, t: Table, step: Step) -> Table:
        return self.lay(t, relaid(self, t), self.mark(t, "layings") + 1)

    def lay(self, t: Table, piles: Piles, layings: int) -> Table:
        """``piles`` laid out as the ``layings``-th laying, and remembered (a re-deal
        that would lay them out so again is not allowed)."""
        new = self.table({p.id: f for p, f in zip(self.pile_specs, t.piles[F:P], strict=False)}
                         | {f"p{i + 1}": p for i, p in enumerate(piles)})
        return remember(self.marked(new, layings=layings, piles=len(piles)),
                        seen(t) | {piles})

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "the four families are complete"
        why = "laid out again, the cards would only repeat an earlier laying" \
            if state.played else "on laying them down in fours, no top card can be placed"
        return f"{state.home(self.foundations)} of 52 cards in the families; {why}"

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            return "lay out the pack in piles of four"
        if move.code == "r":
            return "put the piles together, the last on the one next it, and lay them " \
                "out again in fours"
        src, dst = move.code.split(">")
        c = state.piles[P + int(src) - 1][-1]
        if dst == "f":
            return f"play {name(c)} from pile {src} to the {SUIT_SYMBOLS[suit_of(c)]} family"
        q = state.piles[P + int(dst) - 1]
        return f"marry {name(c)} from pile {src} onto {name(q[-1])} on pile {dst}"
