"""Columns built down in alternate colours beside a *fan*: a reserve laid out so that
every card of it is free (Idiot's Delight's cards placed apart, Triangle's spare cards).

A free card is a column's top (code ``t<n>``) or any card of the fan (the fan's letter
and the card's code: ``r7h``). Each may go to its family (``<free>>f``), onto a column
whose top is one higher in the other colour (``<free>>t<n>``), or into the first empty
column, where a column's only card does not go (that would only move the space). A game
lists the free cards with :func:`free_cards` (adding any of its own, such as a family's
top that may come back), its moves with :func:`home_steps` and :func:`column_steps`, and
its safe moves home from :func:`home_candidates`
(:meth:`rules.patience.Patience.safe_home`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .building import alt_down, family_for
from .cards import Card, code
from .patience import Step, Table

#: A free card: its code, its pile, its place in that pile (``None``: the top), the card.
Free = tuple[str, int, int | None, Card]


def free_cards(t: Table, first: int, last: int, fan: int, letter: str) -> list[Free]:
    """The tops of columns ``first``-``last`` (excluded), in order, then every card of
    pile ``fan``, bottom first."""
    out: list[Free] = [(f"t{i + 1}", first + i, None, p[-1])
                       for i, p in enumerate(t.piles[first:last]) if p]
    return out + [(letter + code(c).lower(), fan, k, c) for k, c in enumerate(t.piles[fan])]


def home_steps(free: Sequence[Free], fams: Sequence[tuple[Card, ...]]) -> list[Step]:
    """Each free card, in order, to the family that takes it."""
    return [Step(f"{src}>f", source=i, target=j, at=at) for src, i, at, c in free
            if (j := family_for(fams, c)) >= 0]


def column_steps(t: Table, first: int, last: int, free: Sequence[Free]) -> list[Step]:
    """Each free card onto each column (``first``-``last``) it marries, in order; then
    into the first empty column, each that may."""
    cols = t.piles[first:last]
    out = []
    for src, i, at, c in free:
        out += [Step(f"{src}>t{j + 1}", source=i, target=first + j, at=at)
                for j, q in enumerate(cols) if q and i != first + j and alt_down(c, q[-1])]
    if () in cols:
        k = cols.index(())
        out += [Step(f"{src}>t{k + 1}", source=i, target=first + k, at=at)
                for src, i, at, _ in free if not first <= i < last or len(t.piles[i]) > 1]
    return out


def home_candidates(free: Sequence[Free]) -> list[tuple[str, Card]]:
    """Each free card's move home, and the card (for ``Patience.safe_home``)."""
    return [(f"{src}>f", c) for src, _, _, c in free]


__all__ = ["Free", "column_steps", "free_cards", "home_candidates", "home_steps"]
