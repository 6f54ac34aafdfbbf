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

from dataclasses import dataclass, replace
from typing import Any

from ..cards import ACE, KING, Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, numbers, open_zone, replace_at, reshuffle, with_end

PILES = 4
RELAY = Move("relay")
#: The order of a family: king down to seven, then the ace.
ORDER = (13, 12, 11, 10, 9, 8, 7, 1)


@dataclass(frozen=True, slots=True)
class PuzzleState:
    #: The four families, each begun by a king (the row above), in place order.
    families: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    seed: int
    relays: int = 0
    #: Every layout laid so far (un-shuffled re-lays only), to see one come back.
    seen: frozenset[tuple[tuple[Card, ...], ...]] = frozenset()
    #: A re-lay brought back a layout already laid.
    looped: bool = False
    given_up: bool = False


def lay(cards: tuple[Card, ...], above: bool = False
        ) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
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


@register
class Puzzle(SoloGame[PuzzleState]):
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

    def layout(self, cards: tuple[Card, ...], seed: int) -> PuzzleState:
        fams, piles = lay(cards, self.option("kings") == "above_their_pile")
        return PuzzleState(fams, piles, seed, seen=frozenset((piles,)))

    def moves(self, state: PuzzleState) -> tuple[Move, ...]:
        if state.looped:
            return ()
        out = [Move(f"p{i + 1}") for i, p in enumerate(state.piles)
               if p and i < len(state.families) and fits(state.families[i], p[-1])]
        if out:
            return tuple(out)
        return with_end((RELAY,)) if self.reachable(state) else ()

    def reachable(self, state: PuzzleState) -> bool:
        """Whether a re-lay can put a card on the pile of an unfinished family: dealt
        round from pile one, ``n`` cards reach only the first ``n`` piles."""
        n = sum(len(p) for p in state.piles)
        return any(len(f) < len(ORDER) for f in state.families[:n])

    def play(self, state: PuzzleState, move: Move) -> PuzzleState:
        if move == RELAY:
            cards = tuple(c for p in state.piles for c in p)
            k = state.relays + 1
            if self.option("relay") == "shuffled":
                _, piles = lay(reshuffle(state.seed, k, sorted(cards)))
                return replace(state, piles=piles, relays=k)
            _, piles = lay(cards)
            return replace(state, piles=piles, relays=k, looped=piles in state.seen,
                           seen=state.seen | {piles})
        i = numbers(move.code)[0] - 1
        c = state.piles[i][-1]
        return replace(state, piles=replace_at(state.piles, i, state.piles[i][:-1]),
                       families=replace_at(state.families, i, (*state.families[i], c)))

    def irreversible(self, before: PuzzleState, move: Move, after: PuzzleState) -> bool:
        return move == RELAY and self.option("relay") == "shuffled"

    def won(self, state: PuzzleState) -> bool:
        return sum(len(f) for f in state.families) == 32

    def summary(self, state: PuzzleState, won: bool) -> str:
        n = sum(len(f) for f in state.families)
        if won:
            return "the four families are complete, king down to ace"
        if not self.reachable(state):
            return f"{n} of 32 cards in the families; the cards left are too few to " \
                "reach the piles of the families still open"
        if state.looped:
            return f"{n} of 32 cards in the families; the re-lay brought back a layout " \
                "already laid, and would go round for ever"
        return f"{n} of 32 cards in the families; patience is exhausted"

    def zones(self, state: PuzzleState) -> tuple[Zone, ...]:
        fams = (*state.families, *((),) * (PILES - len(state.families)))
        return (*(open_zone(f"f{i + 1}", "foundation", f, f"family {i + 1}", "kings")
                  for i, f in enumerate(fams)),
                *(open_zone(f"p{i + 1}", "pile", p, f"pile {i + 1}", "piles")
                  for i, p in enumerate(state.piles)))

    def public(self, state: PuzzleState) -> dict[str, Any]:
        return {"relays": state.relays,
                "in_families": sum(len(f) for f in state.families)}

    def say(self, state: PuzzleState, move: Move) -> str:
        if move == RELAY:
            how = "shuffle them and " if self.option("relay") == "shuffled" else ""
            return f"take up the piles, {how}lay them again"
        i = numbers(move.code)[0]
        c = state.piles[i - 1][-1]
        word = "last" if rank_of(c) == ACE else "next"
        return f"play {name(c)} from pile {i} on the family above it ({word} card)"
