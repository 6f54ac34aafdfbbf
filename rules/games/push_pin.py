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
- The privilege (amb. 4): once a game (``first_to_end``, counted by the solo shell),
  only after the whole pack is laid out.
- Success: the pack laid out and two cards left. Failure: nothing can be pushed out, the
  pack is laid out and the privilege used.

The game is chance, with small choices. Legal moves, in order: for each position i from
the left, ``p<i>`` (push out card i) and then ``p<i>-<j>`` (throw out cards i to j) by
increasing j; ``d`` (lay the next card at the end of the line); ``m`` (the privilege:
the first card to the end); ``auto``.

Whether a position can still be won is decided without search (:func:`winnable`, the
solver's ``closed_form``). Under these readings very few deals can be won (none of deals
0 to 1,999): each of the 102 cards between the first and the last must at some time find
its two neighbours agreeing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

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
    #: The privileges used (the solo shell's count: ``first_to_end``, once).
    privileges_used: tuple[str, ...] = ()


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


def clearable(seq: tuple[Card, ...]) -> list[list[bool]]:
    """``t[i][j]`` (``i < j``): every card strictly between ``seq[i]`` and ``seq[j]``
    can be pushed out while those two stay.

    The last card (or run) to go from between them lies between them alone, so they
    agree (a run: they are of one number); before that each stretch between it and its
    neighbours is cleared on its own, for a push-out needs only the two cards beside
    it, which stay. ``run[k][j]``: a run of two or more cards of ``seq[k]``'s suit
    starting at ``k`` and ending at a card from which ``seq[j]`` is reached so."""
    n = len(seq)
    t = [[j == i + 1 for j in range(n)] for i in range(n)]
    run = [[False] * n for _ in range(n)]
    for span in range(2, n):
        for i in range(n - span):
            j, a, b = i + span, seq[i], seq[i + span]
            run[i][j] = any(suit_of(seq[g]) == suit_of(a) and t[i][g]
                            and (t[g][j] or run[g][j]) for g in range(i + 1, j))
            t[i][j] = agree(a, b) and (
                any(t[i][k] and t[k][j] for k in range(i + 1, j))
                or (rank_of(a) == rank_of(b)
                    and any(t[i][k] and run[k][j] for k in range(i + 1, j))))
    return t


def winnable(state: PinState) -> bool:
    """Whether any line of play wins from ``state``.

    Laying a card never stops a push-out, so every line may as well lay the whole pack
    first; the first card of the line and the last laid can never be pushed out
    (a card goes from between two). So the game is won when all between those two can
    go; or, the privilege unused, when all between the first card and some later card
    go, and then, the first card moved to the end, all between that card and it."""
    seq = state.line + state.pack[::-1]
    moved = bool(state.privileges_used)  # the one privilege, first card to the end
    n = len(seq)
    if n <= 2:
        return True
    t = clearable(seq if moved else (*seq, seq[0]))
    return t[0][n - 1] or (not moved and any(
        t[0][a] and t[a][n] for a in range(1, n - 1)))


@register
class PushPin(SoloGame[PinState]):
    description = Description(
        id="push_pin", title="Push Pin", book=CHENEY, lines="1169-1196", skill="chance",
        bound=500, packs=2, chance=True)
    privileges_allowed: ClassVar[Mapping[str, int]] = {"first_to_end": 1}

    def layout(self, cards: tuple[Card, ...], seed: int) -> PinState:
        return PinState((), pack_of(cards))

    def moves(self, state: PinState) -> tuple[Move, ...]:
        found = removals(state.line)
        if state.pack:
            found.append(DEAL)
        elif self.may_use_privilege(state) and len(state.line) > 2:
            found.append(MOVE_FIRST)
        return tuple(found)

    def play(self, state: PinState, move: Move) -> PinState:
        line = state.line
        if move == DEAL:
            return PinState((*line, state.pack[-1]), state.pack[:-1], state.out,
                            state.privileges_used)
        if move == MOVE_FIRST:
            return PinState((*line[1:], line[0]), state.pack, state.out,
                            self.use_privilege(state))
        ns = numbers(move.code)
        i, j = ns[0] - 1, ns[-1]
        return PinState(line[:i] + line[j:], state.pack, state.out + line[i:j],
                        state.privileges_used)

    def closed_form(self, state: PinState) -> bool | None:
        """For the solver (rules/solver.py): whether the deal can still be won, decided
        without search (:func:`winnable`)."""
        return winnable(state)

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
                **self.privilege_facts(state)}

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
