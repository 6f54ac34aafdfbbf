"""The table of the Duchess of Luynes (Cheney) and La Duchesse de Luynes (Cadogan).

Both deal two packs card by card (``d``) in rounds of six, one card to each of four
places and two to a stock (Cheney's) or a Discard (Cadogan's), onto the eight ace and
king families of :mod:`rules.families` (``f1``-``f4`` up from the aces, ``f5``-``f8``
down from the kings, following suit); the cards are taken up three times (``redeal``),
the fourth deal in rounds of four without the stock. Each game's module says what its
stock is and how the cards are taken up; this module holds the table and the deal they
share, on the patience model. ``slot``, the game's own mark, is where the next card goes
(0-3 a place, 4-5 the stock).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .cards import Card
from .families import family_name, family_targets
from .patience import DOWN, HOME, Patience, Pile, Step, Table
from .shape import DEAL, REDEAL
from .solo import pack_of

P, STOCK, PACK = 8, 12, 13  # where the places, the stock and the pack lie
FAMILIES = tuple(Pile(f"f{i + 1}", "foundation", family_name(i), "aces" if i < 4 else "kings")
                 for i in range(8))


def piles(place: str, stock: str, face: str) -> tuple[Pile, ...]:
    """The families, four places (each called ``place`` and its number), the stock
    (labelled ``stock``, its cards lying as ``face`` says) and the pack."""
    return (*FAMILIES, *(Pile(f"p{k + 1}", "pile", f"{place} {k + 1}", "rows") for k in range(4)),
            Pile("stock", "reserve", stock, face=face), Pile("pack", "stock", "the pack",
                                                             face=DOWN))


def layout(game: Patience, cards: tuple[Card, ...], seed: int) -> Table:
    return replace(game.table({"pack": cards[::-1]}), seed=seed)


def to_families(game: Patience, t: Table, stock: Sequence[tuple[str, int]]) -> list[Step]:
    """The top card of each place, then the stock's cards ``stock`` names (a code and
    the card's index, first laid first), to each family it fits."""
    fams = game.families(t)
    out = [Step(f"p{k + 1}>f{j + 1}", source=P + k, target=j)
           for k, p in enumerate(t.piles[P:STOCK]) if p for j in family_targets(fams, p[-1])]
    for code, k in stock:
        out += [Step(f"{code}>f{j + 1}", source=STOCK, target=j, at=k)
                for j in family_targets(fams, t.piles[STOCK][k])]
    return out


def from_pack(game: Patience, t: Table) -> list[Step]:
    """``d`` while the pack lasts (to the slot); then ``redeal`` while one is left and
    a card lies out."""
    if t.piles[PACK]:
        slot = game.mark(t, "slot")
        return [Step("d", DEAL, PACK, STOCK if slot >= 4 else P + slot)]
    if game.may_redeal(t) and any(t.piles[P:PACK]):
        return [Step("redeal", REDEAL, STOCK, PACK, len(t.piles[STOCK]))]
    return []


def deal(game: Patience, before: Table, after: Table) -> Table:
    """``after`` (a card dealt) with the slot moved on: rounds of six while a re-deal is
    left, of four in the last deal."""
    rhythm = 6 if game.may_redeal(before) else 4
    return game.marked(after, slot=(game.mark(before, "slot") + 1) % rhythm)


def gather(game: Patience, t: Table, taken: Sequence[Card], places: bool) -> Table:
    """A re-deal: the pack made of ``taken`` (first card first), the stock emptied and,
    when ``places``, the places too; counted, the slot back to place 1."""
    piles = list(t.piles)
    for i in range(P if places else STOCK, PACK):
        piles[i] = ()
    piles[PACK] = pack_of(taken)
    down = (*t.down[:P], *(0,) * 5, len(taken))
    return game.marked(replace(t, piles=tuple(piles), down=down,
                               redeals=game.redeal_number(t)), slot=0)


def next_card_to(game: Patience, t: Table, place: str, stock: str) -> str | None:
    """Where the next card of the pack goes, in the table's words."""
    if not t.piles[PACK]:
        return None
    slot = game.mark(t, "slot")
    return stock if slot >= 4 else f"{place} {slot + 1}"


def public(game: Patience, t: Table, facts: dict[str, Any]) -> dict[str, Any]:
    """The facts of both: the pack, the deal, re-deals left, the game's ``facts``, where
    the next card goes, and the cards in the families."""
    return {"pack": len(t.piles[PACK]), "deal": game.redeal_number(t),
            **game.redeal_facts(t), **facts, "in_families": HOME(game, t)}


__all__ = [
    "FAMILIES",
    "PACK",
    "STOCK",
    "P",
    "deal",
    "from_pack",
    "gather",
    "layout",
    "next_card_to",
    "piles",
    "public",
    "to_families",
]
