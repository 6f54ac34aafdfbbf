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

Each pile is two piles of the table: ``h<n>`` (``centre``), its face-down cards, and
``h<n>.up`` (``centre.up``), the face-up cards put under it, the latest at the bottom;
the card in hand is the pile ``hand``. The game has begun once a card is in hand or
face up: no counter of its own is needed.
"""

from __future__ import annotations

from ..cards import RANK_WORDS, Card, name, rank_of
from ..description import CHENEY, Description
from ..game import Move
from ..patience import DOWN, Patience, Pile, Step, Table, size
from ..registry import register

CENTRE = 12  # the kings' pile: pile h's face-down cards are pile 2h, those under it 2h + 1
HAND = 26  # the card in hand


def pile_name(i: int) -> str:
    return "the centre pile" if i == CENTRE else f"the {RANK_WORDS[i + 1]} pile"


def face_down(game: Patience, t: Table) -> int:
    return sum(len(p) for p in t.piles[0:HAND:2])


def started(t: Table) -> bool:
    return bool(t.piles[HAND]) or any(t.piles[1:HAND:2])


@register
class Clock(Patience):
    description = Description(
        id="clock", title="The Clock", book=CHENEY, lines="1548-1589", skill="chance",
        bound=200, chance=True, layout="clock")
    facts = (("face_down", face_down), ("kings_home", size("centre.up")))
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        out: list[Pile] = []
        for i in range(13):
            zid = "centre" if i == CENTRE else f"h{i + 1}"
            label = "the centre" if i == CENTRE else f"{i + 1} o'clock"
            out += [Pile(zid, "pile", label, "dial", DOWN),
                    Pile(f"{zid}.up", "foundation", f"{label}, face up", "dial")]
        return (*out, Pile("hand", "hand", "the card in hand"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({p.id: cards[4 * i : 4 * i + 4]
                           for i, p in enumerate(self.pile_specs[0:HAND:2])})

    def steps(self, t: Table) -> list[Step]:
        if not started(t):  # the first card is the centre's top
            return [Step("t", source=2 * CENTRE, target=HAND)]
        hand = t.piles[HAND]
        if not hand:
            return []
        return [Step("t", source=HAND, target=2 * (rank_of(hand[-1]) - 1) + 1, under=True)]

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        after = self.carry(state, s)
        if s.source == HAND and after.piles[s.target - 1]:  # take up the pile's top card
            return self.carry(after, Step("", source=s.target - 1, target=HAND))
        return after

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "thirteen piles of four, all face up: the dial is complete"
        return f"the fourth king came home with {face_down(self, state)} cards still face down"

    def say(self, state: Table, move: Move) -> str:
        if not started(state):
            return "take up the top card of the centre pile"
        c = state.piles[HAND][-1]
        i = rank_of(c) - 1
        if state.piles[2 * i]:
            return f"put {name(c)} under {pile_name(i)} and take up its top card"
        return f"put {name(c)} under {pile_name(i)}"

    def why_illegal(self, state: Table, move: Move, seat: int) -> str:
        return "The only moves are 't' (move the card in hand on) and 'auto'."
