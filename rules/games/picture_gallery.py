"""Picture Gallery, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2997-3030; rule sheet ``shared/games/cheney.md``,
section Picture Gallery.

One pack. Twelve cards in three rows, face up; a court card that appears is put under
the pack (l.3001-3003). Then any two cards whose pips together count eleven are covered,
face up, with cards from the top of the pack, court cards as well as the others
(l.3003-3007). Success: the pack exhausted and the square entirely covered with court
cards (l.3009-3011). "A modification of Number Eleven" (l.3013-3014).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The layout is the first move (``d``): cards are laid in the twelve places, row by row;
  a court card goes under the pack and the place is dealt again.
- Only the top card of a place counts; an ace counts one, so the pairs are ace and ten,
  two and nine, three and eight, four and seven, five and six. A court card on top
  blocks its place for good. The two places are covered in order, the first-numbered
  first.
- Success: the pack is exhausted (the twelve court cards then lie on the twelve places,
  as no court card can be covered). Failure: no two top cards make eleven while cards
  remain in the pack.
- The bystander's trick (l.3020-3030), played with a card kept out of the pack, is not
  a separate rule set here.

The game is chance, with the choice of which pair to cover first. Legal moves, in order:
``d``; ``p<i>-<j>`` (cover places ``i`` < ``j``, numbered 1-12 row by row), ``auto``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..cards import Card, rank_of
from ..description import CHENEY, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, names_of, numbers, open_zone, pack_of, pack_zone, replace_at

PLACES, ROW = 12, 4
COURT = 11
DEAL = Move("d")
Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class GalleryState:
    #: The twelve places, bottom to top (the top card counts).
    places: Piles
    pack: tuple[Card, ...]


@register
class PictureGallery(SoloGame[GalleryState]):
    description = Description(
        id="picture_gallery", title="Picture Gallery", book=CHENEY, lines="2997-3030",
        skill="chance", bound=100, chance=True, layout="grid")

    def layout(self, cards: tuple[Card, ...], seed: int) -> GalleryState:
        return GalleryState(((),) * PLACES, pack_of(cards))

    def moves(self, state: GalleryState) -> tuple[Move, ...]:
        if not state.places[0]:
            return (DEAL,)
        if not state.pack:
            return ()
        tops = [(i, rank_of(p[-1])) for i, p in enumerate(state.places)]
        return tuple(Move(f"p{i + 1}-{j + 1}") for (i, a), (j, b) in combinations(tops, 2)
                     if a < COURT and b < COURT and a + b == 11)

    def play(self, state: GalleryState, move: Move) -> GalleryState:
        pack = list(state.pack)
        places = list(state.places)
        if move == DEAL:
            for i in range(PLACES):
                while rank_of(pack[-1]) >= COURT:
                    pack.insert(0, pack.pop())  # under the pack
                places[i] = (pack.pop(),)
            return GalleryState(tuple(places), tuple(pack))
        out = state.places
        for n in numbers(move.code):
            out = replace_at(out, n - 1, (*out[n - 1], pack.pop()))
        return GalleryState(out, tuple(pack))

    def won(self, state: GalleryState) -> bool:
        return bool(state.places[0]) and not state.pack

    def summary(self, state: GalleryState, won: bool) -> str:
        if won:
            return "the pack is exhausted and the square is covered with court cards"
        courts = sum(rank_of(p[-1]) >= COURT for p in state.places)
        return f"no two cards make eleven; {len(state.pack)} cards are left in the pack " \
            f"and {courts} of 12 places show a court card"

    def zones(self, state: GalleryState) -> tuple[Zone, ...]:
        out = [open_zone(f"c{i + 1}", "pile", p, f"place {i + 1}", f"row {i // ROW + 1}")
               for i, p in enumerate(state.places)]
        out.append(pack_zone(state.pack))
        return tuple(out)

    def public(self, state: GalleryState) -> dict[str, Any]:
        return {"in_pack": len(state.pack)}

    def say(self, state: GalleryState, move: Move) -> str:
        if move == DEAL:
            return "lay out twelve cards in three rows, putting court cards under the pack"
        ns = numbers(move.code)
        cards = [state.places[n - 1][-1] for n in ns]
        return f"cover {names_of(cards)} (places {ns[0]} and {ns[1]}), which make eleven, " \
            "from the pack"

    def why_illegal(self, state: GalleryState, move: Move, seat: int) -> str:
        if not state.places[0]:
            return "The cards are not laid out yet: the move is 'd'."
        return "Cover two places whose top cards make eleven: 'p<i>-<j>' with i < j."
