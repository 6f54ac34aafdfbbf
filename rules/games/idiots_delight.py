"""The Idiot's Delight, from the Hoyle solitaire chapter (seed 003).

Source: ``003_589c967ab98c43e6.txt`` l.17-21; rule sheet ``shared/games/hoyle.md``,
section THE IDIOT'S DELIGHT.

One pack, all face up. "Nine cards are placed in a row from left to right. Upon these
eight cards from left to right, then seven, six, and so on down to one. There will now
be a triangle of 45 cards, with a row of nine at the top and a file of nine at the left.
The remaining seven cards are placed apart, all face up, and can be used at any time
the player wishes" (l.17). "As soon as an ace is free at the bottom of any vertical
file, it is placed above the triangle, to be built upon in suit and sequence up to the
king. It is not compulsory to build. Only one card may be moved at a time from one file
to another, and only the bottom card of the file. All cards so moved must be placed on a
card of a different color, and in descending sequence; such as a red seven on a black
eight. If a card cannot be so placed it cannot be moved except to go into a space
[raw: "info"]. Spaces are made by getting all the cards away from one vertical file to
other files, or to the aces. Cards once built on the aces cannot be taken back again
under any conditions" (l.19). "Spaces may be filled by any card, but it is obvious that
kings cannot be moved except into spaces. The object is to get the entire fifty-two
cards built up on the aces" (l.21).

Readings (the sheet's PROPOSED readings):

- The file of nine is on the left (amb. 3, as the seed says): file 1 holds nine cards,
  file 9 one; the card dealt last on a file is its bottom card, the one free to move.
- The seven cards placed apart (the *reserve*) may go to the aces, onto a file (a
  different colour, one lower) or into a space, at any time; no card goes back into the
  reserve (amb. 1).
- Building on the aces is never compulsory (amb. 2); nothing comes back from them.
- The spaces are alike, so the first empty file is offered; a file's only card is not
  moved into a space (that changes nothing).
- Won when the aces hold all 52 cards; the player gives up (``end``) when she sees no
  way on, or the game ends when no move is left.

Moves, in this order: ``t<i>>f`` (file i's bottom card to its ace), ``r<card>>f`` (a
reserve card, e.g. ``r7h>f``, ``rth>f`` for the ten); ``t<i>>t<j>`` and ``r<card>>t<j>``
(onto file j, or into the first space); ``end``. A move may not put the same card
straight back where it came from. Moves that only carry a card from file to file (they
empty no file) are listed after the others (:func:`._columns.shifts_last`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card, code, name, parse
from ..description import HOYLE, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import open_zone, with_end
from ._columns import (
    ColumnGame,
    Piles,
    add,
    alt_down,
    family_for,
    family_label,
    family_zones,
    home,
    onto,
    put,
    safe_home,
    shifts_last,
)

FILES = 9


@dataclass(frozen=True, slots=True)
class IdiotsDelightState:
    #: The nine vertical files, top (first dealt) to bottom (free card) last.
    files: Piles
    #: The seven cards placed apart, face up.
    reserve: tuple[Card, ...]
    families: Piles
    back: str = ""
    given_up: bool = False


def reserve_code(c: Card) -> str:
    return "r" + code(c).lower()


@register
class IdiotsDelight(ColumnGame[IdiotsDelightState]):
    description = Description(
        id="idiots_delight", title="The Idiot's Delight", book=HOYLE, lines="17-21",
        skill="much", bound=None)

    def layout(self, cards: tuple[Card, ...], seed: int) -> IdiotsDelightState:
        files: list[list[Card]] = [[] for _ in range(FILES)]
        k = 0
        for row in range(FILES):
            for j in range(FILES - row):
                files[j].append(cards[k])
                k += 1
        return IdiotsDelightState(tuple(tuple(f) for f in files), tuple(cards[k:]),
                                  ((),) * 4)

    def moves(self, state: IdiotsDelightState) -> tuple[Move, ...]:
        files, fams = state.files, state.families
        out = [f"t{i + 1}>f" for i, p in enumerate(files) if p and family_for(fams, p[-1]) >= 0]
        out += [f"{reserve_code(c)}>f" for c in state.reserve if family_for(fams, c) >= 0]
        sources = [(f"t{i + 1}", p[-1]) for i, p in enumerate(files) if p]
        sources += [(reserve_code(c), c) for c in state.reserve]
        for src, c in sources:
            out += [f"{src}>t{j + 1}" for j, q in enumerate(files)
                    if q and src != f"t{j + 1}" and alt_down(c, q[-1])]
        if () in files:
            k = files.index(()) + 1
            out += [f"{src}>t{k}" for src, _ in sources
                    if src[0] == "r" or len(files[int(src[1:]) - 1]) > 1]

        def shift(m: str) -> bool:  # a file's card to another file, leaving no space
            return m[0] == "t" and not m.endswith(">f") and \
                len(files[int(m[1:m.index(">")]) - 1]) > 1

        return with_end([Move(m) for m in shifts_last(out, shift) if m != state.back])

    def family_safe(self, state: IdiotsDelightState) -> tuple[Move, ...]:
        """A file's free card or a reserve card to its ace when neither card of the
        other colour one lower is still off the aces (:func:`._columns.safe_home`)."""
        cands = [(f"t{i + 1}>f", p[-1]) for i, p in enumerate(state.files) if p]
        cands += [(f"{reserve_code(c)}>f", c) for c in state.reserve]
        return safe_home(self.legal_moves(state, 0), cands, self.pack(), state.families,
                         alt_down)

    def play(self, state: IdiotsDelightState, move: Move) -> IdiotsDelightState:
        src, _, dst = move.code.partition(">")
        if src[0] == "r":
            c = parse(src[1:])
            st = replace(state, reserve=tuple(x for x in state.reserve if x != c))
        else:
            i = int(src[1:]) - 1
            c = state.files[i][-1]
            st = replace(state, files=put(state.files, i, state.files[i][:-1]))
        if dst == "f":
            return replace(st, families=add(st.families, family_for(st.families, c), c),
                           back="")
        back = f"{dst}>{src}" if src[0] == "t" else ""
        return replace(st, files=add(st.files, int(dst[1:]) - 1, c), back=back)

    def zones(self, state: IdiotsDelightState) -> tuple[Zone, ...]:
        return (
            *family_zones(state.families),
            *(open_zone(f"t{i + 1}", "pile", p, f"file {i + 1}", "triangle")
              for i, p in enumerate(state.files)),
            open_zone("reserve", "reserve", state.reserve, "the seven cards placed apart"),
        )

    def public(self, state: IdiotsDelightState) -> dict[str, Any]:
        return {"reserve": len(state.reserve), "on_the_aces": home(state.families)}

    def say(self, state: IdiotsDelightState, move: Move) -> str:
        src, _, dst = move.code.partition(">")
        if src[0] == "r":
            c, where = parse(src[1:]), "from the cards placed apart"
        else:
            c, where = state.files[int(src[1:]) - 1][-1], f"from file {src[1:]}"
        if dst == "f":
            return f"play {name(c)} {where} to {family_label(family_for(state.families, c))}"
        j = int(dst[1:]) - 1
        return f"put {name(c)} {where} {onto(c, state.files[j], f'file {j + 1}')}"
