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
from dataclasses import replace
from itertools import combinations
from typing import ClassVar

from .. import packets, places
from ..cards import Card, name
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, PAIR, PRIVILEGE
from ..solo import shuffled_pack

SIDE = 5
PLACES = SIDE * SIDE
PACK, OUT = PLACES, PLACES + 1  # where the pack and the cards thrown out lie


def _lined(i: int, j: int) -> bool:
    return i // SIDE == j // SIDE or i % SIDE == j % SIDE


def rows_in_play(game: Patience, t: Table) -> int:
    """The rows still in play (the lower rows are taken up one by one at the end)."""
    return SIDE - game.mark(t, "rows_out")


@register
class Fourteen(Patience):
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
    facts = (("in_pack", size("pack")), ("rows_in_play", rows_in_play))
    home_kinds = ("discard",)
    #: Rows taken up; shuffles made so far (the next one draws from stream shuffles + 1).
    marks = ("rows_out", "shuffles")

    def lay_piles(self) -> tuple[Pile, ...]:
        return places.piles(PLACES, lambda i: f"row {i // SIDE + 1}, place {i % SIDE + 1}",
                            lambda i: f"row {i // SIDE + 1}", out="cards thrown out")

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return replace(self.table({"pack": cards[::-1]}), seed=seed)

    offers_end = packets.no_end

    def steps(self, t: Table) -> list[Step]:
        laying = places.laying(self, t, PLACES, PACK)
        if laying:
            return laying
        pairs = places.sums(t, PLACES, 14, _lined)
        filled = [(i, p[-1]) for i, p in enumerate(t.piles[:PLACES]) if p]
        if pairs or not self.may_use_privilege(t):
            return pairs
        return [Step(f"x{i + 1}-{j + 1}", PRIVILEGE, i, j)
                for (i, _), (j, _) in combinations(filled, 2)]

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        if s.kind == DEAL:
            return places.fill(state, PLACES, PACK)
        if s.kind == PAIR:
            return self._settle(self.pair(state, s))
        piles = list(state.piles)
        piles[s.source], piles[s.target] = piles[s.target], piles[s.source]
        return replace(state, piles=tuple(piles), privileges_used=self.use_privilege(state))

    def _settle(self, t: Table) -> Table:
        """Fill the places from the pack; when it is out, take up cards as the book says."""
        rows = rows_in_play(self, t)
        t = places.fill(t, rows * SIDE, PACK)
        shuffles = self.mark(t, "shuffles")
        relay = self.option("endgame") == "relay_all"
        while not t.piles[PACK]:
            grid = t.piles[:rows * SIDE]
            if relay:
                left = [p for p in grid if p]
                if grid[:len(left)] == tuple(left):
                    break  # no empty place before a filled one
                taken, cleared = range(len(grid)), len(grid)
            else:
                if rows == 1 or () not in grid[:(rows - 1) * SIDE]:
                    break
                rows -= 1
                taken, cleared = range(rows * SIDE, (rows + 1) * SIDE), rows * SIDE
            shuffles += 1
            cards = [c for i in taken for c in t.piles[i]]
            piles = [() if i in taken else p for i, p in enumerate(t.piles)]
            piles[PACK] = shuffled_pack(cards, t.seed, shuffles)
            t = places.fill(replace(t, piles=tuple(piles)), cleared, PACK)
        return self.marked(t, rows_out=SIDE - rows, shuffles=shuffles)

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "every card is used up: the game of fourteen is mastered"
        left = len(state.piles[PACK]) + sum(bool(p) for p in state.piles[:PLACES])
        return f"no two cards in a row make fourteen; {left} cards are left"

    def say(self, state: Table, move: Move) -> str:
        s = self.step(state, move)
        if s.kind == DEAL:
            return "lay off five rows of five cards each"
        i, j = s.source, s.target
        a, b = places.cards_at(state, (i, j))
        if s.kind == PRIVILEGE:
            return f"exchange the places of {name(a)} (place {i + 1}) and {name(b)} " \
                f"(place {j + 1})"
        return f"throw out {name(a)} and {name(b)} (places {i + 1} and {j + 1})"
