"""Little Lots, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1202-1243; rule sheet ``shared/games/cheney.md``,
section Little Lots.

A euchre pack of thirty-two cards (l.1207-1212) in eight lots of four, the top card of
each turned face up (l.1214-1216). Couples of top cards that match are laid aside, and
the tops of the lots they left are turned up, until no two cards match (l.1216-1228).
Success leaves no card on the table (l.1228-1231). One privilege: a lot with only two
cards left may have both turned up, and if they match they are removed (l.1231-1236).

Readings (the sheet's PROPOSED readings):

- "match" (amb. 1): the same rank, any suits; sixteen couples in all.
- Couples (amb. 3): the player chooses which couple to lay aside (it matters when three
  or four tops of a rank show); the new tops are turned up at once, as part of the move.
- The privilege (amb. 2): offered only when no couple is left among the tops, on any lot
  of exactly two cards whose lower card is still face down. The lower card is turned up;
  if the two match they are laid aside, else both stay face up. The text does not limit
  it to one lot (default ``privilege=each``: once on each lot, so at most eight times);
  ``privilege=once`` allows it once a game. The solo shell counts it (``turn_up``:
  :meth:`LittleLots.max_privileges`).
- Failure: no couple among the tops and no privilege to use.

The lots are laid face down and the first move, ``open``, turns up their tops (so that
a deal with no couple at all is still a game of one move). The game is chance, with
small choices. Legal moves, in order: ``open``; ``c<i>-<j>`` (lay aside the tops of lots
i < j), ``t<i>`` (the privilege on lot i); ``auto``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..cards import Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import COLUMN, DISCARD, Patience, Pile, Step, Table
from ..registry import register
from ..shape import PAIR, PRIVILEGE, TURN

LOTS = 8
OUT = LOTS  # where the couples laid aside lie


def couples(game: Patience, t: Table) -> int:
    return len(t.piles[OUT]) // 2


@register
class LittleLots(Patience):
    description = Description(
        id="little_lots", title="Little Lots", book=CHENEY, lines="1202-1243",
        skill="chance", bound=60, euchre=True, chance=True)
    option_specs = (
        Option("privilege", "each",
               "each: the privilege may be used on every lot of two cards; once: on one "
               "lot in the game", choices=("each", "once")),
    )
    facts = (("couples", couples),)
    #: Won when every card is laid aside.
    home_kinds = (DISCARD,)
    gives_up = False

    def max_privileges(self) -> Mapping[str, int]:
        """``turn_up`` once with ``privilege=once``; with ``each`` once on each lot, so
        at most once for each of the eight."""
        return {"turn_up": 1 if self.option("privilege") == "once" else LOTS}

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"l{i + 1}", "pile", f"lot {i + 1}", "lots", COLUMN, turn_up=True)
                  for i in range(LOTS)),
                Pile("out", DISCARD, "couples laid aside"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({f"l{i + 1}": cards[4 * i:4 * i + 4] for i in range(LOTS)},
                          {f"l{i + 1}": 4 for i in range(LOTS)})

    def opened(self, t: Table) -> bool:
        """Whether the tops have been turned up (the first move): every lot left shows
        its top from then on."""
        lots = t.piles[:LOTS]
        return not any(lots) or any(t.down[i] < len(p) for i, p in enumerate(lots))

    def steps(self, t: Table) -> list[Step]:
        if not self.opened(t):
            return [Step("open", TURN, 0)]  # every lot's top, from the first
        lots = t.piles[:LOTS]
        found = [Step(f"c{i + 1}-{j + 1}", PAIR, i, j)
                 for i in range(LOTS) for j in range(i + 1, LOTS)
                 if lots[i] and lots[j] and rank_of(lots[i][-1]) == rank_of(lots[j][-1])]
        if found or not self.may_use_privilege(t):
            return found
        return [Step(f"t{i + 1}", PRIVILEGE, i) for i in range(LOTS)
                if len(lots[i]) == 2 and t.down[i] == 1]

    def play(self, state: Table, move: Move) -> Table:
        if self.step(state, move).kind == TURN:
            return replace(state, down=(*(max(len(p) - 1, 0) for p in state.piles[:LOTS]), 0))
        return super().play(state, move)

    def special(self, t: Table, step: Step) -> Table:
        """The privilege: a lot's lower card turned up, the two laid aside if they
        match."""
        i = step.source
        lower, top = t.piles[i]
        used = replace(t, privileges_used=self.use_privilege(t))
        if rank_of(lower) != rank_of(top):
            return replace(used, down=(*t.down[:i], 0, *t.down[i + 1:]))
        piles = list(t.piles)
        piles[i], piles[OUT] = (), piles[OUT] + (top, lower)
        return replace(used, piles=tuple(piles), down=(*t.down[:i], 0, *t.down[i + 1:]))

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "every card matched: none is left on the table"
        left = sum(len(lot) for lot in state.piles[:LOTS])
        return f"{left} cards are left and no two tops match"

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == TURN:
            return "turn up the top card of each lot"
        i, j = s.source, s.target
        if s.kind == PAIR:
            return f"lay aside the couple {name(t.piles[i][-1])} (lot {i + 1}) and " \
                f"{name(t.piles[j][-1])} (lot {j + 1})"
        return f"use the privilege: turn up the last two cards of lot {i + 1} and lay " \
            "them aside if they match"
