"""Families built upward from any ace "as they appear", shared by several of Cheney's
games 23-35.

- Eight families that any ace may start (Lady of the Manor, The Square, Brunette and
  Blonde, Napoleon, The Toad): a family is the same whichever ace began it, so an ace
  is offered to the first empty family only, and a card that fits several families
  whose top cards are alike (by the game's ``key``: the rank when suit is free, the
  card when suit is followed) is offered to the first of them only.
- Turning the stock (Knaves' Dial, Brunette and Blonde, Napoleon): the sentence of the
  re-deal of a game whose ``redeal_word`` is ``"turn"`` (``stock_turn_said``).
- Marriages down in suit found by lookup (``tops_by_card``): the piles whose top card is
  one higher in the same suit, without testing every pair of piles.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from ..cards import ACE, Card, identity, rank_of
from ..solo import SoloGame

Fams = tuple[tuple[Card, ...], ...]


def up_targets(fams: Fams, c: Card, fits: Callable[[Card, Card], bool],
               key: Callable[[Card], Hashable] = rank_of, top: int = 13) -> list[int]:
    """The families (0-based) that ``c`` may go on: an ace on the first empty family;
    another card on the first family of each ``key`` of top card that ``fits`` it
    (``fits(top, c)``), among families with fewer than ``top`` cards."""
    if rank_of(c) == ACE:
        return [fams.index(())] if () in fams else []
    seen: set[Hashable] = set()
    out = []
    for j, f in enumerate(fams):
        if f and len(f) < top and fits(f[-1], c):
            k = key(f[-1])
            if k not in seen:
                seen.add(k)
                out.append(j)
    return out


def tops_by_card(piles: tuple[tuple[Card, ...], ...]) -> dict[Card, list[int]]:
    """The piles (0-based, in order) by their top card's identity: a card ``c`` may go
    down in suit on the piles ``tops_by_card(piles).get(identity(c) + 1, [])``."""
    out: dict[Card, list[int]] = {}
    for k, p in enumerate(piles):
        if p:
            out.setdefault(identity(p[-1]), []).append(k)
    return out


def stock_turn_said(game: SoloGame[Any], state: Any) -> str:
    """``"take up the stock and turn it over (turn 1 of 2)"``: the sentence of the
    re-deal of a game whose ``redeal_word`` is ``"turn"``."""
    how = "shuffle it" if game.option("shuffle") else "turn it over"
    return f"take up the stock and {how} {game.redeal_of(state)}"


__all__ = ["Fams", "stock_turn_said", "tops_by_card", "up_targets"]
