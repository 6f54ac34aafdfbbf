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
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, ClassVar

from ..cards import Card, name, rank_of
from ..description import CADOGAN, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import Place, SoloGame, fill, numbers, open_zone, pack_of, pack_zone

SIDE = 5
DEAL, DONE = Move("d"), Move("done")
#: ``QuatorzeState.half`` when no exchange is half made.
NO_HALF = (-1, -1)


@dataclass(frozen=True, slots=True)
class QuatorzeState:
    grid: tuple[Place, ...]
    pack: tuple[Card, ...]
    out: tuple[Card, ...] = ()
    dealt: bool = True
    #: The privileges used (the solo shell's count: ``exchange``, once; taken by its
    #: first half).
    privileges_used: tuple[str, ...] = ()
    #: The two places (0-based) of the first half of an exchange under way.
    half: tuple[int, int] = NO_HALF


def in_line(i: int, j: int) -> bool:
    """Places ``i`` and ``j`` lie in one horizontal or perpendicular row."""
    return i // SIDE == j // SIDE or i % SIDE == j % SIDE


@register
class LesQuatorze(SoloGame[QuatorzeState]):
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

    def layout(self, cards: tuple[Card, ...], seed: int) -> QuatorzeState:
        return QuatorzeState((None,) * SIDE * SIDE, pack_of(cards), dealt=False)

    def pairs(self, grid: tuple[Place, ...]) -> list[tuple[int, int]]:
        filled = [(i, c) for i, c in enumerate(grid) if c is not None]
        return [(i, j) for (i, a), (j, b) in combinations(filled, 2)
                if rank_of(a) + rank_of(b) == 14 and in_line(i, j)]

    def moves(self, state: QuatorzeState) -> tuple[Move, ...]:
        if not state.dealt:
            return (DEAL,)
        filled = [i for i, c in enumerate(state.grid) if c is not None]
        if state.half != NO_HALF:
            rest = [i for i in filled if i not in state.half]
            return (*(Move(f"x{i + 1}-{j + 1}") for i, j in combinations(rest, 2)), DONE)
        pairs = self.pairs(state.grid)
        if pairs or not self.may_use_privilege(state):
            return tuple(Move(f"p{i + 1}-{j + 1}") for i, j in pairs)
        return tuple(Move(f"x{i + 1}-{j + 1}") for i, j in combinations(filled, 2))

    def play(self, state: QuatorzeState, move: Move) -> QuatorzeState:
        if move == DEAL:
            cells, pack = fill(state.grid, state.pack)
            return QuatorzeState(cells, pack)
        if move == DONE:
            return replace(state, half=NO_HALF)
        i, j = (n - 1 for n in numbers(move.code))
        grid = list(state.grid)
        if move.code[0] == "x":
            grid[i], grid[j] = grid[j], grid[i]
            first = state.half == NO_HALF
            second = not first or self.options["exchange"] == "one_pair"
            used = self.use_privilege(state) if first else state.privileges_used
            return replace(state, grid=tuple(grid), privileges_used=used,
                           half=NO_HALF if second else (i, j))
        a, b = grid[i], grid[j]
        assert a is not None and b is not None
        grid[i] = grid[j] = None
        filled, pack = fill(grid, state.pack)
        return replace(state, grid=filled, pack=pack, out=(*state.out, a, b))

    def order_moves(self, state: QuatorzeState, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """The solver's knowledge: the pair (or change of places) after which the most
        fourteens can be composed comes first, so that the game is not blocked while
        cards are left (every card known, the refills from the hand included)."""
        def after(move: Move) -> int:
            if move.code[0] not in "px":
                return 0
            return -len(self.pairs(self.play(state, move).grid))

        return tuple(sorted(moves, key=after))

    def solver_key(self, state: QuatorzeState) -> Hashable:
        """Suits play no part: the ranks on the places, how many cards are left in hand
        (the hand only shrinks from its top), and the exchange's progress."""
        return (tuple(0 if c is None else rank_of(c) for c in state.grid), len(state.pack),
                state.dealt, state.privileges_used, state.half)

    def won(self, state: QuatorzeState) -> bool:
        return state.dealt and not state.pack and all(c is None for c in state.grid)

    def summary(self, state: QuatorzeState, won: bool) -> str:
        if won:
            return "the entire pack is paired off"
        left = len(state.pack) + sum(c is not None for c in state.grid)
        return f"no fourteen can be composed and the exchange is spent; {left} cards left"

    def zones(self, state: QuatorzeState) -> tuple[Zone, ...]:
        out = [Zone(f"c{i + 1}", "cell", () if c is None else (c,), 1,
                    label=f"row {i // SIDE + 1}, place {i % SIDE + 1}",
                    group=f"row {i // SIDE + 1}")
               for i, c in enumerate(state.grid)]
        out.append(pack_zone(state.pack, label="the cards in hand"))
        out.append(open_zone("out", "discard", state.out, "cards paired off"))
        return tuple(out)

    def public(self, state: QuatorzeState) -> dict[str, Any]:
        return {"in_hand": len(state.pack), **self.privilege_facts(state),
                "exchange_half_made": state.half != NO_HALF}

    def say(self, state: QuatorzeState, move: Move) -> str:
        if move == DEAL:
            return "deal out twenty-five cards in five rows of five"
        if move == DONE:
            return "leave the exchange at the one change made"
        i, j = (n - 1 for n in numbers(move.code))
        a, b = state.grid[i], state.grid[j]
        assert a is not None and b is not None
        if move.code[0] == "x":
            return f"change the places of {name(a)} (place {i + 1}) and {name(b)} " \
                f"(place {j + 1})"
        return f"pair off {name(a)} and {name(b)} (places {i + 1} and {j + 1})"
