"""Napoleon's positions written out (families, columns, a state), for its tests and Le
Cadran's, which shares its layout."""

from __future__ import annotations

from rules.cards import Card, card, cards
from rules.games.napoleon import NapoleonState


def full(suit: int, n: int = 13, pack: int = 0) -> tuple[Card, ...]:
    return tuple(card(r, suit, pack) for r in range(1, n + 1))


def fams(*ns: int) -> tuple[tuple[Card, ...], ...]:
    return tuple(full(j % 4, n, j // 4) for j, n in enumerate(ns))


def cols(*piles: str) -> tuple[tuple[Card, ...], ...]:
    out = [cards(p) for p in piles]
    return tuple(out + [()] * (10 - len(out)))


def state(columns: tuple[tuple[Card, ...], ...], pack: str = "", stock: str = "",
          families: tuple[tuple[Card, ...], ...] = fams(0, 0, 0, 0, 0, 0, 0, 0),
          turns: int = 0) -> NapoleonState:
    return NapoleonState(families, columns, tuple(reversed(cards(pack))), 4, cards(stock),
                         turns)
