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
empty no file) are listed after the others (:func:`rules.building.shifts_last`).
"""

from __future__ import annotations

from .. import fans
from ..building import alt_down, family_label, onto, shifts_last
from ..cards import Card, name
from ..description import HOYLE, Description
from ..game import Move
from ..patience import HOME, Patience, Pile, Step, Table, size
from ..registry import register

FILES = 9
FAMILIES = tuple(Pile(f"f{i + 1}", "foundation", family_label(i), "families") for i in range(4))
TRIANGLE = tuple(Pile(f"t{i + 1}", "pile", f"file {i + 1}", "triangle", alike="files")
                 for i in range(FILES))
RESERVE = Pile("reserve", "reserve", "the seven cards placed apart")
T, R = 4, 4 + FILES  # where the files and the reserve lie


@register
class IdiotsDelight(Patience):
    description = Description(
        id="idiots_delight", title="The Idiot's Delight", book=HOYLE, lines="17-21",
        skill="much", bound=None)
    facts = (("reserve", size("reserve")), ("on_the_aces", HOME))
    no_straight_back = True

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*FAMILIES, *TRIANGLE, RESERVE)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        files: list[list[Card]] = [[] for _ in range(FILES)]
        k = 0
        for row in range(FILES):
            for j in range(FILES - row):
                files[j].append(cards[k])
                k += 1
        return self.table({p.id: f for p, f in zip(TRIANGLE, files, strict=True)}
                          | {"reserve": cards[k:]})

    def steps(self, t: Table) -> list[Step]:
        free = fans.free_cards(t, T, R, R, "r")
        out = fans.home_steps(free, self.families(t)) + fans.column_steps(t, T, R, free)
        steps = {s.code: s for s in out}

        def shift(m: str) -> bool:  # a file's card to another file, leaving no space
            s = steps[m]
            return s.source < R and s.target >= T and len(t.piles[s.source]) > 1

        return [steps[m] for m in shifts_last(list(steps), shift)]

    def family_safe(self, t: Table) -> tuple[Move, ...]:
        """A file's free card or a reserve card to its ace when neither card of the
        other colour one lower is still off the aces (:func:`rules.building.safe_home`)."""
        return self.safe_home(t, fans.home_candidates(fans.free_cards(t, T, R, R, "r")),
                              alt_down)

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        c = t.piles[s.source][s.taken(t)][0]
        where = "from the cards placed apart" if s.source == R else \
            f"from file {s.source - T + 1}"
        if s.target < T:
            return f"play {name(c)} {where} to {family_label(s.target)}"
        j = s.target - T
        return f"put {name(c)} {where} {onto(c, t.piles[s.target], f'file {j + 1}')}"
