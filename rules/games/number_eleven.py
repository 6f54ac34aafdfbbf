"""Number Eleven, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1428-1451; rule sheet ``shared/games/cheney.md``,
section Number Eleven.

One or two packs (l.1430). Six cards in a row and five in the row underneath
(l.1432-1433). Two cards that make eleven are taken out and their places filled from the
pack (l.1434-1437); a king, queen and knave in one row, or all of one suit, count eleven
and are removed at once (l.1438-1441). "If the cards can be all used before the rows are
complete, the game succeeds" (l.1441-1443).

Readings (the sheet's PROPOSED readings unless said otherwise):

- One or two packs: the option ``packs`` (1 or 2), one rule set.
- Ace counts one (amb. 4); pairs are A+10, 2+9, 3+8, 4+7, 5+6.
- A pair may be anywhere in the layout (amb. 1); only the court trio is restricted.
- The court trio (amb. 2): a king, a queen and a knave in the same row (any suits), or
  of one suit anywhere.
- Places are filled at once from the pack, in the order they were laid (row 1 left to
  right, then row 2).
- Success (amb. 3): every card removed (``success=all_removed``). The text's "all used"
  may also mean all dealt from the pack: ``success=pack_used`` wins as soon as the pack
  is empty.
- Failure: no pair and no trio among the cards on the table.

The first move, ``d``, lays out the rows (so that a deal with nothing to take out is
still a game of one move). The game is chance, with small choices. Legal moves, in
order: ``d``; ``p<i>-<j>`` (the pair at
places i < j, numbered 1-6 along the first row and 7-11 along the second), then
``t<i>-<j>-<k>`` (a court trio), then ``auto``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..cards import Card, packs, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import Place, SoloGame, fill, names_of, numbers, open_zone, pack_of, pack_zone

PLACES = 11
ROW_1 = 6
COURTS = {11, 12, 13}
DEAL = Move("d")


@dataclass(frozen=True, slots=True)
class ElevenState:
    places: tuple[Place, ...]
    pack: tuple[Card, ...]
    out: tuple[Card, ...] = ()
    dealt: bool = True


def _row(i: int) -> int:
    return 0 if i < ROW_1 else 1


@register
class NumberEleven(SoloGame[ElevenState]):
    description = Description(
        id="number_eleven", title="Number Eleven", book=CHENEY, lines="1428-1451",
        skill="chance", bound=80, chance=True)
    option_specs = (
        Option("packs", 1, "one or two packs (l.1430)", choices=(1, 2)),
        Option("success", "all_removed",
               "all_removed: the game succeeds when every card is taken out; pack_used: "
               "as soon as the whole pack has been dealt", choices=("all_removed", "pack_used")),
    )

    def pack(self) -> tuple[Card, ...]:
        return packs(int(self.option("packs")))

    def layout(self, cards: tuple[Card, ...], seed: int) -> ElevenState:
        return ElevenState((None,) * PLACES, pack_of(cards), dealt=False)

    def moves(self, state: ElevenState) -> tuple[Move, ...]:
        if not state.dealt:
            return (DEAL,)
        filled = [(i, c) for i, c in enumerate(state.places) if c is not None]
        pairs = [Move(f"p{i + 1}-{j + 1}") for (i, a), (j, b) in combinations(filled, 2)
                 if rank_of(a) + rank_of(b) == 11]
        courts = [(i, c) for i, c in filled if rank_of(c) in COURTS]
        trios = [
            Move(f"t{i + 1}-{j + 1}-{k + 1}")
            for (i, a), (j, b), (k, c) in combinations(courts, 3)
            if {rank_of(a), rank_of(b), rank_of(c)} == COURTS
            and (_row(i) == _row(j) == _row(k) or suit_of(a) == suit_of(b) == suit_of(c))
        ]
        return (*pairs, *trios)

    def play(self, state: ElevenState, move: Move) -> ElevenState:
        if move == DEAL:
            return ElevenState(*fill(state.places, state.pack))
        places = list(state.places)
        out = state.out
        for n in numbers(move.code):
            c = places[n - 1]
            assert c is not None
            out += (c,)
            places[n - 1] = None
        filled, pack = fill(places, state.pack)
        return ElevenState(filled, pack, out)

    def won(self, state: ElevenState) -> bool:
        if self.option("success") == "pack_used":
            return not state.pack
        return not state.pack and all(c is None for c in state.places)

    def summary(self, state: ElevenState, won: bool) -> str:
        left = len(state.pack) + sum(c is not None for c in state.places)
        if won:
            if left:
                return f"the whole pack is used; {left} cards are left in the rows"
            return "every card is taken out"
        return f"no card makes eleven with another; {left} cards are left"

    def zones(self, state: ElevenState) -> tuple[Zone, ...]:
        out = [Zone(f"c{i + 1}", "cell", () if c is None else (c,), 1,
                    label=f"place {i + 1}", group=f"row {_row(i) + 1}")
               for i, c in enumerate(state.places)]
        out.append(pack_zone(state.pack))
        out.append(open_zone("out", "discard", state.out, "cards taken out"))
        return tuple(out)

    def public(self, state: ElevenState) -> dict[str, Any]:
        return {"in_pack": len(state.pack), "taken_out": len(state.out)}

    def say(self, state: ElevenState, move: Move) -> str:
        if move == DEAL:
            return "lay out six cards in one row and five in the row underneath"
        ns = numbers(move.code)
        cs = [state.places[n - 1] for n in ns]
        shown = names_of([c for c in cs if c is not None])
        where = ", ".join(str(n) for n in ns)
        fill_up = " and fill the places from the pack" if state.pack else ""
        return f"take out {shown} (places {where}){fill_up}"
