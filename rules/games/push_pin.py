"""Push Pin, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1169-1196; rule sheet ``shared/games/cheney.md``,
section Push Pin.

Two packs laid out in a straight line (l.1176-1178). A card between two of the same suit
or of the same value is pushed out and the line closes up (l.1178-1184); several cards
of the same suit between two of the same number may all be thrown out (l.1184-1191).
When all the cards are laid out, the first card may be moved to the end of the row
(l.1191-1195). "The game succeeds if you can push out all the cards but two"
(l.1195-1196).

Readings (the sheet's PROPOSED readings):

- Timing (amb. 1): cards may be pushed out at any time while laying out; laying the
  next card is always allowed while the pack lasts (pushing out is never compulsory).
- One card (amb. 3): its two neighbours agree with each other, in suit or in rank; the
  card itself need not agree with them.
- Several cards (amb. 2): a run of two or more neighbours all of one suit, lying
  directly between two cards of the same rank (of any suits).
- The privilege (amb. 4): once a game, only after the whole pack is laid out.
- Success: the pack laid out and two cards left. Failure: nothing can be pushed out, the
  pack is laid out and the privilege used.

The game is chance, with small choices. Legal moves, in order: for each position i from
the left, ``p<i>`` (push out card i) and then ``p<i>-<j>`` (throw out cards i to j) by
increasing j; ``d`` (lay the next card at the end of the line); ``m`` (the privilege:
the first card to the end); ``auto``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import RANK_WORDS, Card, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, names_of, numbers, open_zone, pack_of, pack_zone

DEAL, MOVE_FIRST = Move("d"), Move("m")


@dataclass(frozen=True, slots=True)
class PinState:
    line: tuple[Card, ...]
    pack: tuple[Card, ...]
    out: tuple[Card, ...] = ()
    #: The privilege (first card to the end) has been used.
    moved: bool = False


def agree(a: Card, b: Card) -> bool:
    """Same suit or same value."""
    return suit_of(a) == suit_of(b) or rank_of(a) == rank_of(b)


def removals(line: tuple[Card, ...]) -> list[Move]:
    """Every push-out of the line, in the documented order."""
    out: list[Move] = []
    for i in range(1, len(line) - 1):
        left = line[i - 1]
        if agree(left, line[i + 1]):
            out.append(Move(f"p{i + 1}"))
        j = i + 1
        while j < len(line) - 1 and suit_of(line[j]) == suit_of(line[i]):
            if rank_of(line[j + 1]) == rank_of(left):
                out.append(Move(f"p{i + 1}-{j + 1}"))
            j += 1
    return out


@register
class PushPin(SoloGame[PinState]):
    description = Description(
        id="push_pin", title="Push Pin", book=CHENEY, lines="1169-1196", skill="chance",
        bound=500, packs=2, chance=True)

    def layout(self, cards: tuple[Card, ...], seed: int) -> PinState:
        return PinState((), pack_of(cards))

    def moves(self, state: PinState) -> tuple[Move, ...]:
        found = removals(state.line)
        if state.pack:
            found.append(DEAL)
        elif not state.moved and len(state.line) > 2:
            found.append(MOVE_FIRST)
        return tuple(found)

    def play(self, state: PinState, move: Move) -> PinState:
        line = state.line
        if move == DEAL:
            return PinState((*line, state.pack[-1]), state.pack[:-1], state.out, state.moved)
        if move == MOVE_FIRST:
            return PinState((*line[1:], line[0]), state.pack, state.out, True)
        ns = numbers(move.code)
        i, j = ns[0] - 1, ns[-1]
        return PinState(line[:i] + line[j:], state.pack, state.out + line[i:j], state.moved)

    def won(self, state: PinState) -> bool:
        return not state.pack and len(state.line) <= 2

    def summary(self, state: PinState, won: bool) -> str:
        if won:
            return "every card pushed out but two"
        return f"{len(state.line)} cards are left in the line and none can be pushed out"

    def zones(self, state: PinState) -> tuple[Zone, ...]:
        out = [Zone(f"l{i + 1}", "cell", (c,), 1, label=f"card {i + 1} of the line",
                    group="line") for i, c in enumerate(state.line)]
        out.append(pack_zone(state.pack))
        out.append(open_zone("out", "discard", state.out, "cards pushed out"))
        return tuple(out)

    def public(self, state: PinState) -> dict[str, Any]:
        return {"in_pack": len(state.pack), "in_line": len(state.line),
                "privilege_used": state.moved}

    def say(self, state: PinState, move: Move) -> str:
        line = state.line
        if move == DEAL:
            return "lay the next card at the end of the line"
        if move == MOVE_FIRST:
            return f"move {name(line[0])} from the head of the line to the end"
        ns = numbers(move.code)
        i, j = ns[0] - 1, ns[-1]
        left, right = line[i - 1], line[j]
        if len(ns) == 1:
            why = "suit" if suit_of(left) == suit_of(right) else "value"
            return f"push out {name(line[i])}, between {name(left)} and {name(right)} " \
                f"(same {why})"
        return f"throw out {names_of(line[i:j])}, between two {RANK_WORDS[rank_of(left)]}s"
