"""The Clock, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1548-1589 (the diagram of pp. 67-68 is missing
from the OCR); rule sheet ``shared/games/cheney.md``, section The Clock.

Thirteen piles of four, face down: twelve round the dial, ace to queen standing for one
to twelve o'clock, and the thirteenth, the kings' pile, in the centre (l.1558-1573).
Take the top card of the centre, put it face up under the pile of its number and take
that pile's top card; go on until a king goes under the centre, whose top card renews
the work (l.1573-1582). Success is thirteen piles of four, all face up (l.1582-1585).

Readings (the sheet's PROPOSED readings):

- Deal: pile i (1..12) takes cards 4(i-1)+1 .. 4i of the shuffled pack, the last on
  top; the centre takes the last four.
- Failure (amb. 1, not printed): a king goes under the centre when the centre has no
  face-down card left, while face-down cards remain elsewhere.

The game is pure chance. It is played a card at a time: ``t`` puts the card in hand
under its pile and takes up that pile's top card (the first ``t`` takes the top of the
centre); ``auto`` plays on to the end. Legal moves, in order: ``t``, ``auto``.

Each pile is two zones: ``h<n>`` (``centre``), its face-down cards, and ``h<n>.up``
(``centre.up``), the face-up cards put under it; the card in hand is the zone ``hand``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import RANK_WORDS, Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, open_zone

TURN = Move("t")
CENTRE = 12  # index of the kings' pile


@dataclass(frozen=True, slots=True)
class ClockState:
    #: Face-down cards of each pile (top last); index 12 is the centre.
    down: tuple[tuple[Card, ...], ...]
    #: Face-up cards put under each pile, the latest first.
    up: tuple[tuple[Card, ...], ...]
    hand: Card | None = None
    started: bool = False


def pile_name(i: int) -> str:
    return "the centre pile" if i == CENTRE else f"the {RANK_WORDS[i + 1]} pile"


@register
class Clock(SoloGame[ClockState]):
    description = Description(
        id="clock", title="The Clock", book=CHENEY, lines="1548-1589", skill="chance",
        bound=200, chance=True, layout="clock")

    def layout(self, cards: tuple[Card, ...], seed: int) -> ClockState:
        down = tuple(tuple(cards[4 * i : 4 * i + 4]) for i in range(13))
        return ClockState(down=down, up=((),) * 13)

    def moves(self, state: ClockState) -> tuple[Move, ...]:
        return (TURN,) if not state.started or state.hand is not None else ()

    def play(self, state: ClockState, move: Move) -> ClockState:
        down = list(state.down)
        if not state.started:
            first = down[CENTRE][-1]
            down[CENTRE] = down[CENTRE][:-1]
            return ClockState(tuple(down), state.up, first, True)
        assert state.hand is not None
        i = rank_of(state.hand) - 1
        up = list(state.up)
        up[i] = (state.hand, *up[i])
        hand: Card | None = None
        if down[i]:
            hand = down[i][-1]
            down[i] = down[i][:-1]
        return ClockState(tuple(down), tuple(up), hand, True)

    def won(self, state: ClockState) -> bool:
        return state.started and state.hand is None and not any(state.down)

    def summary(self, state: ClockState, won: bool) -> str:
        if won:
            return "thirteen piles of four, all face up: the dial is complete"
        left = sum(len(p) for p in state.down)
        return f"the fourth king came home with {left} cards still face down"

    def zones(self, state: ClockState) -> tuple[Zone, ...]:
        out: list[Zone] = []
        for i in range(13):
            zid = "centre" if i == CENTRE else f"h{i + 1}"
            label = "the centre" if i == CENTRE else f"{i + 1} o'clock"
            out.append(Zone(zid, "pile", state.down[i], 0, label=label, group="dial"))
            out.append(open_zone(f"{zid}.up", "foundation", state.up[i],
                                 f"{label}, face up", "dial"))
        hand = () if state.hand is None else (state.hand,)
        out.append(open_zone("hand", "hand", hand, "the card in hand"))
        return tuple(out)

    def public(self, state: ClockState) -> dict[str, Any]:
        return {"face_down": sum(len(p) for p in state.down),
                "kings_home": len(state.up[CENTRE])}

    def say(self, state: ClockState, move: Move) -> str:
        if not state.started:
            return "take up the top card of the centre pile"
        assert state.hand is not None
        i = rank_of(state.hand) - 1
        if state.down[i]:
            return f"put {name(state.hand)} under {pile_name(i)} and take up its top card"
        return f"put {name(state.hand)} under {pile_name(i)}"

    def why_illegal(self, state: ClockState, move: Move, seat: int) -> str:
        return "The only moves are 't' (move the card in hand on) and 'auto'."
