"""A patience table that remembers arrangements it has had: for the rules of a few games
that forbid going back to one (a rule of the whole history, which no counter holds).

The Flower Garden may not bring its groups back to an arrangement they have had since a
card last came from the Bouquet or went home; Puzzle's un-shuffled re-lay is lost when
it brings back a layout already laid. Such a game's position is a :class:`Remembered`
table: a :class:`~rules.patience.Table` and the arrangements ``seen`` (each a tuple of
piles, as the game takes them). The model plays it as any table (``replace`` keeps it);
the game says when an arrangement is remembered (:func:`remember`) and reads them back
(:func:`seen`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .patience import Cards, Table

Arrangement = tuple[Cards, ...]


@dataclass(frozen=True, slots=True)
class Remembered(Table):
    """A table and the arrangements it has had that the game's rules remember."""

    seen: frozenset[Arrangement] = frozenset()


def seen(t: Table) -> frozenset[Arrangement]:
    """The arrangements remembered at ``t`` (none on a plain table)."""
    return t.seen if isinstance(t, Remembered) else frozenset()


def remember(t: Table, had: frozenset[Arrangement] = frozenset()) -> Remembered:
    """``t`` remembering the arrangements ``had`` (and no other)."""
    kept = {f.name: getattr(t, f.name) for f in fields(Table)}
    return Remembered(**kept | {"seen": had})


__all__ = ["Arrangement", "Remembered", "remember", "seen"]
