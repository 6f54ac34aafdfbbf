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
from dataclasses import replace
from typing import ClassVar

from ..cards import RANK_WORDS, Card, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move
from ..patience import DISCARD, DOWN, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, MOVE, PAIR, PRIVILEGE
from ..solo import names_of, numbers

#: The line is laid in places ``l1`` .. ``l104``, one card each (those laid shown), then
#: the pack and the cards pushed out.
LINE = 104
PACK, OUT = LINE, LINE + 1


def agree(a: Card, b: Card) -> bool:
    """Same suit or same value."""
    return suit_of(a) == suit_of(b) or rank_of(a) == rank_of(b)


def removals(line: tuple[Card, ...]) -> list[Step]:
    """Every push-out of the line, in the documented order: one card to the cards pushed
    out, or a run thrown out together (pointing at its first and last places)."""
    out: list[Step] = []
    for i in range(1, len(line) - 1):
        left = line[i - 1]
        if agree(left, line[i + 1]):
            out.append(Step(f"p{i + 1}", MOVE, i, OUT))
        j = i + 1
        while j < len(line) - 1 and suit_of(line[j]) == suit_of(line[i]):
            if rank_of(line[j + 1]) == rank_of(left):
                out.append(Step(f"p{i + 1}-{j + 1}", PAIR, i, j, j - i + 1))
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


def line_of(t: Table) -> tuple[Card, ...]:
    """The line, left to right."""
    return tuple(p[0] for p in t.piles[:LINE] if p)


def in_line(game: Patience, t: Table) -> int:
    return sum(1 for p in t.piles[:LINE] if p)


def winnable(state: Table) -> bool:
    """Whether any line of play wins from ``state``.

    Laying a card never stops a push-out, so every line may as well lay the whole pack
    first; the first card of the line and the last laid can never be pushed out
    (a card goes from between two). So the game is won when all between those two can
    go; or, the privilege unused, when all between the first card and some later card
    go, and then, the first card moved to the end, all between that card and it."""
    seq = line_of(state) + state.piles[PACK][::-1]
    moved = bool(state.privileges_used)  # the one privilege, first card to the end
    n = len(seq)
    if n <= 2:
        return True
    t = clearable(seq if moved else (*seq, seq[0]))
    return t[0][n - 1] or (not moved and any(
        t[0][a] and t[a][n] for a in range(1, n - 1)))


@register
class PushPin(Patience):
    description = Description(
        id="push_pin", title="Push Pin", book=CHENEY, lines="1169-1196", skill="chance",
        bound=500, packs=2, chance=True)
    privileges_allowed: ClassVar[Mapping[str, int]] = {"first_to_end": 1}
    facts = (("in_pack", size("pack")), ("in_line", in_line))
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"l{i + 1}", "cell", f"card {i + 1} of the line", "line")
                  for i in range(LINE)),
                Pile("pack", "stock", "the pack", face=DOWN),
                Pile("out", DISCARD, "cards pushed out"))

    def laid(self, t: Table, i: int) -> bool:
        """The places of the line hold the cards laid (it closes up as they go)."""
        return i >= LINE or bool(t.piles[i])

    def steps(self, t: Table) -> list[Step]:
        line = line_of(t)
        found = removals(line)
        if t.piles[PACK]:
            found.append(Step("d", DEAL, PACK, len(line)))
        elif self.may_use_privilege(t) and len(line) > 2:
            found.append(Step("m", PRIVILEGE, 0, len(line) - 1))
        return found

    def relaid(self, t: Table, line: tuple[Card, ...], out: tuple[Card, ...] = ()) -> Table:
        """``t`` with the line laid anew (closed up) and ``out`` pushed out."""
        places = tuple((c,) for c in line) + ((),) * (LINE - len(line))
        return replace(t, piles=(*places, t.piles[PACK], t.piles[OUT] + out), played=True)

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        if s.kind not in (MOVE, PAIR):
            return super().play(state, move)
        line = line_of(state)
        i, j = s.source, s.source + s.count
        return self.relaid(state, line[:i] + line[j:], line[i:j])

    def special(self, t: Table, step: Step) -> Table:
        """The privilege: the first card moved to the end of the line."""
        line = line_of(t)
        return replace(self.relaid(t, (*line[1:], line[0])),
                       privileges_used=self.use_privilege(t))

    def closed_form(self, state: Table) -> bool | None:
        """For the solver (rules/solver.py): whether the deal can still be won, decided
        without search (:func:`winnable`)."""
        return winnable(state)

    def won(self, state: Table) -> bool:
        return not state.piles[PACK] and in_line(self, state) <= 2

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "every card pushed out but two"
        return f"{in_line(self, state)} cards are left in the line and none can be pushed out"

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        line = line_of(t)
        if s.kind == DEAL:
            return "lay the next card at the end of the line"
        if s.kind == PRIVILEGE:
            return f"move {name(line[0])} from the head of the line to the end"
        ns = numbers(move.code)
        i, j = ns[0] - 1, ns[-1]
        left, right = line[i - 1], line[j]
        if len(ns) == 1:
            why = "suit" if suit_of(left) == suit_of(right) else "value"
            return f"push out {name(line[i])}, between {name(left)} and {name(right)} " \
                f"(same {why})"
        return f"throw out {names_of(line[i:j])}, between two {RANK_WORDS[rank_of(left)]}s"
