"""Small pieces shared by Cheney's column games 32-39 (Old Stager, Corners, Rank and File,
Fooliana, Triangle, Staircase, Game of Seven).

- Families by suit: family ``i`` takes suit ``i % 4`` (spades, hearts, diamonds, clubs;
  two of each in a two-pack game), built up by one from a base rank (the ace, or the
  first card's rank in Corners and Fooliana), going round the corner from king to ace
  when ``wrap``. A card is offered to the first family of its suit that takes it.
- Marriages: ``alt_down`` (a card one lower of the other colour: the rule of the
  "interesting series" of l.2415-2421) and ``suit_down``.
- Runs: the cards on top of a column that already lie in marriage order and may move
  together (Fooliana, Staircase).
- ``end``: give up, lost. Games whose cards may wander between piles offer it after
  every other move, so that random play ends; a position with no other move is over by
  itself (:func:`rules.solo.with_end`).
- A move may not be answered by the move that only puts the same cards straight back
  (the state keeps that move's code, ``back``); undo does that better.
- Safe moves (:func:`safe_home`): a card to its family when no card off the families
  can ever be married onto it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import replace
from typing import Any, Protocol, TypeVar, cast

from ..cards import SUIT_NAMES, Card, is_red, name, rank_of, suit_of
from ..common import step_rank
from ..game import Move, Zone
from ..solo import SoloGame

Pile = tuple[Card, ...]
Piles = tuple[Pile, ...]
Fits = Callable[[Card, Card], bool]
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


def alt_down(c: Card, onto: Card) -> bool:
    """``c`` may be married onto ``onto``: one lower and of the other colour."""
    return rank_of(onto) == rank_of(c) + 1 and is_red(c) != is_red(onto)


def suit_down(c: Card, onto: Card) -> bool:
    """``c`` may be married onto ``onto``: one lower, same suit."""
    return rank_of(onto) == rank_of(c) + 1 and suit_of(c) == suit_of(onto)


def family_for(fams: Piles, c: Card, base: int = 1, wrap: bool = False) -> int:
    """The first family (0-based) of ``c``'s suit that takes ``c`` now, or -1."""
    for i in range(suit_of(c), len(fams), 4):
        f = fams[i]
        if len(f) == 13:
            continue
        if (not f and rank_of(c) == base) or (
                f and step_rank(rank_of(f[-1]), 1, wrap=wrap) == rank_of(c)):
            return i
    return -1


def safe_home(legal: Sequence[Move], candidates: Iterable[tuple[str, Card]], every: Pile,
              families: Piles, fits: Fits) -> tuple[Move, ...]:
    """Those of ``candidates`` (a move's code playing a card to its family, and the
    card) that are legal and that no card off the ``families`` (of ``every`` card of
    the game) other than an ace may ever be married onto (``fits(d, c)``), in order.

    Why that is safe, in a one-pack game whose families take each card in one place and
    take an ace whenever it can move: a line that wins from here leaves the card where
    it lies, or carries it about, until it goes home; nothing is ever put on it but an
    ace, which could as well have gone home, so the same line without those moves (an
    ace sent home instead) wins after the card has gone home now (the cards under it are
    free sooner, a space it leaves takes nothing it must). Each game says what else it
    must rule out (a pack turned in threes, a re-deal) before it calls this.
    """
    home = {c for f in families for c in f}
    off = [d for d in every if d not in home and rank_of(d) != 1]
    out = []
    for code, c in candidates:
        m = Move(code)
        if m in legal and not any(fits(d, c) for d in off):
            out.append(m)
    return tuple(out)


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


def shifts_last(moves: Sequence[str], is_shift: Callable[[str], bool]) -> list[str]:
    """``moves`` with the mere shifts after the others, each group in its order.

    A shift only carries cards from pile to pile: it plays no card to a family, turns
    none up, makes no space and takes nothing from the pack or stock. Listed after
    dealing, shifts are what first-legal play (and auto-play) tries last, so that it
    goes round in circles less often."""
    return [m for m in moves if not is_shift(m)] + [m for m in moves if is_shift(m)]


def back_of(code: str) -> str:
    """The code that moves the same cards straight back: ``"3t1>t5"`` -> ``"3t5>t1"``."""
    src, _, dst = code.partition(">")
    count = src[: len(src) - len(src.lstrip("0123456789"))]
    return f"{count}{dst}>{src[len(count):]}"


def family_label(i: int, base: int = 1) -> str:
    start = "" if base == 1 else f" from the {name_rank(base)}"
    return f"the {SUIT_NAMES[i % 4]} family{start}"


def name_rank(r: int) -> str:
    return ("", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "knave", "queen", "king")[r]


def family_zones(fams: Piles, base: int = 1) -> list[Zone]:
    return [Zone(f"f{i + 1}", "foundation", f, len(f), label=family_label(i, base),
                 group="families") for i, f in enumerate(fams)]


def onto(c: Card, pile: Pile, where: str) -> str:
    """``"onto 8♠ on column 3"``, or ``"into the empty column 3"``."""
    return f"onto {name(pile[-1])} on {where}" if pile else f"into the empty {where}"


def home(fams: Piles) -> int:
    return sum(len(f) for f in fams)


__all__ = [
    "CS", "DEAL", "ColumnGame", "ColumnState", "Fits", "Pile", "Piles", "add",
    "alt_down", "back_of", "family_for", "family_label", "family_zones", "home", "onto",
    "put", "run_code", "run_length", "run_moves", "safe_home", "shifts_last", "suit_down",
    "take_run",
]
