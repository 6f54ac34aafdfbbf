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
from dataclasses import dataclass
from typing import Any

from ..cards import Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, numbers, open_zone

LOTS = 8
OPEN = Move("open")


@dataclass(frozen=True, slots=True)
class LotsState:
    #: The eight lots, top last.
    lots: tuple[tuple[Card, ...], ...]
    #: How many top cards of each lot lie face up (0 when empty, 2 after a privilege).
    up: tuple[int, ...]
    out: tuple[Card, ...] = ()
    #: The privileges used (the solo shell's count: ``turn_up``).
    privileges_used: tuple[str, ...] = ()
    #: The tops have been turned up (the first move).
    opened: bool = True


@register
class LittleLots(SoloGame[LotsState]):
    description = Description(
        id="little_lots", title="Little Lots", book=CHENEY, lines="1202-1243",
        skill="chance", bound=60, euchre=True, chance=True)
    option_specs = (
        Option("privilege", "each",
               "each: the privilege may be used on every lot of two cards; once: on one "
               "lot in the game", choices=("each", "once")),
    )

    def max_privileges(self) -> Mapping[str, int]:
        """``turn_up`` once with ``privilege=once``; with ``each`` once on each lot, so
        at most once for each of the eight."""
        return {"turn_up": 1 if self.option("privilege") == "once" else LOTS}

    def layout(self, cards: tuple[Card, ...], seed: int) -> LotsState:
        lots = tuple(tuple(cards[4 * i : 4 * i + 4]) for i in range(LOTS))
        return LotsState(lots, (0,) * LOTS, opened=False)

    def moves(self, state: LotsState) -> tuple[Move, ...]:
        if not state.opened:
            return (OPEN,)
        lots = state.lots
        couples = tuple(
            Move(f"c{i + 1}-{j + 1}")
            for i in range(LOTS) for j in range(i + 1, LOTS)
            if lots[i] and lots[j] and rank_of(lots[i][-1]) == rank_of(lots[j][-1])
        )
        if couples:
            return couples
        if not self.may_use_privilege(state):
            return ()
        return tuple(Move(f"t{i + 1}") for i in range(LOTS)
                     if len(lots[i]) == 2 and state.up[i] == 1)

    def play(self, state: LotsState, move: Move) -> LotsState:
        if move == OPEN:
            return LotsState(state.lots, tuple(1 if lot else 0 for lot in state.lots))
        lots, up, out = list(state.lots), list(state.up), state.out
        used = state.privileges_used
        if move.code[0] == "c":
            for n in numbers(move.code):
                i = n - 1
                out += (lots[i][-1],)
                lots[i] = lots[i][:-1]
                up[i] = 1 if lots[i] else 0
        else:
            i = numbers(move.code)[0] - 1
            used = self.use_privilege(state)
            lower, top = lots[i]
            if rank_of(lower) == rank_of(top):
                out += (top, lower)
                lots[i], up[i] = (), 0
            else:
                up[i] = 2
        return LotsState(tuple(lots), tuple(up), out, used)

    def won(self, state: LotsState) -> bool:
        return not any(state.lots)

    def summary(self, state: LotsState, won: bool) -> str:
        if won:
            return "every card matched: none is left on the table"
        left = sum(len(lot) for lot in state.lots)
        return f"{left} cards are left and no two tops match"

    def zones(self, state: LotsState) -> tuple[Zone, ...]:
        out = [Zone(f"l{i + 1}", "pile", lot, state.up[i], label=f"lot {i + 1}",
                    group="lots") for i, lot in enumerate(state.lots)]
        out.append(open_zone("out", "discard", state.out, "couples laid aside"))
        return tuple(out)

    def public(self, state: LotsState) -> dict[str, Any]:
        return {"couples": len(state.out) // 2, **self.privilege_facts(state)}

    def say(self, state: LotsState, move: Move) -> str:
        if move == OPEN:
            return "turn up the top card of each lot"
        if move.code[0] == "c":
            i, j = (n - 1 for n in numbers(move.code))
            return f"lay aside the couple {name(state.lots[i][-1])} (lot {i + 1}) and " \
                f"{name(state.lots[j][-1])} (lot {j + 1})"
        i = numbers(move.code)[0] - 1
        return f"use the privilege: turn up the last two cards of lot {i + 1} and lay " \
            "them aside if they match"
