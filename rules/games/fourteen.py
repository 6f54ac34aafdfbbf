"""Fourteen, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1014-1048; rule sheet ``shared/games/cheney.md``,
section Fourteen.

Two packs. Five rows of five (l.1020). Two cards in one row, across or down, whose pips
make fourteen are thrown out and their places filled from the pack in the order first
laid (l.1021-1028); knave eleven, queen twelve, king thirteen (l.1030-1031). With every
place full and nothing to take out before the pack is done, the player may exchange the
places of two cards; with still no vacant place the game is lost (l.1031-1041). When
the pack is exhausted, the cards of the lower rows are taken up, shuffled, and fill the
empty places of the other rows, until every card is used up (l.1041-1048).

Readings (the sheet's PROPOSED readings unless said otherwise):

- Ace counts one; pairs are A+K, 2+Q, 3+J, 4+10, 5+9, 6+8, 7+7 (amb. 3: any two cards of
  one row or one column, not only neighbours).
- Places are filled at once after each throw-out, in laying order (row by row, left to
  right).
- The exchange (amb. 2): once a game (``exchange``, counted by the solo shell), whenever
  no pair can be thrown out (while the pack lasts that means every place is full); any
  two cards of the rows in play.
- The lower rows (amb. 1, ``endgame=lowest_row``): when the pack is exhausted and a
  place is empty in a row above the lowest row in play, the cards of that lowest row are
  taken up, shuffled and used as the pack to fill the places above, in laying order; the
  row is then out of play, and so on upwards. This differs slightly from the sheet, which
  takes the lowest row up whenever a place is empty: while the only empty places are in
  the lowest row itself there are no places "in the other rows" to fill, so its cards
  stay in play (taking them up could only lose pairs). Rows left empty are passed over.
  ``endgame=relay_all`` follows the sheet's alternative: when the pack is exhausted and
  a place is empty before a filled one, all the cards left are taken up, shuffled and
  laid again from the first place.
- Each shuffle draws from ``Rng.from_seed(seed, stream=k)``, k = 1, 2, ... in turn.
- Success: every card thrown out. Failure: no pair, and the exchange used.

The game is chance, with small choices. The first move, ``d``, lays out the rows. Legal
moves, in order: ``d``; ``p<i>-<j>`` (throw out the cards at places i < j, numbered 1-25
row by row); ``x<i>-<j>`` (exchange them, only when no pair is left); ``auto``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from ..cards import Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import (
    Place,
    SoloGame,
    fill,
    numbers,
    open_zone,
    pack_of,
    pack_zone,
    shuffled_pack,
)

SIDE = 5
DEAL = Move("d")


@dataclass(frozen=True, slots=True)
class FourteenState:
    grid: tuple[Place, ...]
    pack: tuple[Card, ...]
    seed: int
    out: tuple[Card, ...] = ()
    dealt: bool = True
    #: Rows still in play (the lower rows are taken up one by one at the end).
    rows: int = SIDE
    #: The privileges used (the solo shell's count: ``exchange``, once).
    privileges_used: tuple[str, ...] = ()
    #: Shuffles made so far (the next one draws from stream shuffles + 1).
    shuffles: int = 0


def _lined(i: int, j: int) -> bool:
    return i // SIDE == j // SIDE or i % SIDE == j % SIDE


@register
class Fourteen(SoloGame[FourteenState]):
    description = Description(
        id="fourteen", title="Fourteen", book=CHENEY, lines="1014-1048", skill="chance",
        bound=200, packs=2, chance=True)
    privileges_allowed: ClassVar[Mapping[str, int]] = {"exchange": 1}
    option_specs = (
        Option("endgame", "lowest_row",
               "lowest_row: when the pack is out, the lowest row in play is taken up and "
               "shuffled to fill the rows above; relay_all: all the cards left are "
               "shuffled and laid again from the first place", choices=("lowest_row",
                                                                         "relay_all")),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> FourteenState:
        return FourteenState((None,) * SIDE * SIDE, pack_of(cards), seed, dealt=False)

    def moves(self, state: FourteenState) -> tuple[Move, ...]:
        if not state.dealt:
            return (DEAL,)
        filled = [(i, c) for i, c in enumerate(state.grid) if c is not None]
        pairs = tuple(Move(f"p{i + 1}-{j + 1}") for (i, a), (j, b) in combinations(filled, 2)
                      if rank_of(a) + rank_of(b) == 14 and _lined(i, j))
        if pairs or not self.may_use_privilege(state):
            return pairs
        return tuple(Move(f"x{i + 1}-{j + 1}") for (i, _), (j, _) in combinations(filled, 2))

    def play(self, state: FourteenState, move: Move) -> FourteenState:
        if move == DEAL:
            return FourteenState(*fill(state.grid, state.pack), state.seed)
        i, j = (n - 1 for n in numbers(move.code))
        grid = list(state.grid)
        if move.code[0] == "x":
            grid[i], grid[j] = grid[j], grid[i]
            return FourteenState(tuple(grid), state.pack, state.seed, state.out,
                                 rows=state.rows, privileges_used=self.use_privilege(state),
                                 shuffles=state.shuffles)
        a, b = grid[i], grid[j]
        assert a is not None and b is not None
        grid[i] = grid[j] = None
        return self._settle(FourteenState(tuple(grid), state.pack, state.seed,
                                          (*state.out, a, b), rows=state.rows,
                                          privileges_used=state.privileges_used,
                                          shuffles=state.shuffles))

    def _settle(self, st: FourteenState) -> FourteenState:
        """Fill the places from the pack; when it is out, take up cards as the book says."""
        grid, pack = fill(st.grid[: st.rows * SIDE], st.pack)
        rows, shuffles = st.rows, st.shuffles
        relay = self.option("endgame") == "relay_all"
        while not pack:
            if relay:
                left = [c for c in grid if c is not None]
                if grid[: len(left)] == tuple(left):
                    break  # no empty place before a filled one
                taken, grid = left, (None,) * len(grid)
            else:
                if rows == 1 or None not in grid[: (rows - 1) * SIDE]:
                    break
                rows -= 1
                taken = [c for c in grid[rows * SIDE :] if c is not None]
                grid = grid[: rows * SIDE]
            shuffles += 1
            pack = shuffled_pack(taken, st.seed, shuffles)
            grid, pack = fill(grid, pack)
        grid += (None,) * (SIDE * SIDE - len(grid))
        return FourteenState(grid, pack, st.seed, st.out, rows=rows,
                             privileges_used=st.privileges_used, shuffles=shuffles)

    def won(self, state: FourteenState) -> bool:
        return state.dealt and not state.pack and all(c is None for c in state.grid)

    def summary(self, state: FourteenState, won: bool) -> str:
        if won:
            return "every card is used up: the game of fourteen is mastered"
        left = len(state.pack) + sum(c is not None for c in state.grid)
        return f"no two cards in a row make fourteen; {left} cards are left"

    def zones(self, state: FourteenState) -> tuple[Zone, ...]:
        out = [Zone(f"c{i + 1}", "cell", () if c is None else (c,), 1,
                    label=f"row {i // SIDE + 1}, place {i % SIDE + 1}",
                    group=f"row {i // SIDE + 1}")
               for i, c in enumerate(state.grid)]
        out.append(pack_zone(state.pack))
        out.append(open_zone("out", "discard", state.out, "cards thrown out"))
        return tuple(out)

    def public(self, state: FourteenState) -> dict[str, Any]:
        return {"in_pack": len(state.pack), "rows_in_play": state.rows,
                **self.privilege_facts(state)}

    def say(self, state: FourteenState, move: Move) -> str:
        if move == DEAL:
            return "lay off five rows of five cards each"
        i, j = (n - 1 for n in numbers(move.code))
        a, b = state.grid[i], state.grid[j]
        assert a is not None and b is not None
        if move.code[0] == "x":
            return f"exchange the places of {name(a)} (place {i + 1}) and {name(b)} " \
                f"(place {j + 1})"
        return f"throw out {name(a)} and {name(b)} (places {i + 1} and {j + 1})"
