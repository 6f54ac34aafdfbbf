"""Families built upward from any ace "as they appear", shared by several of Cheney's
games 23-35.

- Eight families that any ace may start (Lady of the Manor, The Square, Brunette and
  Blonde, Napoleon, The Toad): a family is the same whichever ace began it, so an ace
  is offered to the first empty family only, and a card that fits several families
  whose top cards are alike (by the game's ``key``: the rank when suit is free, the
  card when suit is followed) is offered to the first of them only.
- Turning the stock (Knaves' Dial, Brunette and Blonde, Napoleon): the stock taken up
  becomes the pack, as it lies (its first card is turned first again) or, with option
  ``shuffle``, shuffled by sub-stream ``k`` of the deal's seed for the ``k``-th turn.
- Marriages down in suit found by lookup (``tops_by_card``): the piles whose top card is
  one higher in the same suit, without testing every pair of piles.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from ..cards import ACE, Card, identity, rank_of
from ..families import add as add_to
from ..families import home
from ..game import Game, Move, Zone
from ..solo import SoloGame, pack_of, reshuffle

Fams = tuple[tuple[Card, ...], ...]
EMPTY8: tuple[tuple[Card, ...], ...] = ((),) * 8


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


def family_codes(src: str, fams: Fams, c: Card, fits: Callable[[Card, Card], bool],
                 key: Callable[[Card], Hashable] = rank_of) -> list[Move]:
    """``<src>>f<j>`` for each family ``up_targets`` offers ``c``."""
    return [Move(f"{src}>f{j + 1}") for j in up_targets(fams, c, fits, key)]


def tops_by_card(piles: tuple[tuple[Card, ...], ...]) -> dict[Card, list[int]]:
    """The piles (0-based, in order) by their top card's identity: a card ``c`` may go
    down in suit on the piles ``tops_by_card(piles).get(identity(c) + 1, [])``."""
    out: dict[Card, list[int]] = {}
    for k, p in enumerate(piles):
        if p:
            out.setdefault(identity(p[-1]), []).append(k)
    return out


def stock_turned(game: Game[Any], seed: int, k: int, stock: tuple[Card, ...]
                 ) -> tuple[Card, ...]:
    """The pack made of ``stock`` taken up for the ``k``-th turn."""
    return pack_of(reshuffle(seed, k, stock) if game.option("shuffle") else stock)


def stock_turn_said(game: SoloGame[Any], state: Any) -> str:
    """``"take up the stock and turn it over (turn 1 of 2)"``: the sentence of the
    re-deal of a game whose ``redeal_word`` is ``"turn"``."""
    how = "shuffle it" if game.option("shuffle") else "turn it over"
    return f"take up the stock and {how} {game.redeal_of(state)}"


def short_of(fams: Fams, given_up: bool, where: str = "in the families") -> str:
    """How a two-pack game that was not won ended: ``"57 of 104 cards in the families;
    given up"`` (or ``no move is left``)."""
    why = "given up" if given_up else "no move is left"
    return f"{home(fams)} of 104 cards {where}; {why}"


def up_zones(fams: Fams, label: str = "family") -> list[Zone]:
    """One face-up foundation zone per family, ``f1`` ..."""
    return [Zone(f"f{j + 1}", "foundation", f, len(f), label=f"{label} {j + 1}",
                 group="families") for j, f in enumerate(fams)]


__all__ = ["EMPTY8", "Fams", "add_to", "family_codes", "home", "short_of", "stock_turn_said",
           "stock_turned", "tops_by_card", "up_targets",
           "up_zones"]
