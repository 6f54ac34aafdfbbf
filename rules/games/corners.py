"""Corners, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2236-2317 (pp. 104-107); rule sheet
``shared/games/cheney.md``, section Corners.

One pack, laid in "three rows of three each ... and the families when completed will
occupy the corners" (l.2246-2249). "lay the top card in the left hand top corner.
Whatever its denomination, it forms the basis of the pile on which the cards must be
placed upwards in order, following suit until the family is complete. Thus, if the first
card be a nine, the cards must be ranged thus: 9, 10, knave, queen, king, 1, 2, 3, 4, 5,
6, 7, 8, ending with eight. When the same numbers of the other suits appear, they must
be placed on the other corners" (l.2251-2269). "Place the next top cards of the pack on
the other spaces in the square. When these places are all full ... you must form a stock
of all cards which you cannot immediately use. But you can at any time form marriages by
placing a lower card on a higher, either from the top of the stock or pack, or from one
of the centre piles on to another, if a vacant space can be thus made; in the centre
piles you can fill it either from the stock or pack" (l.2270-2286). In the centre piles
"you place a lower card on a higher, and are not obliged to follow suit" (l.2291-2293);
"an ace goes on a king in the corners, but on a deuce in the other places"
(l.2313-2315). Success: "the four suits will be regularly piled in the four corners, and
the intervening spaces left empty" (l.2295-2299).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The corners fill in the order top left, top right, bottom left, bottom right. A card of
  the first card's rank goes to the next empty corner as soon as it appears, while the
  five centre places are first filled and whenever it is dealt later ("must be placed").
- A card turned from the pack goes face up on the stock at once; as the stock's top
  card it may then go to a corner, marry or fill a space, which is the book's "from the
  top of the stock or pack". One pass through the pack, no re-deal.
- Centre piles are built down by one, any suit; no king on an ace there.
- "from one of the centre piles on to another, if a vacant space can be thus made": a
  centre card may move onto another centre pile only when it is alone in its place, so
  that the move leaves a space (option ``centre_moves``: ``any``, any top card may move,
  as in the modern Four Seasons; with it, ``end`` (give up) is offered and a card may not
  be put straight back).
- The five centre places are alike, so a space is filled in the first empty one.

Moves, in this order: ``w>c`` and ``p<i>>c`` (the stock's top or centre pile ``i``'s top
to the corner of its suit); marriages ``w>p<j>``, ``p<i>>p<j>``; ``w>p<k>`` (the first
space); ``d`` (turn the next card of the pack); ``end`` with ``centre_moves=any``.
Won when the four corners hold all 52 cards; lost when the player gives up (``end``)
or no move is left.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import Card, name, rank_of, suit_of
from ..common import step_rank
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, split_code, with_end
from ._columns import DEAL, Piles, add, back_of, home, name_rank, onto, put

CENTRE = 5
CORNER_NAMES = ("top left", "top right", "bottom left", "bottom right")


@dataclass(frozen=True, slots=True)
class CornersState:
    #: The four corners (families), in the order they are filled.
    corners: Piles
    #: The five centre places, bottom to top.
    centre: Piles
    #: The undealt pack, face down, top last.
    pack: tuple[Card, ...]
    #: The stock, face up, top last.
    stock: tuple[Card, ...] = ()
    back: str = ""
    given_up: bool = False

    @property
    def base(self) -> int:
        return rank_of(self.corners[0][0])


def to_corner(corners: Piles, c: Card) -> Piles:
    """``corners`` with a card of the base rank in the next empty corner."""
    return put(corners, corners.index(()), (c,))


def corner_for(corners: Piles, c: Card) -> int:
    """The corner that takes ``c`` now, or -1."""
    for i, f in enumerate(corners):
        if f and len(f) < 13 and suit_of(f[0]) == suit_of(c) and \
                step_rank(rank_of(f[-1]), 1, wrap=True) == rank_of(c):
            return i
    return -1


def marries(c: Card, pile: tuple[Card, ...]) -> bool:
    """A centre pile takes a card one lower, any suit."""
    return bool(pile) and rank_of(pile[-1]) == rank_of(c) + 1


@register
class Corners(SoloGame[CornersState]):
    description = Description(
        id="corners", title="Corners", book=CHENEY, lines="2236-2317", skill="much",
        bound=None, layout="grid")
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("centre_moves", "to_empty", "to_empty: a centre card moves onto another "
               "centre pile only when that leaves a space (l.2281-2284); any: any centre "
               "top card may move", choices=("to_empty", "any")),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> CornersState:
        corners: Piles = ((cards[0],), (), (), ())
        base, k = rank_of(cards[0]), 1
        centre: list[tuple[Card, ...]] = []
        while len(centre) < CENTRE:
            c, k = cards[k], k + 1
            if rank_of(c) == base:
                corners = to_corner(corners, c)
            else:
                centre.append((c,))
        return CornersState(corners, tuple(centre), pack_of(cards[k:]))

    @property
    def free_moves(self) -> bool:
        return self.option("centre_moves") == "any"

    def moves(self, state: CornersState) -> tuple[Move, ...]:
        corners, centre, stock = state.corners, state.centre, state.stock
        top = stock[-1] if stock else 0
        out = ["w>c"] if top and corner_for(corners, top) >= 0 else []
        out += [f"p{i + 1}>c" for i, p in enumerate(centre)
                if p and corner_for(corners, p[-1]) >= 0]
        if top:
            out += [f"w>p{j + 1}" for j, q in enumerate(centre) if marries(top, q)]
        for i, p in enumerate(centre):
            if len(p) == 1 or (p and self.free_moves):
                out += [f"p{i + 1}>p{j + 1}" for j, q in enumerate(centre)
                        if j != i and marries(p[-1], q)]
        if top and () in centre:
            out.append(f"w>p{centre.index(()) + 1}")
        if state.pack:
            out.append("d")
        moves = [Move(m) for m in out if m != state.back]
        return with_end(moves) if self.free_moves else tuple(moves)

    def play(self, state: CornersState, move: Move) -> CornersState:
        if move == DEAL:
            c, pack = state.pack[-1], state.pack[:-1]
            if rank_of(c) == state.base:
                return replace(state, pack=pack, corners=to_corner(state.corners, c), back="")
            return replace(state, pack=pack, stock=(*state.stock, c), back="")
        src, a, dst, b = split_code(move.code)
        if src == "w":
            c, st = state.stock[-1], replace(state, stock=state.stock[:-1])
        else:
            assert a is not None
            c = state.centre[a - 1][-1]
            st = replace(state, centre=put(state.centre, a - 1, state.centre[a - 1][:-1]))
        if dst == "c":
            return replace(st, corners=add(st.corners, corner_for(st.corners, c), c), back="")
        assert b is not None
        back = back_of(move.code) if src == "p" else ""
        return replace(st, centre=add(st.centre, b - 1, c), back=back)

    def won(self, state: CornersState) -> bool:
        return home(state.corners) == 52

    def summary(self, state: CornersState, won: bool) -> str:
        if won:
            return "the four suits lie in the four corners and the centre is empty"
        why = "given up" if state.given_up else "no move is left"
        return f"{home(state.corners)} of 52 cards in the corners; {why}"

    def zones(self, state: CornersState) -> tuple[Zone, ...]:
        start = name_rank(state.base)
        return (
            *(Zone(f"c{i + 1}", "foundation", f, len(f),
                   label=f"{CORNER_NAMES[i]} corner (from the {start})", group="corners")
              for i, f in enumerate(state.corners)),
            *(open_zone(f"p{i + 1}", "pile", p, f"centre place {i + 1}", "centre")
              for i, p in enumerate(state.centre)),
            open_zone("stock", "waste", state.stock, "the stock"),
            pack_zone(state.pack),
        )

    def public(self, state: CornersState) -> dict[str, Any]:
        return {"base": name_rank(state.base), "pack": len(state.pack),
                "in_corners": home(state.corners)}

    def say(self, state: CornersState, move: Move) -> str:
        if move == DEAL:
            return "turn the next card of the pack"
        src, a, dst, b = split_code(move.code)
        if src == "w":
            c, where = state.stock[-1], "from the stock"
        else:
            assert a is not None
            c, where = state.centre[a - 1][-1], f"from centre place {a}"
        if dst == "c":
            corner = CORNER_NAMES[corner_for(state.corners, c)]
            return f"play {name(c)} {where} on the {corner} corner"
        assert b is not None
        return f"put {name(c)} {where} {onto(c, state.centre[b - 1], f'centre place {b}')}"

    def narrate(self, before: CornersState, move: Move, after: CornersState) -> str:
        if move == DEAL:
            c = before.pack[-1]
            if len(after.stock) == len(before.stock):
                k = before.corners.index(())
                return f"turn {name(c)}: it goes to the {CORNER_NAMES[k]} corner"
            return f"turn {name(c)} onto the stock"
        return super().narrate(before, move, after)
