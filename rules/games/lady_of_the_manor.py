"""Lady of the Manor, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1760-1808 (book pp. 78-82; pp. 79-80, a diagram,
are missing from the OCR between l.1775 and l.1783, the sentence running on across the
gap); rule sheet ``shared/games/cheney.md``, section Lady of the Manor.

Two packs shuffled together. Four piles of twelve cards, face up, in a row
(l.1768-1770); the other 56 cards in thirteen piles in a semicircle round them, each pile
holding only cards of one number, aces on the left and kings on the right
(l.1771-1784). Aces go in a row at the base of the semicircle and the families are built
on them "without being obliged to follow suit" (l.1785-1789), from "the top cards of the
piles of twelve ... or any card in the semicircle" (l.1789-1792). "The only danger of
failure will come from exhausting the piles in the semicircle before you have completed
your families" (l.1797-1800).

Readings (the sheet's PROPOSED readings):

- Pile ``i`` of twelve takes cards ``12(i-1)+1 .. 12i`` of the shuffled pack, the last
  on top. The aces are not taken out first (the book says nothing of it), so an ace may
  lie buried in a pile of twelve; a rank whose eight cards all lie there has an empty
  semicircle pile.
- The whole of a pile of twelve may be looked at (it lies face up); only its top card
  is played. All cards of a semicircle pile have one number, so "any card" is its top.
- Families: eight, each begun by any ace and built up to the king regardless of suit.

Moves, in this order: ``p<i>>f<j>`` (the top of pile ``i`` of twelve to family ``j``),
``s<r>>f<j>`` (a card of the semicircle pile of number ``r``, 1 = aces .. 13 = kings).
Families are alike: an ace goes on the first empty family and a card is offered to the
first family of each top number it fits. Cards only go to the families, so the game ends;
it is won with all 104 cards in the families, lost when no move is left.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import RANK_WORDS, Card, name, rank_of
from ..common import follows
from ..description import CHENEY, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, replace_at, split_code
from ._upward import EMPTY8, Fams, add_to, family_codes, home, up_zones

PILES, HEIGHT = 4, 12


@dataclass(frozen=True, slots=True)
class LadyState:
    families: Fams
    #: The four piles of twelve, bottom to top.
    piles: tuple[tuple[Card, ...], ...]
    #: The semicircle: pile ``r - 1`` holds the cards of number ``r``.
    semicircle: tuple[tuple[Card, ...], ...]


def semicircle_label(r: int) -> str:
    return f"the {RANK_WORDS[r]}s of the semicircle"


@register
class LadyOfTheManor(SoloGame[LadyState]):
    description = Description(
        id="lady_of_the_manor", title="Lady of the Manor", book=CHENEY, lines="1760-1808",
        skill="some", bound=300, packs=2)

    def layout(self, cards: tuple[Card, ...], seed: int) -> LadyState:
        piles = tuple(tuple(cards[HEIGHT * i : HEIGHT * (i + 1)]) for i in range(PILES))
        rest = cards[PILES * HEIGHT :]
        semi = tuple(tuple(c for c in rest if rank_of(c) == r) for r in range(1, 14))
        return LadyState(EMPTY8, piles, semi)

    def moves(self, state: LadyState) -> tuple[Move, ...]:
        fams = state.families
        out = [m for i, p in enumerate(state.piles) if p
               for m in family_codes(f"p{i + 1}", fams, p[-1], follows)]
        out += [m for r, p in enumerate(state.semicircle) if p
                for m in family_codes(f"s{r + 1}", fams, p[-1], follows)]
        return tuple(out)

    def _take(self, state: LadyState, src: str, a: int) -> tuple[Card, LadyState]:
        if src == "p":
            pile = state.piles[a - 1]
            return pile[-1], replace(state, piles=replace_at(state.piles, a - 1, pile[:-1]))
        pile = state.semicircle[a - 1]
        return pile[-1], replace(state, semicircle=replace_at(state.semicircle, a - 1,
                                                              pile[:-1]))

    def play(self, state: LadyState, move: Move) -> LadyState:
        src, a, _, b = split_code(move.code)
        assert a is not None and b is not None
        c, st = self._take(state, src, a)
        return replace(st, families=add_to(st.families, b - 1, c))

    def won(self, state: LadyState) -> bool:
        return home(state.families) == 104

    def summary(self, state: LadyState, won: bool) -> str:
        if won:
            return "all eight families are complete: the Lady of the Manor entertains"
        return f"{home(state.families)} of 104 cards in the families; no card fits"

    def zones(self, state: LadyState) -> tuple[Zone, ...]:
        out = up_zones(state.families)
        out += [Zone(f"p{i + 1}", "pile", p, len(p), label=f"pile of twelve {i + 1}",
                     group="row") for i, p in enumerate(state.piles)]
        out += [Zone(f"s{r + 1}", "reserve", p, len(p), label=semicircle_label(r + 1),
                     group="semicircle") for r, p in enumerate(state.semicircle)]
        return tuple(out)

    def public(self, state: LadyState) -> dict[str, Any]:
        return {"in_families": home(state.families),
                "semicircle": sum(len(p) for p in state.semicircle)}

    def say(self, state: LadyState, move: Move) -> str:
        src, a, _, b = split_code(move.code)
        assert a is not None and b is not None
        c, _ = self._take(state, src, a)
        where = f"pile of twelve {a}" if src == "p" else semicircle_label(a)
        return f"play {name(c)} from {where} on family {b}"
