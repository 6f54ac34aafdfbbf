"""Les Quatorze (the Vintage pages' The Fourteenth), from Cadogan's *Illustrated Games of
Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.801-837; the Vintage pages ``002`` l.1-9 give the
same text word for word (alias ``the_fourteenth``). Rule sheet ``shared/games/cadogan.md``,
section Les Quatorze.

Two packs. "Deal out twenty-five cards in five rows, each containing five cards. The
object is to compose the number fourteen with any two cards taken either from a
perpendicular or from a horizontal row. The knave counts eleven, the queen twelve, and the
king thirteen. The cards so paired are withdrawn, and their places filled by the cards in
your hand. If in the course of the game the number fourteen cannot be composed, one
chance remains [:] any two cards may be taken from their proper position, and may change
places with any other two cards ... the success consisting of the entire pack being
paired off" (l.807-831).

This is not Cheney's Fourteen (``fourteen``): Cheney's player exchanges the places of two
cards, and when the pack is out takes up the lower rows and shuffles them into the
places above; Cadogan's exchange moves two cards with two others, and says nothing of
taking cards up. Readings (the sheet's PROPOSED readings unless said otherwise):

- The ace counts one: pairs A+K, 2+Q, 3+J, 4+10, 5+9, 6+8, 7+7, suits free; the two cards
  share a row or a column, neighbours or not.
- Vacancies are filled at once from the hand, in reading order (row by row, left to
  right); once the hand is empty they stay empty, and rows and columns are by place.
- The exchange, once a game (``exchange``, counted by the solo shell) and only when no
  fourteen can be composed: the two cards X and Y change places with two others Z and W,
  X with Z and Y with W. It is played as two moves: ``x<i>-<j>`` (the first two places
  change cards), then either ``x<k>-<l>`` (two other places) or ``done`` (keep a single
  change: the sheet lets Y = W). Option ``exchange``: ``one_pair`` allows only the
  single change (the other reading, as Cheney's).
- The player chooses which pair to withdraw; success is every card paired off; failure
  is no fourteen with the exchange spent.

The game is chance, with small choices. The first move, ``d``, deals the rows. Legal moves,
in order: ``d``; ``p<i>-<j>`` (withdraw the cards at places i < j, numbered 1-25 row by
row); ``x<i>-<j>`` (exchange, when no pair is left); ``done``; ``auto``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import replace
from itertools import combinations
from typing import Any, ClassVar

from .. import packets, places
from ..cards import name, rank_of
from ..description import CADOGAN, Description
from ..game import Move, Option
from ..patience import Patience, Pile, Step, Table
from ..registry import register
from ..shape import DEAL, OTHER, PAIR, PRIVILEGE

SIDE = 5
PLACES = SIDE * SIDE
PACK = PLACES  # where the hand lies


def in_line(i: int, j: int) -> bool:
    """Places ``i`` and ``j`` lie in one horizontal or perpendicular row."""
    return i // SIDE == j // SIDE or i % SIDE == j % SIDE


@register
class LesQuatorze(Patience):
    description = Description(
        id="les_quatorze", title="Les Quatorze", book=CADOGAN, lines="801-837",
        skill="chance", bound=120, packs=2, chance=True, aliases=("the_fourteenth",),
        layout="grid")
    privileges_allowed: ClassVar[Mapping[str, int]] = {"exchange": 1}
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("exchange", "two_pairs", "two_pairs: two cards change places with two "
               "others (l.821-824), or one pair if the player likes; one_pair: one card "
               "with one other only", choices=("two_pairs", "one_pair")),
    )
    home_kinds = ("discard",)
    #: The two places (1-based; 0: none) of the first half of an exchange under way.
    marks = ("half_a", "half_b")

    def lay_piles(self) -> tuple[Pile, ...]:
        return places.piles(PLACES, lambda i: f"row {i // SIDE + 1}, place {i % SIDE + 1}",
                            lambda i: f"row {i // SIDE + 1}", "the cards in hand",
                            "cards paired off")

    offers_end = packets.no_end

    def half(self, t: Table) -> tuple[int, ...]:
        """The places (0-based) of the first half of an exchange under way, if any."""
        return tuple(n - 1 for n in (self.mark(t, "half_a"), self.mark(t, "half_b")) if n)

    def steps(self, t: Table) -> list[Step]:
        laying = places.laying(self, t, PLACES, PACK)
        if laying:
            return laying
        filled = [i for i, p in enumerate(t.piles[:PLACES]) if p]
        half = self.half(t)
        if half:
            rest = [i for i in filled if i not in half]
            return [*(Step(f"x{i + 1}-{j + 1}", PRIVILEGE, i, j)
                      for i, j in combinations(rest, 2)), Step("done", OTHER)]
        pairs = places.sums(t, PLACES, 14, in_line)
        if pairs or not self.may_use_privilege(t):
            return pairs
        return [Step(f"x{i + 1}-{j + 1}", PRIVILEGE, i, j) for i, j in combinations(filled, 2)]

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        if s.kind == DEAL:
            return places.fill(state, PLACES, PACK)
        if s.kind == PAIR:
            return places.fill(self.pair(state, s), PLACES, PACK)
        if s.kind == OTHER:  # done
            return self.marked(state, half_a=0, half_b=0)
        piles = list(state.piles)
        piles[s.source], piles[s.target] = piles[s.target], piles[s.source]
        first = not self.half(state)
        second = not first or self.options["exchange"] == "one_pair"
        used = self.use_privilege(state) if first else state.privileges_used
        swapped = replace(state, piles=tuple(piles), privileges_used=used)
        if second:
            return self.marked(swapped, half_a=0, half_b=0)
        return self.marked(swapped, half_a=s.source + 1, half_b=s.target + 1)

    def order_moves(self, state: Table, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """The solver's knowledge: the pair (or change of places) after which the most
        fourteens can be composed comes first, so that the game is not blocked while
        cards are left (every card known, the refills from the hand included)."""
        def after(move: Move) -> int:
            if move.code[0] not in "px":
                return 0
            return -len(places.summing(self.play(state, move), PLACES, 14, in_line))

        return tuple(sorted(moves, key=after))

    def solver_key(self, state: Table) -> Hashable:
        """Suits play no part: the ranks on the places, how many cards are left in hand
        (the hand only shrinks from its top), and the exchange's progress."""
        return (tuple(rank_of(p[-1]) if p else 0 for p in state.piles[:PLACES]),
                len(state.piles[PACK]), state.privileges_used, state.own)

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "the entire pack is paired off"
        left = len(state.piles[PACK]) + sum(bool(p) for p in state.piles[:PLACES])
        return f"no fourteen can be composed and the exchange is spent; {left} cards left"

    def public(self, state: Table) -> dict[str, Any]:
        return {"in_hand": len(state.piles[PACK]), **self.privilege_facts(state),
                "exchange_half_made": bool(self.half(state))}

    def say(self, state: Table, move: Move) -> str:
        s = self.step(state, move)
        if s.kind == DEAL:
            return "deal out twenty-five cards in five rows of five"
        if s.kind == OTHER:
            return "leave the exchange at the one change made"
        i, j = s.source, s.target
        a, b = places.cards_at(state, (i, j))
        if s.kind == PRIVILEGE:
            return f"change the places of {name(a)} (place {i + 1}) and {name(b)} " \
                f"(place {j + 1})"
        return f"pair off {name(a)} and {name(b)} (places {i + 1} and {j + 1})"
