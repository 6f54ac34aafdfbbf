"""The table of Nivernaise (Cheney) and La Nivernaise (Cadogan): flanks and a line.

Both lay two packs out as the eight ace and king families of :mod:`rules.families`
(``f1``-``f4`` up from the aces, ``f5``-``f8`` down from the kings, following suit),
eight side places, the Flanks (``s1``-``s4`` right, ``s5``-``s8`` left: one card each,
every one available), six piles, the Line (``p1``-``p6``, dealt in packets of four, only
the top available), and the pack. A round lays four more cards on each pile, pile one
first; a space in the Flanks is filled from a pile's top or from the pack. Each game's
module says when it deals and how it takes the piles up; this module holds the table,
the deal and the moves they share, on the patience model.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from .cards import Card, name
from .families import family_name, family_targets, play_on_family
from .game import Move
from .patience import DOWN, Patience, Pile, Step, Table
from .shape import DEAL
from .solo import pack_of

PILES, PACKET = 6, 4
ROUND = PILES * PACKET
S, P, PACK = 8, 16, 22  # where the side places, the piles and the pack lie


def piles(side: str, side_group: str, pile: str, pile_group: str, face: str
          ) -> tuple[Pile, ...]:
    """The families, the side places (``side`` and the place's number, right or left
    after ``side_group``), the piles (``pile`` and the number, in ``pile_group``, their
    cards lying as ``face`` says) and the pack."""
    return (*(Pile(f"f{i + 1}", "foundation", family_name(i), "aces" if i < 4 else "kings")
              for i in range(8)),
            *(Pile(f"s{k + 1}", "reserve", side.format(k=k + 1, side="right" if k < 4 else
                                                           "left"),
                   f"{'right' if k < 4 else 'left'}{side_group}", empty_up=1) for k in range(8)),
            *(Pile(f"p{i + 1}", "pile", f"{pile} {i + 1}", pile_group, face)
              for i in range(PILES)),
            Pile("pack", "stock", "the pack", face=DOWN))


def lay(cards: Sequence[Card], start: int = 0, count: int = ROUND
        ) -> tuple[tuple[tuple[Card, ...], ...], int]:
    """How ``count`` cards go onto six piles in packets of four from position ``start``
    of a round: ``(cards per pile as tuples, cards used)``."""
    add_to: list[list[Card]] = [[] for _ in range(PILES)]
    n = min(count, len(cards))
    for k in range(n):
        add_to[(start + k) // PACKET].append(cards[k])
    return tuple(tuple(a) for a in add_to), n


def layout(game: Patience, cards: tuple[Card, ...], seed: int) -> Table:
    """Eight side cards, right then left, six piles of four, the rest the pack."""
    line, n = lay(cards[8:])
    t = game.table({f"s{k + 1}": (c,) for k, c in enumerate(cards[:8])}
                   | {f"p{i + 1}": p for i, p in enumerate(line)}
                   | {"pack": cards[8 + n:][::-1]})
    return replace(t, seed=seed)


def spaces(t: Table) -> list[int]:
    """The empty side places (0-based)."""
    return [k for k, p in enumerate(t.piles[S:P]) if not p]


def family_plays(game: Patience, t: Table) -> list[Step]:
    """A pile's top, then a side card, to each family it fits."""
    fams = game.families(t)
    return [Step(f"{code}{k + 1}>f{j + 1}", source=first + k, target=j)
            for code, first, last in (("p", P, PACK), ("s", S, P))
            for k, p in enumerate(t.piles[first:last]) if p
            for j in family_targets(fams, p[-1])]


def fills(t: Table) -> list[Step]:
    """The first space filled from a pile's top or from the pack (the spaces are
    alike)."""
    empty = spaces(t)
    if not empty:
        return []
    k = empty[0]
    out = [Step(f"p{i + 1}>s{k + 1}", source=P + i, target=S + k)
           for i, p in enumerate(t.piles[P:PACK]) if p]
    if t.piles[PACK]:
        out.append(Step(f"d>s{k + 1}", DEAL, PACK, S + k))
    return out


def deal_step(t: Table, start: int = 0, count: int = ROUND) -> Step:
    """``d``: up to ``count`` cards of the pack onto the piles from position ``start``
    of a round (pointing at the first pile it reaches)."""
    n = min(count, len(t.piles[PACK]))
    return Step("d", DEAL, PACK, P + start // PACKET, n)


def deal(t: Table, start: int, count: int) -> Table:
    """The table after ``count`` cards of the pack go onto the piles from ``start``."""
    pack = t.piles[PACK]
    added, n = lay(pack[::-1], start, count)
    piles = list(t.piles)
    for i, a in enumerate(added):
        piles[P + i] = piles[P + i] + a
    piles[PACK] = pack[:len(pack) - n]
    down = (*t.down[:PACK], len(piles[PACK]))
    return replace(t, piles=tuple(piles), down=down, back=None)


def gather(game: Patience, t: Table, cards: Sequence[Card]) -> Table:
    """A re-deal: ``cards`` (first card first) laid in six piles of four, the rest the
    pack; counted."""
    line, n = lay(cards)
    piles = (*t.piles[:P], *line, pack_of(cards[n:]))
    down = (*t.down[:P], *(0,) * PILES, len(cards) - n)
    return replace(t, piles=piles, down=down, redeals=game.redeal_number(t), back=None)


def say(game: Patience, t: Table, step: Step, side: Callable[[int], str],
        pile: Callable[[int], str]) -> str:
    """The sentence of a card's move: a space filled from the pack, a card to a family
    or into a space (``side(k)``, ``pile(i)``: the table's words for place ``k``, pile
    ``i``, from 1)."""
    if step.source == PACK:
        return f"fill {side(step.target - S + 1)} with the next card of the pack"
    c = t.piles[step.source][-1]
    where = f"from {pile(step.source - P + 1)}" if step.source >= P else \
        f"from {side(step.source - S + 1)}"
    if step.target < S:
        return play_on_family(c, where, step.target + 1)
    return f"put {name(c)} {where} in {side(step.target - S + 1)}"


def side_name(place: str) -> Callable[[int], str]:
    """The words for side place ``k`` (from 1): ``place``, its number and its side
    (``"side place 6 (left)"``)."""
    def said(k: int) -> str:
        return f"{place} {k} ({'right' if k <= 4 else 'left'})"
    return said


def fill_told(t: Table, move: Move, place: str) -> str:
    """A space filled from the pack, told once the card is face up: ``"fill <place> k
    with <card> from the pack"``; "" for any other move."""
    if not move.code.startswith("d>"):
        return ""
    return f"fill {move.code[2:].replace('s', place + ' ')} with {name(t.piles[PACK][-1])} " \
        "from the pack"


def why_not(game: Patience, t: Table, move: Move) -> str:
    """The rules both games share of when to deal and to take up: deal only when no
    card can go to a family; take the piles up only when the pack is used up; "" where
    neither refuses ``move``."""
    if move.code == "d" and family_plays(game, t):
        return "Deal only when no card can go to a family."
    if move.code == "redeal" and t.piles[PACK]:
        return "The piles can be taken up only when the pack is used up."
    return ""


__all__ = [
    "PACK",
    "PACKET",
    "PILES",
    "ROUND",
    "P",
    "S",
    "deal",
    "deal_step",
    "family_plays",
    "fill_told",
    "fills",
    "gather",
    "lay",
    "layout",
    "piles",
    "side_name",
    "spaces",
    "why_not",
]
