"""Napoleon's positions written out (families, columns, a state), for its tests and Le
Cadran's, which shares its layout."""

from __future__ import annotations

from dataclasses import replace

from rules.cards import Card, card, cards
from rules.games.napoleon import COLS, FAMILIES, Napoleon
from rules.patience import Table

GAME = Napoleon()


def full(suit: int, n: int = 13, pack: int = 0) -> tuple[Card, ...]:
    return tuple(card(r, suit, pack) for r in range(1, n + 1))


def fams(*ns: int) -> tuple[tuple[Card, ...], ...]:
    return tuple(full(j % 4, n, j // 4) for j, n in enumerate(ns))


def cols(*piles: str) -> tuple[tuple[Card, ...], ...]:
    out = [cards(p) for p in piles]
    return tuple(out + [()] * (10 - len(out)))


def state(columns: tuple[tuple[Card, ...], ...], pack: str = "", stock: str = "",
          families: tuple[tuple[Card, ...], ...] = fams(0, 0, 0, 0, 0, 0, 0, 0),
          turns: int = 0) -> Table:
    """A position: ``pack`` first card turned first, the rest bottom first."""
    laid = {p.id: c for p, c in zip(COLS, columns, strict=True)}
    fam = {p.id: f for p, f in zip(FAMILIES, families, strict=True)}
    t = GAME.table(laid | fam | {"pack": tuple(reversed(cards(pack))), "stock": cards(stock)})
    return replace(t, seed=4, redeals=turns)


def column(t: Table, i: int) -> tuple[Card, ...]:
    """Column ``i`` (from 1), upper row first."""
    return GAME.pile(t, f"c{i}")
