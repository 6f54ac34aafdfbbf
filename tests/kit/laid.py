"""Tables laid by hand for the tests of games that share a layout (each test names its
own game): Bethel's and Le Calcul's, and the two Nivernaises' (rules/flanks.py)."""

from __future__ import annotations

from dataclasses import replace

from rules.cards import Card
from rules.patience import Patience, Table


def bethel_table(game: Patience, fams: tuple[tuple[Card, ...], ...],
                 waste: tuple[tuple[Card, ...], ...], pack: tuple[Card, ...],
                 hand: Card = 0) -> Table:
    """A table: the families, the four piles below, the pack (top last), the card turned
    up (0: none)."""
    return game.table({f"f{j + 1}": f for j, f in enumerate(fams)}
                      | {f"w{i + 1}": w for i, w in enumerate(waste)}
                      | {"pack": pack, "hand": (hand,) if hand else ()})


def hand_of(st: Table) -> Card:
    """The card turned up in Bethel's layout (0: none)."""
    return st.piles[9][-1] if st.piles[9] else 0


def flanks_table(game: Patience, fams: tuple[tuple[Card, ...], ...],
                 sides: tuple[Card, ...], line: tuple[tuple[Card, ...], ...],
                 pack: tuple[Card, ...], redeals: int, seed: int) -> Table:
    """A table: the families, the side places (0 for a space), the six piles, the pack
    (top last)."""
    t = game.table({f"f{j + 1}": f for j, f in enumerate(fams)}
                   | {f"s{k + 1}": (c,) if c else () for k, c in enumerate(sides)}
                   | {f"p{i + 1}": p for i, p in enumerate(line)} | {"pack": pack})
    return replace(t, redeals=redeals, seed=seed)
