"""Double Jump, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1595-1632, and the Appendix note l.3324-3330;
rule sheet ``shared/games/cheney.md``, section Double Jump.

The cards are laid singly in a row (l.1604-1605). Two of the same suit or number with
two cards between them are placed on each other and the row closes up (l.1605-1612);
when no jump is left, lay down again from the pack; "you must always pass over two"
(l.1612-1620). With three piles one may jump over one, and two piles that agree may be
put together (l.1620-1626). "Always jump forwards, that is, from left to right"
(l.1626-1627). Four piles are hardly a failure, one a brilliant success (l.1629-1632);
the Appendix counts four piles good, three excellent, one very extraordinary.

Readings (the sheet's PROPOSED readings unless said otherwise):

- A jump (amb. 1, 2): the left pile, judged by its top card, goes onto the pile three
  places to its right whose top agrees with it in suit or number; its top becomes the
  new top. Jumps are never compulsory and the player chooses among them (amb. 4); the
  next card may be laid at any time while the pack lasts.
- The end game (amb. 3): jumping over one (three piles) and joining two piles only when
  the whole pack is laid out (``endgame=after_pack``); ``endgame=any_time`` allows them
  whenever the row holds three or two piles.
- Success (graded, Appendix): the game ends when the pack is laid out and no jump is
  left. It is won with one pile (``win_at=1``, "very extraordinary"); the summary says
  "excellent" for two or three piles and "good" for four. ``win_at=3`` or ``4`` counts
  an excellent or a good result as a win.

The game asks for observation, so it offers no ``auto``. Legal moves, in order:
``j<i>-<k>`` (pile i onto pile k) by increasing i; then ``d`` (lay the next card).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace

from ..cards import Card, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import DOWN, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL

#: The row is laid in places ``r1`` .. ``r52``, one pile each (those laid shown), then
#: the pack.
ROW = 52
PACK = ROW
GRADES = {1: "very extraordinary", 2: "excellent", 3: "excellent", 4: "good"}


def agree(a: Card, b: Card) -> bool:
    return suit_of(a) == suit_of(b) or rank_of(a) == rank_of(b)


def row_of(t: Table) -> tuple[tuple[Card, ...], ...]:
    """The piles of the row, left to right."""
    return tuple(p for p in t.piles[:ROW] if p)


def in_row(game: Patience, t: Table) -> int:
    return len(row_of(t))


@register
class DoubleJump(Patience):
    description = Description(
        id="double_jump", title="Double Jump", book=CHENEY, lines="1595-1632, 3324-3330",
        skill="some", bound=300)
    option_specs = (
        Option("endgame", "after_pack",
               "after_pack: jumping over one (three piles) and joining two piles only once "
               "the pack is laid out; any_time: whenever the row holds three or two piles",
               choices=("after_pack", "any_time")),
        Option("win_at", 1,
               "the number of piles or fewer that counts as a win: 1 (very extraordinary), "
               "3 (excellent), 4 (good)", choices=(1, 3, 4)),
    )
    facts = (("piles", in_row), ("in_pack", size("pack")))
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"r{i + 1}", "pile", f"pile {i + 1}", "row") for i in range(ROW)),
                Pile("pack", "stock", "the pack", face=DOWN))

    def laid(self, t: Table, i: int) -> bool:
        """The places of the row hold the piles laid (it closes up as piles join)."""
        return i >= ROW or bool(t.piles[i])

    def steps(self, t: Table) -> list[Step]:
        piles = row_of(t)
        n = len(piles)

        def jump(i: int, k: int) -> Step:
            return Step(f"j{i + 1}-{k + 1}", source=i, target=k, count=len(piles[i]))

        found = [jump(i, i + 3) for i in range(n - 3) if agree(piles[i][-1], piles[i + 3][-1])]
        if n in (2, 3) and (not t.piles[PACK] or self.option("endgame") == "any_time") \
                and agree(piles[0][-1], piles[-1][-1]):
            found.append(jump(0, n - 1))
        if t.piles[PACK]:
            found.append(Step("d", DEAL, PACK, n))
        return found

    def play(self, state: Table, move: Move) -> Table:
        after = super().play(state, move)
        if self.step(state, move).kind == DEAL:
            return after
        row = row_of(after)  # the row closes up
        return replace(after, piles=(*row, *((),) * (ROW - len(row)), after.piles[PACK]))

    def won(self, state: Table) -> bool:
        return not state.piles[PACK] and in_row(self, state) <= int(self.option("win_at")) \
            and not self.steps(state)

    def summary(self, state: Table, won: bool) -> str:
        n = in_row(self, state)
        grade = GRADES.get(n)
        piles = "one pile" if n == 1 else f"{n} piles"
        return f"{piles}: {grade}" if grade else f"{piles}: more than four, a failure"

    def solver_key(self, state: Table) -> Hashable:
        """Only the top card of each pile is ever judged, and the pack is dealt in order:
        positions with the same tops and as many cards left to lay are one for the
        search."""
        return tuple(p[-1] for p in row_of(state)), len(state.piles[PACK])

    def order_moves(self, state: Table, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """Jumps before laying the next card, the rightmost first (nearest the end of the
        row, where the next cards arrive)."""
        return tuple(sorted(moves, key=lambda m: (m.code == "d", -int(m.code[1:].split("-")[0])
                                                  if m.code != "d" else 0)))

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == DEAL:
            return "lay the next card at the end of the row"
        i, k = s.source, s.target
        over = {3: "over two piles ", 2: "over one pile ", 1: ""}[k - i]
        return f"jump {name(t.piles[i][-1])} (pile {i + 1}) {over}onto " \
            f"{name(t.piles[k][-1])} (pile {k + 1})"
