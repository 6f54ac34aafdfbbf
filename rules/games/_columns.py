"""Small pieces shared by Cheney's column games 32-39 (Old Stager, Corners, Rank and File,
Fooliana, Triangle, Staircase, Game of Seven).

- Families by suit and marriages (``alt_down``: the rule of the "interesting series" of
  l.2415-2421; ``suit_down``) are :mod:`rules.building`'s, the model's shared rules,
  re-exported here for the games not yet on :mod:`rules.patience`.
- Runs: the cards on top of a column that already lie in marriage order and may move
  together (Fooliana, Staircase).
- ``end``: give up, lost. Games whose cards may wander between piles offer it after
  every other move, so that random play ends; a position with no other move is over by
  itself (:func:`rules.solo.with_end`).
- A move may not be answered by the move that only puts the same cards straight back
  (the state keeps that move's code, ``back``); undo does that better.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import Any, Protocol, TypeVar, cast

from ..building import (
    Fits,
    Pile,
    Piles,
    alt_down,
    family_for,
    family_label,
    name_rank,
    onto,
    safe_home,
    shifts_last,
    suit_down,
)
from ..cards import Card, rank_of
from ..game import Move, Zone
from ..solo import SoloGame

#: Deal (turn) the next card of the pack.
DEAL = Move("d")


class ColumnState(Protocol):
    """What :class:`ColumnGame` reads from a state."""

    @property
    def families(self) -> Piles: ...

    @property
    def given_up(self) -> bool: ...


CS = TypeVar("CS", bound=ColumnState)


class ColumnGame(SoloGame[CS]):
    """A game of this group: won when the families hold every card; lost when the
    player gives up (``end``, which sets the state's ``given_up``) or when no move is
    left."""

    def won(self, state: CS) -> bool:
        return home(state.families) == 52 * self.packs

    def summary(self, state: CS, won: bool) -> str:
        total = 52 * self.packs
        if won:
            return f"all {total} cards in the families"
        why = "given up" if state.given_up else "no move is left"
        return f"{home(state.families)} of {total} cards in the families; {why}"

    def solver_key(self, state: CS) -> Hashable:
        """For the solver (rules/solver.py): the position without ``back``, where a
        game keeps it. The one move ``back`` forbids only leads to the position before,
        which the search entered first, so positions that differ only in it are one."""
        st: Any = state
        return cast(Hashable, replace(st, back="") if getattr(st, "back", "") else st)










def add(piles: Piles, i: int, c: Card) -> Piles:
    return (*piles[:i], (*piles[i], c), *piles[i + 1:])


def put(piles: Piles, i: int, pile: Pile) -> Piles:
    return (*piles[:i], pile, *piles[i + 1:])


def run_length(pile: Pile, up: int, fits: Fits) -> int:
    """How many top cards of ``pile`` (of which ``up`` lie face up) form a run, each
    married onto the one below it."""
    n = 1 if pile and up else 0
    while n < min(up, len(pile)) and fits(pile[-n], pile[-n - 1]):
        n += 1
    return n


def run_code(n: int, prefix: str, i: int, dst: str) -> str:
    """``"<prefix><i+1>>dst"`` for one card, ``"<n><prefix><i+1>>dst"`` for ``n``."""
    return f"{'' if n == 1 else n}{prefix}{i + 1}>{dst}"


def run_moves(piles: Piles, ups: Sequence[int], prefix: str) -> list[str]:
    """Every run move onto another pile in an alternate-colour game: the top ``k`` cards
    of pile ``i`` (``k`` within its run) onto pile ``j`` whose top card takes the deepest
    of them. In a run the ``k``-th card from the top is ``k - 1`` above the top card, so
    only one ``k`` can fit each pile."""
    out = []
    for i, p in enumerate(piles):
        if not p:
            continue
        n, low = run_length(p, ups[i], alt_down), rank_of(p[-1])
        for j, q in enumerate(piles):
            k = rank_of(q[-1]) - low if q and j != i else 0
            if 1 <= k <= n and alt_down(p[-k], q[-1]):
                out.append(run_code(k, prefix, i, f"{prefix}{j + 1}"))
    return out


def take_run(code: str, prefix: str) -> tuple[int, int]:
    """``(n, i)`` of a run move's source: ``"3r2"`` -> ``(3, 1)``, ``"r2"`` -> ``(1, 1)``."""
    at = code.index(prefix)
    return int(code[:at] or 1), int(code[at + 1:]) - 1




def back_of(code: str) -> str:
    """The code that moves the same cards straight back: ``"3t1>t5"`` -> ``"3t5>t1"``."""
    src, _, dst = code.partition(">")
    count = src[: len(src) - len(src.lstrip("0123456789"))]
    return f"{count}{dst}>{src[len(count):]}"






def family_zones(fams: Piles, base: int = 1) -> list[Zone]:
    return [Zone(f"f{i + 1}", "foundation", f, len(f), label=family_label(i, base),
                 group="families") for i, f in enumerate(fams)]




def home(fams: Piles) -> int:
    return sum(len(f) for f in fams)


__all__ = [
    "CS",
    "DEAL",
    "ColumnGame",
    "ColumnState",
    "Fits",
    "Pile",
    "Piles",
    "add",
    "alt_down",
    "back_of",
    "family_for",
    "family_label",
    "family_zones",
    "home",
    "name_rank",
    "onto",
    "put",
    "run_code",
    "run_length",
    "run_moves",
    "safe_home",
    "shifts_last",
    "suit_down",
    "take_run",
]
