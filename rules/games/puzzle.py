"""Puzzle, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1878-1906 (book pp. 86-87); rule sheet
``shared/games/cheney.md``, section Puzzle.

A euchre pack of 32 cards (glossary l.3271-3275). "Lay four cards in a row. If a king
occurs, place it in a row above, and fill up the place. Continue laying the other cards
on these four piles, placing the kings, as they come, in a row above" (l.1889-1893).
"You must then fill up the families in the descending series, using only the top card of
the pile immediately below. When you find no top card that you can use, take up the
piles and re-lay them, and again use only the top card to fill up your families. If the
series is complete before your patience is exhausted, you have won the game"
(l.1894-1906).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The whole pack is dealt face up onto the four piles in turn; a king goes to the row
  above and the next card fills its place. The kings take the places of that row left
  to right as they come; the family of place ``i`` takes cards only from pile ``i``.
  Option ``kings=above_their_pile`` (the sheet's alternative): a king goes above the
  pile where it turned up; if another king is there already, to the next free place on
  the right (round to the first), which the book does not say.
- The families descend without following suit (the book does not direct it): king,
  queen, knave, ten, nine, eight, seven, and the ace last (in a euchre pack the ace is
  the highest card, l.1210, but a family begun on a king can take it only after the
  seven: eight cards each, 32 in all).
- No card goes to a family during the deal.
- Re-laying (``relay``), offered only when no top card can be used: the piles are taken
  up in order, pile one first, each from the bottom up, without shuffling, and dealt
  again onto the four piles in turn. Option ``relay=shuffled`` shuffles them first (the
  glossary's "re-shuffle them or not, as you please", l.3302-3305), with sub-stream
  ``k`` of the deal's seed for the ``k``-th re-lay.
- The book sets no end but the player's patience. Un-shuffled re-lays are
  deterministic, so the game is lost when a re-lay brings back a layout already laid
  (it would go round for ever); ``end`` gives up at any re-lay. Under either rule it is
  lost when the cards left are too few to reach the pile of any family still open (``n``
  cards dealt round from pile one reach the first ``n`` piles only).

The game is chance: ``p<i>`` (the top of pile ``i`` to the family above it), then
``relay``, then ``end`` (give up, only beside ``relay``), then ``auto``.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import ACE, KING, Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..history import remember, seen
from ..patience import FOUNDATION, HOME, Patience, Pile, Step, Table
from ..registry import register
from ..shape import REDEAL
from ..solo import reshuffle

PILES = 4
P = PILES  # where the piles lie, after the families
#: The order of a family: king down to seven, then the ace.
ORDER = (13, 12, 11, 10, 9, 8, 7, 1)
Piles = tuple[tuple[Card, ...], ...]


def lay(cards: tuple[Card, ...], above: bool = False) -> tuple[Piles, Piles]:
    """Deal ``cards`` onto four piles in turn, kings going to the row above:
    ``(families, piles)``. The kings take the places of the row in the order they come,
    or, when ``above``, the place above the pile where each turned up (the next free
    place to the right, round to the first, when another king holds it)."""
    fams: list[tuple[Card, ...]] = []
    slots: list[tuple[Card, ...]] = [()] * PILES
    piles: list[list[Card]] = [[] for _ in range(PILES)]
    k = 0
    for c in cards:
        if rank_of(c) != KING:
            piles[k % PILES].append(c)
            k += 1
        elif above:
            i = next(j % PILES for j in range(k, k + PILES) if not slots[j % PILES])
            slots[i] = (c,)
        else:
            fams.append((c,))
    return tuple(slots if above else fams), tuple(tuple(p) for p in piles)


def fits(fam: tuple[Card, ...], c: Card) -> bool:
    n = len(fam)
    return 0 < n < len(ORDER) and rank_of(c) == ORDER[n]


def relays(game: Patience, t: Table) -> int:
    """The re-lays taken (there is no limit: the model's count of re-deals)."""
    return t.redeals


@register
class Puzzle(Patience):
    description = Description(
        id="puzzle", title="Puzzle", book=CHENEY, lines="1878-1906", skill="chance",
        bound=None, euchre=True, chance=True)  # shuffled re-lays may go on and on
    end_said = "give up: patience is exhausted (the game counts as lost)"
    option_specs = (
        Option("relay", "in_order",
               "in_order: the piles are taken up and dealt again without shuffling (a "
               "layout that comes back loses); shuffled: they are shuffled first",
               choices=("in_order", "shuffled")),
        Option("kings", "in_turn",
               "in_turn: the kings take the places of the row above left to right as "
               "they come; above_their_pile: each goes above the pile where it turned up",
               choices=("in_turn", "above_their_pile")),
    )
    facts = (("relays", relays), ("in_families", HOME))
    redeal_takes_up = False
    irreversible_redeals = True
    #: ``looped``: a re-lay brought back a layout already laid.
    marks = ("looped",)

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{i + 1}", FOUNDATION, f"family {i + 1}", "kings")
                  for i in range(PILES)),
                *(Pile(f"p{i + 1}", "pile", f"pile {i + 1}", "piles") for i in range(PILES)))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        fams, piles = lay(cards, self.option("kings") == "above_their_pile")
        t = self.table({f"f{i + 1}": f for i, f in enumerate(fams)}
                       | {f"p{i + 1}": p for i, p in enumerate(piles)})
        return remember(replace(t, seed=seed), frozenset((piles,)))

    def steps(self, t: Table) -> list[Step]:
        if self.mark(t, "looped"):
            return []
        out = [Step(f"p{i + 1}", source=P + i, target=i) for i, p in enumerate(t.piles[P:])
               if p and fits(t.piles[i], p[-1])]
        if out:
            return out
        # the piles taken up and laid again on themselves
        return [Step("relay", REDEAL, P)] if self.reachable(t) else []

    def offers_end(self, t: Table) -> bool:
        """Giving up only beside the re-lay."""
        return any(s.kind == REDEAL for s in self._steps(t).values())

    def reachable(self, t: Table) -> bool:
        """Whether a re-lay can put a card on the pile of an unfinished family: dealt
        round from pile one, ``n`` cards reach only the first ``n`` piles."""
        n = sum(len(p) for p in t.piles[P:])
        return any(len(f) < len(ORDER) for f in t.piles[:P][:n])

    def special(self, t: Table, step: Step) -> Table:
        """The re-lay: the piles taken up in order (shuffled, with the option) and dealt
        again; an un-shuffled one that brings back a layout already laid loses."""
        cards = tuple(c for p in t.piles[P:] for c in p)
        k = self.redeal_number(t)
        if self.option("relay") == "shuffled":
            _, piles = lay(reshuffle(t.seed, k, sorted(cards)))
            return replace(t, piles=(*t.piles[:P], *piles), redeals=k)
        _, piles = lay(cards)
        laid = replace(t, piles=(*t.piles[:P], *piles), redeals=k)
        return remember(self.marked(laid, looped=piles in seen(t)), seen(t) | {piles})

    def irreversible(self, before: Table, move: Move, after: Table) -> bool:
        """A shuffled re-lay shows a new order."""
        return super().irreversible(before, move, after) and \
            self.option("relay") == "shuffled"

    def summary(self, state: Table, won: bool) -> str:
        n = HOME(self, state)
        if won:
            return "the four families are complete, king down to ace"
        if not self.reachable(state):
            return f"{n} of 32 cards in the families; the cards left are too few to " \
                "reach the piles of the families still open"
        if self.mark(state, "looped"):
            return f"{n} of 32 cards in the families; the re-lay brought back a layout " \
                "already laid, and would go round for ever"
        return f"{n} of 32 cards in the families; patience is exhausted"

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == REDEAL:
            how = "shuffle them and " if self.option("relay") == "shuffled" else ""
            return f"take up the piles, {how}lay them again"
        c = t.piles[s.source][-1]
        word = "last" if rank_of(c) == ACE else "next"
        return f"play {name(c)} from pile {s.source - P + 1} on the family above it ({word} card)"
